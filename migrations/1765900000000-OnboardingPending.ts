import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 26: an account's onboarding is pending until it is finished. Step 0 ("finished") was the default, so
 * every account the welcome email created counted as done and no real new hire ever saw the wizard; whether
 * onboarding applies is derived from the client's and the employee's flags (contracts/onboarding-start.ts).
 * Accounts caught by the old default are set back to pending: registration never finished, and no onboarding
 * signature (the last step of every onboarding) recorded.
 */
export class OnboardingPending1765900000000 implements MigrationInterface {
  name = 'OnboardingPending1765900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE account ALTER COLUMN onboarding_step SET DEFAULT 1`);
    await q.query(`
      UPDATE account a SET onboarding_step = 1
       WHERE a.onboarding_step = 0 AND a.registration_step <> 0 AND a.registration_reopened_at IS NULL
         AND NOT EXISTS (SELECT 1 FROM employee e JOIN onboarding_signature s ON s.employee_id = e.id WHERE e.account_id = a.id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    // The rows set back to pending stay so: pending is their true state under either default.
    await q.query(`ALTER TABLE account ALTER COLUMN onboarding_step SET DEFAULT 0`);
  }
}
