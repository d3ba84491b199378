import { z } from 'zod';
import { blankToUndefined, isValidUsDate, toIntOrUndefined } from './formats';
import { Messages } from './messages';

/**
 * Open enrollment managed by HR (document 3 sections 2.5, 3, 4 and 7): Ready to Start → Active → Closed,
 * and Reopen within 30 days of the close.
 */

/** Reopen is offered while the close is less than this old (decisions page: 30 days, 2,592,000,000 ms). */
export const REOPEN_WINDOW_MS = 2_592_000_000;

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
  reopenExpired: 'This open enrollment closed more than 30 days ago and cannot be reopened',
  notThisState: 'This open enrollment period cannot do that now',
} as const;

/** Ready to Start until started; Active until closed; Closed after. */
export function openEnrollmentState(p: { startedAt: string | null; closedDate: string | null }): OpenEnrollmentState {
  if (p.closedDate !== null) return 'closed';
  return p.startedAt === null ? 'ready' : 'active';
}

/** True while a closed period may be reopened: its close is less than 30 days old. */
export function canReopen(closedAtIso: string | null, now: Date = new Date()): boolean {
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

/** GET /openEnrollment. */
export const ZOpenEnrollmentData = z.object({
  settings: z.object({ allowHrOe: z.boolean(), openEnrollmentEndDate: z.string().nullable(), openEnrollmentClosedDate: z.string().nullable() }),
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
