import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 29: a census file's commit runs as a job (imports.census-commit). The batch records what was asked
 * (welcome emails, onboarding, by whom), how far the job got (rows_done: a chunk's rows and this count commit
 * together, so a job run again skips what is added) and, when a row no longer passes, its problems; and the
 * preview's first rows sealed apart (preview_enc), so the page polled during a commit never opens the whole file.
 */
export class CensusImportJobs1766200000000 implements MigrationInterface {
  name = 'CensusImportJobs1766200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE import_batch
        ADD COLUMN status text CHECK (status IN ('queued', 'running', 'done', 'failed')),
        ADD COLUMN rows_done integer NOT NULL DEFAULT 0 CHECK (rows_done >= 0),
        ADD COLUMN send_email boolean NOT NULL DEFAULT false,
        ADD COLUMN enable_onboarding boolean NOT NULL DEFAULT false,
        ADD COLUMN requested_by integer,
        ADD COLUMN queued_at timestamptz,
        ADD COLUMN issues jsonb,
        ADD COLUMN preview_enc text`);
    // The re-drive sweep's question: commits queued or running for a while.
    await q.query(`CREATE INDEX import_batch_unfinished_idx ON import_batch (queued_at) WHERE status IN ('queued', 'running')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS import_batch_unfinished_idx`);
    await q.query(`ALTER TABLE import_batch DROP COLUMN status, DROP COLUMN rows_done, DROP COLUMN send_email, DROP COLUMN enable_onboarding, DROP COLUMN requested_by, DROP COLUMN queued_at, DROP COLUMN issues, DROP COLUMN preview_enc`);
  }
}
