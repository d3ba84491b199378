import { Client as PgClient } from 'pg';
import { DataSource } from 'typeorm';
import { loadConfig } from '../config/app-config';
import { dataSourceOptions } from './data-source-options';

/** Creates the database when it is missing (the URL names it), then runs pending migrations. Idempotent. */
export async function ensureDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`unsupported database name "${name}"`);
  url.pathname = '/postgres';
  const admin = new PgClient({ connectionString: url.toString() });
  await admin.connect();
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
}

export async function migrate(databaseUrl: string): Promise<string[]> {
  await ensureDatabase(databaseUrl);
  const ds = new DataSource(dataSourceOptions({ databaseUrl }));
  await ds.initialize();
  try {
    const ran = await ds.runMigrations({ transaction: 'each' });
    return ran.map((m) => m.name);
  } finally {
    await ds.destroy();
  }
}

if (require.main === module) {
  const config = loadConfig();
  migrate(config.databaseUrl)
    .then((ran) => {
      process.stdout.write(ran.length ? `migrations applied: ${ran.join(', ')}\n` : 'database is up to date\n');
    })
    .catch((err: unknown) => {
      process.stderr.write(`migration failed: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exit(1);
    });
}
