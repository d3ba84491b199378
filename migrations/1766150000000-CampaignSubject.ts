import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 28 item 5 (decisions section 6): a custom email has a subject, kept with its campaign so every email of
 * it carries the same one (HR's, or 'A message from {client}' as the client was named when it was sent).
 * Campaigns made before keep null and are sent with that default.
 */
export class CampaignSubject1766150000000 implements MigrationInterface {
  name = 'CampaignSubject1766150000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE campaign ADD COLUMN subject text CHECK (char_length(subject) <= 250)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE campaign DROP COLUMN IF EXISTS subject`);
  }
}
