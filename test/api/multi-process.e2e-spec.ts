import { type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BullModule, getQueueToken } from '@nestjs/bullmq';
import { Test, type TestingModule } from '@nestjs/testing';
import type { Queue } from 'bullmq';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { loadConfig } from '../../api/src/core/config/app-config';
import { RequestContext } from '../../api/src/core/context/request-context';
import { JobIds } from '../../api/src/core/jobs/job-registry';
import { JobsService } from '../../api/src/core/jobs/jobs.service';
import { messageIdFor } from '../../api/src/core/mail/email-sender';
import { ALL_QUEUES } from '../../api/src/core/queues/queue-names';
import { redisConnection } from '../../api/src/core/queues/queues.module';
import { Ticks } from '../../workers/src/ticks';
import { dropDatabase, prepareDatabase } from '../support/database';
import { cloneAcmeClient, cloneAcmeWithPlans, createPerson } from '../support/fixtures';
import { startProcess, waitForHealth } from '../support/portal-process';
import { freePort } from '../support/ports';
import { clearRedisPrefix } from '../support/redis-prefix';
import { DEMO_PASSWORD, REDIS_URL, RUN_ID, databaseUrls } from '../support/test-env';
import { until } from '../support/wait';
import { recordingSink, type RecordingSink } from '../support/smtp-sink';

/**
 * Issue 32 item 4: two API processes and two workers processes, built (dist/) and started as `npm start` starts
 * them, on one PostgreSQL database and one Redis prefix of the suite's own, behave as one portal.
 * The campaign has the 1,000 recipients (about 13 s); TEST_MULTI_RECIPIENTS changes it.
 */
const RECIPIENTS = Number(process.env.TEST_MULTI_RECIPIENTS ?? 1000);
const DATABASE = databaseUrls(`bp_test_${RUN_ID}_multi`);
const PREFIX = `bpmulti_${RUN_ID}`;
const API_MAIN = 'dist/api/src/main.js';
const WORKERS_MAIN = 'dist/workers/src/main.js';



/** What one worker replica's tick producer is: the workers' own Ticks over a JobsService on the suite's queues. */
async function tickReplica(): Promise<TestingModule> {
  const replica = await Test.createTestingModule({
    imports: [BullModule.forRoot({ connection: redisConnection(REDIS_URL), prefix: PREFIX }), BullModule.registerQueue(...ALL_QUEUES.map((name) => ({ name })))],
    // JobsService reads the open transaction from the request context (queueAfterCommit).
    providers: [JobsService, RequestContext, Ticks],
  }).compile();
  // A queue's Redis connection reports its own close (and a command cut by it) as an 'error' event, which
  // unheard would fail the whole file; what the tests check are the answers they wait for.
  for (const name of ALL_QUEUES) replica.get<Queue>(getQueueToken(name)).on('error', () => undefined);
  return replica;
}

describe('two API processes and two workers processes behave as one portal', () => {
  const children: ChildProcess[] = [];
  let env: NodeJS.ProcessEnv;
  let db: DataSource;
  let sink: RecordingSink;
  let files: string;
  let apis: [string, string];
  let workers: [ChildProcess, ChildProcess];

  const alive = (c: ChildProcess) => c.exitCode === null && c.signalCode === null;

  /** Until `n` workers processes take campaign jobs (each process runs one BullMQ worker per queue). */
  const workersListening = async (n: number): Promise<void> => {
    const replica = await tickReplica();
    try {
      const queue = replica.get<Queue>(getQueueToken('campaigns'));
      await until(async () => (await queue.getWorkersCount()) >= n, `${n} workers processes to listen`, 90_000);
    } finally {
      await replica.close();
    }
  };

  // Each its own health port (the default one would be taken by the first).
  const startWorkers = (healthPort: number): ChildProcess => {
    const child = startProcess(WORKERS_MAIN, { ...env, WORKER_HEALTH_PORT: String(healthPort) });
    children.push(child);
    return child;
  };

  beforeAll(async () => {
    for (const file of [API_MAIN, WORKERS_MAIN, 'web/build/server/index.js']) {
      if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first (npm test does)`);
    }
    sink = await recordingSink();
    files = mkdtempSync(join(tmpdir(), 'bp-multi-'));
    const [portA, portB, healthA, healthB] = [await freePort(), await freePort(), await freePort(), await freePort()];
    env = {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      DATABASE_URL: DATABASE.app,
      REDIS_URL,
      QUEUE_PREFIX: PREFIX,
      // One public address, as behind a load balancer.
      PUBLIC_URL: `http://127.0.0.1:${portA}`,
      WEB_MODE: 'production',
      // No development sink in either API (they would both bind its port): every process sends to the suite's sink.
      DEV_MAILBOX_SINK: 'off',
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      FILE_STORAGE_DIR: files,
      // The tests drive the ticks as two replicas would (below); a killed worker's jobs are taken up within seconds.
      WORKER_CRON: 'off',
      WORKER_LOCK_MS: '5000',
      CAMPAIGN_RATE_PER_SECOND: '100000',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    };
    await prepareDatabase(DATABASE, env);
    await clearRedisPrefix(PREFIX);
    db = new DataSource({ type: 'postgres', url: DATABASE.app });
    await db.initialize();
    apis = [`http://127.0.0.1:${portA}`, `http://127.0.0.1:${portB}`];
    for (const port of [portA, portB]) children.push(startProcess(API_MAIN, { ...env, PORT: String(port) }));
    workers = [startWorkers(healthA), startWorkers(healthB)];
    await Promise.all(apis.map((base) => waitForHealth(base, 90_000)));
    await workersListening(2);
  }, 180_000);

  afterAll(async () => {
    for (const c of children) if (alive(c)) c.kill('SIGKILL');
    await Promise.all(children.map((c) => (c.exitCode === null && c.signalCode === null ? once(c, 'exit') : undefined)));
    await db?.destroy();
    await sink?.close();
    await clearRedisPrefix(PREFIX);
    await dropDatabase(DATABASE);
    if (files) rmSync(files, { recursive: true, force: true });
  }, 60_000);

  const login = async (base: string, username: string): Promise<string> => ((await request(base).post('/mbl/api/login').send({ username, password: DEMO_PASSWORD }).expect(200)).body as { jwt: string }).jwt;
  const call = (base: string, jwt: string, method: 'get' | 'post', path: string) => request(base)[method](`/mbl/api${path}`).set('Authorization', `Bearer ${jwt}`);

  it('a session made on one API works on the other and ends on both at logout', async () => {
    const [a, b] = apis;
    const jwt = await login(a, 'jane@acme.test');
    const onA = (await call(a, jwt, 'get', '/me').expect(200)).body as { id: number };
    expect((await call(b, jwt, 'get', '/me').expect(200)).body).toMatchObject({ id: onA.id, isAuthenticated: true });
    await call(b, jwt, 'post', '/logout').expect(200);
    await call(a, jwt, 'get', '/me').expect(401);
    await call(b, jwt, 'get', '/me').expect(401);
  });

  it("the site's pages work through either API: signed in on one, the page answers on the other", async () => {
    const [a, b] = apis;
    for (const base of apis) {
      const page = await fetch(`${base}/mbl/login`);
      expect(page.status).toBe(200);
      expect(await page.text()).toMatch(/<form[^>]*method="post"/i);
    }
    // The site's own sign-in (its Remix action) through A; its cookie opens the profile through B.
    const signIn = await fetch(`${a}/mbl/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: a },
      body: new URLSearchParams({ username: 'jane@acme.test', password: DEMO_PASSWORD }),
    });
    expect(signIn.status).toBe(302);
    const cookie = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    expect(cookie).not.toBe('');
    const profile = await fetch(`${b}/mbl/profile`, { headers: { cookie }, redirect: 'manual' });
    expect(profile.status).toBe(200);
    expect(await profile.text()).toContain('Jane');
    // Without the cookie the same page sends the visitor to sign in.
    expect((await fetch(`${b}/mbl/profile`, { redirect: 'manual' })).status).toBe(302);
  });

  it(`a ${RECIPIENTS}-recipient campaign is sent exactly once per recipient while one workers process is killed mid-way`, async () => {
    const [a, b] = apis;
    const clientId = await cloneAcmeClient(db);
    const hr = await createPerson(db, { clientId, registered: true, roleType: 1 });
    const stamp = `${clientId}.${Date.now().toString(36)}`;
    await db.query(
      `INSERT INTO employee (client_id, first_name, last_name, email, marital_status_id)
       SELECT $1, 'Bulk', 'N' || g, 'multi.' || $2 || '.' || g || '@acme.test', 1 FROM generate_series(1, $3) g`,
      [clientId, stamp, RECIPIENTS],
    );
    const jwt = await login(a, hr.email);
    const sent = (await call(a, jwt, 'post', '/send-emails').send({ all: true, emailType: 3, comment: '<p>Benefits fair on <strong>Friday</strong></p>' }).expect(200)).body as { campaign: { id: number } };
    const campaignId = sent.campaign.id;
    const rows: Array<{ employee_id: number; email: string }> = await db.query('SELECT employee_id, email FROM campaign_recipient WHERE campaign_id = $1', [campaignId]);
    expect(rows).toHaveLength(RECIPIENTS + 1);
    const from = loadConfig(env).smtpFrom;
    const expected = new Map(rows.map((r) => [messageIdFor(`campaign:${campaignId}:${r.employee_id}`, from), r.email.toLowerCase()]));
    const mine = () => sink.deliveries.filter((d) => expected.has(d.messageId));

    // A quarter in, one of the two workers processes dies without a chance to clean up.
    await until(async () => mine().length >= Math.floor(RECIPIENTS / 4), 'a quarter of the campaign', 60_000);
    const [killed] = workers;
    killed.kill('SIGKILL');
    await once(killed, 'exit');
    const progress = async () => (await call(b, jwt, 'get', `/campaigns/${campaignId}`).expect(200)).body as { done: boolean; total: number; sent: number; failed: number; pending: number };
    // Progress read through the other API while the surviving worker finishes.
    const done = await until(async () => {
      const p = await progress();
      return p.done ? p : null;
    }, 'the campaign to finish on the surviving worker', 90_000);
    expect(done).toMatchObject({ total: RECIPIENTS + 1, sent: RECIPIENTS + 1, failed: 0, pending: 0 });

    // 0 lost: every recipient's fixed Message-ID arrived, at its own address.
    const delivered = mine();
    expect(new Set(delivered.map((d) => d.messageId)).size).toBe(expected.size);
    for (const d of delivered) expect(d.to).toBe(expected.get(d.messageId));
    // 0 duplicated: no address got it under a second Message-ID. A message accepted by the sink just before the
    // kill, its 'sent' never committed, goes again under the same Message-ID (mail systems collapse it): only jobs
    // that were in flight in the killed process.
    const idsByAddress = new Map<string, Set<string>>();
    for (const d of delivered) idsByAddress.set(d.to, (idsByAddress.get(d.to) ?? new Set()).add(d.messageId));
    expect([...idsByAddress.values()].filter((ids) => ids.size !== 1)).toEqual([]);
    expect(delivered.length - expected.size).toBeLessThanOrEqual(20);

    // A replacement joins the survivor for the rest of the suite: two workers again.
    workers = [startWorkers(await freePort()), workers[1]];
    await workersListening(2);
  }, 150_000);

  it('a tick fires once across the replicas: the hourly close of an ended period closes it once (one audit row)', async () => {
    const { clientId, periodId } = await cloneAcmeWithPlans(db);
    // The period started and its last day was two days ago: the next hourly sweep closes it.
    await db.query(`UPDATE open_enrollment_period SET started_at = coalesce(started_at, now()), end_date = current_date - 2, closed_date = NULL WHERE id = $1`, [periodId]);
    // Both replicas' crons fire at the same hour: each queues the tick through the workers' own Ticks.
    const replicas = await Promise.all([tickReplica(), tickReplica()]);
    try {
      const now = new Date();
      await Promise.all(replicas.map((r) => r.get(Ticks).closeExpiredPeriods(now)));
      const queue = replicas[0]!.get<Queue>(getQueueToken('open-enrollment'));
      const tickId = JobIds.tick('open-enrollment.close-expired-periods', now, 'hour');
      const job = await until(async () => {
        const j = await queue.getJob(tickId);
        return j?.finishedOn ? j : null;
      }, 'the tick to run');
      expect(job.attemptsMade).toBe(1);
      // Two replicas queued it; Redis holds one run of the sweep.
      const sweeps = (await queue.getJobs(['completed', 'active', 'waiting', 'delayed', 'failed'])).filter((j) => j?.name === 'open-enrollment.close-expired-periods');
      expect(sweeps).toHaveLength(1);
      await until(async () => ((await db.query('SELECT closed_date FROM open_enrollment_period WHERE id = $1', [periodId]))[0].closed_date ? true : null), 'the period to close');
      // Another tick of the same hour by either replica is the same job: nothing runs again.
      await replicas[1]!.get(Ticks).closeExpiredPeriods(now);
      expect((await queue.getJob(tickId))?.attemptsMade).toBe(1);
      const closes = await db.query(`SELECT count(*)::int AS n FROM audit_log WHERE client_id = $1 AND event_type = 'Open Enrollment' AND description LIKE '%closed at the end of its last day'`, [clientId]);
      expect(closes[0].n).toBe(1);
    } finally {
      await Promise.all(replicas.map((r) => r.close()));
    }
  });

  it("HR's Close OE now sent through both APIs at once closes the period once", async () => {
    const [a, b] = apis;
    const { clientId, periodId } = await cloneAcmeWithPlans(db);
    await db.query(`UPDATE client SET allow_hr_oe = true WHERE id = $1`, [clientId]);
    await db.query(`UPDATE open_enrollment_period SET started_at = coalesce(started_at, now()), end_date = current_date + 20, closed_date = NULL WHERE id = $1`, [periodId]);
    const hr = await createPerson(db, { clientId, registered: true, roleType: 1 });
    const [onA, onB] = [await login(a, hr.email), await login(b, hr.email)];
    const answers = await Promise.all([call(a, onA, 'post', '/openEnrollment').send({ openEnrollmentId: periodId, close: true }), call(b, onB, 'post', '/openEnrollment').send({ openEnrollmentId: periodId, close: true })]);
    // One close wins; the other is told the period is closed already (never a 500).
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const closes = await db.query(`SELECT count(*)::int AS n FROM audit_log WHERE client_id = $1 AND event_type = 'Open Enrollment' AND description LIKE '%closed by an administrator'`, [clientId]);
    expect(closes[0].n).toBe(1);
    expect((await db.query(`SELECT count(*)::int AS n FROM enrollment_snapshot WHERE open_enrollment_period_id = $1 AND kind = 'end'`, [periodId]))[0].n).toBe(1);
  });

  it('a report export asked on one API runs once on the workers and downloads through the other', async () => {
    const [a, b] = apis;
    const [hrA, hrB] = [await login(a, 'hr@acme.test'), await login(b, 'hr@acme.test')];
    const report = (await call(a, hrA, 'post', '/reports').send({ title: `Multi ${Date.now()}`, dataset: 'census', columns: ['lastName'] }).expect(201)).body as { id: number };
    const started = (await call(a, hrA, 'post', `/reports/${report.id}/download`).expect(201)).body as { id: number; status: string };
    expect(started.status).toBe('queued');
    await until(async () => ((await call(b, hrB, 'get', `/reports/exports/${started.id}`).expect(200)).body.status === 'done' ? true : null), 'the export');
    const file = await call(b, hrB, 'get', `/reports/exports/${started.id}/file`).expect(200);
    expect(file.headers['content-type']).toMatch(/spreadsheetml/);
    const replica = await tickReplica();
    try {
      const job = await replica.get<Queue>(getQueueToken('reports')).getJob(JobIds.reportExport(started.id));
      expect(job).toMatchObject({ attemptsMade: 1, finishedOn: expect.any(Number) });
    } finally {
      await replica.close();
    }
  });
});
