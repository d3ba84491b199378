import { z } from 'zod';

/** The Status Dashboard (document 3 sections 2.4, 3 and 7). */
export const StatusDashboardMessages = {
  choosePeriod: 'Please choose Open Enrollment period',
  // Word for word, the documents' own typo included.
  noInformation: "Sorry, we don't information about this Open Enrollment Period.",
} as const;

/** Completion is a percentage (document 3 section 9: progress maximum 100). */
export const PROGRESS_MAX = 100;

/** Decided plan types out of those offered, as a whole percentage, never above 100. */
export function completion(decided: number, offered: number): number {
  if (offered <= 0) return 0;
  return Math.min(PROGRESS_MAX, Math.round((decided * 100) / offered));
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
  enrollments: z.array(z.object({ planTypeId: z.number().int(), available: z.boolean(), status: z.string() })),
});
export type DashboardUser = z.infer<typeof ZDashboardUser>;

export const ZDashboard = z.object({
  id: z.number().int(),
  title: z.string(),
  current: z.enum(['0', '1']),
  /** The plan types offered in the period, one column each. */
  plans: z.array(z.object({ planTypeId: z.number().int(), planType: z.string() })),
  /** Sorted by last name, then first name. */
  users: z.array(ZDashboardUser),
});
export type Dashboard = z.infer<typeof ZDashboard>;

/** POST /dashboards/{id}/download?format=csv|xlsx (the reports worker writes it). */
export const ZDashboardExportQuery = z.object({ format: z.enum(['xlsx', 'csv']).default('xlsx') });
