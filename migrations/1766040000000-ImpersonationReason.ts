import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Why an administrator or agent acted as an employee (issue 27 item 7), kept with every audit entry made
 * while acting. Added as a nullable column: no row is rewritten, so the append-only trigger is not involved,
 * and the application role's INSERT and SELECT on the table cover the new column.
 */
export class ImpersonationReason1766040000000 implements MigrationInterface {
  name = 'ImpersonationReason1766040000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE audit_log ADD COLUMN impersonation_reason text`);
    // Bounded like the request's details (contracts/impersonation.ts) with the list's longest text before them.
    // NOT VALID: every existing row is NULL, so there is nothing to check and no reason to scan a large log.
    await q.query(`ALTER TABLE audit_log ADD CONSTRAINT audit_log_impersonation_reason_length CHECK (char_length(impersonation_reason) <= 300) NOT VALID`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE audit_log DROP COLUMN IF EXISTS impersonation_reason`);
  }
}
