import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { enrollmentWindow, type WindowAnswer } from '../../contracts/enrollment-window';
import { Messages } from '../../contracts/messages';
import { Clock } from '../../core/clock/clock';
import { TenantDb } from '../../core/database/tenant-db';

/**
 * The enrollment window on the server (contracts/enrollment-window.ts), checked inside every transaction
 * that writes elections. The current period's row is read FOR SHARE: a write in progress holds the close
 * job back (it locks the row FOR UPDATE), and a write that starts after the close sees it closed. So a
 * write either commits before the close (and is in its snapshot) or is refused; never after.
 */
@Injectable()
export class EnrollmentWindowService {
  constructor(
    private readonly db: TenantDb,
    private readonly clock: Clock,
  ) {}

  /** `lock` holds the current period against its close until the caller's transaction ends. */
  async check(employeeId: number, lock = false): Promise<WindowAnswer> {
    const [e] = await this.db.query<{ time_zone: string; new_hire: boolean; eligibility_date: string | null; hire_date: string | null; life_event: boolean }>(
      `SELECT c.time_zone, e.new_hire, e.eligibility_date::text AS eligibility_date, e.hire_date::text AS hire_date,
              EXISTS (SELECT 1 FROM election_change_set s WHERE s.employee_id = e.id AND s.client_id = $client AND s.status = 'draft' AND s.kind = 'life_event') AS life_event
         FROM employee e JOIN client c ON c.id = e.client_id WHERE e.id = $1 AND e.client_id = $client`,
      [employeeId],
    );
    if (!e) throw new NotFoundException({ statusCode: 404, message: Messages.noEmployeeFound });
    const [p] = await this.db.query<{ start_date: string; end_date: string; closed_date: string | null; started: boolean }>(
      `SELECT start_date::text AS start_date, end_date::text AS end_date, closed_date::text AS closed_date, started_at IS NOT NULL AS started
         FROM open_enrollment_period WHERE client_id = $client AND is_current${lock ? ' FOR SHARE' : ''}`,
      [],
    );
    return enrollmentWindow({
      today: this.clock.todayIn(e.time_zone),
      period: p ? { startDate: p.start_date, endDate: p.end_date, closedDate: p.closed_date, started: p.started } : null,
      newHire: e.new_hire,
      eligibilityDate: e.eligibility_date,
      hireDate: e.hire_date,
      lifeEventInProgress: e.life_event,
    });
  }

  /** 409 with the reason when the employee may not change elections now (a life event's draft is a window of its own). */
  async assertOpen(employeeId: number): Promise<void> {
    const answer = await this.check(employeeId, true);
    if (!answer.open) throw new ConflictException({ statusCode: 409, message: answer.message });
  }
}
