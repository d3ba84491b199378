import { Client as PgClient } from 'pg';
import { DataSource } from 'typeorm';
import { MIGRATIONS } from '../../../../migrations';
import { loadConfig, loadEnvFile } from '../config/app-config';
import { clearQueuePrefix } from '../queues/clear-queue-prefix';
import { databaseUrlsFromEnv, grantAppRole, loginOf } from './database-roles';
import { dataSourceOptions } from './data-source-options';

/**
 * Runs pending migrations as the owner role, then gives the app role exactly its grants on every table
 * (new tables included). The database and both roles exist already (provisionDatabase). Idempotent.
 */
export async function migrate(ownerUrl: string, appUrl: string): Promise<string[]> {
  const ds = new DataSource(dataSourceOptions({ databaseUrl: ownerUrl }));
  await ds.initialize();
  let ran: string[];
  try {
    ran = (await ds.runMigrations({ transaction: 'each' })).map((m) => m.name);
  } finally {
    await ds.destroy();
  }
  const owner = new PgClient({ connectionString: ownerUrl });
  await owner.connect();
  try {
    await grantAppRole(owner, loginOf(appUrl).user, loginOf(ownerUrl).user);
  } finally {
    await owner.end();
  }
  return ran;
}

if (require.main === module) {
  loadEnvFile();
  const urls = databaseUrlsFromEnv();
  migrate(urls.owner, urls.app)
    .then(async (ran) => {
      process.stdout.write(ran.length ? `migrations applied: ${ran.join(', ')}\n` : 'database is up to date\n');
      // A database made from nothing: its job ids start again at 1, so the old queues must go (clearQueuePrefix).
      if (ran.includes(MIGRATIONS[0]!.name)) {
        const config = loadConfig();
        const removed = await clearQueuePrefix(config.redisUrl, config.queuePrefix);
        if (removed > 0) process.stdout.write(`new database: cleared ${removed} queue keys of an earlier one under "${config.queuePrefix}:"\n`);
      }
    })
    .catch((err: unknown) => {
      process.stderr.write(`migration failed: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exit(1);
    });
}
