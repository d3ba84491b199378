import { z } from 'zod';
import { addDays, daysBetween, isoToUs } from './engine/dates';

/**
 * "May this employee change elections, and why": one pure rule, used by the API on every write
 * of elections, by GET /me (which the site, the dashboard's card and the onboarding's Finish label read), and
 * by the registration's reopening. Everything is in the client's calendar: `today` comes from the clock in
 * the client's time zone (core/clock), and dates are YYYY-MM-DD.
 *
 * Open enrollment: from its start date to its last day inclusive, once HR has started it and until it is
 * closed. New hire: 30 days counted from the eligibility date (the hire date stands in
 * when there is none), day 1 being the eligibility date itself; a new hire whose eligibility is still ahead
 * may enroll already. Life event: a life event in progress (its wizard's draft) opens a window of its own
 * until it is signed or cancelled.
 */

/** A new hire may enroll for 30 days from their eligibility date. */
export const NEW_HIRE_WINDOW_DAYS = 30;

export const EnrollmentWindowMessages = {
  closed:
    `Enrollment is closed. Elections can be changed during open enrollment, within ${NEW_HIRE_WINDOW_DAYS} days of becoming eligible as a new hire, or after a qualifying life event.`,
} as const;

export interface WindowFacts {
  /** The client's calendar date today (YYYY-MM-DD, in its time zone). */
  today: string;
  /** The client's current period, or null when it has none. `started` false: Ready to Start (HR has not started it yet). */
  period: { startDate: string; endDate: string; closedDate: string | null; started: boolean } | null;
  newHire: boolean;
  /** YYYY-MM-DD; the hire date stands in when null. */
  eligibilityDate: string | null;
  hireDate: string | null;
  /** A life event's draft is open (its wizard reached plan enrollment). */
  lifeEventInProgress: boolean;
}

export const WINDOW_REASONS = ['open-enrollment', 'new-hire', 'life-event'] as const;
export type WindowReason = (typeof WINDOW_REASONS)[number];

export type WindowAnswer =
  | { open: true; why: WindowReason; /** YYYY-MM-DD; null for a life event (it lasts until signed). */ lastDay: string | null; daysLeft: number | null }
  | { open: false; message: string };

/** The last day (YYYY-MM-DD) of a new hire's window: the 30th day counted from eligibility. */
export function newHireLastDay(eligibilityDate: string): string {
  return addDays(eligibilityDate, NEW_HIRE_WINDOW_DAYS - 1);
}

export function enrollmentWindow(f: WindowFacts): WindowAnswer {
  const dated: Array<{ why: 'open-enrollment' | 'new-hire'; lastDay: string }> = [];
  const p = f.period;
  if (p && p.started && p.closedDate === null && p.startDate <= f.today && f.today <= p.endDate) dated.push({ why: 'open-enrollment', lastDay: p.endDate });
  const eligible = f.eligibilityDate ?? f.hireDate;
  if (f.newHire && eligible !== null && f.today <= newHireLastDay(eligible)) dated.push({ why: 'new-hire', lastDay: newHireLastDay(eligible) });
  // Both open: the one that lasts longer tells the person how long they really have.
  const best = dated.sort((a, b) => (a.lastDay < b.lastDay ? 1 : a.lastDay > b.lastDay ? -1 : 0))[0];
  if (best) return { open: true, why: best.why, lastDay: best.lastDay, daysLeft: daysBetween(f.today, best.lastDay) };
  if (f.lifeEventInProgress) return { open: true, why: 'life-event', lastDay: null, daysLeft: null };
  return { open: false, message: EnrollmentWindowMessages.closed };
}

/** The window as GET /me answers it (dates MM/DD/YYYY, the spec's display form). */
export const ZElectionWindow = z.object({
  open: z.boolean(),
  why: z.enum(WINDOW_REASONS).nullable(),
  /** MM/DD/YYYY: the last day elections may change in this window; null when closed or for a life event. */
  lastDay: z.string().nullable(),
  /** Whole days from the client's today to the last day (0 on the last day); null as lastDay. */
  daysLeft: z.number().int().nullable(),
});
export type ElectionWindow = z.infer<typeof ZElectionWindow>;

export const CLOSED_WINDOW: ElectionWindow = { open: false, why: null, lastDay: null, daysLeft: null };

export function toElectionWindow(answer: WindowAnswer): ElectionWindow {
  return answer.open ? { open: true, why: answer.why, lastDay: isoToUs(answer.lastDay), daysLeft: answer.daysLeft } : CLOSED_WINDOW;
}
