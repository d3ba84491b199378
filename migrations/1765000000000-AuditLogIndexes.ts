import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The audit logs' filters (document 3 section 2.6) on a client with a million entries: a page filtered by
 * event type or plan type reads its index in date order instead of the whole client's log.
 */
export class AuditLogIndexes1765000000000 implements MigrationInterface {
  name = 'AuditLogIndexes1765000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX audit_log_client_action_idx ON audit_log (client_id, action_type, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX audit_log_client_plan_type_idx ON audit_log (client_id, plan_type_id, created_at DESC, id DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS audit_log_client_plan_type_idx`);
    await q.query(`DROP INDEX IF EXISTS audit_log_client_action_idx`);
  }
}
