import { z } from 'zod';
import { onAnyObject } from './common';
import { isMaskedSsn, optionId, toIntOrUndefined, ZSsn } from './formats';
import { Messages } from './messages';
import { ZPerson } from './person';

/** Beneficiary types, by their stored ids. */
export const BeneficiaryType = { Primary: 1, Contingent: 2, Tertiary: 3 } as const;
export type BeneficiaryTypeId = (typeof BeneficiaryType)[keyof typeof BeneficiaryType];
export const BENEFICIARY_TYPE_IDS: readonly BeneficiaryTypeId[] = [1, 2, 3];
export const BENEFICIARY_TYPE_NAMES: Record<BeneficiaryTypeId, string> = { 1: 'Primary', 2: 'Contingent', 3: 'Tertiary' };

/** Share of one beneficiary and of each type's total. */
export const SHARE_MIN = 1;
export const SHARE_TOTAL = 100;

/** Beneficiary messages, word for word as the site shows them, plus the server's own. */
export const BeneficiaryMessages = {
  fieldRequired: Messages.fieldRequired,
  chooseTypeOfShare: 'Choose type of share',
  alreadySpent: 'You already spent it',
  shareRange: (max: number) => `From 1 to ${max}`,
  primaryTotal: 'Total primary share must equal 100%',
  contingentTotal: 'Total contingent share must equal 100%',
  tertiaryTotal: 'Total tertiary share must equal 100%',
  // Not a spec text: what the step asks before anything was entered (no error yet).
  addPrimaryFirst: 'Add your primary beneficiaries to continue: their shares must add up to 100%.',
  noBeneficiaries: "You don't have any beneficiaries",
  cannotCreate: 'Cannot create beneficiary',
  cannotUpdate: 'Cannot update beneficiary',
  cannotDelete: 'Cannot delete beneficiary',
  fetchFailed: 'Error, when trying to fetch beneficiaries',
  // Not spec texts: the spec describes these without wording them.
  noLifePlan: 'You are not enrolled in a life insurance plan, so no beneficiary information is needed. Press Next to continue.',
  editConfirm: 'To change your beneficiaries you will go back to the registration wizard and need to redo your benefit enrollment. Continue?',
  notFound: 'Beneficiary not found',
  // Not spec texts: a trust, an estate or an organization is named, not born.
  entityName: 'Name of the trust, estate or organization',
  taxIdInvalid: 'Enter the tax id as 12-3456789',
} as const;

/** Beneficiary relationships that are not people: Trust (9), Estate (10), Charity or organization (11). */
export const ENTITY_BENEFICIARY_RELATIONSHIPS: readonly number[] = [9, 10, 11];

/** True for a Trust, Estate or Charity beneficiary: a name and an optional tax id, no birth date or SSN. */
export function isEntityBeneficiary(relationshipTypeId: unknown): boolean {
  const id = toIntOrUndefined(relationshipTypeId);
  return typeof id === 'number' && ENTITY_BENEFICIARY_RELATIONSHIPS.includes(id);
}

/** An employer identification number as typed (digits, with or without the dash) to 12-3456789; null when it is not one. */
export function normalizeTaxId(value: string): string | null {
  const digits = value.replace(/[\s-]/g, '');
  return /^\d{9}$/.test(digits) ? `${digits.slice(0, 2)}-${digits.slice(2)}` : null;
}

/** XX-XXX6789: how a stored tax id is shown until unlocked; sent back on edit it keeps the stored one. */
export function maskTaxId(taxId: string | null | undefined): string | null {
  if (!taxId) return null;
  return `XX-XXX${taxId.replace(/\D/g, '').slice(-4)}`;
}

const TOTAL_MESSAGES: Record<BeneficiaryTypeId, string> = {
  1: BeneficiaryMessages.primaryTotal,
  2: BeneficiaryMessages.contingentTotal,
  3: BeneficiaryMessages.tertiaryTotal,
};

/** Plan types whose enrollment needs beneficiaries: group life (3) and voluntary life (33). */
export const LIFE_PLAN_TYPE_IDS: readonly number[] = [3, 33];

/** True when one of the elections is an enrolled life or voluntary life plan. */
export function lifePlanEnrolled(enrollments: ReadonlyArray<{ planTypeId: number; status: string | number }>): boolean {
  return enrollments.some((e) => LIFE_PLAN_TYPE_IDS.includes(e.planTypeId) && String(e.status) === '1');
}

export const isBeneficiaryType = (v: unknown): v is BeneficiaryTypeId => v === 1 || v === 2 || v === 3;

// ---------------------------------------------------------------------------------------------------------
// Share totals: pure, for the table's 'Total share' row, the dialog's share field and the API.

export interface ShareRow {
  id?: number | null;
  beneficiaryType: number | string | null | undefined;
  share: number | string | null | undefined;
}

export interface ShareTotals {
  /** Sum of shares per type. */
  totals: Record<BeneficiaryTypeId, number>;
  /** What is left of 100 per type (never below 0). */
  left: Record<BeneficiaryTypeId, number>;
  /** How many beneficiaries of each type. */
  counts: Record<BeneficiaryTypeId, number>;
  /** The total rules' messages, primary first; empty when the table may move on. */
  errors: string[];
  valid: boolean;
}

const toNumber = (v: unknown): number => {
  const n = toIntOrUndefined(v);
  return typeof n === 'number' && Number.isFinite(n) ? n : 0;
};

/**
 * Totals per type and the three total rules: primary must make 100%; contingent and tertiary must make
 * 100% when any of that type exists. `exceptId` leaves one row out (the one being edited).
 */
export function beneficiaryShareTotals(rows: readonly ShareRow[], exceptId?: number | null): ShareTotals {
  const totals: Record<BeneficiaryTypeId, number> = { 1: 0, 2: 0, 3: 0 };
  const counts: Record<BeneficiaryTypeId, number> = { 1: 0, 2: 0, 3: 0 };
  for (const r of rows) {
    if (exceptId !== undefined && exceptId !== null && r.id === exceptId) continue;
    const type = toNumber(r.beneficiaryType);
    if (!isBeneficiaryType(type)) continue;
    totals[type] += toNumber(r.share);
    counts[type] += 1;
  }
  const left = {
    1: Math.max(0, SHARE_TOTAL - totals[1]),
    2: Math.max(0, SHARE_TOTAL - totals[2]),
    3: Math.max(0, SHARE_TOTAL - totals[3]),
  };
  const errors: string[] = [];
  if (totals[1] !== SHARE_TOTAL) errors.push(TOTAL_MESSAGES[1]);
  for (const type of [2, 3] as const) if (counts[type] > 0 && totals[type] !== SHARE_TOTAL) errors.push(TOTAL_MESSAGES[type]);
  return { totals, left, counts, errors, valid: errors.length === 0 };
}

/** The share field's limit for a type: what the other beneficiaries of that type left. */
export function maxShareFor(rows: readonly ShareRow[], beneficiaryType: number, exceptId?: number | null): number {
  if (!isBeneficiaryType(beneficiaryType)) return 0;
  return beneficiaryShareTotals(rows, exceptId).left[beneficiaryType];
}

/** The dialog clamps what is typed into 1..max (0 when nothing is left); non-numbers become undefined. */
export function clampShare(input: unknown, max: number): number | undefined {
  const n = toIntOrUndefined(input);
  if (typeof n !== 'number' || !Number.isFinite(n)) return undefined;
  if (max < SHARE_MIN) return 0;
  return Math.min(Math.max(Math.trunc(n), SHARE_MIN), Math.min(max, SHARE_TOTAL));
}

/**
 * The share field's message, or null when it passes: 'Choose type of share' without a type, 'You already
 * spent it' when the type has nothing left, else 'From 1 to {max}' outside 1..max.
 */
export function shareIssue(share: unknown, beneficiaryType: unknown, max: number): string | null {
  const type = toIntOrUndefined(beneficiaryType);
  if (!isBeneficiaryType(type)) return BeneficiaryMessages.chooseTypeOfShare;
  if (max < SHARE_MIN) return BeneficiaryMessages.alreadySpent;
  const n = toIntOrUndefined(share);
  if (typeof n !== 'number' || !Number.isInteger(n) || n < SHARE_MIN || n > max) return BeneficiaryMessages.shareRange(max);
  return null;
}

// ---------------------------------------------------------------------------------------------------------
// Add/Edit Beneficiary dialog and POST/PUT /beneficiaries

/** Share as the spec sends it (a string) or a number; checked against the room left by shareIssue. */
const ZShareInput = z.preprocess(toIntOrUndefined, z.unknown());

/** What only a person has: asked, and required, unless the beneficiary is a trust, an estate or an organization. */
const PERSON_ONLY = {
  lastName: ZPerson.shape.lastName,
  birthDate: ZPerson.shape.birthDate,
  /** ###-##-####; on edit the mask the API answered keeps the stored SSN. */
  ssn: ZSsn,
} as const;

const ZBeneficiaryFields = z.object({
  /** A person's first name, or the name of the trust, estate or organization. */
  firstName: ZPerson.shape.firstName,
  lastName: z.unknown().optional(),
  /** The beneficiary relationship option (Spouse, Child, Trust, ...). */
  relationshipTypeId: optionId('beneficiaryRelationshipType'),
  /** One of the employee's dependents when the beneficiary is one of them; optional. */
  relationshipId: z.preprocess(toIntOrUndefined, z.number({ error: Messages.unknownOption }).int().min(1).max(2_147_483_647).optional()),
  /** 1 primary, 2 contingent, 3 tertiary. */
  beneficiaryType: optionId('beneficiaryType'),
  share: ZShareInput,
  birthDate: z.unknown().optional(),
  ssn: z.unknown().optional(),
  /** A trust's, estate's or organization's tax id (12-3456789), optional; the mask keeps the stored one. */
  taxId: z.unknown().optional(),
});

/** For documentation: the body of POST /beneficiaries and PUT /beneficiaries/{id}. */
export const ZBeneficiaryRequestBase = ZBeneficiaryFields.extend({
  share: z.union([z.string(), z.number()]),
  lastName: z.string().optional().describe('Required for a person; not asked for a trust, estate or organization'),
  birthDate: z.string().optional().describe('MM/DD/YYYY; required for a person only'),
  ssn: z.string().optional().describe('###-##-####; required for a person only'),
  taxId: z.string().optional().describe('12-3456789; optional, for a trust, estate or organization only'),
});

const blankText = (v: unknown): boolean => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

export interface BeneficiaryRuleContext {
  /** The other beneficiaries of the employee (the edited one may be included: it is left out by id). */
  others: readonly ShareRow[];
  /** The id being edited, if any. */
  editingId?: number | null;
}

/** The dialog's schema and the API's: every field rule and the share rule against what is left of its type. */
export function beneficiarySchema(ctx: BeneficiaryRuleContext) {
  return ZBeneficiaryFields.superRefine(
    (value, c) => {
      const type = toIntOrUndefined(value.beneficiaryType);
      const max = typeof type === 'number' ? maxShareFor(ctx.others, type, ctx.editingId) : 0;
      const issue = shareIssue(value.share, value.beneficiaryType, max);
      if (issue) c.addIssue({ code: 'custom', path: ['share'], message: issue });
      if (isEntityBeneficiary(value.relationshipTypeId)) {
        const taxId = value.taxId;
        if (!blankText(taxId) && !(typeof taxId === 'string' && (isMaskedSsn(taxId) || normalizeTaxId(taxId) !== null))) {
          c.addIssue({ code: 'custom', path: ['taxId'], message: BeneficiaryMessages.taxIdInvalid });
        }
        return;
      }
      for (const [field, rule] of Object.entries(PERSON_ONLY)) {
        const result = rule.safeParse(value[field as keyof typeof PERSON_ONLY]);
        if (!result.success) c.addIssue({ code: 'custom', path: [field], message: result.error.issues[0]?.message ?? Messages.fieldRequired });
      }
    },
    // With the other fields' errors too, so the dialog shows every message at once.
    onAnyObject,
  ).transform((v) => {
    const common = {
      firstName: v.firstName,
      relationshipTypeId: v.relationshipTypeId,
      relationshipId: v.relationshipId,
      beneficiaryType: v.beneficiaryType,
      share: Number(v.share),
    };
    if (isEntityBeneficiary(v.relationshipTypeId)) {
      const typed = typeof v.taxId === 'string' && !blankText(v.taxId) ? v.taxId.trim() : undefined;
      // A mask stands for the stored tax id (the service keeps it); anything else is stored normalized.
      const taxId = typed === undefined ? undefined : isMaskedSsn(typed) ? typed.toUpperCase() : (normalizeTaxId(typed) ?? undefined);
      return { ...common, entity: true as const, lastName: '', birthDate: undefined, ssn: undefined, taxId };
    }
    return {
      ...common,
      entity: false as const,
      lastName: PERSON_ONLY.lastName.parse(v.lastName),
      birthDate: PERSON_ONLY.birthDate.parse(v.birthDate),
      ssn: PERSON_ONLY.ssn.parse(v.ssn),
      taxId: undefined,
    };
  });
}
export type BeneficiaryRequest = z.output<ReturnType<typeof beneficiarySchema>>;

// ---------------------------------------------------------------------------------------------------------
// Answers

export const ZBeneficiary = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  relationshipTypeId: z.number().int(),
  /** The relationship option's text. */
  relationshipType: z.string().nullable(),
  relationshipId: z.number().int().nullable(),
  beneficiaryType: z.number().int(),
  /** Primary, Contingent or Tertiary. */
  beneficiaryTypeName: z.string(),
  share: z.number().int(),
  /** MM/DD/YYYY. */
  birthDate: z.string().nullable(),
  /** XXX-XX-1234 until unlocked with POST /beneficiaries/personal; null for a trust, estate or organization. */
  ssn: z.string().nullable(),
  /** A trust's, estate's or organization's tax id, XX-XXX6789 until unlocked; null when none was given. */
  taxId: z.string().nullable(),
});
export type Beneficiary = z.infer<typeof ZBeneficiary>;
export const ZBeneficiaryList = z.array(ZBeneficiary);

/** POST /beneficiaries/personal: the clear SSNs (and an organization's tax id) of the caller's beneficiaries. */
export const ZBeneficiaryPersonal = z.array(z.object({ id: z.number().int(), ssn: z.string().nullable(), taxId: z.string().nullable() }));
export type BeneficiaryPersonal = z.infer<typeof ZBeneficiaryPersonal>;
