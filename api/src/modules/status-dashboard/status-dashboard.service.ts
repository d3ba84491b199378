import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { SendEmailsResponse } from '../../contracts/communications';
import { PLAN_TYPE_NAMES, type PlanTypeId } from '../../contracts/engine/plan-types';
import { enrollmentCompletion, enrollmentState, ENROLLMENT_STATES, type CompletionPlan, type EnrollmentState } from '../../contracts/enrollment-completion';
import { isFinished, stateMatches, StatusDashboardMessages, type Dashboard, type DashboardQuery, type DashboardUser, type ReminderPreview, type UnfinishedCount } from '../../contracts/status-dashboard';
import { ClientCalendar } from '../../core/clock/client-calendar';
import { APP_CONFIG, type AppConfig } from '../../core/config/app-config';
import { TenantDb } from '../../core/database/tenant-db';
import { EmailRenderer } from '../../core/mail/email-renderer';
import { renderReminder } from '../communications/campaign-sender.service';
import { CampaignsService } from '../communications/campaigns.service';
import { completionPlanJson } from '../plans/plan-model';

interface Row {
  employee_id: number;
  first_name: string;
  last_name: string;
  employment_id: number | null;
  hire_date: string | null;
  eligibility_date: string | null;
  work_hours: number | null;
  signed: boolean;
  /** Plan type id → [status, plan id] of the signed election. */
  elections: Record<string, [number, number | null]> | null;
}

interface PeriodRow {
  title: string;
  is_current: boolean;
  started_at: Date | null;
  closed_date: string | null;
  end_date: string;
}

type Audience = { period: PeriodRow; recipients: ReminderPreview['recipients']; unreachable: ReminderPreview['unreachable'] };

const typeName = (t: number): string => PLAN_TYPE_NAMES[t as PlanTypeId] ?? `Plan type ${t}`;

/**
 * The Status Dashboard: per employee of the client, how far their enrollment of the
 * period is, whether they signed since it started, and each plan type's status. Completion counts only the plan
 * types the employee can take (contracts/enrollment-completion, the enrollment step's own rule), so someone who
 * finished is at 100%. Active employees only: the terminated have nothing left to enroll in.
 */
@Injectable()
export class StatusDashboardService {
  constructor(
    private readonly db: TenantDb,
    private readonly calendar: ClientCalendar,
    private readonly campaigns: CampaignsService,
    private readonly renderer: EmailRenderer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async periods(): Promise<Array<{ id: number; title: string; current: '0' | '1' }>> {
    const rows = await this.db.query<{ id: number; title: string; is_current: boolean }>(
      'SELECT id, title, is_current FROM open_enrollment_period WHERE client_id = $client ORDER BY start_date DESC, id DESC',
    );
    return rows.map((r) => ({ id: r.id, title: r.title, current: r.is_current ? '1' : '0' }));
  }

  async dashboard(periodId: number, filter: DashboardQuery = {}): Promise<Dashboard> {
    const period = await this.period(periodId);
    const plans = (
      await this.db.query<{ plan: CompletionPlan }>(
        `SELECT ${completionPlanJson('p')} AS plan FROM plan p WHERE p.open_enrollment_period_id = $1 AND p.client_id = $client ORDER BY p.plan_type_id, p.id`,
        [periodId],
      )
    ).map((r) => r.plan);
    const types = [...new Set(plans.map((p) => p.planTypeId))].sort((a, b) => a - b);
    const rows = await this.db.query<Row>(
      `SELECT e.id AS employee_id, e.first_name, e.last_name, e.employment_id, e.hire_date::text AS hire_date, e.eligibility_date::text AS eligibility_date,
              e.work_hours::float8 AS work_hours,
              EXISTS (SELECT 1 FROM signature s WHERE s.employee_id = e.id AND s.kind = 'registration' AND s.signed_at >= coalesce($2::timestamptz, '-infinity')) AS signed,
              (SELECT jsonb_object_agg(en.plan_type_id::text, jsonb_build_array(en.status, en.plan_id)) FROM enrollment en
                WHERE en.employee_id = e.id AND en.open_enrollment_period_id = $1) AS elections
         FROM employee e
        WHERE e.client_id = $client AND NOT e.terminated
        ORDER BY lower(e.last_name), lower(e.first_name), e.id`,
      [periodId, period.started_at],
    );
    const today = await this.calendar.today();
    const users = rows.map((r): DashboardUser => {
      const elections = Object.fromEntries(Object.entries(r.elections ?? {}).map(([t, [status, planId]]) => [Number(t), { status, planId }]));
      const c = enrollmentCompletion(plans, { employmentId: r.employment_id, hireDate: r.hire_date, eligibilityDate: r.eligibility_date, workHours: r.work_hours, today, elections });
      return {
        employeeId: r.employee_id,
        firstName: r.first_name,
        lastName: r.last_name,
        signatureRequired: c.canTake.length > 0,
        signature: r.signed,
        progress: c.progress,
        state: enrollmentState(c, r.signed),
        missing: c.missing.map(typeName),
        enrollments: types.map((t) => ({ planTypeId: t, available: c.canTake.includes(t), status: String(elections[t]?.status ?? 0) })),
      };
    });
    const totals = Object.fromEntries(ENROLLMENT_STATES.map((s) => [s, users.filter((u) => u.state === s).length])) as Record<EnrollmentState, number>;
    const q = filter.q?.toLowerCase();
    return {
      id: periodId,
      title: period.title,
      current: period.is_current ? '1' : '0',
      plans: types.map((t) => ({ planTypeId: t, planType: typeName(t) })),
      users: users.filter((u) => stateMatches(filter.state, u.state) && (q === undefined || `${u.firstName} ${u.lastName}`.toLowerCase().includes(q))),
      totals: { all: users.length, ...totals },
    };
  }

  /** Close OE now's question: counted from the dashboard itself, so the number is the one HR sees there. */
  async unfinished(periodId: number): Promise<UnfinishedCount> {
    const board = await this.dashboard(periodId);
    return { periodId, title: board.title, employees: board.users.length, unfinished: board.users.filter((u) => !isFinished(u)).length };
  }

  /** "Remind the unfinished" before sending: the email as sent and exactly who it goes to (and who it cannot reach). */
  async reminderPreview(periodId: number): Promise<ReminderPreview> {
    const { period, recipients, unreachable } = await this.reminderAudience(periodId);
    const [client] = await this.db.query<{ name: string; header_color: string | null }>('SELECT name, header_color FROM client WHERE id = $client');
    const email = renderReminder(this.renderer, this.config.publicUrl, { firstName: recipients[0]?.firstName ?? null, clientName: client!.name, endDate: period.end_date, headerColor: client!.header_color });
    return { periodId, title: period.title, ...email, recipients, unreachable };
  }

  /**
   * Sends the reminder to the period's unfinished employees as one campaign (CampaignsService: sent by the
   * workers with fixed job ids, re-driven by the sweep), decided again here so it goes to exactly those unfinished now.
   */
  async remind(periodId: number): Promise<SendEmailsResponse> {
    const { period, recipients } = await this.reminderAudience(periodId);
    if (recipients.length === 0) throw new ConflictException({ statusCode: 409, message: StatusDashboardMessages.nobodyToRemind });
    return this.campaigns.sendReminder(
      periodId,
      period.title,
      recipients.map((r) => r.employeeId),
    );
  }

  private async reminderAudience(periodId: number): Promise<Audience> {
    const period = await this.period(periodId);
    if (!period.is_current || period.started_at === null || period.closed_date !== null) throw new ConflictException({ statusCode: 409, message: StatusDashboardMessages.remindNotOpen });
    const board = await this.dashboard(periodId, { state: 'unfinished' });
    const addresses = await this.db.query<{ id: number; email: string | null }>(
      `SELECT e.id, nullif(coalesce(a.email, e.email), '') AS email FROM employee e LEFT JOIN account a ON a.id = e.account_id WHERE e.client_id = $client AND e.id = ANY ($1::int[])`,
      [board.users.map((u) => u.employeeId)],
    );
    const emailOf = new Map(addresses.map((r) => [r.id, r.email]));
    const audience: Audience = { period, recipients: [], unreachable: [] };
    for (const u of board.users) {
      const email = emailOf.get(u.employeeId) ?? null;
      if (email === null) audience.unreachable.push({ employeeId: u.employeeId, firstName: u.firstName, lastName: u.lastName });
      else audience.recipients.push({ employeeId: u.employeeId, firstName: u.firstName, lastName: u.lastName, email, state: u.state, missing: u.missing });
    }
    return audience;
  }

  private async period(periodId: number): Promise<PeriodRow> {
    const [period] = await this.db.query<PeriodRow>(
      `SELECT title, is_current, started_at, closed_date::text AS closed_date, to_char(end_date, 'MM/DD/YYYY') AS end_date
         FROM open_enrollment_period WHERE id = $1 AND client_id = $client`,
      [periodId],
    );
    if (!period) throw new NotFoundException({ statusCode: 404, message: StatusDashboardMessages.noInformation });
    return period;
  }
}
