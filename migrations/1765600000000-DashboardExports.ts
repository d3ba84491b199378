import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The Status Dashboard's Download (issue 14, item 3): the same export rows as reports, for a period's
 * dashboard, as csv or xlsx.
 */
export class DashboardExports1765600000000 implements MigrationInterface {
  name = 'DashboardExports1765600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE report_export ALTER COLUMN report_id DROP NOT NULL`);
    await q.query(`ALTER TABLE report_export ADD COLUMN open_enrollment_period_id integer, ADD COLUMN format text NOT NULL DEFAULT 'xlsx' CHECK (format IN ('xlsx', 'csv'))`);
    await q.query(`ALTER TABLE report_export ADD FOREIGN KEY (open_enrollment_period_id, client_id) REFERENCES open_enrollment_period (id, client_id)`);
    await q.query(`ALTER TABLE report_export ADD CHECK ((report_id IS NULL) <> (open_enrollment_period_id IS NULL))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM report_export WHERE report_id IS NULL`);
    await q.query(`ALTER TABLE report_export DROP COLUMN IF EXISTS format, DROP COLUMN IF EXISTS open_enrollment_period_id`);
    await q.query(`ALTER TABLE report_export ALTER COLUMN report_id SET NOT NULL`);
  }
}
