import { z } from 'zod';
import { emptyToUndefined } from './common';
import { optionalName } from './formats';
import { FSA_ACCOUNTS } from './engine/contribution-engine';
import { AMOUNT_INPUT_PATTERN } from './engine/money';
import { ZLifeEventTypeId } from './life-event-types';
import { ZMoney } from './plans';

/** Enrollment status values, exactly as stored and shown. */
export const EnrollmentStatus = { Enrolled: '1', NotSelected: '0', Waived: '-1', Declined: '-2' } as const;
export type EnrollmentStatusValue = (typeof EnrollmentStatus)[keyof typeof EnrollmentStatus];
export const ZEnrollmentStatus = z.enum(['1', '0', '-1', '-2']);

/** Messages of document 2 (sections 2, 5 and 8), word for word, plus the server's own where the spec has none. */
export const EnrollmentMessages = {
  /** Not a spec text: a mid-year payload that is not the life event in progress. */
  notThisLifeEvent: 'This is not the life event you are reporting: start again from Change Benefits',
  cannotDecline: 'Your employer is making a contribution to this plan so you cannot decline it. If you do not wish to contribute please enter 0 and click enroll.',
  fieldRequired: 'Field is required',
  fieldRequiredBang: 'Field is required!',
  pleaseChooseReason: 'Please choose reason',
  selectAllPlans: 'Please make a selection for all plans',
  notEligibleForAny: 'You are not eligible for any benefits',
  pressNext: 'Press Next button to continue registration process',
  enrollDisabled: 'Enroll is disable',
  cannotCreateEnrollment: 'Cannot create enrollment',
  cannotFetchEnrollments: "Cannot fetch user's enrollments",
  declineDependentsWarning: 'Dependents you do not enroll now cannot be enrolled until a qualifying life event or the next open enrollment.',
  overageConditions:
    'Children aged 26 and over may stay on medical coverage only if they are a New Jersey resident or a full-time student, have creditable coverage, have no other group coverage or Medicare, and have no children and no spouse or partner.',
  // The server's own (not spec texts).
  enrollmentNotFound: 'Enrollment not found',
  dependentNotFound: 'Dependent not found',
  planNotInGroup: 'This plan cannot be chosen for this enrollment',
  tierMismatch: 'The tier does not match the chosen dependents',
  noDependentsForType: 'This plan does not cover dependents',
  waiveOnlyMedicalDentalVision: 'Only medical, dental and vision coverage can be waived for other coverage',
  cannotChangeEmployerPaid: 'This plan is paid by your employer and cannot be changed',
  invalidAmount: 'Please enter a valid amount',
  noOpenEnrollment: 'There is no open enrollment period',
  // Beside the spec's 'Please make a selection for all plans': which ones.
  stillToChoose: (planTypes: readonly string[]) => `Still to choose: ${planTypes.join(', ')}.`,
  notChosenYet: 'Not chosen yet',
  // Beside the spec's disabled 'Please choose reason' button: what unlocks it.
  chooseReasonHint: 'Choose why you are declining above; the Decline button then turns on.',
} as const;

/**
 * Unsigned changes after Modify Selections: the signed elections stay in force until
 * the employee signs the changes; these are the texts around them.
 */
export const DraftMessages = {
  unsignedChanges: 'You have unsigned changes to your benefits. They take effect only after you review and sign them.',
  unsignedChangesTitle: 'Unsigned changes',
  continueChanges: 'Continue changes',
  cancelChanges: 'Cancel changes',
  saveAndExit: 'Save and exit',
  cancelConfirm: 'Discard the changes you have not signed? Your signed elections stay as they are.',
  keepChanges: 'Keep changes',
  discarded: 'Your unsigned changes were discarded. Your signed elections are unchanged.',
  saved: 'Your changes are saved. Sign them before the enrollment window ends for them to take effect.',
  noDraft: 'There are no unsigned changes',
  changed: (planTypes: readonly string[]) => `Changed, not signed yet: ${planTypes.join(', ')}.`,
} as const;

/** GET /enrollments/draft: whether unsigned changes exist, since when, and which plan types they touch. */
export const ZElectionDraft = z.object({
  open: z.boolean(),
  openedAt: z.string().nullable(),
  changedPlanTypes: z.array(z.string()),
});
export type ElectionDraft = z.infer<typeof ZElectionDraft>;

/** GET /enrollments?view=: 'draft' (default) has the unsigned changes over the signed elections; 'signed' what is in force. */
export const ZElectionViewQuery = z.object({ view: z.enum(['draft', 'signed']).default('draft') });

export const ZWaiverMember = z.enum(['self', 'spouse', 'other']);
/** Reason id -1 is Other. */
export const WAIVER_REASON_OTHER = -1;

export const ZWaiver = z.object({
  reasonId: z.number().int().nullable(),
  reasonOther: z.string().nullable(),
  member: ZWaiverMember.nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  carrierName: z.string().nullable(),
  policyNumber: z.string().nullable(),
});
export type Waiver = z.infer<typeof ZWaiver>;

export const ZFsaAmounts = z.object({ med: ZMoney.nullable(), dep: ZMoney.nullable(), tra: ZMoney.nullable(), park: ZMoney.nullable() });
export const ZCoverageAmounts = z.object({ employee: ZMoney.nullable(), spouse: ZMoney.nullable(), children: ZMoney.nullable() });

/** One row of GET /enrollments: one per plan type offered in the current period. */
export const ZEnrollment = z.object({
  id: z.number().int(),
  planTypeId: z.number().int(),
  /** Group name. */
  planType: z.string(),
  planId: z.number().int().nullable(),
  planName: z.string().nullable(),
  status: ZEnrollmentStatus,
  /** false: employer paid only, nothing to choose ('Enrolled' / 'Employer Paid'). */
  selectable: z.boolean(),
  /** 0 none; 1 to 6 restriction codes (RESTRICTION_MESSAGES). */
  restricted: z.number().int(),
  /** MM/DD/YYYY when the employee becomes eligible in the future. */
  eligibilityDate: z.string().nullable(),
  /** A new open-enrollment row while the employee has a choice from an earlier period: counts as not chosen. */
  isNewOE: z.boolean(),
  /** The Decline tab is enabled (no employer money in any plan of the group, and selectable). */
  declineAllowed: z.boolean(),
  planCount: z.number().int(),
  dependents: z.array(z.number().int()),
  dependentNames: z.array(z.string()),
  /** Employee cost per pay period. */
  contributionAmount: ZMoney,
  employerContributionAmount: ZMoney,
  tier: z.number().int().nullable(),
  /** Yearly HSA election. */
  hsaContributionAmount: ZMoney.nullable(),
  /** Yearly FSA elections per account. */
  fsaContributionAmounts: ZFsaAmounts,
  coverageAmounts: ZCoverageAmounts,
  waiver: ZWaiver.nullable(),
  effectiveDate: z.string().nullable(),
  effectiveToDate: z.string().nullable(),
  policyNumber: z.string().nullable(),
  memberNumber: z.string().nullable(),
});
export type Enrollment = z.infer<typeof ZEnrollment>;
export const ZEnrollmentList = z.array(ZEnrollment);

/**
 * null (what GET /enrollments answers for an empty field) reads as absent, like an empty string: a client
 * can send back what it read, and a missing amount gets the rule's own message, not a type error.
 */
const absent = (v: unknown): unknown => (v === null ? undefined : emptyToUndefined(v));
const optionalText = (max = 200) => z.preprocess(absent, z.string().trim().max(max).optional());
/** Amounts: not negative and without leading zeros (HSA). */
const ZAmountInput = z.preprocess(
  (v) => (typeof v === 'number' ? String(v) : absent(v)),
  z.string().regex(AMOUNT_INPUT_PATTERN, EnrollmentMessages.invalidAmount).optional(),
);

export const ZWaiverInput = z.object({
  reasonId: z.preprocess(absent, z.coerce.number().int().optional()),
  reasonOther: optionalText(500),
  member: z.preprocess(absent, ZWaiverMember.optional()),
  firstName: optionalName(200),
  lastName: optionalName(200),
  carrierName: optionalText(),
  policyNumber: optionalText(100),
});
export type WaiverInput = z.infer<typeof ZWaiverInput>;

/** The waiver rules of the decline form, with the form's message. */
function checkWaiver(w: WaiverInput | undefined, ctx: z.RefinementCtx, prefix: (string | number)[]): void {
  const need = (ok: unknown, key: string) => {
    if (!ok) ctx.addIssue({ code: 'custom', message: EnrollmentMessages.fieldRequiredBang, path: [...prefix, key] });
  };
  need(w?.reasonId !== undefined, prefix[0] === 'waiver' ? 'reasonId' : 'waiverReason');
  need(w?.carrierName, prefix[0] === 'waiver' ? 'carrierName' : 'insuranceCompany');
  need(w?.policyNumber, 'policyNumber');
  if (w?.reasonId === WAIVER_REASON_OTHER) {
    need(w.reasonOther, 'reasonOther');
    need(w.member, 'member');
    if (w.member === 'other') {
      need(w.firstName, 'firstName');
      need(w.lastName, 'lastName');
    }
  }
}

/**
 * PUT /enrollments/{id}. Enroll: status '1' with planId and dependents and tier, or the type's amounts.
 * Decline: '-2', or '-1' with the waiver (have other coverage). contributionAmount is accepted for the
 * site's convenience and ignored: the server always prices the election itself.
 */
export const ZEnrollmentUpdate = z
  .object({
    status: z.enum(['1', '-1', '-2'], { error: EnrollmentMessages.fieldRequired }),
    planId: z.preprocess(absent, z.coerce.number().int().positive().optional()),
    dependents: z.preprocess(absent, z.array(z.coerce.number().int().positive()).max(30).optional()),
    tier: z.preprocess(absent, z.coerce.number().int().min(1).max(4).optional()),
    contributionAmount: z.unknown().optional(),
    hsaContributionAmount: ZAmountInput,
    fsaContributionAmounts: z.preprocess(absent, z.object({ med: ZAmountInput, dep: ZAmountInput, tra: ZAmountInput, park: ZAmountInput }).optional()),
    coverageAmounts: z.preprocess(absent, z.object({ employee: ZAmountInput, spouse: ZAmountInput, children: ZAmountInput }).optional()),
    waiver: z.preprocess(absent, ZWaiverInput.optional()),
    // Mid-year payloads.
    eventDate: optionalText(10),
    reasonId: z.preprocess(absent, z.coerce.number().int().optional()),
    eventType: z.preprocess(absent, ZLifeEventTypeId.optional()),
  })
  .superRefine((v, ctx) => {
    if (v.status === '1' && v.planId === undefined) ctx.addIssue({ code: 'custom', message: EnrollmentMessages.fieldRequired, path: ['planId'] });
    if (v.status === '-1') checkWaiver(v.waiver, ctx, ['waiver']);
  });
export type EnrollmentUpdate = z.infer<typeof ZEnrollmentUpdate>;

/** The Decline Coverage form: its fields, rules and messages. */
export const DECLINE_REASONS = ['do_not_have_coverage', 'have_other_coverage'] as const;
export const ZDeclineForm = z
  .object({
    declineReason: z.enum(DECLINE_REASONS, { error: EnrollmentMessages.pleaseChooseReason }),
    waiverReason: z.preprocess(emptyToUndefined, z.coerce.number().int().optional()),
    insuranceCompany: optionalText(),
    policyNumber: optionalText(100),
    reasonOther: optionalText(500),
    member: z.preprocess(emptyToUndefined, ZWaiverMember.optional()),
    firstName: optionalName(200),
    lastName: optionalName(200),
  })
  .superRefine((v, ctx) => {
    if (v.declineReason !== 'have_other_coverage') return;
    checkWaiver(
      { reasonId: v.waiverReason, carrierName: v.insuranceCompany, policyNumber: v.policyNumber, reasonOther: v.reasonOther, member: v.member, firstName: v.firstName, lastName: v.lastName },
      ctx,
      [],
    );
  });
export type DeclineForm = z.infer<typeof ZDeclineForm>;

/**
 * The PUT payload of a submitted decline form: 'have other coverage' waives (-1) with details for medical,
 * dental and vision; everything else declines (-2).
 */
export function declinePayload(form: DeclineForm, waivable: boolean): Pick<EnrollmentUpdate, 'status' | 'waiver'> {
  if (waivable && form.declineReason === 'have_other_coverage') {
    return {
      status: '-1',
      waiver: {
        reasonId: form.waiverReason,
        reasonOther: form.reasonOther,
        member: form.member,
        firstName: form.firstName,
        lastName: form.lastName,
        carrierName: form.insuranceCompany,
        policyNumber: form.policyNumber,
      },
    };
  }
  return { status: '-2' };
}

export const FSA_ACCOUNT_KEYS = FSA_ACCOUNTS;

/** The step is complete when every row is decided, restricted or has nothing to choose. */
export function isDecided(e: Pick<Enrollment, 'status' | 'isNewOE' | 'restricted' | 'selectable'>): boolean {
  if (e.isNewOE) return false;
  return e.status !== EnrollmentStatus.NotSelected || e.restricted > 0 || !e.selectable;
}

export function allDecided(list: ReadonlyArray<Pick<Enrollment, 'status' | 'isNewOE' | 'restricted' | 'selectable'>>): boolean {
  return list.every(isDecided);
}

/** The plan types still to choose, in the list's order. */
export function undecidedPlanTypes(list: ReadonlyArray<Pick<Enrollment, 'status' | 'isNewOE' | 'restricted' | 'selectable' | 'planType'>>): string[] {
  return list.filter((e) => !isDecided(e)).map((e) => e.planType);
}

