import 'reflect-metadata';
import { APP_CONFIG, type AppConfig } from './core/config/app-config';
import { createApp } from './bootstrap/create-app';

async function main(): Promise<void> {
  const app = await createApp();
  const config = app.get<AppConfig>(APP_CONFIG);
  await app.listen(config.port, config.host);
  process.stdout.write(`${config.productName} is serving ${config.publicUrl}/mbl (API ${config.publicUrl}/mbl/api/docs)\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
