import { OPTION_LISTS } from './option-lists';

/**
 * The access groups and offices a client's census offers (the agent chooses them in the client's
 * settings). Add New Employee, Edit Employee and the census file take only these; the forms offer only these.
 * A client whose lists were never chosen (stored null: made by the seed or before the setting) offers every
 * option of the lists; an empty list offers none (a client without offices).
 */
export interface CensusChoices {
  accessGroupIds: number[];
  officeIds: number[];
}

export const CensusChoiceMessages = {
  accessGroupNotOffered: (text: string) => `${text} is not one of this client's access groups: choose one the client uses`,
  officeNotOffered: (text: string) => `${text} is not one of this client's offices: choose one the client uses`,
} as const;

/** The lists as stored on the client (null: never chosen) → what its census offers. */
export function censusChoices(stored: { accessGroupIds: readonly number[] | null; officeIds: readonly number[] | null }): CensusChoices {
  return {
    accessGroupIds: stored.accessGroupIds ? [...stored.accessGroupIds] : OPTION_LISTS.accessGroup.map((o) => o.id),
    officeIds: stored.officeIds ? [...stored.officeIds] : OPTION_LISTS.office.map((o) => o.id),
  };
}

export interface CensusChoiceIssue {
  path: 'groupId' | 'officeId';
  message: string;
}

const textOf = (list: 'accessGroup' | 'office', id: number): string => OPTION_LISTS[list].find((o) => o.id === id)?.text ?? `Option ${id}`;

/**
 * What is wrong with an employee's access group and office for this client. `kept` is the stored record on an
 * edit: a value it already has stays allowed after the agent drops it from the client's lists, so HR can still
 * save the rest of the record; changing to a value the client does not use is refused.
 */
export function censusChoiceIssues(
  choices: CensusChoices,
  value: { groupId?: number | null; officeId?: number | null },
  kept: { groupId: number | null; officeId: number | null } | null = null,
): CensusChoiceIssue[] {
  const issues: CensusChoiceIssue[] = [];
  const g = value.groupId ?? null;
  if (g !== null && g !== kept?.groupId && !choices.accessGroupIds.includes(g)) issues.push({ path: 'groupId', message: CensusChoiceMessages.accessGroupNotOffered(textOf('accessGroup', g)) });
  const o = value.officeId ?? null;
  if (o !== null && o !== kept?.officeId && !choices.officeIds.includes(o)) issues.push({ path: 'officeId', message: CensusChoiceMessages.officeNotOffered(textOf('office', o)) });
  return issues;
}

/** The options a census form offers: the client's, and the record's own value when it is no longer one of them. */
export function offeredOptions<T extends { id: number }>(all: readonly T[], ids: readonly number[], current: number | null | undefined): T[] {
  return all.filter((o) => ids.includes(o.id) || o.id === current);
}
