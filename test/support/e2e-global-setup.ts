import 'reflect-metadata';
import './e2e-env';
import { prepareDatabase } from './database';
import { clearRedisPrefix } from './redis-prefix';
import { E2E_DATABASE } from './test-env';

/** Creates the run's database from scratch, migrates it and seeds the demo data. */
export default async function globalSetup(): Promise<void> {
  await prepareDatabase(E2E_DATABASE);
  await clearRedisPrefix(String(process.env.QUEUE_PREFIX));
}
