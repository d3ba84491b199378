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
  /** Re-drive work recorded in PostgreSQL that never reached the queue (a tick every minute). */
  'maintenance.redrive': { tick: string };
}

export type JobName = keyof JobPayloads;

export interface JobDefinition {
  queue: QueueName;
  attempts: number;
  /** Base delay of the exponential backoff between attempts. */
  backoffMs: number;
  /**
   * Drop the job from Redis once it completes. Only for jobs whose handler finds its work done in PostgreSQL
   * (a second run is a no-op): a campaign's 10,000 recipients would otherwise stay in Redis for good.
   */
  removeOnComplete?: boolean;
}

export const JOBS: Readonly<Record<JobName, JobDefinition>> = {
  'email.send': { queue: QueueName.Email, attempts: 6, backoffMs: 5000 },
  'documents.enrollment-summary': { queue: QueueName.Documents, attempts: 5, backoffMs: 2000 },
  'actions.sign': { queue: QueueName.Documents, attempts: 5, backoffMs: 2000 },
  'reports.export': { queue: QueueName.Reports, attempts: 3, backoffMs: 5000 },
  'open-enrollment.close-expired-periods': { queue: QueueName.OpenEnrollment, attempts: 3, backoffMs: 60_000 },
  'open-enrollment.close-period': { queue: QueueName.OpenEnrollment, attempts: 5, backoffMs: 30_000 },
  'communications.fan-out': { queue: QueueName.Campaigns, attempts: 5, backoffMs: 2000 },
  'communications.send': { queue: QueueName.Campaigns, attempts: 6, backoffMs: 5000, removeOnComplete: true },
  'maintenance.redrive': { queue: QueueName.Maintenance, attempts: 1, backoffMs: 1000 },
};

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
  /** A period's delayed close, per end date: a changed date is a new job, the old one finds nothing to close. */
  periodCloseAtEnd: (periodId: number, endDate: string): string => `oe-close-${periodId}-end-${endDate}`,
  /** A period's close found late by the sweep: one per period and day. */
  periodCloseOn: (periodId: number, day: string): string => `oe-close-${periodId}-on-${day}`,
  campaignFanOut: (campaignId: number): string => `campaign-fan-out-${campaignId}`,
  /** One per campaign and employee: queueing a recipient twice sends once. */
  campaignRecipient: (campaignId: number, employeeId: number): string => `campaign-${campaignId}-${employeeId}`,
  /** Periodic work: one id per tick, so several worker replicas never run the same tick twice. */
  tick: (name: JobName, at: Date, unit: 'minute' | 'hour' | 'day'): string => `${name}:${at.toISOString().slice(0, { minute: 16, hour: 13, day: 10 }[unit])}`,
} as const;
