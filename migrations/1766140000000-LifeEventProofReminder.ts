import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 28 item 5 (decisions section 6): a life event may be signed without its supporting document; HR's
 * approval waits for it and the employee is reminded once, 7 days after signing. proof_reminded_at records
 * that one reminder, so the sweep finds each event once; the partial index serves that sweep.
 */
export class LifeEventProofReminder1766140000000 implements MigrationInterface {
  name = 'LifeEventProofReminder1766140000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE life_event ADD COLUMN proof_reminded_at timestamptz`);
    await q.query(`CREATE INDEX life_event_proof_missing_idx ON life_event (signed_at) WHERE status = 'pending' AND proof_file_id IS NULL AND proof_reminded_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS life_event_proof_missing_idx`);
    await q.query(`ALTER TABLE life_event DROP COLUMN IF EXISTS proof_reminded_at`);
  }
}
