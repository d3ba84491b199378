import { z } from 'zod';
import { emptyToUndefined } from './common';
import { ZEnrollmentStatus } from './enrollments';
import { isValidUsDate, toIsoDate } from './formats';
import { LIFE_EVENT_TYPE_IDS, LifeEventType, ZLifeEventTypeId } from './life-event-types';
import { Messages } from './messages';
import { ZMoney } from './plans';

/**
 * Mid-year changes after a qualifying life event (the life-event
 * wizard). The rules live here once: the wizard's steps and skips, the event date's window, what each event
 * allows, and when the change takes effect.
 */

export { isLifeEventType, LIFE_EVENT_TYPE_IDS, LifeEventType, ZLifeEventTypeId } from './life-event-types';

/** Life event types' titles. */
export const LIFE_EVENT_TYPES: Readonly<Record<LifeEventType, string>> = {
  [LifeEventType.BirthOrAdoption]: 'Birth or adoption',
  [LifeEventType.Marriage]: 'Marriage',
  [LifeEventType.SpouseLostCoverage]: 'Spouse lost coverage',
  [LifeEventType.ChildLostCoverage]: 'Child lost coverage',
  [LifeEventType.DivorceOrSeparation]: 'Divorce or separation',
  [LifeEventType.SpouseDied]: 'Spouse died',
  [LifeEventType.ChildNoLongerDependent]: 'Child no longer a dependent',
  [LifeEventType.RemoveDependents]: 'Remove dependents',
  [LifeEventType.DeclineCoverage]: 'Decline coverage',
};

/** Reasons, asked for events 3 and 4 only. */
export const LIFE_EVENT_REASONS = { 1: 'Termination of employment', 2: 'Reduction in hours', 3: "Termination of the other plan's coverage" } as const;
export type LifeEventReason = keyof typeof LIFE_EVENT_REASONS;
export const needsReason = (eventType: LifeEventType): boolean => eventType === LifeEventType.SpouseLostCoverage || eventType === LifeEventType.ChildLostCoverage;

/** The request may come at most this many days after the event. */
export const LIFE_EVENT_WINDOW_DAYS = 30;

export const LifeEventMessages = {
  window: `Changes must be requested within ${LIFE_EVENT_WINDOW_DAYS} days of the event`,
  future: 'The event date cannot be in the future',
  reasonRequired: Messages.fieldRequired,
  dateRequired: Messages.fieldRequired,
  eventRequired: Messages.fieldRequired,
  marriedAlready: 'You are married already: choose another event',
  notAllowed: 'This life event does not allow this change',
  stepNotAllowed: 'Finish the current step of your life event first',
  noEvent: 'Choose a life event first',
  continuePrevious: 'Would you like to continue previous changes?',
  notEnabled: 'Mid-year changes are not open for your company',
  otherDraft: 'Finish or cancel your unsigned changes to your benefits first',
  noPeriod: 'There is no plan year to change: ask HR',
  notFound: 'No such life event',
  decided: 'This life event has been decided already',
  pendingApproval: 'Your changes are waiting for HR approval',
  approved: 'Life event approved: the changes are in force',
  rejected: 'Life event returned to the employee',
  proofLater: 'You may sign without it: HR approves your changes once it is uploaded.',
} as const;

/**
 * The supporting document may come after the signature (certificates arrive weeks after
 * a birth); HR's approval waits for it, and the employee is reminded once this many days after signing.
 */
export const PROOF_REMINDER_DAYS = 7;

/** HR's refusal, and the Action Center's note, while the document the event asks for is missing. */
export const proofMissingMessage = (proof: string): string => `${proof}: not uploaded yet. The approval waits until the employee uploads it.`;

/** The employee's notice while a signed event waits for its document. */
export const proofAwaitedMessage = (proof: string): string => `HR approves your changes once you upload your ${proof.toLowerCase()}. Upload it here when you have it.`;

/** Why HR cannot approve the event now (null: it can): the document it asks for is missing. */
export function lifeEventApprovalIssue(eventType: LifeEventType, proofUploaded: boolean): string | null {
  const proof = ALLOWED_CHANGES[eventType].proof;
  return proof && !proofUploaded ? proofMissingMessage(proof) : null;
}

export interface ProofReminderFacts {
  eventType: LifeEventType;
  status: 'draft' | 'pending' | 'approved' | 'rejected' | 'cancelled';
  proofUploaded: boolean;
  reminded: boolean;
  /** The signature's day and today, both ISO dates in the client's time zone. */
  signedOn: string | null;
  today: string;
}

/** Whether the employee is due the one reminder: signed, waiting, the document asked for still missing, 7 days on. */
export function proofReminderDue(f: ProofReminderFacts): boolean {
  if (f.status !== 'pending' || f.reminded || f.proofUploaded || f.signedOn === null || !ALLOWED_CHANGES[f.eventType].proof) return false;
  return daysBetween(f.signedOn, f.today) >= PROOF_REMINDER_DAYS;
}

/** Marital status id of "married" in the option lists: Marriage is hidden for a married employee. */
export const MARRIED_STATUS_ID = 2;

/** The event types an employee may choose (Marriage hidden when already married). */
export function eventTypesFor(maritalStatusId: number | null): LifeEventType[] {
  return LIFE_EVENT_TYPE_IDS.filter((t) => !(t === LifeEventType.Marriage && maritalStatusId === MARRIED_STATUS_ID));
}

/**
 * The wizard's steps (decisions): 1 event type, 2 event date (+ reason), 3 dependent, 4 affected coverage and
 * proof, 6 plan enrollment, 7 review and signature. Step 5 is always skipped.
 */
export const MIDYEAR_STEPS = [1, 2, 3, 4, 6, 7] as const;
export type MidyearStep = 1 | 2 | 3 | 4 | 5 | 6 | 7;
export const MIDYEAR_STEP_TITLES: Readonly<Record<(typeof MIDYEAR_STEPS)[number], string>> = {
  1: 'Life event',
  2: 'Event date',
  3: 'Dependent',
  4: 'Affected coverage',
  6: 'Plan enrollment',
  7: 'Review and sign',
};

export interface MidyearContext {
  eventType: LifeEventType | null;
  /** Whether the employee's medical election (signed) is an enrollment: events 5 and 6 then review coverage. */
  medicalEnrolled: boolean;
}

/** The events whose step 3 (dependent) and step 4 (affected coverage) are asked. */
const DEPENDENT_STEP_EVENTS: readonly LifeEventType[] = [LifeEventType.BirthOrAdoption, LifeEventType.Marriage, LifeEventType.SpouseLostCoverage, LifeEventType.DivorceOrSeparation, LifeEventType.SpouseDied];
const COVERAGE_STEP_EVENTS: readonly LifeEventType[] = [LifeEventType.Marriage, LifeEventType.SpouseLostCoverage, LifeEventType.ChildLostCoverage, LifeEventType.ChildNoLongerDependent];
const COVERAGE_STEP_IF_MEDICAL_EVENTS: readonly LifeEventType[] = [LifeEventType.DivorceOrSeparation, LifeEventType.SpouseDied];

/**
 * Whether a step is skipped (word for word): step 3 unless the event is 1, 2, 3, 5 or 6;
 * step 4 unless the event is 2, 3, 4, 7, or 5 or 6 with medical enrolled; step 5 always.
 */
export function stepSkipped(step: MidyearStep, ctx: MidyearContext): boolean {
  const e = ctx.eventType;
  if (step === 5) return true;
  if (step === 3) return !(e !== null && DEPENDENT_STEP_EVENTS.includes(e));
  if (step === 4) return !(e !== null && (COVERAGE_STEP_EVENTS.includes(e) || (COVERAGE_STEP_IF_MEDICAL_EVENTS.includes(e) && ctx.medicalEnrolled)));
  return false;
}

/** The step after `step` for this event (skipped steps passed over); 7 has none. */
export function nextMidyearStep(step: MidyearStep, ctx: MidyearContext): MidyearStep | null {
  for (let s = step + 1; s <= 7; s += 1) if (!stepSkipped(s as MidyearStep, ctx)) return s as MidyearStep;
  return null;
}

/** The step before `step` (skipped steps passed over); 1 has none. */
export function previousMidyearStep(step: MidyearStep, ctx: MidyearContext): MidyearStep | null {
  for (let s = step - 1; s >= 1; s -= 1) if (!stepSkipped(s as MidyearStep, ctx)) return s as MidyearStep;
  return null;
}

/** What each event allows (the issue: write the table and test it). Relations: 'spouse' covers domestic partners too. */
export interface AllowedChange {
  /** Dependents of these relations may be added to coverage. */
  add: ReadonlyArray<'spouse' | 'child'>;
  /** Dependents of these relations may be removed from coverage. */
  remove: ReadonlyArray<'spouse' | 'child'>;
  /** A plan type may be newly elected (from waived or declined) or its tier changed. */
  enroll: boolean;
  /** A plan type may be declined (coverage dropped). */
  decline: boolean;
  /** The supporting document asked for (null: none). */
  proof: string | null;
}

export const ALLOWED_CHANGES: Readonly<Record<LifeEventType, AllowedChange>> = {
  [LifeEventType.BirthOrAdoption]: { add: ['child'], remove: [], enroll: true, decline: false, proof: 'Birth certificate or adoption papers' },
  [LifeEventType.Marriage]: { add: ['spouse', 'child'], remove: [], enroll: true, decline: false, proof: 'Marriage certificate' },
  [LifeEventType.SpouseLostCoverage]: { add: ['spouse'], remove: [], enroll: true, decline: false, proof: 'Loss-of-coverage letter' },
  [LifeEventType.ChildLostCoverage]: { add: ['child'], remove: [], enroll: true, decline: false, proof: 'Loss-of-coverage letter' },
  [LifeEventType.DivorceOrSeparation]: { add: [], remove: ['spouse'], enroll: true, decline: true, proof: 'Divorce decree or legal separation papers' },
  [LifeEventType.SpouseDied]: { add: [], remove: ['spouse'], enroll: true, decline: true, proof: 'Death certificate' },
  [LifeEventType.ChildNoLongerDependent]: { add: [], remove: ['child'], enroll: false, decline: true, proof: null },
  [LifeEventType.RemoveDependents]: { add: [], remove: ['spouse', 'child'], enroll: false, decline: true, proof: null },
  [LifeEventType.DeclineCoverage]: { add: [], remove: [], enroll: false, decline: true, proof: null },
};

/** The relation a dependent's relationship type counts as (option list relationshipType: 1 spouse, 2 child, 7 domestic partner). */
export function relationOf(relationshipTypeId: number | null): 'spouse' | 'child' | null {
  if (relationshipTypeId === 2) return 'child';
  if (relationshipTypeId === 1 || relationshipTypeId === 7) return 'spouse';
  return null;
}

/**
 * The dependent step (3): who the event is about. A birth or adoption is a child; the other events of step 3
 * (marriage, a spouse losing coverage, divorce, death) a spouse or domestic partner (
 * non-birth events exclude Child).
 */
export function eventDependentRelation(eventType: LifeEventType): 'spouse' | 'child' {
  return eventType === LifeEventType.BirthOrAdoption ? 'child' : 'spouse';
}

/** Whether covering or uncovering a dependent of `relation` (added or removed) is a change the event allows. */
export function dependentChangeAllowed(eventType: LifeEventType, change: 'add' | 'remove', relation: 'spouse' | 'child'): boolean {
  return ALLOWED_CHANGES[eventType][change].includes(relation);
}

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/**
 * The event date's rule: not after today, and at most 30 days before it (the request
 * must come within the window). Dates are ISO (YYYY-MM-DD) in the client's time zone.
 */
export function eventDateIssue(eventDate: string, today: string): string | null {
  const age = daysBetween(eventDate, today);
  if (age < 0) return LifeEventMessages.future;
  if (age > LIFE_EVENT_WINDOW_DAYS) return LifeEventMessages.window;
  return null;
}

/**
 * When the change takes effect: on the event date for a birth or adoption (the child is covered from birth),
 * otherwise on the first day of the month after the event.
 */
export function lifeEventEffectiveDate(eventType: LifeEventType, eventDate: string): string {
  if (eventType === LifeEventType.BirthOrAdoption) return eventDate;
  const [y, m] = eventDate.split('-').map(Number) as [number, number];
  const next = m === 12 ? { y: y + 1, m: 1 } : { y, m: m + 1 };
  return `${String(next.y).padStart(4, '0')}-${String(next.m).padStart(2, '0')}-01`;
}

/** One plan type's change in a life event's draft, as the rules read it. */
export interface ElectionChangeFacts {
  planType: string;
  /** Status signed (in force) and in the draft: above 0 enrolled, below 0 waived or declined, 0 not chosen. */
  statusBefore: number;
  statusAfter: number;
  planBefore: number | null;
  planAfter: number | null;
  /** Relations of the dependents newly covered and no longer covered. */
  added: ReadonlyArray<'spouse' | 'child' | null>;
  removed: ReadonlyArray<'spouse' | 'child' | null>;
}

/**
 * Whether a life event's elections are changes the event allows (ALLOWED_CHANGES): answers the first that is
 * not, in words for the employee, or null. Tier and cost follow the dependents, so only plans, statuses and
 * covered people are judged.
 */
export function lifeEventChangeIssue(eventType: LifeEventType, changes: readonly ElectionChangeFacts[]): string | null {
  const allowed = ALLOWED_CHANGES[eventType];
  for (const c of changes) {
    const wasIn = c.statusBefore > 0;
    const isIn = c.statusAfter > 0;
    if (wasIn && !isIn && !allowed.decline) return `${c.planType}: ${LifeEventMessages.notAllowed} (declining)`;
    if (isIn && (!wasIn || c.planBefore !== c.planAfter) && !allowed.enroll) return `${c.planType}: ${LifeEventMessages.notAllowed} (${wasIn ? 'another plan' : 'enrolling'})`;
    if (c.added.some((r) => r === null || !allowed.add.includes(r))) return `${c.planType}: ${LifeEventMessages.notAllowed} (adding a dependent)`;
    if (isIn && c.removed.some((r) => r === null || !allowed.remove.includes(r))) return `${c.planType}: ${LifeEventMessages.notAllowed} (removing a dependent)`;
  }
  return null;
}

/** PUT /midyear-changes: step, eventType, dependentId, effectiveDate (the event date, MM/DD/YYYY), reasonId; null clears. */
export const ZMidyearChangeRequest = z.object({
  step: z.coerce.number().int().min(1).max(7),
  eventType: z.preprocess(emptyToUndefined, ZLifeEventTypeId.nullable().optional()),
  dependentId: z.preprocess(emptyToUndefined, z.coerce.number().int().positive().nullable().optional()),
  effectiveDate: z.preprocess(emptyToUndefined, z.string().nullable().optional()),
  reasonId: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(3).nullable().optional()),
  /** Step 4: the coverage changes chosen, as "dependentId:planTypeId:add|remove" (see ZCoverageChoice). */
  coverage: z.preprocess((v) => (v === undefined || v === '' ? undefined : Array.isArray(v) ? v : [v]), z.array(z.string().regex(/^\d{1,9}:\d{1,3}:(add|remove)$/)).max(60).optional()),
});
export type MidyearChangeRequest = z.infer<typeof ZMidyearChangeRequest>;

/** The employee's life event in progress (GET /me's midyearChangesData, and the answer of PUT /midyear-changes). */
export const ZMidyearChangesData = z.object({
  step: z.number().int(),
  eventType: z.number().int().nullable(),
  dependentId: z.number().int().nullable(),
  /** The event date, MM/DD/YYYY. */
  effectiveDate: z.string().nullable(),
  reasonId: z.number().int().nullable(),
  /** When the change takes effect, MM/DD/YYYY (from the event and its date). */
  coverageStarts: z.string().nullable(),
  status: z.enum(['draft', 'pending', 'approved', 'rejected']),
  /** The supporting document uploaded for the event, if any. */
  proofFileId: z.number().int().nullable().optional(),
  /** Rejected: HR's reason. */
  rejectionReason: z.string().nullable().optional(),
});
export type MidyearChangesData = z.infer<typeof ZMidyearChangesData>;

/**
 * Step 4's choices (decisions: which enrolled dependents are added or removed): for each plan group the employee
 * is enrolled in, the people the event allows adding (not covered yet) or removing (covered now).
 */
export const ZCoverageChoice = z.object({
  key: z.string(),
  dependentId: z.number().int(),
  name: z.string(),
  planTypeId: z.number().int(),
  planType: z.string(),
  action: z.enum(['add', 'remove']),
});
export type CoverageChoice = z.infer<typeof ZCoverageChoice>;
export const ZCoverageChoiceList = z.array(ZCoverageChoice);
export const coverageKey = (dependentId: number, planTypeId: number, action: 'add' | 'remove'): string => `${dependentId}:${planTypeId}:${action}`;

/** A signed life event waiting for HR (the action center), with what it changes. */
export const ZPendingLifeEvent = z.object({
  id: z.number().int(),
  employeeId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  eventType: z.number().int(),
  eventTitle: z.string(),
  eventDate: z.string(),
  coverageStarts: z.string(),
  signedOn: z.string(),
  proof: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  /** The document the event asks for while it is missing (HR's approval waits for it), else null. */
  proofMissing: z.string().nullable(),
  signatureFileId: z.number().int().nullable(),
  /** The signed summary PDF (written by the workers shortly after the signature; null until then). */
  summaryFileId: z.number().int().nullable(),
  /** Each plan type the event changes: what is in force and what it becomes. */
  changes: z.array(z.object({ planType: z.string(), before: z.string(), after: z.string() })),
});
export type PendingLifeEvent = z.infer<typeof ZPendingLifeEvent>;
export const ZPendingLifeEventList = z.array(ZPendingLifeEvent);

/**
 * One side of a plan type's change on the review: the election in force before the event, or the new one.
 * Amounts are per paycheck and per year, the employee's and the employer's, priced by the contribution engine at
 * the tier the covered people make (a plan without tiers: its elected amounts); nothing elected costs nothing.
 */
export const ZReviewElection = z.object({
  status: ZEnrollmentStatus,
  planName: z.string().nullable(),
  /** 'First Last' of the covered dependents. */
  people: z.array(z.string()),
  tier: z.number().int().nullable(),
  /** The tier in the plan's structure ('Husband/Wife'); null for a plan without tiers or nothing elected. */
  tierLabel: z.string().nullable(),
  amount: ZMoney,
  annualAmount: ZMoney,
  employerAmount: ZMoney,
  annualEmployerAmount: ZMoney,
});
export type ReviewElection = z.infer<typeof ZReviewElection>;

/** After less before (negative: the employee pays less). */
export const ZPriceDifference = z.object({ amount: ZMoney, annualAmount: ZMoney, employerAmount: ZMoney, annualEmployerAmount: ZMoney });
export type PriceDifference = z.infer<typeof ZPriceDifference>;

/**
 * GET /midyear-changes/review (the wizard's review and sign step): each plan
 * type the event changes, before -> after, and the difference per paycheck and per year; the server prices it.
 */
export const ZLifeEventReview = z.object({
  eventType: z.number().int(),
  eventTitle: z.string(),
  /** MM/DD/YYYY */
  eventDate: z.string().nullable(),
  coverageStarts: z.string().nullable(),
  /** Paychecks a year, which the per-year amounts are counted on. */
  payPeriods: z.number().int(),
  changes: z.array(z.object({ planTypeId: z.number().int(), planType: z.string(), before: ZReviewElection, after: ZReviewElection, difference: ZPriceDifference })),
  /** The changes together. */
  total: ZPriceDifference,
});
export type LifeEventReview = z.infer<typeof ZLifeEventReview>;

/** HR's decision: approve, or reject with the reason the employee is told. */
export const REJECTION_MAX_LENGTH = 1000;
export const ZLifeEventDecision = z
  .object({
    approve: z.boolean(),
    reason: z.preprocess(emptyToUndefined, z.string().trim().max(REJECTION_MAX_LENGTH).optional()),
  })
  .superRefine((v, ctx) => {
    if (!v.approve && !v.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: Messages.fieldRequired });
  });
export type LifeEventDecision = z.infer<typeof ZLifeEventDecision>;

/** An ISO date from the wizard's MM/DD/YYYY (null when it is not a real date). */
export const eventDateOf = (value: string): string | null => (isValidUsDate(value) ? toIsoDate(value) : null);
