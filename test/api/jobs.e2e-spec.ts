import 'reflect-metadata';
import { getQueueToken } from '@nestjs/bullmq';
import { DiscoveryModule } from '@nestjs/core';
import { Test, type TestingModule } from '@nestjs/testing';
import type { Queue } from 'bullmq';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { SMTPServer } from 'smtp-server';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { CoreModule } from '../../api/src/core/core.module';
import { JOB_NAMES, JobIds } from '../../api/src/core/jobs/job-registry';
import { QueueName } from '../../api/src/core/queues/queue-names';
import { FEATURE_MODULES } from '../../api/src/app.module';
import { JobsService } from '../../api/src/core/jobs/jobs.service';
import { MailService } from '../../api/src/core/mail/mail.service';
import { JobWorkers } from '../../workers/src/job-workers';
import { createTestApp, type TestApp } from '../support/app';
import { cloneAcmeClient, createPerson } from '../support/fixtures';
import { startMailWorkers, type MailHarness } from '../support/mail';
import { dataUrl, strokePng } from '../support/png';

async function until<T>(probe: () => Promise<T | null | undefined | false>, what: string, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer().once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** BullMQ queues connect as they are built; closing one mid-connect emits an unhandled "Connection is closed". */
async function closeWhenConnected(module: TestingModule): Promise<void> {
  await Promise.all(Object.values(QueueName).map((name) => module.get<Queue>(getQueueToken(name)).waitUntilReady()));
  await module.close();
}

describe('the workers refuse to start when a declared job has no handler', () => {
  it('fails at boot, naming the jobs without a handler; with the feature modules every job has one', async () => {
    // The runner alone, without the feature modules whose services carry the handlers (compiled, not started:
    // onApplicationBootstrap runs exactly this check before any worker starts).
    const bare = await Test.createTestingModule({ imports: [CoreModule, DiscoveryModule], providers: [JobWorkers] }).compile();
    try {
      expect(() => bare.get(JobWorkers).handlers()).toThrow(/no handler for job\(s\): .*documents\.enrollment-summary/);
    } finally {
      await closeWhenConnected(bare);
    }
    const full = await Test.createTestingModule({ imports: [CoreModule, DiscoveryModule, ...FEATURE_MODULES], providers: [JobWorkers] }).compile();
    try {
      expect([...full.get(JobWorkers).handlers().keys()].sort()).toEqual([...JOB_NAMES].sort());
    } finally {
      await closeWhenConnected(full);
    }
  });
});

describe('re-drive: work recorded in PostgreSQL whose job never reached Redis is done once by the sweep', () => {
  let t: TestApp;
  let db: DataSource;
  let mail: MailHarness | undefined;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
  });
  afterAll(async () => {
    await mail?.close();
    await t.close();
  });

  it('an email and a signed summary whose queueing failed are delivered and rendered exactly once', async () => {
    const p = await createPerson(db, { registered: true, clientId: await cloneAcmeClient(db) });
    const jwt = await t.login(p.email);
    // Redis unreachable for the API at this moment: its queues are closed.
    for (const name of ['email', 'documents']) await t.app.get<Queue>(getQueueToken(name)).close();

    // The person's requests still succeed; the work is recorded in PostgreSQL.
    await request(t.server).post('/mbl/api/auth/forgot-password').send({ email: p.email }).expect(200);
    const signed = await request(t.server).post('/mbl/api/forms').set('Authorization', `Bearer ${jwt}`).send({ signature: dataUrl(strokePng()) }).expect(201);
    const [email] = (await db.query(`SELECT id, status FROM email_message WHERE to_address = $1`, [p.email])) as Array<{ id: number; status: string }>;
    expect(email!.status).toBe('queued');

    // The workers (their own, healthy Redis connection) find nothing in the queues for this work...
    mail = await startMailWorkers(t);
    const jobs = mail.workers.get(JobsService);
    const emailQueue = mail.workers.get<Queue>(getQueueToken('email'));
    const documentsQueue = mail.workers.get<Queue>(getQueueToken('documents'));
    expect(await emailQueue.getJob(JobIds.email(email!.id))).toBeUndefined();
    expect(await documentsQueue.getJob(JobIds.enrollmentSummary(signed.body.id))).toBeUndefined();

    // ...until the sweep, which a tick queues with its own fixed id.
    process.env.REDRIVE_GRACE_SECONDS = '0';
    const mark = mail.mark();
    await jobs.queue('maintenance.redrive', { tick: 'first' }, { jobId: 'redrive-test-1' });
    const delivered = await mail.next(p.email, /Reset your .* password/, mark);
    expect(delivered).toBeDefined();
    const fileId = await until(async () => {
      const [row] = (await db.query(`SELECT summary_file_id FROM signature WHERE id = $1`, [signed.body.id])) as Array<{ summary_file_id: number | null }>;
      return row?.summary_file_id;
    }, 'the summary PDF');
    await until(async () => (await emailQueue.getJob(JobIds.email(email!.id)))?.isCompleted(), 'the email job');

    // A second sweep finds nothing left to do, and nothing happens twice.
    await jobs.queue('maintenance.redrive', { tick: 'second' }, { jobId: 'redrive-test-2' });
    await until(async () => (await mail!.workers.get<Queue>(getQueueToken('maintenance')).getJob('redrive-test-2'))?.isCompleted(), 'the second sweep');
    expect(mail.mailbox.messages().filter((m) => m.envelopeTo.includes(p.email.toLowerCase()))).toHaveLength(1);
    const files = (await db.query(`SELECT id FROM file WHERE employee_id = $1 AND content_type = 'application/pdf'`, [p.employeeId])) as Array<{ id: number }>;
    expect(files.map((f) => f.id)).toEqual([fileId]);
    expect((await db.query(`SELECT status FROM email_message WHERE id = $1`, [email!.id]))[0].status).toBe('sent');
    delete process.env.REDRIVE_GRACE_SECONDS;
  });
});

describe('a worker killed in the middle of a job', () => {
  let t: TestApp;
  let db: DataSource;
  const children: ChildProcess[] = [];
  let smtp: SMTPServer | undefined;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
  });
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
    await t.close();
  });

  it('kill -9 while the email is being sent: the job completes exactly once after a new worker starts', async () => {
    const main = 'dist/workers/src/main.js';
    if (!existsSync(main)) throw new Error(`${main} is missing: run \`npm run build\` first (npm test does)`);

    // An SMTP server that keeps the first message waiting (no reply to DATA) while the test kills the worker.
    let hold = true;
    let held = 0;
    const accepted: string[] = [];
    const port = await freePort();
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        stream.resume();
        stream.on('end', () => {
          if (hold) {
            held += 1;
            return; // never answered: the sender is stuck mid-job
          }
          accepted.push(...session.envelope.rcptTo.map((r) => r.address));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp!.listen(port, '127.0.0.1', resolve));

    const startWorker = (): ChildProcess => {
      const child = spawn(process.execPath, [main], {
        env: { ...process.env, SMTP_URL: `smtp://127.0.0.1:${port}`, DEV_MAILBOX_SINK: 'off', WORKER_CRON: 'off', WORKER_LOCK_MS: '1500', LOG_LEVEL: 'silent' },
        stdio: 'ignore',
      });
      children.push(child);
      return child;
    };

    const to = `crash.${Date.now()}@acme.test`;
    const id = await t.app.get(MailService).enqueue({ template: 'password-reset', to, data: { resetUrl: 'https://x.test/r/crash', expiresInMinutes: 60 }, idempotencyKey: `crash:${to}` });
    const first = startWorker();
    await until(async () => held > 0, 'the worker to be in the middle of sending', 30_000);
    first.kill('SIGKILL');
    await once(first, 'exit');

    hold = false;
    startWorker();
    await until(async () => ((await db.query(`SELECT status FROM email_message WHERE id = $1`, [id]))[0].status === 'sent' ? true : null), 'the email to be sent', 30_000);
    const queue = t.app.get<Queue>(getQueueToken('email'));
    await until(async () => (await queue.getJob(JobIds.email(id)))?.isCompleted(), 'the job to complete', 30_000);
    expect(accepted.filter((a) => a === to)).toEqual([to]);
  }, 90_000);
});
