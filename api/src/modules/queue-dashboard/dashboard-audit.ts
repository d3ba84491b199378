import type { AuditRecord } from '../../core/audit/audit.service';

/** The queue dashboard's audit entries: platform work, so they belong to no client's audit log. */
export const QUEUE_DASHBOARD_EVENT = 'Queue dashboard';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Route parameters worth naming in an entry, with their titles. */
const NAMED: ReadonlyArray<readonly [string, string]> = [
  ['queueName', 'Queue'],
  ['jobId', 'Job'],
  ['queueStatus', 'Jobs in'],
  ['schedulerId', 'Scheduler'],
];

/**
 * The entry for one answered dashboard request, or null when it changed nothing. Worked out from bull-board's
 * route template rather than a list of its actions, so an action a later bull-board adds is still recorded:
 * every request that is not a read is one. The action is the template's fixed words after the queues part
 * (`/api/queues/:queueName/:jobId/retry` is "retry", `/api/queues/:queueName/clean/:queueStatus` is "clean").
 * Bodies are not recorded: an edited job's data stays out of the log like every payload.
 */
export function dashboardAuditEntry(method: string, template: string, params: Readonly<Record<string, string | undefined>>): AuditRecord | null {
  if (SAFE.has(method)) return null;
  const words = template
    .replace(/^\/api(\/queues)?(?=\/|$)/, '')
    .split('/')
    .filter((s) => s !== '' && !s.startsWith(':') && s !== '*');
  const action = words.length > 0 ? words.join(' ') : method.toLowerCase();
  const named = NAMED.filter(([key]) => typeof params[key] === 'string' && params[key] !== '');
  const where = named.map(([key, title]) => `${title.toLowerCase()} ${params[key]}`).join(', ');
  return {
    eventType: QUEUE_DASHBOARD_EVENT,
    actionType: 'update',
    description: where ? `Queue dashboard: ${action} (${where})` : `Queue dashboard: ${action} (every queue)`,
    data: [
      { title: 'Action', oldValue: null, newValue: action, changed: true },
      ...named.map(([key, title]) => ({ title, oldValue: null, newValue: params[key] ?? null, changed: true })),
    ],
  };
}
