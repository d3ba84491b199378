import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Wrong security answers are counted on the reset token itself, so the limit holds across replicas and
 * restarts and dies with the token.
 */
export class AccountTokenAttempts1764100000000 implements MigrationInterface {
  name = 'AccountTokenAttempts1764100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE account_token ADD COLUMN failed_attempts smallint NOT NULL DEFAULT 0`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE account_token DROP COLUMN failed_attempts`);
  }
}
