import { QueueName } from '../queues/queue-names';

/**
 * Every job of the product, once: its name, its payload and its queue. A job that concerns a client carries
 * `clientId` and `requestedBy` (the account that caused it, null for the system), never an AuthUser: workers
 * have no HTTP user. Handlers are module service methods marked @OnJob(name); the workers refuse to start
 * when a job here has none.
 */
export interface JobPayloads {
  /** Send one email_message row (MailService records it; EmailSender sends it). */
  'email.send': { messageId: number };
  /** Render and store the PDF of a signed enrollment summary. */
  'documents.enrollment-summary': { signatureId: number; clientId: number; requestedBy: number | null };
  /** Stamp HR's approval onto every form of one approved action and store the signed copies (action center). */
  'actions.sign': { approvalId: number; actionId: number; clientId: number; requestedBy: number | null };
  /** Write a report's xlsx with exceljs's streaming writer, recording its progress (reports worker). */
  'reports.export': { exportId: number; clientId: number; requestedBy: number | null };
  /** The sweep (an hourly tick): closes periods past their end in their client's time zone and keeps each open period's delayed close queued. */
  'open-enrollment.close-expired-periods': { tick: string };
  /** Close one period once its last day has ended in its client's time zone (the primary trigger: a delayed job). */
  'open-enrollment.close-period': { periodId: number; endDate: string; clientId: number; requestedBy: number | null };
  /** Queue one send job per recipient of a campaign, in chunks (Communications). */
  'communications.fan-out': { campaignId: number; clientId: number; requestedBy: number | null };
  /** Render and send one campaign email to one employee, exactly once (its email_message row's key is fixed). */
  'communications.send': { campaignId: number; employeeId: number; clientId: number; requestedBy: number | null };
  /** The sweep (an hourly tick): signed life events still without their document 7 days on (the clock's, in each client's zone). */
  'life-events.proof-reminders': { tick: string };
  /** Remind one employee, once, to upload the document their signed life event waits for. */
  'life-events.proof-reminder': { lifeEventId: number; clientId: number; requestedBy: number | null };
  /** Write one payroll deduction file (a pay period's employee and employer amounts per plan type) as xlsx or CSV. */
  'transactions.payroll-deductions': { exportId: number; clientId: number; requestedBy: number | null };
  /** The sweep (an hourly tick): weekly carriers without their file for the current week (in their client's zone). */
  'carrier-feeds.weekly-files': { tick: string };
  /** Write one carrier's weekly EDI 834 changes file, sealed, once per carrier and week. */
  'carrier-feeds.weekly-file': { carrierId: number; week: string; clientId: number; requestedBy: number | null };
  /** Write the 834 someone asked for from Transactions, sealed: one per request. */
  'carrier-feeds.file': { requestId: number; clientId: number; requestedBy: number | null };
  /** Add a checked census file's employees, a chunk per transaction with its progress. */
  'imports.census-commit': { importId: number; clientId: number; requestedBy: number | null };
  /** Re-drive work recorded in PostgreSQL that never reached the queue (a tick every minute). */
  'maintenance.redrive': { tick: string };
}

export type JobName = keyof JobPayloads;

/**
 * How a job's work is done even when the job never reached Redis (a failed tryQueue, an after-commit add that
 * Redis refused, a worker that lost it):
 * - 'sweep': the re-drive sweep (maintenance.redrive, RedriveService) finds the work still undone in
 *   PostgreSQL and queues it again under its fixed id;
 * - 'tick': periodic work, queued again by its next tick (workers/src/ticks.ts);
 * - { by }: the job named queues it again each time it runs (that job being re-driven in turn).
 */
export type JobRedrive = 'sweep' | 'tick' | { by: JobName };

export interface JobDefinition {
  queue: QueueName;
  redrive: JobRedrive;
  attempts: number;
  /** Base delay of the exponential backoff between attempts. */
  backoffMs: number;
  /**
   * Drop the job from Redis once it completes. Only for jobs whose handler finds its work done in PostgreSQL
   * (a second run is a no-op): a campaign's 10,000 recipients would otherwise stay in Redis for good.
   */
  removeOnComplete?: boolean;
}

// Kept literal (as const) so that SweptJobName below knows which jobs the sweep must cover.
const DEFINITIONS = {
  'email.send': { queue: QueueName.Email, redrive: 'sweep', attempts: 6, backoffMs: 5000 },
  'documents.enrollment-summary': { queue: QueueName.Documents, redrive: 'sweep', attempts: 5, backoffMs: 2000 },
  'actions.sign': { queue: QueueName.Documents, redrive: 'sweep', attempts: 5, backoffMs: 2000 },
  'reports.export': { queue: QueueName.Reports, redrive: 'sweep', attempts: 3, backoffMs: 5000 },
  'open-enrollment.close-expired-periods': { queue: QueueName.OpenEnrollment, redrive: 'tick', attempts: 3, backoffMs: 60_000 },
  // The hourly sweep queues every open period's delayed close again, and the close of every period past its end.
  'open-enrollment.close-period': { queue: QueueName.OpenEnrollment, redrive: { by: 'open-enrollment.close-expired-periods' }, attempts: 5, backoffMs: 30_000 },
  'communications.fan-out': { queue: QueueName.Campaigns, redrive: 'sweep', attempts: 5, backoffMs: 2000 },
  // A fan-out queues every recipient still pending; the sweep fans out again a campaign that stalled.
  'communications.send': { queue: QueueName.Campaigns, redrive: { by: 'communications.fan-out' }, attempts: 6, backoffMs: 5000, removeOnComplete: true },
  'life-events.proof-reminders': { queue: QueueName.Maintenance, redrive: 'tick', attempts: 3, backoffMs: 60_000 },
  // The hourly sweep queues again every reminder still due (the row says whether it was sent).
  'life-events.proof-reminder': { queue: QueueName.Maintenance, redrive: { by: 'life-events.proof-reminders' }, attempts: 5, backoffMs: 30_000 },
  'transactions.payroll-deductions': { queue: QueueName.Reports, redrive: 'sweep', attempts: 3, backoffMs: 5000 },
  'carrier-feeds.weekly-files': { queue: QueueName.Maintenance, redrive: 'tick', attempts: 3, backoffMs: 60_000 },
  // The hourly sweep queues again every weekly file still missing for its week.
  'carrier-feeds.weekly-file': { queue: QueueName.Maintenance, redrive: { by: 'carrier-feeds.weekly-files' }, attempts: 5, backoffMs: 30_000 },
  'carrier-feeds.file': { queue: QueueName.Reports, redrive: 'sweep', attempts: 3, backoffMs: 5000 },
  // Chunks already added are skipped by a run again (rows_done), so a retry or a second run adds nothing twice.
  'imports.census-commit': { queue: QueueName.Imports, redrive: 'sweep', attempts: 5, backoffMs: 5000 },
  'maintenance.redrive': { queue: QueueName.Maintenance, redrive: 'tick', attempts: 1, backoffMs: 1000 },
} as const satisfies Record<JobName, JobDefinition>;

export const JOBS: Readonly<Record<JobName, JobDefinition>> = DEFINITIONS;

/** The jobs the re-drive sweep must queue again itself (RedriveService has one re-drive per name, by type). */
export type SweptJobName = { [N in JobName]: (typeof DEFINITIONS)[N]['redrive'] extends 'sweep' ? N : never }[JobName];

export const JOB_NAMES = Object.keys(JOBS) as JobName[];

/**
 * Thrown by a handler that must wait (a per-client send rate): the workers put the job back as delayed for
 * `ms` without spending an attempt.
 */
export class JobDelay extends Error {
  constructor(readonly ms: number) {
    super(`wait ${ms} ms`);
  }
}

/** What a handler learns about the run besides the payload. */
export interface JobRun {
  id: string | undefined;
  attemptsMade: number;
  attempts: number;
}

/** Fixed job ids: the same work always has the same id, so queueing it twice runs it once. */
export const JobIds = {
  email: (messageId: number): string => `email-${messageId}`,
  enrollmentSummary: (signatureId: number): string => `enrollment-summary-${signatureId}`,
  /** One job per action of an approval; a later approval of the same action (after a failed one) is a new job. */
  actionSigning: (approvalId: number, actionId: number): string => `action-signing-${approvalId}-${actionId}`,
  reportExport: (exportId: number): string => `report-export-${exportId}`,
  payrollDeductions: (exportId: number): string => `payroll-deductions-${exportId}`,
  /** A period's delayed close, per end date: a changed date is a new job, the old one finds nothing to close. */
  periodCloseAtEnd: (periodId: number, endDate: string): string => `oe-close-${periodId}-end-${endDate}`,
  /** A period's close found late by the sweep: one per period and day. */
  periodCloseOn: (periodId: number, day: string): string => `oe-close-${periodId}-on-${day}`,
  campaignFanOut: (campaignId: number): string => `campaign-fan-out-${campaignId}`,
  /** One per campaign and employee: queueing a recipient twice sends once. */
  campaignRecipient: (campaignId: number, employeeId: number): string => `campaign-${campaignId}-${employeeId}`,
  /** One per life event: the reminder to upload its document is sent once. */
  proofReminder: (lifeEventId: number): string => `life-event-proof-reminder-${lifeEventId}`,
  /** One commit per census import. */
  censusCommit: (importId: number): string => `census-commit-${importId}`,
  /** One weekly file per carrier and week (the week's Monday, YYYY-MM-DD). */
  carrierWeeklyFile: (carrierId: number, week: string): string => `carrier-weekly-${carrierId}-${week}`,
  /** One file per request from Transactions. */
  carrierFile: (requestId: number): string => `carrier-file-${requestId}`,
  /**
   * Periodic work: one id per tick, so several worker replicas never run the same tick twice. No ':' anywhere
   * (BullMQ's key separator: it refuses such ids), so the minute is written 02-30.
   */
  tick: (name: JobName, at: Date, unit: 'minute' | 'hour' | 'day'): string =>
    `${name}-${at.toISOString().slice(0, { minute: 16, hour: 13, day: 10 }[unit]).replace(':', '-')}`,
} as const;
