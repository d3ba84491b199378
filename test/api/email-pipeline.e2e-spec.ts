import 'reflect-metadata';
import { getQueueToken } from '@nestjs/bullmq';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import type { Queue } from 'bullmq';
import { createServer } from 'node:net';
import { SMTPServer } from 'smtp-server';
import request from 'supertest';
import type { App } from 'supertest/types';
import { DataSource } from 'typeorm';
import { ALL_QUEUES, QueueName } from '../../api/src/core/queues/queue-names';
import { TenantDb } from '../../api/src/core/database/tenant-db';
import { DevMailbox } from '../../api/src/core/mail/dev-mailbox';
import { EmailSender, messageIdFor } from '../../api/src/core/mail/email-sender';
import { emailJobId, MailService } from '../../api/src/core/mail/mail.service';
import { WorkersModule } from '../../workers/src/workers.module';

/**
 * The email pipeline end to end, in this process: MailService.enqueue -> BullMQ (real Redis) -> the workers'
 * EmailProcessor -> EmailSender -> nodemailer -> a real SMTP server (the dev sink, or a fake that refuses).
 * Each block gets its own queue prefix, so it never sees another run's (or block's) jobs.
 */

const RUN = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const BASE_PREFIX = process.env.QUEUE_PREFIX ?? 'bptest';

interface Row {
  status: string;
  attempts: number;
  last_error: string | null;
  smtp_message_id: string | null;
  data_enc: string | null;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

async function until<T>(probe: () => Promise<T | undefined | null | false>, timeoutMs = 10_000, what = 'condition'): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

interface Harness {
  app: NestFastifyApplication;
  mail: MailService;
  sender: EmailSender;
  mailbox: DevMailbox;
  queue: Queue;
  row(id: number): Promise<Row>;
  close(): Promise<void>;
}

async function startWorkers(env: Record<string, string | undefined>): Promise<Harness> {
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  const moduleRef = await Test.createTestingModule({ imports: [WorkersModule] }).compile();
  const app = moduleRef.createNestApplication<NestFastifyApplication>(new FastifyAdapter(), { logger: false });
  const mailbox = app.get(DevMailbox);
  mailbox.mount(app);
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  const dataSource = app.get(DataSource);
  const queues = ALL_QUEUES.map((name) => app.get<Queue>(getQueueToken(name)));
  return {
    app,
    mail: app.get(MailService),
    sender: app.get(EmailSender),
    mailbox,
    queue: app.get<Queue>(getQueueToken(QueueName.Email)),
    async row(id) {
      const rows: Row[] = await dataSource.query(
        'SELECT status, attempts, last_error, smtp_message_id, data_enc FROM email_message WHERE id = $1',
        [id],
      );
      const row = rows[0];
      if (!row) throw new Error(`email_message ${id} missing`);
      return row;
    },
    async close() {
      // Leave nothing of this run in Redis (jobs, the open-enrollment scheduler).
      await Promise.all(queues.map((q) => q.obliterate({ force: true }).catch(() => undefined)));
      await app.close();
    },
  };
}

describe('email pipeline with the development SMTP sink', () => {
  let h: Harness;
  let server: App;

  beforeAll(async () => {
    h = await startWorkers({
      QUEUE_PREFIX: `${BASE_PREFIX}_mail1_${RUN}`,
      DEV_SMTP_PORT: String(await freePort()),
      DEV_MAILBOX: 'true',
      DEV_MAILBOX_SINK: undefined,
      SMTP_URL: undefined,
      EMAIL_BACKOFF_MS: '50',
    });
    server = h.app.getHttpServer() as App;
    expect(h.mailbox.listening).toBe(true);
  });

  afterAll(async () => {
    await h?.close();
  });

  it('sends an enqueued email through SMTP exactly once, even when the job is retried', async () => {
    const to = `sam.${RUN}@acme.test`;
    const key = `welcome:${RUN}`;
    const registrationUrl = `https://benefits.example/mbl/register/tok${RUN}secret`;
    const id = await h.mail.enqueue({ template: 'welcome', to, data: { firstName: 'Sam', registrationUrl }, idempotencyKey: key, clientId: null });

    const received = await h.mailbox.waitFor((m) => m.envelopeTo.includes(to), 10_000);
    expect(received.subject).toBe('Welcome to Benefits Portal: finish your registration');
    expect(received.html).toContain(registrationUrl);
    expect(received.text).toContain(registrationUrl);
    expect(received.messageId).toBe(messageIdFor(key, 'Benefits Portal <no-reply@benefits.local>'));

    const sent = await until(async () => {
      const r = await h.row(id);
      return r.status === 'sent' ? r : undefined;
    }, 5000, 'row sent');
    expect(sent.attempts).toBe(1);
    expect(sent.smtp_message_id).toBe(received.messageId);
    expect(sent.data_enc).not.toContain('secret'); // the link is sealed at rest

    // The same key again: same row, no second job, no second email.
    expect(await h.mail.enqueue({ template: 'welcome', to, data: { registrationUrl }, idempotencyKey: key })).toBe(id);

    // A retried job after success completes without sending.
    const job = await until(async () => {
      const j = await h.queue.getJob(emailJobId(id));
      return j && (await j.isCompleted()) ? j : undefined;
    }, 5000, 'job completed');
    expect(job.returnvalue).toBe('sent');
    await job.retry('completed');
    const retried = await until(async () => {
      const j = await h.queue.getJob(emailJobId(id));
      return j && (await j.isCompleted()) && j.returnvalue === 'already-sent' ? j : undefined;
    }, 5000, 'retried job completed');
    expect(retried.returnvalue).toBe('already-sent');
    expect(await h.sender.send(id)).toBe('already-sent');

    // Every sender has finished (the jobs completed, the direct call returned): nothing more can arrive.
    expect(h.mailbox.messages().filter((m) => m.envelopeTo.includes(to))).toHaveLength(1);
    expect((await h.row(id)).attempts).toBe(1);
  });

  it("an email recorded in the context's transaction is queued once it commits (the worker's first attempt finds its row), and never if it rolls back", async () => {
    const dataSource = h.app.get(DataSource);
    // TenantDb.transaction carries its manager in the context: enqueue joins it without being handed one.
    const db = h.app.get(TenantDb);
    const to = `commit.${RUN}@acme.test`;
    const id = await db.transaction(async () => {
      const recorded = await h.mail.enqueue({ template: 'password-reset', to, data: { resetUrl: 'https://x.test/r/commit', expiresInMinutes: 60 }, idempotencyKey: `commit:${RUN}` });
      // Before the commit there is no job a worker could run ahead of the row ('email N not found').
      expect(await h.queue.getJob(emailJobId(recorded))).toBeUndefined();
      return recorded;
    });
    // transaction() resolves once the after-commit step has added the job.
    expect(await h.queue.getJob(emailJobId(id))).toBeDefined();
    const job = await until(async () => {
      const j = await h.queue.getJob(emailJobId(id));
      return j && (await j.isCompleted()) ? j : undefined;
    }, 10_000, 'the email job');
    expect({ returnvalue: job.returnvalue, attemptsMade: job.attemptsMade, failedReason: job.failedReason, stacktrace: job.stacktrace }).toEqual({
      returnvalue: 'sent',
      attemptsMade: 1,
      failedReason: undefined,
      stacktrace: [],
    });
    expect((await h.row(id)).attempts).toBe(1);

    // Rolled back: neither the row nor a job (which would fail six times looking for it).
    let rolledBack = 0;
    await expect(
      db.transaction(async () => {
        rolledBack = await h.mail.enqueue({ template: 'password-reset', to, data: { resetUrl: 'https://x.test/r/rollback', expiresInMinutes: 60 }, idempotencyKey: `rollback:${RUN}` });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(rolledBack).toBeGreaterThan(0);
    expect(await h.queue.getJob(emailJobId(rolledBack))).toBeUndefined();
    expect(await dataSource.query('SELECT id FROM email_message WHERE id = $1', [rolledBack])).toEqual([]);

    // A savepoint rolled back drops its own email; the one recorded around it is queued at the outer commit.
    const [outer, inner] = await db.transaction(async () => {
      const kept = await h.mail.enqueue({ template: 'password-reset', to, data: { resetUrl: 'https://x.test/r/outer', expiresInMinutes: 60 }, idempotencyKey: `outer:${RUN}` });
      let dropped = 0;
      await db
        .transaction(async () => {
          dropped = await h.mail.enqueue({ template: 'password-reset', to, data: { resetUrl: 'https://x.test/r/inner', expiresInMinutes: 60 }, idempotencyKey: `inner:${RUN}` });
          throw new Error('savepoint rolled back');
        })
        .catch(() => undefined);
      return [kept, dropped];
    });
    expect(await h.queue.getJob(emailJobId(outer))).toBeDefined();
    expect(inner).toBeGreaterThan(0);
    expect(await h.queue.getJob(emailJobId(inner))).toBeUndefined();
  });

  it('delivers once when several senders race for the same message', async () => {
    const to = `race.${RUN}@acme.test`;
    const id = await h.mail.enqueue({ template: 'password-reset', to, data: { resetUrl: 'https://x.test/r/1', expiresInMinutes: 60 }, idempotencyKey: `race:${RUN}` });
    // The worker is picking up the job at the same time.
    const results = await Promise.allSettled([h.sender.send(id), h.sender.send(id), h.sender.send(id)]);
    for (const r of results) {
      if (r.status === 'fulfilled') expect(['sent', 'already-sent']).toContain(r.value);
      else expect((r.reason as Error).message).toMatch(/being sent elsewhere/);
    }
    await h.mailbox.waitFor((m) => m.envelopeTo.includes(to), 5000);
    await until(async () => {
      const j = await h.queue.getJob(emailJobId(id));
      return j && (await j.isCompleted());
    }, 5000, 'race job completed');
    // The three direct senders were awaited and the job completed: no delivery is still under way.
    expect(h.mailbox.messages().filter((m) => m.envelopeTo.includes(to))).toHaveLength(1);
    expect((await h.row(id)).status).toBe('sent');
  });

  it('shows the mail in the web inbox, escaped, and clears it', async () => {
    const to = `hr.${RUN}@acme.test`;
    await h.mail.enqueue({
      template: 'generic',
      to,
      data: { subject: 'Plan <img src=x onerror=alert(1)> news', body: 'Hello <script>alert(2)</script>\n\nBye' },
      idempotencyKey: `generic:${RUN}`,
    });
    const m = await h.mailbox.waitFor((x) => x.envelopeTo.includes(to), 10_000);
    expect(m.html).toContain('Hello &lt;script&gt;alert(2)&lt;/script&gt;');

    const list = await request(server).get('/mbl/dev/mailbox.json').expect(200);
    const items = list.body as Array<{ id: string; subject: string; envelopeTo: string[]; messageId: string | null }>;
    expect(items.some((x) => x.id === m.id && x.subject === m.subject)).toBe(true);

    const inbox = await request(server).get('/mbl/dev/mailbox').expect(200).expect('content-type', /html/);
    expect(inbox.text).toContain(`mailbox/${m.id}`);
    expect(inbox.text).not.toContain('<img src=x');
    expect(inbox.text).toContain('&#60;img src&#61;x onerror&#61;alert(1)&#62;');

    const page = await request(server).get(`/mbl/dev/mailbox/${m.id}`).expect(200);
    expect(page.text).toMatch(/<iframe sandbox title="Message body" srcdoc="/);
    expect(page.text).not.toContain('<script>');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    await request(server).get('/mbl/dev/mailbox/nope').expect(404);

    await request(server).delete('/mbl/dev/mailbox.json').expect(204);
    expect((await request(server).get('/mbl/dev/mailbox.json').expect(200)).body).toEqual([]);
  });
});

describe('email pipeline against an SMTP server that refuses', () => {
  let h: Harness;
  let smtp: SMTPServer;
  const rcptAttempts = new Map<string, number>();
  const delivered: string[] = [];

  beforeAll(async () => {
    const port = await freePort();
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      closeTimeout: 500,
      onRcptTo(address, _session, callback) {
        const rcpt = address.address.toLowerCase();
        const n = (rcptAttempts.get(rcpt) ?? 0) + 1;
        rcptAttempts.set(rcpt, n);
        if (rcpt.startsWith('reject')) return callback(Object.assign(new Error('mailbox unavailable'), { responseCode: 550 }));
        if (rcpt.startsWith('busy') || (rcpt.startsWith('flaky') && n <= 2)) {
          return callback(Object.assign(new Error('try again later'), { responseCode: 421 }));
        }
        return callback();
      },
      onData(stream, session, callback) {
        stream.on('data', () => undefined);
        stream.on('end', () => {
          delivered.push(...session.envelope.rcptTo.map((r) => r.address.toLowerCase()));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
    h = await startWorkers({
      QUEUE_PREFIX: `${BASE_PREFIX}_mail2_${RUN}`,
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      EMAIL_BACKOFF_MS: '50',
    });
  });

  afterAll(async () => {
    await h?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    delete process.env.SMTP_URL;
  });

  it('marks a 5xx rejection failed at once, without retrying', async () => {
    const to = `reject.${RUN}@acme.test`;
    const id = await h.mail.enqueue({ template: 'password-reset', to, data: { resetUrl: 'https://x.test/r/2', expiresInMinutes: 60 }, idempotencyKey: `reject:${RUN}` });
    const row = await until(async () => {
      const r = await h.row(id);
      return r.status === 'failed' ? r : undefined;
    }, 10_000, 'row failed');
    const job = await until(async () => {
      const j = await h.queue.getJob(emailJobId(id));
      return j && (await j.isFailed()) ? j : undefined;
    }, 5000, 'job failed');
    // A job in BullMQ's failed set (not delayed) is final: no retry can follow it.
    expect(await job.isDelayed()).toBe(false);
    expect(rcptAttempts.get(to)).toBe(1);
    expect(row.attempts).toBe(1);
    expect(row.last_error).toBe('EENVELOPE smtp 550');
    expect(job.attemptsMade).toBe(1);
    expect(job.failedReason).toContain('550');
    expect(delivered).not.toContain(to);
  });

  it('retries a 4xx with backoff until the server accepts', async () => {
    const to = `flaky.${RUN}@acme.test`;
    const id = await h.mail.enqueue({ template: 'password-reset', to, data: { resetUrl: 'https://x.test/r/3', expiresInMinutes: 60 }, idempotencyKey: `flaky:${RUN}` });
    const row = await until(async () => {
      const r = await h.row(id);
      return r.status === 'sent' ? r : undefined;
    }, 10_000, 'row sent');
    expect(rcptAttempts.get(to)).toBe(3);
    expect(row.attempts).toBe(3);
    expect(row.last_error).toBeNull();
    expect(delivered.filter((d) => d === to)).toHaveLength(1);
  });

  it('marks the message failed when every attempt met a 4xx', async () => {
    const to = `busy.${RUN}@acme.test`;
    const id = await h.mail.enqueue({ template: 'password-reset', to, data: { resetUrl: 'https://x.test/r/4', expiresInMinutes: 60 }, idempotencyKey: `busy:${RUN}` });
    const row = await until(async () => {
      const r = await h.row(id);
      return r.status === 'failed' ? r : undefined;
    }, 15_000, 'row failed after retries');
    expect(row.attempts).toBe(6);
    expect(row.last_error).toBe('EENVELOPE smtp 421');
    expect(rcptAttempts.get(to)).toBe(6);
  });
});
