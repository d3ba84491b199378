import { getQueueToken } from '@nestjs/bullmq';
import { Worker, type Job, type Queue } from 'bullmq';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../api/src/core/config/app-config';
import { TokenService } from '../../api/src/core/auth/token.service';
import { QueueDashboardMessages } from '../../api/src/contracts/queue-dashboard';
import { ALL_QUEUES, QueueName } from '../../api/src/core/queues/queue-names';
import { redisConnection } from '../../api/src/core/queues/queues.module';
import { createTestApp, type TestApp } from '../support/app';
import { acmeClientId, createPerson } from '../support/fixtures';

const BASE = '/mbl/api/admin/queues';

/**
 * Issue 32 item 2: bull-board for platform administrators only ('queues:manage'), every declared queue shown,
 * every change it makes audited; anyone else finds nothing there (404, as at an unknown address).
 */
describe('queue dashboard', () => {
  let t: TestApp;
  let db: DataSource;
  let config: AppConfig;
  let admin: { accountId: number; token: string };

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    config = t.app.get<AppConfig>(APP_CONFIG);
    // No screen grants the flag: an operator sets it in the database, as here.
    const person = await createPerson(db, { registered: true });
    await db.query(`UPDATE account SET platform_admin = true WHERE id = $1`, [person.accountId]);
    admin = { accountId: person.accountId!, token: await t.login(person.email) };
  });
  afterAll(() => t.close());

  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  const origin = () => new URL(config.publicUrl).origin;

  it('grants queues:manage to the platform administrator alone (the seeded ops@platform.test too)', async () => {
    const me = await request(t.server).get('/mbl/api/me').set(bearer(admin.token)).expect(200);
    expect(me.body.permissions).toContain('queues:manage');
    const ops = await request(t.server).get('/mbl/api/me').set(bearer(await t.login('ops@platform.test'))).expect(200);
    expect(ops.body.permissions).toEqual(['queues:manage', 'mfa:self', 'mfa:reset']);
    for (const username of ['hr@acme.test', 'agent@harbor.test', 'jane@acme.test', 'tess@acme.test']) {
      const other = await request(t.server).get('/mbl/api/me').set(bearer(await t.login(username))).expect(200);
      expect({ username, queues: other.body.permissions.includes('queues:manage') }).toEqual({ username, queues: false });
    }
  });

  it('shows the platform administrator the page, its files and every queue of the registry, under a CSP of its own', async () => {
    const page = await request(t.server).get(`${BASE}/`).set(bearer(admin.token)).expect(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.text).toContain(`<base href="${BASE}/" />`);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
    // Every script the page names is served.
    const scripts = [...page.text.matchAll(/<script defer src="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) await request(t.server).get(`${BASE}/${src}`).set(bearer(admin.token)).expect(200);

    const listing = await request(t.server).get(`${BASE}/api/queues`).set(bearer(admin.token)).expect(200);
    const names = (listing.body.queues as Array<{ name: string }>).map((q) => q.name).sort();
    expect(names).toEqual([...ALL_QUEUES].sort());
  });

  it('answers everyone else 404, exactly as an unknown address: HR, an agent, an employee, a test user, an impersonation, no one', async () => {
    const tokens: Record<string, string | null> = {
      hr: await t.login('hr@acme.test'),
      agent: await t.login('agent@harbor.test'),
      employee: await t.login('jane@acme.test'),
      'test user': await t.login('tess@acme.test'),
      // A token claiming the flag while acting as an employee: an impersonation never carries it.
      impersonation: await t.app.get(TokenService).issue({ sub: admin.accountId, emp: null, cid: await acmeClientId(db), adm: false, ag: null, tu: false, pa: true, imp: admin.accountId }),
      anonymous: null,
    };
    const unknown = await request(t.server).get('/mbl/api/admin/nothing-here');
    expect(unknown.status).toBe(404);
    const targets: Array<['get' | 'put', string]> = [
      ['get', `${BASE}`],
      ['get', `${BASE}/queue/email`],
      ['get', `${BASE}/api/queues`],
      ['get', `${BASE}/static/images/logo.svg`],
      ['put', `${BASE}/api/queues/pause`],
      ['put', `${BASE}/api/queues/email/retry/failed`],
    ];
    for (const [who, token] of Object.entries(tokens)) {
      for (const [method, path] of targets) {
        const req = request(t.server)[method](path);
        const res = await (token ? req.set(bearer(token)) : req);
        expect({ who, path, status: res.status }).toEqual({ who, path, status: 404 });
        // The API's own policy and body shape: nothing tells the dashboard is there.
        expect(res.headers['content-security-policy']).toBe(unknown.headers['content-security-policy']);
        expect(Object.keys(res.body as object).sort()).toEqual(Object.keys(unknown.body as object).sort());
      }
    }
    // The site's way in is an API route like any other: 403 without the permission.
    await request(t.server).post('/mbl/api/queue-dashboard/ticket').set(bearer(tokens.hr!)).expect(403);
  });

  it('retries a failed job through the dashboard and audits who retried which job of which queue', async () => {
    const queue = t.app.get<Queue>(getQueueToken(QueueName.Reports), { strict: false });
    const jobId = `queue-dashboard-retry-${Date.now()}`;
    // A job its handler would refuse (no export 0), made to fail through BullMQ itself: a worker takes it (lifo:
    // before anything already waiting) and fails it, out of attempts.
    await queue.add('reports.export', { exportId: 0, clientId: await acmeClientId(db), requestedBy: null }, { jobId, attempts: 1, lifo: true });
    const worker = new Worker(queue.name, null, { connection: redisConnection(config.redisUrl), prefix: config.queuePrefix, autorun: false });
    let job: Job | undefined;
    try {
      job = (await worker.getNextJob('test-token')) as Job | undefined;
      expect(job?.id).toBe(jobId);
      await job!.moveToFailed(new Error('report export 0 does not exist'), 'test-token', false);
    } finally {
      await worker.close();
    }
    expect(await queue.getJobState(jobId)).toBe('failed');
    const failed = await request(t.server).get(`${BASE}/api/queues/${queue.name}/${jobId}`).set(bearer(admin.token)).expect(200);
    expect(failed.body.job.failedReason).toBe('report export 0 does not exist');

    await request(t.server).put(`${BASE}/api/queues/${queue.name}/${jobId}/retry`).set(bearer(admin.token)).expect((res) => expect(res.status).toBeLessThan(300));
    expect(await queue.getJobState(jobId)).toBe('waiting');

    const rows = (await db.query(
      `SELECT client_id, performed_by, event_type, action_type, description, data FROM audit_log WHERE performed_by = $1 AND event_type = 'Queue dashboard' ORDER BY id`,
      [admin.accountId],
    )) as Array<{ client_id: number | null; performed_by: number; action_type: string; description: string; data: Array<{ title: string; newValue: string }> }>;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ client_id: null, action_type: 'update', description: `Queue dashboard: retry (queue ${queue.name}, job ${jobId})` });
    expect(rows[0]!.data.map((d) => [d.title, d.newValue])).toEqual([
      ['Action', 'retry'],
      ['Queue', queue.name],
      ['Job', jobId],
    ]);
    // A read is not audited; a refused change is neither made nor audited.
    await request(t.server).put(`${BASE}/api/queues/${queue.name}/${jobId}/retry`).set(bearer(await t.login('hr@acme.test'))).expect(404);
    await queue.remove(jobId);
    const after = (await db.query(`SELECT count(*)::int AS n FROM audit_log WHERE event_type = 'Queue dashboard'`)) as Array<{ n: number }>;
    expect(after[0]!.n).toBe(1);
  });

  it('refuses to add a job, edit its data or wipe a queue: the portal alone writes jobs (403, nothing changed, nothing audited)', async () => {
    const queue = t.app.get<Queue>(getQueueToken(QueueName.Reports), { strict: false });
    const jobId = `queue-dashboard-refused-${Date.now()}`;
    const data = { exportId: 0, clientId: await acmeClientId(db), requestedBy: null };
    await queue.add('reports.export', data, { jobId, delay: 3_600_000 });
    const before = await queue.count();
    const refused = [
      request(t.server).post(`${BASE}/api/queues/${queue.name}/add`).send({ name: 'reports.export', data: { exportId: 1, clientId: 1 } }),
      request(t.server).patch(`${BASE}/api/queues/${queue.name}/${jobId}/update-data`).send({ jobData: { exportId: 2, clientId: 999 } }),
      request(t.server).put(`${BASE}/api/queues/${queue.name}/obliterate`),
    ];
    for (const call of refused) {
      const res = await call.set(bearer(admin.token));
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(QueueDashboardMessages.refused);
    }
    expect(await queue.count()).toBe(before);
    expect((await queue.getJob(jobId))?.data).toEqual(data);
    const audited = (await db.query(`SELECT count(*)::int AS n FROM audit_log WHERE performed_by = $1 AND description LIKE '%refused%'`, [admin.accountId])) as Array<{ n: number }>;
    expect(audited[0]!.n).toBe(0);
    await queue.remove(jobId);
  });

  it("lets the site in with a one-time ticket that becomes the dashboard's cookie; a change from another origin is refused", async () => {
    const { ticket, url } = (await request(t.server).post('/mbl/api/queue-dashboard/ticket').set(bearer(admin.token)).expect(200)).body as { ticket: string; url: string };
    expect(url).toBe(`${BASE}/?ticket=${ticket}`);
    const entry = await request(t.server).get(url).expect(303);
    expect(entry.headers.location).toBe(`${BASE}/`);
    const setCookie = String(entry.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly; SameSite=Strict/);
    expect(setCookie).toContain(`Path=${BASE}`);
    const cookie = setCookie.split(';')[0]!;
    // Once only.
    await request(t.server).get(url).expect(404);

    await request(t.server).get(`${BASE}/`).set('Cookie', cookie).expect(200);
    await request(t.server).get(`${BASE}/api/queues`).set('Cookie', cookie).expect(200);
    await request(t.server).put(`${BASE}/api/queues/${QueueName.Maintenance}/pause`).set('Cookie', cookie).set('Origin', 'https://elsewhere.example').expect(404);
    await request(t.server).put(`${BASE}/api/queues/${QueueName.Maintenance}/pause`).set('Cookie', cookie).set('Origin', origin()).expect((res) => expect(res.status).toBeLessThan(300));
    await request(t.server).put(`${BASE}/api/queues/${QueueName.Maintenance}/resume`).set('Cookie', cookie).set('Origin', origin()).expect((res) => expect(res.status).toBeLessThan(300));
    const actions = (await db.query(`SELECT description FROM audit_log WHERE performed_by = $1 AND event_type = 'Queue dashboard' ORDER BY id`, [admin.accountId])) as Array<{ description: string }>;
    expect(actions.slice(-2).map((a) => a.description)).toEqual([`Queue dashboard: pause (queue ${QueueName.Maintenance})`, `Queue dashboard: resume (queue ${QueueName.Maintenance})`]);

    // Logging out ends the session behind the cookie and the token alike.
    await request(t.server).post('/mbl/api/logout').set(bearer(admin.token));
    await request(t.server).get(`${BASE}/api/queues`).set('Cookie', cookie).expect(404);
    await request(t.server).get(`${BASE}/api/queues`).set(bearer(admin.token)).expect(404);
    await request(t.server).get(`${BASE}/?ticket=${'x'.repeat(32)}`).expect(404);
  });
});
