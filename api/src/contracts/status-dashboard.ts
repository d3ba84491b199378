import { z } from 'zod';
import { emptyToUndefined } from './common';
import { ENROLLMENT_STATES, type EnrollmentState } from './enrollment-completion';

/** The Status Dashboard. */
export const StatusDashboardMessages = {
  choosePeriod: 'Please choose Open Enrollment period',
  // Word for word, the documents' own typo included.
  noInformation: "Sorry, we don't information about this Open Enrollment Period.",
  // Not spec texts: the dashboard's filters and "Remind the unfinished".
  noMatches: 'No employees match these filters',
  remindNotOpen: 'Reminders can be sent only while this open enrollment is running',
  nobodyToRemind: 'Everyone has finished: there is nobody to remind',
  remindTitle: 'Remind the unfinished',
  remindSent: (count: number) => `The reminder is going out to ${count} ${count === 1 ? 'employee' : 'employees'}.`,
  remindRunning: 'The reminder sent earlier is still going out: nothing new was sent.',
  remindRecipients: (count: number) => `It goes to ${count} ${count === 1 ? 'employee' : 'employees'} who have not finished:`,
  remindUnreachable: (count: number) => `${count} more ${count === 1 ? 'employee has' : 'employees have'} not finished but no email address on file, so cannot be reminded:`,
} as const;

/** Completion is a percentage (progress maximum 100). */
export const PROGRESS_MAX = 100;

/** Decided plan types out of those offered, as a whole percentage, never above 100. */
export function completion(decided: number, offered: number): number {
  if (offered <= 0) return 0;
  return Math.min(PROGRESS_MAX, Math.round((decided * 100) / offered));
}

/**
 * Finished: every plan type the employee can take decided (completion at 100) and signed when a signature is
 * due. Close OE now counts the others (GET /dashboards/{id}/unfinished) with the dashboard's own figures.
 */
export function isFinished(u: { progress: number; signatureRequired: boolean; signature: boolean }): boolean {
  return u.progress >= PROGRESS_MAX && (!u.signatureRequired || u.signature);
}

export const ZDashboardPeriod = z.object({ id: z.number().int(), title: z.string(), current: z.enum(['0', '1']) });
export const ZDashboardPeriodList = z.array(ZDashboardPeriod);

export const ZDashboardUser = z.object({
  employeeId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  signatureRequired: z.boolean(),
  /** Signed since the period started. */
  signature: z.boolean(),
  progress: z.number().int().min(0).max(PROGRESS_MAX),
  /** Where they stand (contracts/enrollment-completion enrollmentState). */
  state: z.enum(ENROLLMENT_STATES),
  /** The plan types they can take and have not decided yet, by name. */
  missing: z.array(z.string()),
  enrollments: z.array(z.object({ planTypeId: z.number().int(), available: z.boolean(), status: z.string() })),
});
export type DashboardUser = z.infer<typeof ZDashboardUser>;

export const ZDashboard = z.object({
  id: z.number().int(),
  title: z.string(),
  current: z.enum(['0', '1']),
  /** The plan types offered in the period, one column each. */
  plans: z.array(z.object({ planTypeId: z.number().int(), planType: z.string() })),
  /** Sorted by last name, then first name; only those the filters match. */
  users: z.array(ZDashboardUser),
  /** Everyone of the period in each state, whatever the filters. */
  totals: z.object({ all: z.number().int(), 'not-started': z.number().int(), 'in-progress': z.number().int(), 'not-signed': z.number().int(), finished: z.number().int() }),
});
export type Dashboard = z.infer<typeof ZDashboard>;

/** GET /dashboards/{id}/unfinished: how many of the period's employees have not finished (isFinished). */
export const ZUnfinishedCount = z.object({ periodId: z.number().int(), title: z.string(), employees: z.number().int(), unfinished: z.number().int() });
export type UnfinishedCount = z.infer<typeof ZUnfinishedCount>;

/** GET /dashboards/{id}?state=&q=: the list's filters (absent: everyone). */
export const SEARCH_MAX_LENGTH = 100;
export const ZDashboardQuery = z.object({
  state: z.preprocess(emptyToUndefined, z.enum([...ENROLLMENT_STATES, 'unfinished']).optional()),
  /** Part of a first or last name, any case. */
  q: z.preprocess(emptyToUndefined, z.string().trim().max(SEARCH_MAX_LENGTH).optional()),
});
export type DashboardQuery = z.infer<typeof ZDashboardQuery>;

/** Whether a state filter takes an employee in this state ('unfinished': every state but finished). */
export function stateMatches(filter: DashboardQuery['state'], state: EnrollmentState): boolean {
  if (filter === undefined) return true;
  return filter === 'unfinished' ? state !== 'finished' : filter === state;
}

/** GET /dashboards/{id}/reminder: "Remind the unfinished" before it is sent: the email and exactly who gets it. */
export const ZReminderPreview = z.object({
  periodId: z.number().int(),
  title: z.string(),
  /** The subject, html and text exactly as sent, shown for the first recipient. */
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  recipients: z.array(z.object({ employeeId: z.number().int(), firstName: z.string(), lastName: z.string(), email: z.string(), state: z.enum(ENROLLMENT_STATES), missing: z.array(z.string()) })),
  /** Unfinished, but with no email address on file: they cannot be reminded by email. */
  unreachable: z.array(z.object({ employeeId: z.number().int(), firstName: z.string(), lastName: z.string() })),
});
export type ReminderPreview = z.infer<typeof ZReminderPreview>;

/** POST /dashboards/{id}/download?format=csv|xlsx (the reports worker writes it). */
export const ZDashboardExportQuery = z.object({ format: z.enum(['xlsx', 'csv']).default('xlsx') });
