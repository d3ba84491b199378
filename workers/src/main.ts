import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { loadConfig, QuietStartLogger, rootLogger } from '@bp/api/server/boot';
import { Readiness } from '@bp/api/server';

async function bootstrap(): Promise<void> {
  const config = loadConfig();
  // The API process hosts the development SMTP sink and its inbox; the workers only send to it.
  process.env.DEV_MAILBOX_SINK ??= 'off';
  // rootLogger keeps the first instance: create it as 'workers' before LoggingModule is loaded (hence the
  // deferred import below), or the workers would log as the API.
  const logger = rootLogger(config, 'workers');
  const { WorkersModule } = await import('./workers.module');
  const { JobWorkers } = await import('./job-workers');
  // createApplicationContext also initialises: processors start and the scheduler registers here.
  const app = await NestFactory.createApplicationContext(WorkersModule, { bufferLogs: true });
  app.useLogger(new QuietStartLogger(app.get(Logger)));
  // SIGINT/SIGTERM, in this order: readiness turns 503 and the deadline is armed; the BullMQ workers take no new
  // job and finish the jobs in hand; only then Nest's hooks close the rest (the campaign ledger's connection, queues,
  // Redis, the database: closing those first would fail the jobs in hand), and the process exits 0. After
  // SHUTDOWN_TIMEOUT_MS it exits 1 anyway: the unfinished jobs' locks expire and another worker takes them up.
  // Not Nest's enableShutdownHooks: it runs onModuleDestroy hooks before anything else.
  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    stopping = true;
    app.get(Readiness).drain(signal);
    app
      .get(JobWorkers)
      .close()
      .then(() => app.close())
      .then(
        () => process.exit(0),
        (err: unknown) => {
          logger.error({ err }, 'workers failed to stop cleanly');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  logger.info({ queuePrefix: config.queuePrefix }, 'workers ready');
}

bootstrap().catch((err: unknown) => {
  process.stderr.write(`workers failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
