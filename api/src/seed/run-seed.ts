import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { loadConfig } from '../core/config/app-config';
import { SecuredDataCipher } from '../core/crypto/secured-data';
import { dataSourceOptions } from '../core/database/data-source-options';
import { prepareEnrollmentRows } from './prepare-enrollments';
import { seedDemoData } from './seed';

async function main(): Promise<void> {
  const config = loadConfig();
  const ds = new DataSource(dataSourceOptions(config));
  await ds.initialize();
  try {
    const cipher = new SecuredDataCipher(config.dataKeys, config.dataKeyId);
    const result = await ds.transaction((m) => seedDemoData(m, config, cipher));
    const rows = await prepareEnrollmentRows(ds);
    if (rows > 0) process.stdout.write(`${rows} enrollment rows prepared\n`);
    process.stdout.write(result.created ? 'demo data seeded\n' : 'demo data already present: nothing changed\n');
    process.stdout.write(`registration link for ${result.registrationFor}:\n  ${result.registrationLink}\n`);
  } finally {
    await ds.destroy();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`seed failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
