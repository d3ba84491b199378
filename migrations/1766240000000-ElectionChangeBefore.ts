import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 30 item 3: the election history (transactions, payroll deductions) reads each signed summary, each
 * applied change set, and elections recorded with neither (an as-is renewal carried over, seeded data) from
 * the `enrollment` row itself. Applying a change set overwrites that row, so the state before the first change
 * of such an election was lost. Applying now keeps it on the change that overwrote it.
 *
 * A column of `enrollment_change` rather than a table: the state belongs to the change that replaced it, is
 * written by the same statement's owner (the enrollments module) in the same transaction, and is read only with
 * it. jsonb rather than a copy of every election column: it is a snapshot read back whole
 * (jsonb_populate_record over the enrollment row type), never queried field by field or updated.
 */
export class ElectionChangeBefore1766240000000 implements MigrationInterface {
  name = 'ElectionChangeBefore1766240000000';

  async up(q: QueryRunner): Promise<void> {
    // The election columns and dependent_ids as they were just before the set applied; NULL when that state is
    // in the history otherwise (a signed summary of the period, or an earlier applied change of the election).
    await q.query(`ALTER TABLE enrollment_change ADD COLUMN before_state jsonb`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE enrollment_change DROP COLUMN IF EXISTS before_state`);
  }
}
