import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 32 item 2: a platform administrator runs the platform itself (the queue dashboard), apart from any
 * client's HR or agency's agents. A flag on the account, set by an operator in the database (no screen grants it).
 */
export class PlatformAdministrator1766230000000 implements MigrationInterface {
  name = 'PlatformAdministrator1766230000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE account ADD COLUMN platform_admin boolean NOT NULL DEFAULT false`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE account DROP COLUMN IF EXISTS platform_admin`);
  }
}
