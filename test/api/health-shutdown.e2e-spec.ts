import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { createServer, connect, type Server, type Socket } from 'node:net';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../api/src/core/config/app-config';
import { messageIdFor } from '../../api/src/core/mail/email-sender';
import { createTestApp, type TestApp } from '../support/app';
import { cloneAcmeClient, createPerson } from '../support/fixtures';
import { freePort } from '../support/ports';
import { until } from '../support/wait';
import { recordingSink, type RecordingSink } from '../support/smtp-sink';

/** A TCP proxy the test can close (every connection dropped, the port refused) and open again on the same port. */
async function tcpProxy(target: { host: string; port: number }): Promise<{ url: (u: string) => string; down: () => Promise<void>; up: () => Promise<void>; port: number }> {
  const port = await freePort();
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  const up = async () => {
    const srv = createServer((client) => {
      const upstream = connect(target.port, target.host);
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on('close', () => sockets.delete(s));
        s.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
    });
    srv.listen(port, '127.0.0.1');
    await once(srv, 'listening');
    server = srv;
  };
  const down = async () => {
    const srv = server;
    server = null;
    for (const s of sockets) s.destroy();
    if (srv) await new Promise<void>((resolve) => srv.close(() => resolve()));
  };
  await up();
  const url = (u: string) => {
    const parsed = new URL(u);
    parsed.hostname = '127.0.0.1';
    parsed.port = String(port);
    return parsed.toString();
  };
  return { url, down, up, port };
}



/**
 * Issue 32 item 3. Readiness of the API follows PostgreSQL and Redis (both reached through a proxy this test closes
 * and opens again); a workers process (dist/workers/src/main.js) on SIGTERM turns its readiness to 503, takes no new
 * job, finishes the job in hand and exits 0; one that cannot finish in SHUTDOWN_TIMEOUT_MS exits anyway and its job
 * is taken up by another worker, sent once by its Message-ID.
 */
describe('health and shutdown', () => {
  describe('API readiness follows PostgreSQL and Redis', () => {
    let t: TestApp;
    let redis: Awaited<ReturnType<typeof tcpProxy>>;
    let pg: Awaited<ReturnType<typeof tcpProxy>>;
    const saved = { REDIS_URL: process.env.REDIS_URL, DATABASE_URL: process.env.DATABASE_URL };

    beforeAll(async () => {
      const redisUrl = new URL(saved.REDIS_URL!);
      const pgUrl = new URL(saved.DATABASE_URL!);
      redis = await tcpProxy({ host: redisUrl.hostname, port: Number(redisUrl.port || 6379) });
      pg = await tcpProxy({ host: pgUrl.hostname, port: Number(pgUrl.port || 5432) });
      process.env.REDIS_URL = redis.url(saved.REDIS_URL!);
      process.env.DATABASE_URL = pg.url(saved.DATABASE_URL!);
      try {
        t = await createTestApp();
      } finally {
        process.env.REDIS_URL = saved.REDIS_URL;
        process.env.DATABASE_URL = saved.DATABASE_URL;
      }
    });
    afterAll(async () => {
      await redis?.up().catch(() => undefined);
      await pg?.up().catch(() => undefined);
      await t?.close();
      await redis?.down();
      await pg?.down();
    });

    const ready = () => request(t.server).get('/mbl/api/health/ready');
    const readyIs = (status: number, body: Record<string, unknown>, what: string) =>
      until(async () => {
        const res = await ready();
        return res.status === status && Object.entries(body).every(([k, v]) => res.body[k] === v) ? res : null;
      }, what, 20_000);

    it('ready while both answer; 503 while Redis is unreachable, then ready again; the same for PostgreSQL; alive throughout', async () => {
      expect((await ready().expect(200)).body).toEqual({ status: 'ok', database: 'ok', redis: 'ok', draining: false });

      await redis.down();
      const noRedis = await readyIs(503, { redis: 'down' }, 'readiness to fail without Redis');
      expect(noRedis.body).toEqual({ status: 'down', draining: false, database: 'ok', redis: 'down' });
      expect((await request(t.server).get('/mbl/api/health/live').expect(200)).body).toEqual({ status: 'ok' });
      await redis.up();
      await readyIs(200, { status: 'ok' }, 'readiness to recover with Redis');

      await pg.down();
      const noPg = await readyIs(503, { database: 'down' }, 'readiness to fail without PostgreSQL');
      expect(noPg.body).toEqual({ status: 'down', draining: false, database: 'down', redis: 'ok' });
      expect((await request(t.server).get('/mbl/api/health/live').expect(200)).body).toEqual({ status: 'ok' });
      await pg.up();
      await readyIs(200, { status: 'ok' }, 'readiness to recover with PostgreSQL');
    }, 60_000);
  });

  describe('the workers on SIGTERM', () => {
    const main = 'dist/workers/src/main.js';
    let t: TestApp;
    let db: DataSource;
    let sink: RecordingSink;
    const children: ChildProcess[] = [];

    beforeAll(async () => {
      if (!existsSync(main)) throw new Error(`${main} is missing: run \`npm run build\` first (npm test does)`);
      t = await createTestApp();
      db = t.app.get(DataSource);
    });
    beforeEach(async () => {
      sink = await recordingSink({ gated: true });
    });
    afterEach(async () => {
      sink.open();
      await sink.close();
    });
    afterAll(async () => {
      for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await t?.close();
    });

    const startWorker = async (env: Record<string, string>): Promise<{ child: ChildProcess; health: string }> => {
      const port = await freePort();
      const child = spawn(process.execPath, [main], {
        env: { ...process.env, SMTP_URL: `smtp://127.0.0.1:${sink.port}`, DEV_MAILBOX_SINK: 'off', WORKER_CRON: 'off', WORKER_LOCK_MS: '1500', LOG_LEVEL: 'silent', CAMPAIGN_RATE_PER_SECOND: '100000', HOST: '127.0.0.1', WORKER_HEALTH_PORT: String(port), METRICS_TOKEN: 'workers-metrics-token-0123', ...env },
        stdio: 'ignore',
      });
      children.push(child);
      const health = `http://127.0.0.1:${port}/health`;
      await until(async () => (await fetch(`${health}/ready`).catch(() => null))?.status === 200, 'the worker to be ready');
      expect(await (await fetch(`${health}/live`)).json()).toEqual({ status: 'ok' });
      return { child, health };
    };
    const exitOf = async (child: ChildProcess): Promise<number | null> => {
      if (child.exitCode === null && child.signalCode === null) await once(child, 'exit');
      return child.exitCode;
    };

    /** A client of its own with HR and `n` employees; the campaign is queued, its recipients' addresses answered. */
    async function campaignOf(n: number): Promise<{ clientId: number; campaignId: number; token: string; emails: Map<number, string> }> {
      const clientId = await cloneAcmeClient(db);
      const hr = await createPerson(db, { clientId, registered: true, roleType: 1 });
      const stamp = `${clientId}.${Date.now().toString(36)}`;
      await db.query(
        `INSERT INTO employee (client_id, first_name, last_name, email, marital_status_id)
         SELECT $1, 'Drain', 'N' || g, 'drain.' || $2 || '.' || g || '@acme.test', 1 FROM generate_series(1, $3) g`,
        [clientId, stamp, n],
      );
      const token = await t.login(hr.email);
      const sent = (await request(t.server).post('/mbl/api/send-emails').set('Authorization', `Bearer ${token}`).send({ all: true, emailType: 3, comment: '<p>Open enrollment</p>' }).expect(200)).body;
      const rows: Array<{ employee_id: number; email: string }> = await db.query('SELECT employee_id, email FROM campaign_recipient WHERE campaign_id = $1', [sent.campaign.id]);
      return { clientId, campaignId: sent.campaign.id, token, emails: new Map(rows.map((r) => [r.employee_id, r.email.toLowerCase()])) };
    }
    const finished = async (token: string, id: number) =>
      until(async () => {
        const p = (await request(t.server).get(`/mbl/api/campaigns/${id}`).set('Authorization', `Bearer ${token}`).expect(200)).body;
        return p.done ? p : null;
      }, 'the campaign to finish', 60_000);
    /** Each recipient got the campaign under its one fixed Message-ID; answers how many arrived twice under it. */
    const expectOncePerRecipient = (campaignId: number, emails: Map<number, string>): number => {
      const from = t.app.get<AppConfig>(APP_CONFIG).smtpFrom;
      const expected = new Map([...emails].map(([employeeId, to]) => [messageIdFor(`campaign:${campaignId}:${employeeId}`, from), to]));
      const mine = sink.deliveries.filter((d) => expected.has(d.messageId));
      expect(new Set(mine.map((d) => d.messageId)).size).toBe(expected.size);
      for (const d of mine) expect(d.to).toBe(expected.get(d.messageId));
      return mine.length - expected.size;
    };

    it('stops taking work (readiness 503), finishes the job in hand and exits 0 well within the deadline', async () => {
      const { campaignId, token, emails } = await campaignOf(3);
      const { child, health } = await startWorker({ SHUTDOWN_TIMEOUT_MS: '20000' });
      await until(async () => sink.deliveries.length > 0, 'a delivery in flight');
      const inFlight = sink.deliveries.length;
      const signalled = Date.now();
      child.kill('SIGTERM');
      const draining = await until(async () => {
        const res = await fetch(`${health}/ready`).catch(() => null);
        return res?.status === 503 ? ((await res.json()) as Record<string, unknown>) : null;
      }, 'readiness to turn 503 on SIGTERM');
      expect(draining).toMatchObject({ status: 'down', draining: true, database: 'ok', redis: 'ok' });
      // Still finishing: the SMTP server has not answered the message in hand.
      expect(child.exitCode).toBeNull();
      sink.open();
      expect(await exitOf(child)).toBe(0);
      expect(Date.now() - signalled).toBeLessThan(20_000);
      expect(sink.deliveries.length).toBeGreaterThanOrEqual(inFlight);

      // Whatever the first worker did not take is sent by the next one; what it had in hand is not sent again.
      const next = await startWorker({});
      expect(await finished(token, campaignId)).toMatchObject({ total: emails.size, sent: emails.size, failed: 0, pending: 0 });
      expect(expectOncePerRecipient(campaignId, emails)).toBe(0);

      next.child.kill('SIGTERM');
      expect(await exitOf(next.child)).toBe(0);
    }, 120_000);

    it('a job that cannot finish in SHUTDOWN_TIMEOUT_MS: the process exits at the deadline and the job is taken up again', async () => {
      const { clientId, campaignId, token, emails } = await campaignOf(2);
      const { child } = await startWorker({ SHUTDOWN_TIMEOUT_MS: '1500' });
      await until(async () => sink.deliveries.length > 0, 'a delivery in flight');
      const signalled = Date.now();
      child.kill('SIGTERM');
      expect(await exitOf(child)).toBe(1);
      const took = Date.now() - signalled;
      expect(took).toBeGreaterThanOrEqual(1_400);
      expect(took).toBeLessThan(6_000);

      sink.open();
      const next = await startWorker({});
      expect(await finished(token, campaignId)).toMatchObject({ total: emails.size, sent: emails.size, failed: 0, pending: 0 });
      // The abandoned message is sent again under its own Message-ID (mail systems collapse it), never under another.
      expect(expectOncePerRecipient(campaignId, emails)).toBeGreaterThanOrEqual(0);
      // Issue 32 item 1: the workers' /metrics, for the token's bearer only, counts the jobs and emails it ran.
      const metricsUrl = next.health.replace(/\/health$/, '/metrics');
      expect((await fetch(metricsUrl)).status).toBe(401);
      const metrics = await (await fetch(metricsUrl, { headers: { authorization: 'Bearer workers-metrics-token-0123' } })).text();
      expect(metrics).toMatch(new RegExp(`bp_emails_total\\{client="${clientId}",outcome="sent"\\} [1-9]`));
      expect(metrics).toMatch(/bp_job_duration_seconds_count\{queue="campaigns",job="communications\.send",outcome="completed"\} [1-9]/);
      expect(metrics).toContain('nodejs_eventloop_lag_seconds');
      next.child.kill('SIGTERM');
      expect(await exitOf(next.child)).toBe(0);
    }, 120_000);
  });
});
