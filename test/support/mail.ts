import 'reflect-metadata';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { getQueueToken } from '@nestjs/bullmq';
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { Queue } from 'bullmq';
import { ALL_QUEUES } from '../../api/src/core/queues/queue-names';
import { DevMailbox, type DevMailMessage } from '../../api/src/core/mail/dev-mailbox';
import { WorkersModule } from '../../workers/src/workers.module';
import { DataSource } from 'typeorm';
import { createTestApp, type TestApp } from './app';

/**
 * The workers, compiled in this process on the run's queue prefix, so mail queued by the API under test is
 * really rendered and sent over SMTP to the API app's development sink (its DevMailbox).
 */
export interface MailHarness {
  mailbox: DevMailbox;
  /** The workers' own Nest application (their queues, JobsService, handlers). */
  workers: INestApplication;
  /** The ids of the mail received so far: take it before the action that sends. */
  mark(): Set<string>;
  /** The newest email to `to` whose subject matches and that is not in `mark`. */
  next(to: string, subject: RegExp, mark: Set<string>): Promise<DevMailMessage>;
  close(): Promise<void>;
}

export async function startMailWorkers(t: TestApp): Promise<MailHarness> {
  const mailbox = t.app.get(DevMailbox);
  if (!mailbox.listening) throw new Error('the API app under test does not own the development SMTP sink');
  // The API app already listens on the sink's port; the workers only send to it.
  process.env.DEV_MAILBOX_SINK = 'off';
  let workers: INestApplication;
  try {
    const moduleRef = await Test.createTestingModule({ imports: [WorkersModule] }).compile();
    workers = moduleRef.createNestApplication(new FastifyAdapter(), { logger: false });
    await workers.init();
  } finally {
    delete process.env.DEV_MAILBOX_SINK;
  }
  return {
    mailbox,
    workers,
    mark: () => new Set(mailbox.messages().map((m) => m.id)),
    next: (to, subject, mark) =>
      mailbox.waitFor((m) => !mark.has(m.id) && m.envelopeTo.includes(to.toLowerCase()) && subject.test(m.subject), 10_000),
    async close() {
      // Leave nothing of this file in Redis (jobs, the scheduler the workers register).
      const queues = ALL_QUEUES.map((name) => workers.get<Queue>(getQueueToken(name)));
      await Promise.all(queues.map((q) => q.obliterate({ force: true }).catch(() => undefined)));
      await workers.close();
    },
  };
}

/** The first link in the email's text that goes to `path` (e.g. '/mbl/registration'). */
export function linkFrom(message: DevMailMessage, path: string): URL {
  const escaped = path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const match = new RegExp(`https?://[^\\s"'<>]+${escaped}\\?token=[A-Za-z0-9_-]+`).exec(message.text);
  if (!match) throw new Error(`no ${path} link in the email`);
  return new URL(match[0]);
}

/** A suite's app and workers, made once for the file (closing the workers early would end what the app shares). */
export interface SuiteWithWorkers {
  t: TestApp;
  db: DataSource;
  mail: MailHarness;
}

/**
 * Registers the file's beforeAll/afterAll: the API app, its database, and the workers in this process. Read
 * the fields inside tests (they are set once beforeAll has run).
 */
export function appWithWorkers(): SuiteWithWorkers {
  const suite = {} as SuiteWithWorkers;
  // An app and its workers can take longer than one test's budget to start on a loaded two-core machine.
  beforeAll(async () => {
    suite.t = await createTestApp();
    suite.db = suite.t.app.get(DataSource);
    suite.mail = await startMailWorkers(suite.t);
  }, 90_000);
  afterAll(async () => {
    await suite.mail?.close();
    await suite.t?.close();
  });
  return suite;
}
