/**
 * The campaign benchmark (goals: ratio >= 0.7 against the floor, no email lost or duplicated), run by scripts/bench.ts with the portal's environment: a custom
 * email to 10,000 employees through the portal (POST /send-emails's service, the fan-out job, one BullMQ job per
 * recipient in a workers process, the pooled transport) against raw pooled nodemailer sending the same rendered
 * emails to the same SMTP sink (the floor), emails per second, and the sink's count of lost and duplicated
 * messages by Message-ID. The sink, the floor's sender and the workers each run in a process of their own.
 *
 *   node dist/scripts/bench-campaign.js            the benchmark
 *   node dist/scripts/bench-campaign.js sink       (internal) the SMTP sink, answering counts over IPC
 *   node dist/scripts/bench-campaign.js floor P N  (internal) raw pooled nodemailer: N emails to port P
 */
import 'reflect-metadata';
import { getQueueToken } from '@nestjs/bullmq';
import { NestFactory } from '@nestjs/core';
import type { Queue } from 'bullmq';
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import { createTransport } from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { DataSource } from 'typeorm';
import { AppModule } from '../api/src/app.module';
import { loadConfig } from '../api/src/core/config/app-config';
import { RequestContext } from '../api/src/core/context/request-context';
import { defaultSubject } from '../api/src/contracts/communications';
import { QueueName } from '../api/src/core/queues/queue-names';
import { EmailRenderer } from '../api/src/core/mail/email-renderer';
import { messageIdFor, noDelaySocket } from '../api/src/core/mail/email-sender';
import { CampaignsService } from '../api/src/modules/communications/campaigns.service';
import { WORKERS_NODE_FLAGS } from '../workers/src/node-flags';

const RECIPIENTS = Number(process.env.BENCH_CAMPAIGN_RECIPIENTS ?? 10_000);
const BODY = '<p>Our <strong>benefits fair</strong> is on Friday at noon in the cafeteria.</p><ul><li>Medical</li><li>Dental</li></ul>';
/** The pool the portal's EmailSender uses (core/mail/email-sender.ts), so both sides have the same connections. */
const POOL = { pool: true, maxConnections: 5, maxMessages: 1000 } as const;

interface Counts {
  deliveries: number;
  distinct: number;
  /** Addresses that received two different Message-IDs (a real duplicate, not a retried delivery). */
  doubled: number;
}

function sink(): void {
  const idsByAddress = new Map<string, Set<string>>();
  const ids = new Set<string>();
  let deliveries = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 500,
    onData(stream, session, callback) {
      let head = '';
      stream.on('data', (c: Buffer) => {
        if (head.length < 4096) head += c.toString('utf8');
      });
      stream.on('end', () => {
        const id = /^Message-ID:\s*(<[^>]+>)/im.exec(head)?.[1] ?? '';
        for (const r of session.envelope.rcptTo) {
          deliveries += 1;
          ids.add(id);
          const to = r.address.toLowerCase();
          idsByAddress.set(to, (idsByAddress.get(to) ?? new Set()).add(id));
        }
        callback();
      });
    },
  });
  // A sender killed mid-message resets its connection: that is the test, not a failure of the sink.
  server.on('error', () => undefined);
  server.listen(0, '127.0.0.1', () => {
    const address = server.server.address();
    process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
  });
  process.on('message', (m: { reset?: boolean }) => {
    if (m.reset) {
      idsByAddress.clear();
      ids.clear();
      deliveries = 0;
    }
    const counts: Counts = { deliveries, distinct: ids.size, doubled: [...idsByAddress.values()].filter((s) => s.size > 1).length };
    process.send?.(counts);
  });
}

async function floor(port: number, n: number): Promise<void> {
  const config = loadConfig();
  const renderer = new EmailRenderer(config);
  // The same pool and socket settings as the portal's EmailSender: the best raw nodemailer does.
  const transport = createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true, ...POOL, getSocket: noDelaySocket });
  let next = 0;
  const started = process.hrtime.bigint();
  // As many in flight as the workers' campaign concurrency.
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      for (let i = next++; i < n; i = next++) {
        // The portal's campaign is sent without a subject, so with the default one.
        const data = { brand: { headerColor: '#0f766e' }, firstName: `Ava${i}`, clientName: 'Bench Campaign Co', bodyHtml: BODY, subject: defaultSubject('Bench Campaign Co') };
        const subject = renderer.renderSubject('custom-message', data);
        const { html, text } = renderer.render('custom-message', data, subject);
        await transport.sendMail({ from: config.smtpFrom, to: `floor${i}@bench.test`, subject, html, text, messageId: messageIdFor(`floor:${Date.now()}:${i}`, config.smtpFrom) });
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const cpu = process.cpuUsage();
  transport.close();
  process.stdout.write(JSON.stringify({ seconds, cpuUs: (cpu.user + cpu.system) / n }) + '\n');
}

/** CPU time (user + system, clock ticks of 10 ms) of a process, or of every process whose name matches. */
function cpuTicks(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}
function cpuTicksOf(name: RegExp): number {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        return name.test(readFileSync(`/proc/${d}/comm`, 'utf8'));
      } catch {
        return false;
      }
    })
    .reduce((sum, d) => sum + cpuTicks(Number(d)), 0);
}

function ask(child: ChildProcess, message: object): Promise<Counts> {
  return new Promise((resolve) => {
    child.once('message', (m) => resolve(m as Counts));
    child.send(message);
  });
}

async function main(): Promise<void> {
  const sinkProcess = fork(__filename, ['sink'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const [{ port }] = (await once(sinkProcess, 'message')) as [{ port: number }];
  const app = await NestFactory.createApplicationContext(AppModule, { logger: false });
  const ds = app.get(DataSource);
  const context = app.get(RequestContext);
  let worker: ChildProcess | undefined;
  try {
    let [client] = (await ds.query(`SELECT id FROM client WHERE name = 'Bench Campaign Co'`)) as Array<{ id: number }>;
    client ??= ((await ds.query(`INSERT INTO client (agency_id, name, header_color) SELECT agency_id, 'Bench Campaign Co', '#0f766e' FROM client WHERE name = 'Acme Corp' RETURNING id`)) as Array<{ id: number }>)[0];
    const clientId = client!.id;
    const [{ n }] = (await ds.query('SELECT count(*)::int AS n FROM employee WHERE client_id = $1', [clientId])) as Array<{ n: number }>;
    if (n < RECIPIENTS) {
      process.stdout.write(`adding Bench Campaign Co with ${RECIPIENTS.toLocaleString('en-US')} employees (once per bench database)\n`);
      await ds.query(
        `INSERT INTO employee (client_id, first_name, last_name, email, marital_status_id) SELECT $1::int, 'Ava' || i, 'Bench', 'c' || i || '.' || $1::int || '@bench.test', 1 FROM generate_series($2::int + 1, $3::int) i`,
        [clientId, n, RECIPIENTS],
      );
      await ds.query('ANALYZE employee');
    }
    const [hr] = (await ds.query('SELECT id FROM account ORDER BY id LIMIT 1')) as Array<{ id: number }>;

    let floorCpu = 0;
    const runFloor = async (): Promise<number> => {
      await ask(sinkProcess, { reset: true });
      const child = spawn(process.execPath, [__filename, 'floor', String(port), String(RECIPIENTS)], { env: process.env, stdio: ['ignore', 'pipe', 'inherit'] });
      let out = '';
      child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
      await once(child, 'exit');
      const counts = await ask(sinkProcess, {});
      if (counts.distinct !== RECIPIENTS) throw new Error(`the floor delivered ${counts.distinct} of ${RECIPIENTS}`);
      const result = JSON.parse(out) as { seconds: number; cpuUs: number };
      floorCpu = result.cpuUs;
      return RECIPIENTS / result.seconds;
    };

    const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
    worker = spawn(process.execPath, [...WORKERS_NODE_FLAGS, ...profile, 'dist/workers/src/main.js'], {
      env: { ...process.env, SMTP_URL: `smtp://127.0.0.1:${port}`, WORKER_CRON: 'off', CAMPAIGN_RATE_PER_SECOND: '1000000', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    // Ready once its BullMQ worker on the campaigns queue is connected.
    const queue = app.get<Queue>(getQueueToken(QueueName.Campaigns));
    while ((await queue.getWorkersCount()) === 0) await new Promise((r) => setTimeout(r, 100));
    const campaigns = app.get(CampaignsService);
    const runPortal = async (): Promise<{ rate: number; lost: number; doubled: number; resent: number; cpu: string }> => {
      await ask(sinkProcess, { reset: true });
      const ticks = () => ({ worker: cpuTicks(worker!.pid!), sink: cpuTicks(sinkProcess.pid!), postgres: cpuTicksOf(/^postgres/), redis: cpuTicksOf(/^redis/), bench: cpuTicks(process.pid) });
      const before = ticks();
      const started = process.hrtime.bigint();
      const { campaign } = await context.runAs({ clientId, requestedBy: hr!.id }, () => campaigns.send({ recipients: {}, all: true, emailType: 3, comment: BODY }));
      if (campaign.total !== RECIPIENTS) throw new Error(`the campaign has ${campaign.total} recipients`);
      let counts = await ask(sinkProcess, {});
      while (counts.distinct < RECIPIENTS) {
        await new Promise((r) => setTimeout(r, 50));
        counts = await ask(sinkProcess, {});
      }
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const after = ticks();
      // CPU per email (µs) of each process taking part: where the time goes.
      const cpu = (Object.keys(after) as Array<keyof typeof after>).map((k) => `${k} ${(((after[k] - before[k]) * 10_000) / RECIPIENTS).toFixed(0)}`).join(', ');
      // Let stragglers (a duplicate) arrive before counting, and check the campaign says done.
      await new Promise((r) => setTimeout(r, 500));
      counts = await ask(sinkProcess, {});
      const progress = await context.runAs({ clientId, requestedBy: hr!.id }, () => campaigns.progress(campaign.id));
      if (!progress.done || progress.sent !== RECIPIENTS) throw new Error(`the campaign reports ${progress.sent} sent of ${RECIPIENTS}`);
      return { rate: RECIPIENTS / seconds, lost: RECIPIENTS - counts.distinct, doubled: counts.doubled, resent: counts.deliveries - counts.distinct, cpu };
    };

    // Taking turns; the best of three runs each (on a small shared machine a slow moment, autovacuum after the
    // bench's bulk inserts say, should not land on one side only).
    const floors: number[] = [];
    const portals: Array<Awaited<ReturnType<typeof runPortal>>> = [];
    for (let i = 0; i < 3; i += 1) {
      floors.push(await runFloor());
      portals.push(await runPortal());
    }
    const f = Math.max(...floors);
    const p = portals.reduce((a, b) => (b.rate > a.rate ? b : a));
    const ratio = p.rate / f;
    const lost = Math.max(...portals.map((x) => x.lost));
    const doubled = Math.max(...portals.map((x) => x.doubled));
    process.stdout.write(
      `campaign of ${RECIPIENTS.toLocaleString('en-US')} emails: ${p.rate.toFixed(0)} emails/s through BullMQ and the workers (floor ${f.toFixed(0)} emails/s, raw pooled nodemailer to the same sink); ` +
        `ratio ${ratio.toFixed(2)} (goal >= 0.70: ${ratio >= 0.7 ? 'meets' : 'below'}); lost ${lost}, duplicated ${doubled} (goal 0 and 0: ${lost === 0 && doubled === 0 ? 'meets' : 'below'}); CPU µs per email: ${p.cpu} (the floor's sender ${floorCpu.toFixed(0)})\n`,
    );
  } finally {
    worker?.kill('SIGTERM');
    sinkProcess.kill('SIGTERM');
    await app.close();
  }
}

const [role, ...args] = process.argv.slice(2);
const run = role === 'sink' ? Promise.resolve(sink()) : role === 'floor' ? floor(Number(args[0]), Number(args[1])) : main();
run.catch((err: unknown) => {
  process.stderr.write(`campaign bench failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
