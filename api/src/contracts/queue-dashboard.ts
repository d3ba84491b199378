import { z } from 'zod';

/** POST /queue-dashboard/ticket: a one-time code for the dashboard's entry address, exchanged at once for a cookie. */
export const ZQueueDashboardTicket = z.object({ ticket: z.string(), url: z.string() });
export type QueueDashboardTicket = z.infer<typeof ZQueueDashboardTicket>;
