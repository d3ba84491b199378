import 'reflect-metadata';
import type { Server } from 'node:http';
import { APP_CONFIG, type AppConfig } from './core/config/app-config';
import { createApp } from './bootstrap/create-app';
import { collectWhenIdle } from './bootstrap/idle-collector';
import { Readiness } from './modules/health/readiness';

async function main(): Promise<void> {
  const app = await createApp();
  const config = app.get<AppConfig>(APP_CONFIG);
  // Readiness turns 503 and the shutdown deadline starts the moment the signal arrives, before Nest's own
  // shutdown hooks (enableShutdownHooks in createApp) run; Fastify's close then lets the requests in hand finish.
  const readiness = app.get(Readiness);
  const server = app.getHttpServer() as Server;
  for (const signal of ['SIGTERM', 'SIGINT'] as const)
    process.once(signal, () => {
      readiness.drain(signal);
      // A keep-alive connection (a proxy's, a browser's) would hold the server open until the deadline: each one
      // is closed as soon as its request in hand is answered, so the process exits once the last answer is sent.
      setInterval(() => server.closeIdleConnections(), 100).unref();
    });
  await app.listen(config.port, config.host);
  // Memory a burst of requests left behind goes back once the burst is over (measured in npm run bench).
  collectWhenIdle();
  process.stdout.write(`${config.productName} is serving ${config.publicUrl}/mbl (API ${config.publicUrl}/mbl/api/docs)\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
