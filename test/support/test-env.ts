/**
 * One place for the test run's settings. scripts/test.sh exports TEST_RUN_ID; running jest by hand
 * falls back to a fixed local id.
 */
// Lower-case letters, digits and underscores only: it becomes part of database names and Redis prefixes.
export const RUN_ID = (process.env.TEST_RUN_ID ?? 'local').toLowerCase().replace(/[^a-z0-9_]/g, '_');
/** An administrator login (creates the roles and databases; drops them after the run). */
export const PG_BASE = process.env.TEST_PG_BASE ?? 'postgres://postgres:postgres@127.0.0.1:5432';

/**
 * The run's database as the app sees it: migrated by the owner role, used by the app (and the tests' own
 * queries) through the least-privilege app login, exactly as `npm start` does. The role names are fixed and
 * created idempotently, so concurrent runs share them.
 */
export function databaseUrls(name: string): { app: string; owner: string; admin: string } {
  const host = new URL(PG_BASE).host;
  return {
    app: `postgres://bp_test_app:bp_test_app_pw@${host}/${name}`,
    owner: `postgres://bp_test_owner:bp_test_owner_pw@${host}/${name}`,
    admin: `${PG_BASE}/postgres`,
  };
}
export const E2E_DATABASE = databaseUrls(`bp_test_${RUN_ID}_api`);
export const BROWSER_DATABASE = databaseUrls(`bp_test_${RUN_ID}_web`);
/** The year simulation's own database: its clock moves a year, and the hourly sweep closes every client's period that has ended. */
export const YEAR_DATABASE = databaseUrls(`bp_test_${RUN_ID}_year`);
export const E2E_DATABASE_URL = E2E_DATABASE.app;
export const BROWSER_DATABASE_URL = BROWSER_DATABASE.app;
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
export const BROWSER_PORT = Number(process.env.TEST_BROWSER_PORT ?? 3917);
export const E2E_SMTP_PORT = Number(process.env.TEST_E2E_SMTP_PORT ?? 2601);
export const BROWSER_SMTP_PORT = Number(process.env.TEST_BROWSER_SMTP_PORT ?? 2602);
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const DEMO_PASSWORD = 'Passw0rd!';
