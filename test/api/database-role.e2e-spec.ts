import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { loadConfig } from '../../api/src/core/config/app-config';
import { createTestApp, type TestApp } from '../support/app';
import { E2E_DATABASE } from '../support/test-env';

/**
 * The app's own database login (the DATABASE_URL the app under test gets) cannot rewrite history: the audit
 * log takes INSERT and SELECT only, and nothing that would switch its guards off is allowed.
 */
describe('the least-privilege database role of the API and the workers', () => {
  let t: TestApp;
  let app: Client;

  beforeAll(async () => {
    t = await createTestApp();
    // Exactly the settings the app runs with.
    app = new Client({ connectionString: loadConfig().databaseUrl });
    await app.connect();
  });
  afterAll(async () => {
    await app?.end();
    await t.close();
  });

  const refused = async (sql: string): Promise<string> => {
    await app.query('SAVEPOINT probe');
    try {
      await app.query(sql);
    } catch (err) {
      await app.query('ROLLBACK TO SAVEPOINT probe');
      return (err as { code: string }).code;
    }
    throw new Error(`allowed: ${sql}`);
  };

  it('is the app role: no superuser, owns no table, and the app pool uses it', async () => {
    const config = loadConfig();
    expect(config.databaseUrl).toBe(E2E_DATABASE.app);
    const [me] = (await app.query(`SELECT current_user AS name, rolsuper, rolcreatedb, rolcreaterole, rolbypassrls FROM pg_roles WHERE rolname = current_user`)).rows;
    expect(me).toEqual({ name: 'bp_test_app', rolsuper: false, rolcreatedb: false, rolcreaterole: false, rolbypassrls: false });
    const owned = (await app.query(`SELECT count(*)::int AS n FROM pg_class WHERE relowner = (SELECT oid FROM pg_roles WHERE rolname = current_user)`)).rows[0];
    expect(owned.n).toBe(0);
    const [appPool] = await t.app.get(DataSource).query('SELECT current_user AS name');
    expect(appPool.name).toBe('bp_test_app');
  });

  it('may add to and read the audit log, and nothing more', async () => {
    await app.query('BEGIN');
    try {
      await app.query(`INSERT INTO audit_log (event_type, action_type, description) VALUES ('Test', 'probe', 'role probe')`);
      expect((await app.query(`SELECT count(*)::int AS n FROM audit_log WHERE description = 'role probe'`)).rows[0].n).toBe(1);
      const insufficient = '42501';
      expect(await refused(`UPDATE audit_log SET description = 'rewritten'`)).toBe(insufficient);
      expect(await refused(`DELETE FROM audit_log`)).toBe(insufficient);
      expect(await refused(`TRUNCATE audit_log`)).toBe(insufficient);
      expect(await refused(`ALTER TABLE audit_log DISABLE TRIGGER ALL`)).toBe(insufficient);
      expect(await refused(`ALTER TABLE audit_log DROP COLUMN description`)).toBe(insufficient);
      expect(await refused(`SET session_replication_role = replica`)).toBe(insufficient);
      expect(await refused(`DROP TABLE audit_log`)).toBe(insufficient);
      expect(await refused(`CREATE TABLE probe_table (id int)`)).toBe(insufficient);
      expect(await refused(`DELETE FROM typeorm_migrations`)).toBe(insufficient);
    } finally {
      await app.query('ROLLBACK');
    }
  });

  it('changes application data as the app needs (the whole e2e suite runs through this login)', async () => {
    await app.query('BEGIN');
    try {
      const [row] = (await app.query(`UPDATE client SET header_color = header_color WHERE name = 'Acme Corp' RETURNING id`)).rows;
      expect(row.id).toEqual(expect.any(Number));
    } finally {
      await app.query('ROLLBACK');
    }
  });
});
