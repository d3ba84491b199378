import { z } from 'zod';
import { blankToUndefined, isValidUsDate, toIntOrUndefined } from './formats';
import { Messages } from './messages';
import { contractsNow } from './now';

/**
 * Open enrollment managed by HR: Ready to Start → Active → Closed,
 * and Reopen within 30 days of the close.
 */

/** Reopen is offered while the close is less than this many days old (24-hour days, not calendar days). */
export const REOPEN_WINDOW_DAYS = 30;
export const REOPEN_WINDOW_MS = REOPEN_WINDOW_DAYS * 86_400_000;

export const OPEN_ENROLLMENT_STATES = ['ready', 'active', 'closed'] as const;
export type OpenEnrollmentState = (typeof OPEN_ENROLLMENT_STATES)[number];

export const OpenEnrollmentMessages = {
  fetchFailed: 'Cannot get open enrollments from server',
  periodFetchFailed: 'Cannot fetch information about this open enrollment period',
  stillEnrolledInReplaced: 'Some employees are still enrolled in the old replaced plan',
  // Not spec texts: refusals the documents leave unworded.
  notAllowed: 'Open enrollment for this employer is managed by its broker',
  endDateInPast: 'The last day cannot be before today',
  plansLocked: 'Plans cannot change while open enrollment is active',
  reopenExpired: `This open enrollment closed more than ${REOPEN_WINDOW_DAYS} days ago and cannot be reopened`,
  notThisState: 'This open enrollment period cannot do that now',
  alreadyPrepared: 'The next plan year is already prepared: start it from its Open Enrollment card',
  nothingToRenew: 'There is no plan year with plans to renew',
  stillRunning: 'Open enrollment is still running: prepare the next plan year once it has closed',
  // Close OE now asks first and says what happened after.
  closeTitle: 'Close open enrollment now?',
  closeUnfinished: (unfinished: number, employees: number) =>
    unfinished === 0
      ? `All ${employees} employees have finished their enrollment.`
      : `${unfinished} of ${employees} ${employees === 1 ? 'employee has' : 'employees have'} not finished their enrollment (not every plan decided, or not signed).`,
  closeConsequence: `Closing ends open enrollment for the whole company today: nobody can change their elections any more. It can be reopened within ${REOPEN_WINDOW_DAYS} days.`,
  closeConfirm: 'Close open enrollment',
  closeCancel: 'Keep it open',
  closed: (title: string, closedDate: string) => `${title} was closed on ${closedDate}.`,
} as const;

/** Ready to Start until started; Active until closed; Closed after. */
export function openEnrollmentState(p: { startedAt: string | null; closedDate: string | null }): OpenEnrollmentState {
  if (p.closedDate !== null) return 'closed';
  return p.startedAt === null ? 'ready' : 'active';
}

/** True while a closed period may be reopened: its close is less than REOPEN_WINDOW_DAYS old. */
export function canReopen(closedAtIso: string | null, now: Date = contractsNow()): boolean {
  return closedAtIso !== null && now.getTime() - new Date(closedAtIso).getTime() < REOPEN_WINDOW_MS;
}

export const ZOpenEnrollmentPlan = z.object({ id: z.number().int(), title: z.string(), planTypeId: z.number().int(), effectiveDate: z.string() });

export const ZOpenEnrollmentPeriod = z.object({
  id: z.number().int(),
  title: z.string(),
  /** MM/DD/YYYY. */
  startDate: z.string(),
  endDate: z.string(),
  closedDate: z.string().nullable(),
  state: z.enum(OPEN_ENROLLMENT_STATES),
  current: z.boolean(),
  canReopen: z.boolean(),
  /** Employees with an election (enrolled, waived or declined) in the period. */
  employeeEnrollments: z.number().int(),
  plans: z.array(ZOpenEnrollmentPlan),
});
export type OpenEnrollmentPeriod = z.infer<typeof ZOpenEnrollmentPeriod>;

/** GET /openEnrollment (Open enrollment data). */
export const ZOpenEnrollmentData = z.object({
  settings: z.object({ allowHrOe: z.boolean(), openEnrollmentEndDate: z.string().nullable(), openEnrollmentClosedDate: z.string().nullable() }),
  /** The plans that can be offered in a new period: those of the period Ready to Start, with their effective dates. */
  plans: z.array(ZOpenEnrollmentPlan),
  periods: z.array(ZOpenEnrollmentPeriod),
});
export type OpenEnrollmentData = z.infer<typeof ZOpenEnrollmentData>;

const ZUsDate = z.preprocess(blankToUndefined, z.string({ error: Messages.fieldRequired }).trim().refine(isValidUsDate, Messages.dateInvalid));
const flag = z.preprocess((v) => v === true || v === 'on' || v === 'true' || v === 1 || v === '1', z.boolean());

/**
 * POST /openEnrollment: Start (a Ready period with its last day, its plans' effective dates and the invite
 * email), Change Date (an Active period's last day), Close OE now (close), Reopen (reopen, with a new last day).
 */
export const ZOpenEnrollmentRequest = z
  .object({
    openEnrollmentId: z.preprocess(toIntOrUndefined, z.number({ error: Messages.fieldRequired }).int().min(1).max(2_147_483_647)),
    /** MM/DD/YYYY: the last day (required to start, change the date or reopen). */
    endDate: z.preprocess(blankToUndefined, ZUsDate.optional()),
    /** asIsRenewal: the plan renews last period's plan of its type and name, and its members keep their elections. */
    plans: z.array(z.object({ id: z.number().int().min(1), effectiveDate: ZUsDate, asIsRenewal: flag.optional() })).max(200).optional(),
    close: flag.optional(),
    reopen: flag.optional(),
    /** Queue the open-enrollment invite email to every eligible employee when starting. */
    sendEmail: flag.optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.close && v.endDate === undefined) ctx.addIssue({ code: 'custom', path: ['endDate'], message: Messages.fieldRequired });
  });
export type OpenEnrollmentRequest = z.output<typeof ZOpenEnrollmentRequest>;

/** GET /openEnrollment/check/{planId}: employees still enrolled in the plan it replaces, not yet carried over. */
export const ZOpenEnrollmentCheck = z.object({ planId: z.number().int(), replacedPlanId: z.number().int().nullable(), stillEnrolled: z.number().int() });
export type OpenEnrollmentCheck = z.infer<typeof ZOpenEnrollmentCheck>;

/** Whether next year's open enrollment can be prepared: none waits to be started, and the current one has closed. */
export function canPrepareNextYear(periods: ReadonlyArray<{ state: OpenEnrollmentState; current: boolean }>): boolean {
  return !periods.some((p) => p.state === 'ready') && periods.some((p) => p.current && p.state === 'closed');
}

/**
 * POST /openEnrollment/prepare: the next plan year as a period Ready to Start, its plans renewed from the
 * current period's (same names, rates, rules and documents) one year later. HR then starts it from the
 * dialog (last day, effective dates, as-is renewals, invites). Nothing to send: the next plan year is the
 * one after the current period's.
 */
export const ZPrepareOpenEnrollmentRequest = z.object({}).strict();
export type PrepareOpenEnrollmentRequest = z.infer<typeof ZPrepareOpenEnrollmentRequest>;
