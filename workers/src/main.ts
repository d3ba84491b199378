import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { loadConfig, rootLogger } from '@bp/api/server/boot';

async function bootstrap(): Promise<void> {
  const config = loadConfig();
  // The API process hosts the development SMTP sink and its inbox; the workers only send to it.
  process.env.DEV_MAILBOX_SINK ??= 'off';
  // rootLogger keeps the first instance: create it as 'workers' before LoggingModule is loaded (hence the
  // deferred import below), or the workers would log as the API.
  const logger = rootLogger(config, 'workers');
  const { WorkersModule } = await import('./workers.module');
  // createApplicationContext also initialises: processors start and the scheduler registers here.
  const app = await NestFactory.createApplicationContext(WorkersModule, { bufferLogs: true });
  app.useLogger(app.get(Logger));
  // SIGINT/SIGTERM: close BullMQ workers (they finish the jobs in hand), queues, Redis and the database,
  // then exit 0. useProcessExit: without it Nest re-raises the signal and the exit code is 130/143.
  app.enableShutdownHooks(['SIGINT', 'SIGTERM'], { useProcessExit: true });
  logger.info({ queuePrefix: config.queuePrefix }, 'workers ready');
}

bootstrap().catch((err: unknown) => {
  process.stderr.write(`workers failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
