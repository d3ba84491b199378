import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 29: the access groups and offices an agent chooses for a client limit its census. A client whose lists
 * were never chosen (the seed's, a test's, one made before the setting) keeps every option of the lists: null
 * says so, where an empty array is a client that uses none (no offices).
 */
export class ClientCensusChoices1766210000000 implements MigrationInterface {
  name = 'ClientCensusChoices1766210000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE client
        ALTER COLUMN access_group_ids DROP NOT NULL,
        ALTER COLUMN access_group_ids SET DEFAULT NULL,
        ALTER COLUMN office_ids DROP NOT NULL,
        ALTER COLUMN office_ids SET DEFAULT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE client SET access_group_ids = ARRAY(SELECT id FROM option_item WHERE type = 'accessGroup' ORDER BY sort_order) WHERE access_group_ids IS NULL`);
    await q.query(`UPDATE client SET office_ids = ARRAY(SELECT id FROM option_item WHERE type = 'office' ORDER BY sort_order) WHERE office_ids IS NULL`);
    await q.query(`
      ALTER TABLE client
        ALTER COLUMN access_group_ids SET DEFAULT '{}',
        ALTER COLUMN access_group_ids SET NOT NULL,
        ALTER COLUMN office_ids SET DEFAULT '{}',
        ALTER COLUMN office_ids SET NOT NULL`);
  }
}
