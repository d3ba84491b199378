import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 29 item 4: Add New Employee checks that no account or employee already uses the address (any case),
 * once per row of a census file; without these indexes each check read both tables whole, so a 10,000-row
 * file grew quadratically.
 */
export class AddressLookups1766170000001 implements MigrationInterface {
  name = 'AddressLookups1766170000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX IF NOT EXISTS account_lower_email_idx ON account (lower(email))`);
    await q.query(`CREATE INDEX IF NOT EXISTS account_lower_username_idx ON account (lower(username))`);
    await q.query(`CREATE INDEX IF NOT EXISTS employee_lower_email_idx ON employee (lower(email))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS employee_lower_email_idx`);
    await q.query(`DROP INDEX IF EXISTS account_lower_username_idx`);
    await q.query(`DROP INDEX IF EXISTS account_lower_email_idx`);
  }
}
