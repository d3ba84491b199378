import 'reflect-metadata';
import { getQueueToken } from '@nestjs/bullmq';
import { DiscoveryModule } from '@nestjs/core';
import { Test, type TestingModule } from '@nestjs/testing';
import type { Queue } from 'bullmq';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { once } from 'node:events';
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
import { Metrics } from '../../api/src/modules/health/metrics';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { FILE_STORAGE, type FileStorage } from '../../api/src/modules/files/file-storage';
import { createTestApp, type TestApp } from '../support/app';
import { cloneAcmeClient, createPerson } from '../support/fixtures';
import { startMailWorkers, type MailHarness } from '../support/mail';
import { dataUrl, strokePng } from '../support/png';
import { freePort } from '../support/ports';

async function until<T>(probe: () => Promise<T | null | undefined | false>, what: string, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
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
    const bare = await Test.createTestingModule({ imports: [CoreModule, DiscoveryModule], providers: [JobWorkers, Metrics] }).compile();
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
    // The reset link is written just after the answer (it must not lengthen it): wait for its row.
    const email = await until(
      async () => ((await db.query(`SELECT id, status FROM email_message WHERE to_address = $1`, [p.email])) as Array<{ id: number; status: string }>)[0],
      'the reset email recorded',
    );
    expect(email.status).toBe('queued');

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

  it('a report export whose queueing failed is written by the sweep, instead of polling queued forever', async () => {
    mail ??= await startMailWorkers(t);
    const hr = await t.login('hr@acme.test');
    const [census] = (await db.query(`SELECT id FROM report WHERE client_id IS NULL AND title = 'Census'`)) as Array<{ id: number }>;
    // Redis refuses the API's add at this moment (tryQueue logs it; the request still succeeds).
    const refused = jest.spyOn(t.app.get(JobsService), 'queue').mockRejectedValueOnce(new Error('Redis unreachable'));
    let started: { id: number; status: string };
    try {
      started = (await request(t.server).post(`/mbl/api/reports/${census!.id}/download`).set('Authorization', `Bearer ${hr}`).expect(201)).body;
      expect(refused).toHaveBeenCalledWith('reports.export', expect.objectContaining({ exportId: started.id }), { jobId: JobIds.reportExport(started.id) });
    } finally {
      refused.mockRestore();
    }
    expect(started.status).toBe('queued');
    const reports = mail.workers.get<Queue>(getQueueToken('reports'));
    expect(await reports.getJob(JobIds.reportExport(started.id))).toBeUndefined();

    process.env.REDRIVE_GRACE_SECONDS = '0';
    try {
      await mail.workers.get(JobsService).queue('maintenance.redrive', { tick: 'exports' }, { jobId: 'redrive-test-exports' });
      const sweep = await until(async () => {
        const job = await mail!.workers.get<Queue>(getQueueToken('maintenance')).getJob('redrive-test-exports');
        return job && (await job.isCompleted()) ? job : null;
      }, 'the sweep');
      expect(sweep.returnvalue['reports.export']).toBeGreaterThanOrEqual(1);
    } finally {
      delete process.env.REDRIVE_GRACE_SECONDS;
    }
    await until(async () => ((await request(t.server).get(`/mbl/api/reports/exports/${started.id}`).set('Authorization', `Bearer ${hr}`).expect(200)).body.status === 'done' ? true : null), 'the export');
    expect(await (await reports.getJob(JobIds.reportExport(started.id)))?.isCompleted()).toBe(true);
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

  it('kill -9 while the action forms are being signed: a new worker finishes, and every form has exactly one signed copy', async () => {
    const main = 'dist/workers/src/main.js';
    if (!existsSync(main)) throw new Error(`${main} is missing: run \`npm run build\` first (npm test does)`);
    // Forms long enough that signing them all takes a few seconds, so the kill lands in the middle.
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    for (let i = 0; i < 300; i += 1) {
      const page = doc.addPage([612, 792]);
      for (let j = 0; j < 30; j += 1) page.drawText(`Carrier form page ${i + 1}, line ${j + 1}`, { x: 50, y: 740 - j * 22, size: 10, font });
    }
    const form = Buffer.from(await doc.save());
    // A client of its own: the onboarding document below must not reach Acme's employees.
    const clientId = await cloneAcmeClient(db);
    const p = await createPerson(db, { registered: true, firstName: 'Kilo', clientId });
    const storage = t.app.get<FileStorage>(FILE_STORAGE);
    const fileIds: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const key = `test/kill-signing/${p.employeeId}/form-${i}.pdf`;
      await storage.put(key, form);
      const [f] = await db.query(
        `INSERT INTO file (client_id, employee_id, title, file_type, storage_key, content_type, size_bytes) VALUES ($1, NULL, $2, 'client', $3, 'application/pdf', $4) RETURNING id`,
        [clientId, `Carrier form ${i + 1}`, key, form.length],
      );
      fileIds.push(f.id);
    }
    const [document] = await db.query(`INSERT INTO onboarding_document (client_id, title, file_ids) VALUES ($1, 'Kill test forms', $2) RETURNING id`, [clientId, fileIds]);
    const [action] = await db.query(`INSERT INTO action (client_id, employee_id, kind, onboarding_document_id) VALUES ($1, $2, 'onboarding_document', $3) RETURNING id`, [
      clientId,
      p.employeeId,
      document.id,
    ]);

    const startWorker = (): ChildProcess => {
      const child = spawn(process.execPath, [main], { env: { ...process.env, WORKER_CRON: 'off', WORKER_LOCK_MS: '1500', LOG_LEVEL: 'silent' }, stdio: 'ignore' });
      children.push(child);
      return child;
    };
    const admin = await createPerson(db, { registered: true, roleType: 1, firstName: 'Kira', clientId });
    const hr = await t.login(admin.email);
    const approval = (await request(t.server).post('/mbl/api/actions').set('Authorization', `Bearer ${hr}`).send({ employeeId: p.employeeId, onboardingId: document.id, signature: dataUrl(strokePng()) }).expect(201)).body;
    const progress = async () =>
      (await db.query('SELECT status, forms_signed, forms_total FROM action_approval WHERE id = $1', [approval.id]))[0] as { status: string; forms_signed: number; forms_total: number };
    const first = startWorker();
    const atKill = await until(async () => {
      const now = await progress();
      return now.forms_signed >= 1 ? now : null;
    }, 'the first signed form', 60_000);
    first.kill('SIGKILL');
    await once(first, 'exit');
    expect(atKill.status).toBe('signing');
    expect(atKill.forms_signed).toBeLessThan(12);

    startWorker();
    const done = await until(async () => {
      const now = await progress();
      return now.status === 'signing' ? null : now;
    }, 'the approval to finish', 90_000);
    expect(done).toEqual({ status: 'done', forms_signed: 12, forms_total: 12 });
    const copies = (await db.query(
      `SELECT sf.source_file_id, count(*)::int AS n FROM action_signed_form sf WHERE sf.action_id = $1 GROUP BY 1 ORDER BY 1`,
      [action.id],
    )) as Array<{ source_file_id: number; n: number }>;
    expect(copies).toEqual(fileIds.map((id) => ({ source_file_id: id, n: 1 })));
    const files = (await db.query(`SELECT count(*)::int AS n FROM file WHERE employee_id = $1 AND storage_key LIKE '%-signed.pdf'`, [p.employeeId]))[0].n;
    expect(files).toBe(12);
    expect((await db.query('SELECT status FROM action WHERE id = $1', [action.id]))[0].status).toBe('approved');
  }, 180_000);
});
