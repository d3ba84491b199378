import { maskTaxId } from '../../contracts/beneficiaries';
import { OPTION_LISTS, type OptionType } from '../../contracts/option-lists';
import { maskSsn } from '../crypto/secured-data';
import type { AuditFieldChange } from './audit-entry.table';

/** How a field reads in the Log Details dialog: plain text, an option's text, a yes/no flag, a masked SSN or tax id, or hidden. */
export type AuditedKind = 'text' | 'ssn' | 'taxId' | 'flag' | 'secret' | { option: OptionType };

export interface AuditedField {
  title: string;
  kind?: AuditedKind;
}

const blank = (v: unknown): boolean => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

function display(kind: AuditedKind, value: unknown): string | null {
  if (blank(value)) return null;
  if (kind === 'ssn') return maskSsn(String(value));
  if (kind === 'taxId') return maskTaxId(String(value));
  // Income and the like: the entry says that it changed, never what it is.
  if (kind === 'secret') return 'Hidden';
  if (kind === 'flag') return value === true || value === 1 ? 'Yes' : 'No';
  if (typeof kind === 'object') return OPTION_LISTS[kind.option].find((o) => o.id === Number(value))?.text ?? String(value);
  return String(value);
}

/**
 * Field-level changes for an audit entry. Pass null as before for a create
 * and as after for a delete. `changed` compares the real values, so an SSN changed to one with the same
 * last four digits still counts while both sides show only the mask.
 */
export function auditChanges(
  fields: Record<string, AuditedField>,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): AuditFieldChange[] {
  return Object.entries(fields).map(([key, f]) => {
    const kind = f.kind ?? 'text';
    const oldRaw = before && !blank(before[key]) ? String(before[key]) : null;
    const newRaw = after && !blank(after[key]) ? String(after[key]) : null;
    return {
      title: f.title,
      oldValue: before ? display(kind, before[key]) : null,
      newValue: after ? display(kind, after[key]) : null,
      changed: oldRaw !== newRaw,
    };
  });
}

/** True when some field of the list changed (an update that changes nothing writes no entry). */
export const anyChanged = (changes: readonly AuditFieldChange[]): boolean => changes.some((c) => c.changed);

/** The personal fields that the profile and a dependent share, with the labels both screens use. */
export const PERSON_AUDIT_FIELDS = {
  firstName: { title: 'First name' },
  middleName: { title: 'Middle name' },
  lastName: { title: 'Last name' },
  maidenName: { title: 'Other names used' },
  birthDate: { title: 'Date of birth' },
  gender: { title: 'Gender', kind: { option: 'gender' } },
  smoker: { title: 'Smoker', kind: { option: 'smoker' } },
} as const satisfies Record<string, AuditedField>;
