import { dashboardAuditEntry } from './dashboard-audit';

describe('the queue dashboard audit entry', () => {
  it.each<[string, string, Record<string, string>, string | null]>([
    ['GET', '/api/queues', {}, null],
    ['GET', '/api/queues/:queueName/:jobId', { queueName: 'email', jobId: 'email-1' }, null],
    ['PUT', '/api/queues/:queueName/:jobId/retry', { queueName: 'reports', jobId: 'report-export-3' }, 'Queue dashboard: retry (queue reports, job report-export-3)'],
    ['PUT', '/api/queues/:queueName/retry/:queueStatus', { queueName: 'email', queueStatus: 'failed' }, 'Queue dashboard: retry (queue email, jobs in failed)'],
    ['PUT', '/api/queues/:queueName/clean/:queueStatus', { queueName: 'email', queueStatus: 'completed' }, 'Queue dashboard: clean (queue email, jobs in completed)'],
    ['PUT', '/api/queues/:queueName/:jobId/clean', { queueName: 'email', jobId: 'email-2' }, 'Queue dashboard: clean (queue email, job email-2)'],
    ['PUT', '/api/queues/:queueName/promote', { queueName: 'open-enrollment' }, 'Queue dashboard: promote (queue open-enrollment)'],
    ['PUT', '/api/queues/pause', {}, 'Queue dashboard: pause (every queue)'],
    ['PUT', '/api/queues/:queueName/rate-limit/release', { queueName: 'campaigns' }, 'Queue dashboard: rate-limit release (queue campaigns)'],
    ['PATCH', '/api/queues/:queueName/job-schedulers/:schedulerId', { queueName: 'maintenance', schedulerId: 's1' }, 'Queue dashboard: job-schedulers (queue maintenance, scheduler s1)'],
    ['POST', '/api/metrics/history/purge', {}, 'Queue dashboard: metrics history purge (every queue)'],
  ])('%s %s', (method, template, params, description) => {
    expect(dashboardAuditEntry(method, template, params)?.description ?? null).toBe(description);
  });

  it('names the action, queue and job in its fields, and is a change entry of no client', () => {
    const entry = dashboardAuditEntry('PUT', '/api/queues/:queueName/:jobId/retry', { queueName: 'reports', jobId: 'r-1' });
    expect(entry).toMatchObject({ eventType: 'Queue dashboard', actionType: 'update' });
    expect(entry?.data?.map((d) => [d.title, d.newValue])).toEqual([
      ['Action', 'retry'],
      ['Queue', 'reports'],
      ['Job', 'r-1'],
    ]);
  });
});
