import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Open enrollment managed by HR (issue 14, document 3 sections 2.5 and 4): a period is Ready to Start until
 * HR starts it (started_at), and a client decides whether its HR may manage open enrollment (allowHrOe).
 * Periods that already exist were started when they were made.
 */
export class OpenEnrollmentManagement1765400000000 implements MigrationInterface {
  name = 'OpenEnrollmentManagement1765400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE open_enrollment_period ADD COLUMN started_at timestamptz`);
    await q.query(`UPDATE open_enrollment_period SET started_at = created_at`);
    await q.query(`ALTER TABLE client ADD COLUMN allow_hr_oe boolean NOT NULL DEFAULT true`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE client DROP COLUMN IF EXISTS allow_hr_oe`);
    await q.query(`ALTER TABLE open_enrollment_period DROP COLUMN IF EXISTS started_at`);
  }
}
