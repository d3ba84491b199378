import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../api/src/core/config/app-config';
import { messageIdFor } from '../../api/src/core/mail/email-sender';
import { createTestApp, type TestApp } from '../support/app';
import { cloneAcmeClient, createPerson } from '../support/fixtures';
import { until } from '../support/wait';
import { recordingSink, type RecordingSink } from '../support/smtp-sink';



/**
 * Campaigns in real worker processes (dist/workers/src/main.js) against real Redis and PostgreSQL: a 1,000-recipient
 * campaign reaches each recipient exactly once by its fixed Message-ID, also when the worker is killed with SIGKILL
 * in the middle and another one finishes; and the per-client rate holds.
 */
describe('campaigns in the workers', () => {
  const main = 'dist/workers/src/main.js';
  let t: TestApp;
  let db: DataSource;
  let sink: RecordingSink;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    if (!existsSync(main)) throw new Error(`${main} is missing: run \`npm run build\` first (npm test does)`);
    t = await createTestApp();
    db = t.app.get(DataSource);
    sink = await recordingSink();
  });
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await sink?.close();
    await t?.close();
  });

  const startWorker = (env: Record<string, string> = {}): ChildProcess => {
    const child = spawn(process.execPath, [main], {
      env: { ...process.env, SMTP_URL: `smtp://127.0.0.1:${sink.port}`, DEV_MAILBOX_SINK: 'off', WORKER_CRON: 'off', WORKER_LOCK_MS: '1500', LOG_LEVEL: 'silent', CAMPAIGN_RATE_PER_SECOND: '100000', ...env },
      stdio: 'ignore',
    });
    children.push(child);
    return child;
  };
  const stopWorker = async (child: ChildProcess) => {
    child.kill('SIGTERM');
    if (child.exitCode === null && child.signalCode === null) await once(child, 'exit');
  };

  /** A client of its own with HR and `n` employees who can receive email; answers the campaign's recipients. */
  async function campaignOf(n: number): Promise<{ campaignId: number; token: string; emails: Map<number, string> }> {
    const clientId = await cloneAcmeClient(db);
    const hr = await createPerson(db, { clientId, registered: true, roleType: 1 });
    const stamp = `${clientId}.${Date.now().toString(36)}`;
    await db.query(
      `INSERT INTO employee (client_id, first_name, last_name, email, marital_status_id)
       SELECT $1, 'Bulk', 'N' || g, 'bulk.' || $2 || '.' || g || '@acme.test', 1 FROM generate_series(1, $3) g`,
      [clientId, stamp, n],
    );
    const token = await t.login(hr.email);
    const sent = (await request(t.server).post('/mbl/api/send-emails').set('Authorization', `Bearer ${token}`).send({ all: true, emailType: 3, comment: '<p>Benefits fair on <strong>Friday</strong></p>' }).expect(200)).body;
    const rows: Array<{ employee_id: number; email: string }> = await db.query('SELECT employee_id, email FROM campaign_recipient WHERE campaign_id = $1', [sent.campaign.id]);
    expect(rows).toHaveLength(n + 1);
    return { campaignId: sent.campaign.id, token, emails: new Map(rows.map((r) => [r.employee_id, r.email.toLowerCase()])) };
  }

  const progress = async (token: string, id: number) => (await request(t.server).get(`/mbl/api/campaigns/${id}`).set('Authorization', `Bearer ${token}`).expect(200)).body;

  /** Every recipient got the campaign under its own fixed Message-ID, and no address got it under two. */
  function expectExactlyOnce(campaignId: number, emails: Map<number, string>): { deliveries: number; resent: number } {
    const from = t.app.get<AppConfig>(APP_CONFIG).smtpFrom;
    const expected = new Map([...emails].map(([employeeId, to]) => [messageIdFor(`campaign:${campaignId}:${employeeId}`, from), to]));
    const mine = sink.deliveries.filter((d) => expected.has(d.messageId));
    const idsByAddress = new Map<string, Set<string>>();
    for (const d of mine) idsByAddress.set(d.to, (idsByAddress.get(d.to) ?? new Set()).add(d.messageId));
    // 0 lost: every expected Message-ID arrived, at its own address.
    expect(new Set(mine.map((d) => d.messageId)).size).toBe(expected.size);
    for (const d of mine) expect(d.to).toBe(expected.get(d.messageId));
    // 0 duplicated: no address received the campaign under a second Message-ID.
    expect([...idsByAddress.values()].filter((ids) => ids.size !== 1)).toEqual([]);
    return { deliveries: mine.length, resent: mine.length - expected.size };
  }

  it('1,000 recipients: each receives exactly one email, and progress ends at 1,001 sent', async () => {
    const { campaignId, token, emails } = await campaignOf(1000);
    const worker = startWorker();
    const done = await until(async () => {
      const p = await progress(token, campaignId);
      return p.done ? p : null;
    }, 'the campaign to finish', 120_000);
    expect(done).toMatchObject({ total: 1001, sent: 1001, failed: 0, pending: 0 });
    const { resent } = expectExactlyOnce(campaignId, emails);
    // Nobody killed anything: not even a retried delivery.
    expect(resent).toBe(0);
    await stopWorker(worker);
  }, 180_000);

  it('SIGKILL mid-campaign: a new worker finishes it, 0 lost and 0 duplicated', async () => {
    const { campaignId, token, emails } = await campaignOf(1000);
    const before = sink.deliveries.length;
    const first = startWorker();
    await until(async () => sink.deliveries.length - before >= 200, 'the first 200 emails', 120_000);
    first.kill('SIGKILL');
    await once(first, 'exit');
    const atKill = await progress(token, campaignId);
    expect(atKill.pending).toBeGreaterThan(0);

    const second = startWorker();
    const done = await until(async () => {
      const p = await progress(token, campaignId);
      return p.done ? p : null;
    }, 'the campaign to finish after the kill', 150_000);
    expect(done).toMatchObject({ total: 1001, sent: 1001, failed: 0, pending: 0 });
    const { deliveries, resent } = expectExactlyOnce(campaignId, emails);
    // A message the sink accepted just before the kill, whose 'sent' never committed, is sent again under the same
    // Message-ID (mail systems collapse it); that can only be one of the jobs in flight at the kill.
    expect(resent).toBeLessThanOrEqual(20);
    expect(deliveries).toBe(1001 + resent);
    await stopWorker(second);
  }, 300_000);

  it('the per-client rate holds: no second carries more than two windows\' worth', async () => {
    const { campaignId, token, emails } = await campaignOf(299);
    const before = sink.deliveries.length;
    const worker = startWorker({ CAMPAIGN_RATE_PER_SECOND: '60' });
    await until(async () => ((await progress(token, campaignId)).done ? true : null), 'the rate-limited campaign to finish', 120_000);
    expectExactlyOnce(campaignId, emails);
    const times = sink.deliveries.slice(before).map((d) => d.at).sort((a, b) => a - b);
    // Fixed one-second windows: any sliding second spans at most two of them, so at most 2 × 60.
    let busiest = 0;
    for (let i = 0, j = 0; i < times.length; i += 1) {
      while (times[i]! - times[j]! >= 1000) j += 1;
      busiest = Math.max(busiest, i - j + 1);
    }
    expect(busiest).toBeLessThanOrEqual(120);
    await stopWorker(worker);
  }, 180_000);
});
