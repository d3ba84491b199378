import type { MigrationInterface, QueryRunner } from 'typeorm';

/** When a finished registration was last reopened: a signature older than that no longer counts. */
export class RegistrationReopened1764500000000 implements MigrationInterface {
  name = 'RegistrationReopened1764500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE account ADD COLUMN registration_reopened_at timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE account DROP COLUMN registration_reopened_at`);
  }
}
