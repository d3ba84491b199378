import { z } from 'zod';
import { onAnyObject } from './common';
import { contractsNow } from './now';
import {
  ageInYears,
  isMaskedSsn,
  optionalOptionId,
  optionalText,
  optionId,
  ssnIssue,
  SSN_PATTERN,
  SSN_PLACEHOLDER,
  toIntOrUndefined,
  ZCheckbox,
  ZFlag,
  ZLooseSsn,
  ZOptionalEmail,
  ZOptionalState,
  ZOptionalZip,
  ZRowId,
  type SsnRule,
} from './formats';
import { ZPerson } from './person';
import { lastNameReasonWarning, marriageCertificateWarning, Messages, missingFieldMessage } from './messages';

/** Relationship ids, as stored. */
export const RelationshipType = { Spouse: 1, Child: 2, DomesticPartner: 7 } as const;

/** What the dependent rules know besides the form: neither is submitted. */
export interface DependentRuleContext {
  /** The employee's own last name. */
  employeeLastName: string | null | undefined;
  requireSsn: boolean;
  /** For the age of a child; defaults to now. */
  today?: Date;
}

export interface FieldIssue {
  path: string;
  message: string;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);
const int = (v: unknown): number | undefined => {
  const n = toIntOrUndefined(v);
  return typeof n === 'number' && Number.isInteger(n) ? n : undefined;
};

/** Last names compare without case and surrounding spaces; an unknown name differs from nothing. */
export function lastNamesDiffer(a: unknown, b: unknown): boolean {
  const x = str(a);
  const y = str(b);
  return x !== undefined && y !== undefined && x.toLowerCase() !== y.toLowerCase();
}

/** The Add Dependent dialog of a birth: a newborn's SSN may follow. */
export const NEWBORN_SSN_HINT = 'If the SSN has not arrived yet, leave it empty and add it later.';

/** The placeholder rule applies only to a child under 1 while the client requires SSNs. */
export function ssnRuleFor(relationshipTypeId: unknown, birthDate: unknown, requireSsn: boolean, today: Date = contractsNow()): SsnRule {
  if (!requireSsn || int(relationshipTypeId) !== RelationshipType.Child) return 'strict';
  const age = ageInYears(str(birthDate), today);
  return age !== null && age < 1 ? 'newborn' : 'strict';
}

/** Address fields of a dependent; required only when the dependent lives elsewhere. */
const addressFields = {
  dependentDifferentAddress: ZCheckbox,
  address1: optionalText(200),
  address2: optionalText(200),
  city: optionalText(),
  state: ZOptionalState,
  zip: ZOptionalZip,
};

/** A different address needs street, city, state and zip (the spec is silent; an address without them is none). */
export function addressIssues(v: Record<string, unknown>): FieldIssue[] {
  if (v.dependentDifferentAddress !== true) return [];
  return (['address1', 'city', 'state', 'zip'] as const).filter((f) => v[f] === undefined || v[f] === null || v[f] === '').map((path) => ({ path, message: Messages.fieldRequired }));
}

/**
 * The dependent rules that need more than one field or the context: SSN required
 * only with requireSsn, the 000-00-0000 rule for a child under 1, lastNameReasonId for a child with
 * another last name, Totally disabled only for a child, and a complete different address.
 */
export function dependentRuleIssues(v: Record<string, unknown>, ctx: DependentRuleContext): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const relation = int(v.relationshipTypeId);
  const ssn = str(v.ssn);
  const rule = ssnRuleFor(relation, v.birthDate, ctx.requireSsn, ctx.today);
  // A mask stands for the stored SSN, which the API checks against the rule itself.
  const ssnMessage = ssn !== undefined && isMaskedSsn(ssn) && SSN_PATTERN.test(ssn) ? null : ssnIssue(ssn, rule, ctx.requireSsn);
  if (ssnMessage) issues.push({ path: 'ssn', message: ssnMessage });
  if (relation === RelationshipType.Child && lastNamesDiffer(v.lastName, ctx.employeeLastName) && int(v.lastNameReasonId) === undefined) {
    issues.push({ path: 'lastNameReasonId', message: Messages.fieldRequired });
  }
  // Smoker is asked of a spouse or partner (it prices their coverage); a child need not answer it.
  if (relation !== RelationshipType.Child && int(v.smoker) === undefined) issues.push({ path: 'smoker', message: Messages.fieldRequired });
  if (relation !== undefined && relation !== RelationshipType.Child && int(v.disabled) === 1) {
    issues.push({ path: 'disabled', message: Messages.disabledOnlyForChild });
  }
  issues.push(...addressIssues(v));
  return issues;
}

/** Fields of the Add/Edit Dependent dialog, each with its own format rule. */
const ZDependentFields = z.object({
  relationshipTypeId: optionId('relationshipType'),
  ...ZPerson.shape,
  /** Required of a spouse or partner only (dependentRuleIssues). */
  smoker: optionalOptionId('smoker'),
  /** 1 = Totally disabled, children only. */
  disabled: ZFlag,
  maritalStatusId: optionalOptionId('maritalStatus'),
  /** ###-##-####; the mask the API answered keeps the stored SSN. */
  ssn: ZLooseSsn,
  email: ZOptionalEmail,
  ...addressFields,
  country: optionalText(2),
  lastNameReasonId: optionalOptionId('lastNameReason'),
});

/** POST /dependents and PUT /dependents/{id}, without the context rules (for documentation). */
export const ZDependentRequestBase = ZDependentFields;

/** POST /dependents, PUT /dependents/{id} and the Add/Edit Dependent form: every rule of a dependent, in one place. */
export function dependentSchema(ctx: DependentRuleContext) {
  return ZDependentFields.superRefine(
    (value, c) => {
      for (const issue of dependentRuleIssues(value as Record<string, unknown>, ctx)) c.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
    },
    // Run with the field errors too, so the form shows every message at once.
    // Also when other fields failed (all messages at once), but never on a body that is not an object at all.
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null && !Array.isArray(payload.value) },
  );
}
export type DependentRequest = z.infer<typeof ZDependentFields>;

const ZAddressFields = z.object(addressFields);
const withAddressRules = <T extends z.ZodType<Record<string, unknown>>>(schema: T) =>
  schema.superRefine(
    (value, c) => {
      for (const issue of addressIssues(value)) c.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
    },
    onAnyObject,
  );

/** PUT /dependents/{id}/address and one accordion of the Dependents step. */
export const ZDependentAddressRequest = withAddressRules(ZAddressFields);
export type DependentAddressRequest = z.infer<typeof ZAddressFields>;

/** One item of PUT /dependents/addresses/update. */
export const ZDependentAddressUpdate = withAddressRules(ZAddressFields.extend({ id: ZRowId }));
export type DependentAddressUpdate = DependentAddressRequest & { id: number };
/** PUT /dependents/addresses/update: the dependents to change (others stay as they are). */
export const ZDependentAddressesUpdateRequest = z.array(ZDependentAddressUpdate).max(50);

// ---------------------------------------------------------------------------------------------------------
// Completeness: what the dependent card and the step's banner show.

export const COMPLETENESS_LABELS = {
  firstName: 'First name',
  lastName: 'Last name',
  relationshipTypeId: 'Relation',
  gender: 'Gender',
  smoker: 'Smoker',
  birthDate: 'Date of birth',
  email: 'Email',
  ssn: 'SSN',
} as const;

const REQUIRED_FOR_COMPLETENESS = ['firstName', 'lastName', 'relationshipTypeId', 'gender', 'birthDate'] as const;

export interface CompletenessContext {
  employeeLastName: string | null | undefined;
  requireSsn: boolean;
  hideDocumentWarnings: boolean;
  today?: Date;
}

export interface DependentCompletenessInput {
  firstName?: string | null;
  lastName?: string | null;
  relationshipTypeId?: number | string | null;
  gender?: number | string | null;
  smoker?: number | string | null;
  birthDate?: string | null;
  email?: string | null;
  /** Clear or masked. */
  ssn?: string | null;
  lastNameReasonId?: number | string | null;
}

export const ZDependentCompleteness = z.object({
  /** No errors: the Dependents step may move on. */
  complete: z.boolean(),
  /** The card's icon: green tick, warning icon (alerts or warnings) or error icon. */
  status: z.enum(['complete', 'warning', 'error']),
  errors: z.array(z.string()),
  alerts: z.array(z.string()),
  warnings: z.array(z.string()),
});
export type DependentCompleteness = z.infer<typeof ZDependentCompleteness>;

const present = (v: unknown): boolean => v !== null && v !== undefined && !(typeof v === 'string' && v.trim() === '');

export function dependentCompleteness(d: DependentCompletenessInput, ctx: CompletenessContext): DependentCompleteness {
  const errors: string[] = [];
  const alerts: string[] = [];
  const warnings: string[] = [];
  // 0 is a value (smoker No), so presence is about null/undefined/blank only.
  for (const field of REQUIRED_FOR_COMPLETENESS) if (!present(d[field])) errors.push(missingFieldMessage(COMPLETENESS_LABELS[field]));
  // A child is asked neither smoker nor email: neither is missing when it is not given.
  const adult = int(d.relationshipTypeId) !== RelationshipType.Child;
  if (adult && !present(d.smoker)) errors.push(missingFieldMessage(COMPLETENESS_LABELS.smoker));
  if (adult && !present(d.email)) alerts.push(missingFieldMessage(COMPLETENESS_LABELS.email));
  // The placeholder counts as an SSN only while the newborn rule allows it (the API checks the clear value).
  const placeholderOnly = d.ssn === SSN_PLACEHOLDER;
  const newborn = ssnRuleFor(d.relationshipTypeId, d.birthDate, ctx.requireSsn, ctx.today) === 'newborn';
  const ssnUsable = present(d.ssn) && (!placeholderOnly || newborn);
  // A newborn's missing SSN is an alert, not an error: it arrives weeks after the birth.
  if (!ssnUsable) (ctx.requireSsn && !newborn ? errors : alerts).push(missingFieldMessage(COMPLETENESS_LABELS.ssn));

  const relation = int(d.relationshipTypeId);
  const name = str(d.firstName) ?? 'Your dependent';
  if (lastNamesDiffer(d.lastName, ctx.employeeLastName)) {
    if (relation === RelationshipType.Spouse && !ctx.hideDocumentWarnings) warnings.push(marriageCertificateWarning(name));
    if (relation === RelationshipType.Child && int(d.lastNameReasonId) === undefined) warnings.push(lastNameReasonWarning(name));
  }
  const status = errors.length ? 'error' : alerts.length || warnings.length ? 'warning' : 'complete';
  return { complete: errors.length === 0, status, errors, alerts, warnings };
}

/** "First Last" of the dependents that stop the Dependents step (for incompleteDependentsMessage). */
export function incompleteDependentNames(list: ReadonlyArray<{ firstName?: string | null; lastName?: string | null; completeness: DependentCompleteness }>): string[] {
  return list.filter((d) => !d.completeness.complete).map((d) => [str(d.firstName), str(d.lastName)].filter(Boolean).join(' ') || 'Unnamed dependent');
}

// ---------------------------------------------------------------------------------------------------------
// Answers

export const ZDependent = z.object({
  id: z.number().int(),
  individualId: z.number().int(),
  relationshipTypeId: z.number().int().nullable(),
  /** The relationship option's text. */
  relationshipType: z.string().nullable(),
  firstName: z.string().nullable(),
  middleName: z.string().nullable(),
  lastName: z.string().nullable(),
  maidenName: z.string().nullable(),
  /** MM/DD/YYYY. */
  birthDate: z.string().nullable(),
  gender: z.number().int().nullable(),
  smoker: z.number().int().nullable(),
  disabled: z.number().int(),
  maritalStatusId: z.number().int().nullable(),
  /** XXX-XX-1234. */
  ssn: z.string().nullable(),
  email: z.string().nullable(),
  address1: z.string().nullable(),
  address2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  country: z.string(),
  dependentDifferentAddress: z.boolean(),
  lastNameReasonId: z.number().int().nullable(),
  completeness: ZDependentCompleteness,
});
export type Dependent = z.infer<typeof ZDependent>;
export const ZDependentList = z.array(ZDependent);

/** GET /dependents/addresses: what the Dependents step's accordions need. */
export const ZDependentAddress = z.object({
  id: z.number().int(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  dependentDifferentAddress: z.boolean(),
  address1: z.string().nullable(),
  address2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
});
export type DependentAddress = z.infer<typeof ZDependentAddress>;
export const ZDependentAddressList = z.array(ZDependentAddress);

/** POST /dependents/personal: the clear SSNs of the caller's dependents. */
export const ZDependentPersonal = z.array(z.object({ id: z.number().int(), ssn: z.string().nullable() }));
export type DependentPersonal = z.infer<typeof ZDependentPersonal>;
