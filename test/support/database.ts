import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { clearQueuePrefix } from '../../api/src/core/queues/clear-queue-prefix';
import { loadConfig } from '../../api/src/core/config/app-config';
import { SecuredDataCipher } from '../../api/src/core/crypto/secured-data';
import { dataSourceOptions } from '../../api/src/core/database/data-source-options';
import { loginOf, provisionDatabase, withDatabase, type DatabaseUrls } from '../../api/src/core/database/database-roles';
import { migrate } from '../../api/src/core/database/migrate';
import { prepareEnrollmentRows } from '../../api/src/seed/prepare-enrollments';
import { seedDemoData } from '../../api/src/seed/seed';

export async function dropDatabase(urls: DatabaseUrls): Promise<void> {
  const admin = new Client({ connectionString: withDatabase(urls.admin, 'postgres') });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${loginOf(urls.app).database}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

/**
 * A fresh database for the run, made the way `npm start` makes one: dropped if left over, both roles and the
 * database provisioned, migrated by the owner through the real migrations, seeded through the app's login.
 */
export async function prepareDatabase(urls: DatabaseUrls, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const config = loadConfig({ ...env, DATABASE_URL: urls.app });
  await dropDatabase(urls);
  // A database made again reuses its row ids, and so the fixed job ids of its rows: the queues start empty too.
  await clearQueuePrefix(config.redisUrl, config.queuePrefix);
  await provisionDatabase(urls);
  await migrate(urls.owner, urls.app);
  const ds = new DataSource(dataSourceOptions(config));
  await ds.initialize();
  try {
    await ds.transaction((m) => seedDemoData(m, config, new SecuredDataCipher(config.dataKeys, config.dataKeyId)));
    await prepareEnrollmentRows(ds);
  } finally {
    await ds.destroy();
  }
}
