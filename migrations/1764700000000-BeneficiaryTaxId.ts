import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A trust, estate or organization named as beneficiary: its tax id (sealed like an SSN), and no birth date or SSN. */
export class BeneficiaryTaxId1764700000000 implements MigrationInterface {
  name = 'BeneficiaryTaxId1764700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE beneficiary ADD COLUMN tax_id_enc text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE beneficiary DROP COLUMN tax_id_enc`);
  }
}
