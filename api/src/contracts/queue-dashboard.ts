import { z } from 'zod';

/** POST /queue-dashboard/ticket: a one-time code for the dashboard's entry address, exchanged at once for a cookie. */
export const ZQueueDashboardTicket = z.object({ ticket: z.string(), url: z.string() });
export type QueueDashboardTicket = z.infer<typeof ZQueueDashboardTicket>;

/**
 * The dashboard's actions that would write a job by hand: adding one, editing a job's data, or wiping a queue with
 * its schedulers. Jobs carry a client and the person they act for, and the portal alone queues them (fixed ids,
 * re-driven from PostgreSQL); an operator may retry, clean, promote or pause them, not forge them. Templates are
 * bull-board's, relative to its mount.
 */
export const QUEUE_DASHBOARD_REFUSED = new Set([
  '/api/queues/:queueName/add',
  '/api/queues/:queueName/:jobId/update-data',
  '/api/queues/:queueName/obliterate',
]);

export const QueueDashboardMessages = {
  refused: 'Jobs are queued by the portal itself: they cannot be added, edited or wiped from the dashboard.',
} as const;
