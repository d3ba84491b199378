import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { loadConfig } from '../../api/src/core/config/app-config';
import { SecuredDataCipher } from '../../api/src/core/crypto/secured-data';
import { dataSourceOptions } from '../../api/src/core/database/data-source-options';
import { migrate } from '../../api/src/core/database/migrate';
import { seedDemoData } from '../../api/src/seed/seed';

export async function dropDatabase(url: string): Promise<void> {
  const u = new URL(url);
  const name = u.pathname.slice(1);
  u.pathname = '/postgres';
  const admin = new Client({ connectionString: u.toString() });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

/** A fresh database for the run: dropped if left over, created, migrated through the real migrations, seeded. */
export async function prepareDatabase(url: string, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  await dropDatabase(url);
  await migrate(url);
  const config = loadConfig({ ...env, DATABASE_URL: url });
  const ds = new DataSource(dataSourceOptions(config));
  await ds.initialize();
  try {
    await ds.transaction((m) => seedDemoData(m, config, new SecuredDataCipher(config.dataKeys, config.dataKeyId)));
  } finally {
    await ds.destroy();
  }
}
