import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 29: agents set up their agency's clients. The client gains the settings the agent's form asks that had
 * no column yet (the plan year's first month, how new accounts sign in, the access groups and offices of the
 * option lists its census uses, an uploaded logo's stored bytes), and an account can be disabled (an HR
 * administrator the agent turned off: no sign-in, no session).
 */
export class AgencyClients1766160000000 implements MigrationInterface {
  name = 'AgencyClients1766160000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE client
        ADD COLUMN plan_year_start_month smallint NOT NULL DEFAULT 1 CHECK (plan_year_start_month BETWEEN 1 AND 12),
        ADD COLUMN authentication_method text NOT NULL DEFAULT 'email' CHECK (authentication_method IN ('email', 'username')),
        ADD COLUMN access_group_ids integer[] NOT NULL DEFAULT '{}',
        ADD COLUMN office_ids integer[] NOT NULL DEFAULT '{}',
        ADD COLUMN logo_storage_key text,
        ADD COLUMN logo_content_type text,
        ADD COLUMN logo_size_bytes integer`);
    // Clients made before this kept using every group and office of the lists.
    await q.query(`UPDATE client SET access_group_ids = ARRAY(SELECT id FROM option_item WHERE type = 'accessGroup' ORDER BY sort_order),
                                     office_ids = ARRAY(SELECT id FROM option_item WHERE type = 'office' ORDER BY sort_order)`);
    await q.query(`CREATE INDEX client_logo_key_idx ON client (logo_storage_key) WHERE logo_storage_key IS NOT NULL`);
    await q.query(`ALTER TABLE account ADD COLUMN disabled_at timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE account DROP COLUMN IF EXISTS disabled_at`);
    await q.query(`DROP INDEX IF EXISTS client_logo_key_idx`);
    await q.query(`
      ALTER TABLE client
        DROP COLUMN IF EXISTS plan_year_start_month,
        DROP COLUMN IF EXISTS authentication_method,
        DROP COLUMN IF EXISTS access_group_ids,
        DROP COLUMN IF EXISTS office_ids,
        DROP COLUMN IF EXISTS logo_storage_key,
        DROP COLUMN IF EXISTS logo_content_type,
        DROP COLUMN IF EXISTS logo_size_bytes`);
  }
}
