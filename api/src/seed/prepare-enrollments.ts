import { AccountsService } from '../modules/accounts/accounts.service';
import { SystemClock } from '../core/clock/clock';
import type { DataSource } from 'typeorm';
import { AuditService } from '../core/audit/audit.service';
import { RequestContext } from '../core/context/request-context';
import { TenantDb } from '../core/database/tenant-db';
import { EnrollmentWindowService } from '../modules/enrollments/enrollment-window.service';
import { ElectionChoiceService } from '../modules/enrollments/election-choice.service';
import { ElectionDrafts } from '../modules/enrollments/election-drafts.service';
import { EnrollmentsService } from '../modules/enrollments/enrollments.service';
import { PlansService } from '../modules/plans/plans.service';

/**
 * After the seed: every employee of every client gets the enrollment rows of the current period, made by
 * the same service (and the same rules) the API uses when HR invites someone. Wired by hand: the seed runs
 * without the Nest application, as a job would, in each client's own context.
 */
export async function prepareEnrollmentRows(ds: DataSource): Promise<number> {
  const context = new RequestContext();
  const db = new TenantDb(ds, context);
  const audit = new AuditService(ds, context);
  const clock = new SystemClock();
  const plans = new PlansService(db, context, clock);
  const enrollments = new EnrollmentsService(db, context, plans, audit, new ElectionDrafts(db, context, audit, new AccountsService(ds, clock, db), clock), new EnrollmentWindowService(db, clock), clock, new ElectionChoiceService(db, plans));
  let made = 0;
  for (const { id } of (await ds.query('SELECT id FROM client ORDER BY id')) as Array<{ id: number }>) {
    made += await context.runAs({ clientId: id, requestedBy: null }, () => enrollments.prepareClient());
  }
  return made;
}
