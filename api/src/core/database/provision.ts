import { loadEnvFile } from '../config/app-config';
import { databaseUrlsFromEnv, loginOf, provisionDatabase } from './database-roles';

/** `npm run db:roles`: creates (or updates) the owner and app roles and the database. Idempotent. */
if (require.main === module) {
  loadEnvFile();
  const urls = databaseUrlsFromEnv();
  provisionDatabase(urls)
    .then(() => {
      const app = loginOf(urls.app);
      process.stdout.write(`database ${app.database}: owner ${loginOf(urls.owner).user}, app login ${app.user}\n`);
    })
    .catch((err: unknown) => {
      process.stderr.write(`database provisioning failed: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exit(1);
    });
}
