import { addDays } from './engine/dates';

/**
 * When an employee may change elections (issue 14: "the window is enforced on every write"): during the
 * client's open enrollment (start date to end date, in the client's time zone, until it is closed), or in
 * the new-hire window around the employee's eligibility date. An approved life event opens its own window
 * (document 2, mid-year changes). Framework-free: the API enforces it, the site explains it.
 */

/** Days after the eligibility date (hire date when none) during which a new hire may enroll. Not a spec value: chosen here. */
export const NEW_HIRE_WINDOW_DAYS = 30;

export const EnrollmentWindowMessages = {
  closed:
    'Enrollment is closed. Elections can be changed during open enrollment, within 30 days of becoming eligible as a new hire, or after a qualifying life event.',
} as const;

export interface WindowFacts {
  /** The client's calendar date today (YYYY-MM-DD, in its time zone). */
  today: string;
  /** The client's current period, or null when it has none. */
  /** `started` false: Ready to Start (HR has not started it yet). */
  period: { startDate: string; endDate: string; closedDate: string | null; started: boolean } | null;
  newHire: boolean;
  /** YYYY-MM-DD; the hire date stands in when null. */
  eligibilityDate: string | null;
  hireDate: string | null;
}

export type WindowAnswer = { open: true; why: 'open-enrollment' | 'new-hire' } | { open: false; message: string };

export function enrollmentWindow(f: WindowFacts): WindowAnswer {
  const p = f.period;
  if (p && p.started && p.closedDate === null && p.startDate <= f.today && f.today <= p.endDate) return { open: true, why: 'open-enrollment' };
  const eligible = f.eligibilityDate ?? f.hireDate;
  if (f.newHire && eligible !== null && f.today <= addDays(eligible, NEW_HIRE_WINDOW_DAYS)) return { open: true, why: 'new-hire' };
  return { open: false, message: EnrollmentWindowMessages.closed };
}
