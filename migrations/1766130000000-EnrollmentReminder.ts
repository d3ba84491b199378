import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 28 item 2: the Status Dashboard's "Remind the unfinished" is a campaign of its own type (4), sent by
 * the campaign workers like the others, to the employees of a period who have not finished.
 */
export class EnrollmentReminder1766130000000 implements MigrationInterface {
  name = 'EnrollmentReminder1766130000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE campaign DROP CONSTRAINT campaign_email_type_check`);
    await q.query(`ALTER TABLE campaign ADD CONSTRAINT campaign_email_type_check CHECK (email_type IN (1, 2, 3, 4))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM campaign_recipient r USING campaign c WHERE c.id = r.campaign_id AND c.email_type = 4`);
    await q.query(`DELETE FROM campaign WHERE email_type = 4`);
    await q.query(`ALTER TABLE campaign DROP CONSTRAINT campaign_email_type_check`);
    await q.query(`ALTER TABLE campaign ADD CONSTRAINT campaign_email_type_check CHECK (email_type IN (1, 2, 3))`);
  }
}
