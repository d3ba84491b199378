import { Clock } from '../../core/clock/clock';
import { ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { toIsoDate, toUsDate } from '../../contracts/formats';
import { ClientMessages, firstPeriodTitle, type PeriodKind } from '../../contracts/clients';
import { canReopen, openEnrollmentState, OpenEnrollmentMessages, type OpenEnrollmentCheck, type OpenEnrollmentData, type OpenEnrollmentRequest } from '../../contracts/open-enrollment';
import type { AuditFieldChange } from '../../core/audit/audit-entry.table';
import { AuditService } from '../../core/audit/audit.service';
import { fieldErrors } from '../../core/http/field-errors';
import { TenantDb } from '../../core/database/tenant-db';
import { EnrollmentsService } from '../enrollments/enrollments.service';
import { CampaignsService } from '../communications/campaigns.service';
import { PlanRenewalService } from '../plans/plan-renewal.service';
import { OpenEnrollmentCloseService } from './open-enrollment-close.service';

/**
 * HR's open enrollment (and the agent's first period): the periods and their plans, Start, Change Date, Close
 * OE now and Reopen, the next plan year prepared, a renewed plan's members carried over. Closing itself, the
 * end-of-day jobs and the snapshots are OpenEnrollmentCloseService's.
 */
@Injectable()
export class OpenEnrollmentService {
  constructor(
    private readonly db: TenantDb,
    private readonly audit: AuditService,
    private readonly enrollments: EnrollmentsService,
    private readonly campaigns: CampaignsService,
    private readonly clock: Clock,
    private readonly renewal: PlanRenewalService,
    private readonly closing: OpenEnrollmentCloseService,
  ) {}

  /** GET /openEnrollment: the client's setting and its periods with their state and plans. */
  async data(): Promise<OpenEnrollmentData> {
    const [client] = await this.db.query<{ allow_hr_oe: boolean }>('SELECT allow_hr_oe FROM client WHERE id = $client');
    const periods = await this.db.query<{
      id: number;
      title: string;
      start_date: string;
      end_date: string;
      closed_date: string | null;
      started_at: Date | null;
      closed_at: Date | null;
      is_current: boolean;
      employee_enrollments: number;
    }>(
      `SELECT p.id, p.title, p.start_date::text AS start_date, p.end_date::text AS end_date, p.closed_date::text AS closed_date, p.started_at, p.closed_at, p.is_current,
              (SELECT count(DISTINCT en.employee_id)::int FROM enrollment en WHERE en.open_enrollment_period_id = p.id AND en.status <> 0) AS employee_enrollments
         FROM open_enrollment_period p WHERE p.client_id = $client ORDER BY p.start_date DESC, p.id DESC`,
    );
    const plans = await this.db.query<{ id: number; name: string; plan_type_id: number; effective_date: string; period: number }>(
      `SELECT id, name, plan_type_id, effective_date::text AS effective_date, open_enrollment_period_id AS period FROM plan
        WHERE client_id = $client AND open_enrollment_period_id = ANY($1::int[]) ORDER BY plan_type_id, sort_order, id`,
      [periods.map((p) => p.id)],
    );
    const current = periods.find((p) => p.is_current) ?? null;
    const ready = new Set(periods.filter((p) => p.started_at === null).map((p) => p.id));
    const planView = (x: (typeof plans)[number]) => ({ id: x.id, title: x.name, planTypeId: x.plan_type_id, effectiveDate: toUsDate(x.effective_date)! });
    return {
      settings: { allowHrOe: client?.allow_hr_oe ?? false, openEnrollmentEndDate: toUsDate(current?.end_date), openEnrollmentClosedDate: toUsDate(current?.closed_date) },
      plans: plans.filter((x) => ready.has(x.period)).map(planView),
      periods: periods.map((p) => {
        const state = openEnrollmentState({ startedAt: p.started_at?.toISOString() ?? null, closedDate: p.closed_date });
        return {
          id: p.id,
          title: p.title,
          startDate: toUsDate(p.start_date)!,
          endDate: toUsDate(p.end_date)!,
          closedDate: toUsDate(p.closed_date),
          state,
          current: p.is_current,
          canReopen: state === 'closed' && canReopen(p.closed_at?.toISOString() ?? null, this.clock.now()),
          employeeEnrollments: p.employee_enrollments,
          plans: plans.filter((x) => x.period === p.id).map(planView),
        };
      }),
    };
  }

  /**
   * POST /openEnrollment: Start, Change Date, Close OE now or Reopen, by the period's state;
   * each in one transaction with its audit entry; the period's delayed close follows its last day.
   */
  async change(body: OpenEnrollmentRequest): Promise<OpenEnrollmentData> {
    await this.allowed();
    const scheduled = await this.db.transaction(async () => {
      const [p] = await this.db.query<{ id: number; title: string; end_date: string; closed_date: string | null; started_at: Date | null; closed_at: Date | null; today: string; is_current: boolean }>(
        `SELECT p.id, p.title, p.end_date::text AS end_date, p.closed_date::text AS closed_date, p.started_at, p.closed_at, p.is_current,
                ($2::timestamptz AT TIME ZONE c.time_zone)::date::text AS today
           FROM open_enrollment_period p JOIN client c ON c.id = p.client_id
          WHERE p.id = $1 AND p.client_id = $client FOR UPDATE OF p`,
        [body.openEnrollmentId, this.clock.nowIso()],
      );
      if (!p) throw new NotFoundException({ statusCode: 404, message: OpenEnrollmentMessages.periodFetchFailed });
      const state = openEnrollmentState({ startedAt: p.started_at?.toISOString() ?? null, closedDate: p.closed_date });
      const endDate = body.endDate === undefined ? null : toIsoDate(body.endDate)!;
      if (endDate !== null && endDate < p.today) throw fieldErrors([{ path: 'endDate', message: OpenEnrollmentMessages.endDateInPast }]);
      const audit = (description: string, data: AuditFieldChange[]) => this.audit.record({ employeeId: null, eventType: 'Open Enrollment', actionType: 'update', description, data });

      if (body.close) {
        if (state !== 'active' || !(await this.closing.closeWithin(p.id, 'now'))) throw new ConflictException({ statusCode: 409, message: OpenEnrollmentMessages.notThisState });
        return null;
      }
      if (body.reopen) {
        if (state !== 'closed') throw new ConflictException({ statusCode: 409, message: OpenEnrollmentMessages.notThisState });
        if (!canReopen(p.closed_at?.toISOString() ?? null, this.clock.now())) throw new ConflictException({ statusCode: 409, message: OpenEnrollmentMessages.reopenExpired });
        await this.db.query(`UPDATE open_enrollment_period SET closed_date = NULL, closed_at = NULL, end_date = $2 WHERE id = $1 AND client_id = $client`, [p.id, endDate]);
        // The close snapshot no longer describes the end: the next close takes it again.
        await this.db.query(`DELETE FROM enrollment_snapshot WHERE open_enrollment_period_id = $1 AND client_id = $client AND kind = 'end'`, [p.id]);
        await audit(`${p.title} reopened`, [{ title: 'Last day', oldValue: toUsDate(p.end_date), newValue: body.endDate!, changed: true }]);
        return endDate;
      }
      if (state === 'closed') throw new ConflictException({ statusCode: 409, message: OpenEnrollmentMessages.notThisState });
      if (state === 'active') {
        if (body.plans?.length) throw new ConflictException({ statusCode: 409, message: OpenEnrollmentMessages.plansLocked });
        await this.db.query(`UPDATE open_enrollment_period SET end_date = $2 WHERE id = $1 AND client_id = $client`, [p.id, endDate]);
        await audit(`${p.title}: last day changed`, [{ title: 'Last day', oldValue: toUsDate(p.end_date), newValue: body.endDate!, changed: toUsDate(p.end_date) !== body.endDate }]);
        return endDate;
      }
      // As-is renewals: every member of the replaced plan must have been carried over first (fix).
      for (const plan of body.plans ?? []) {
        if (plan.asIsRenewal && (await this.checkWithin(plan.id)).stillEnrolled > 0) {
          throw new ConflictException({ statusCode: 409, message: OpenEnrollmentMessages.stillEnrolledInReplaced });
        }
      }
      // Start: the period becomes the current one, its plans take their effective dates, the start snapshot is taken.
      for (const plan of body.plans ?? []) {
        if (!(await this.renewal.setEffectiveDate(plan.id, p.id, toIsoDate(plan.effectiveDate)))) throw fieldErrors([{ path: 'plans', message: OpenEnrollmentMessages.periodFetchFailed }]);
      }
      if (!p.is_current) {
        await this.db.query(`UPDATE open_enrollment_period SET is_current = false WHERE client_id = $client AND is_current`, []);
        await this.db.query(`UPDATE open_enrollment_period SET is_current = true WHERE id = $1 AND client_id = $client`, [p.id]);
      }
      await this.db.query(`UPDATE open_enrollment_period SET started_at = $4, start_date = least(start_date, $2::date), end_date = $3 WHERE id = $1 AND client_id = $client`, [p.id, p.today, endDate, this.clock.nowIso()]);
      // Every employee gets the rows of the period's plan types (not selected yet); then the start snapshot.
      await this.enrollments.prepareClient();
      await this.closing.snapshot(p.id, 'start');
      let invited = 0;
      if (body.sendEmail) {
        // The invites are a campaign (Communications): recorded with the period, fanned out by the workers.
        const eligible = await this.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM employee e LEFT JOIN account a ON a.id = e.account_id
            WHERE e.client_id = $client AND NOT e.terminated AND nullif(coalesce(a.email, e.email), '') IS NOT NULL`,
          [],
        );
        if (eligible[0]!.n > 0) invited = (await this.campaigns.send({ emailType: 2, recipients: {}, all: true, periodId: p.id })).campaign.total;
      }
      await audit(`${p.title} started`, [
        { title: 'Last day', oldValue: null, newValue: body.endDate!, changed: true },
        { title: 'Invitations', oldValue: null, newValue: String(invited), changed: invited > 0 },
      ]);
      return endDate;
    });
    if (scheduled !== null) await this.closing.scheduleClose(body.openEnrollmentId, scheduled);
    return this.data();
  }

  /**
   * POST /openEnrollment/prepare: the next plan year as a period Ready to Start, its plans renewed
   * from the current period's a year later (PlanRenewalService). One at a time: a Ready period must be started
   * (or is the one to start) before another is prepared, and the current period's open enrollment must be over. Its last day is set when HR starts it; until then its
   * dates are the plan year's first day, and Start moves its start to that day.
   */
  async prepare(): Promise<OpenEnrollmentData> {
    await this.allowed();
    await this.db.transaction(async () => {
      const waiting = await this.db.query(`SELECT 1 FROM open_enrollment_period WHERE client_id = $client AND started_at IS NULL FOR UPDATE`, []);
      if (waiting.length > 0) throw new ConflictException({ statusCode: 409, message: OpenEnrollmentMessages.alreadyPrepared });
      const [source] = await this.db.query<{ id: number; next_start: string | null; closed: boolean }>(
        `SELECT p.id, ((SELECT min(effective_date) FROM plan WHERE open_enrollment_period_id = p.id) + interval '1 year')::date::text AS next_start,
                p.closed_date IS NOT NULL AS closed
           FROM open_enrollment_period p WHERE p.client_id = $client AND p.is_current`,
        [],
      );
      if (!source?.next_start) throw new ConflictException({ statusCode: 409, message: OpenEnrollmentMessages.nothingToRenew });
      // Its plans are renewed as they stand once its open enrollment is over (canPrepareNextYear, the site's rule too).
      if (!source.closed) throw new ConflictException({ statusCode: 409, message: OpenEnrollmentMessages.stillRunning });
      const title = `Open Enrollment ${source.next_start.slice(0, 4)}`;
      const [period] = await this.db.query<{ id: number }>(
        `INSERT INTO open_enrollment_period (client_id, title, start_date, end_date, is_current) VALUES ($client, $1, $2, $2, false) RETURNING id`,
        [title, source.next_start],
      );
      const plans = await this.renewal.renewInto(source.id, period!.id);
      await this.audit.record(
        {
          employeeId: null,
          eventType: 'Open Enrollment',
          actionType: 'create',
          description: `${title} prepared: ${plans} plan(s) renewed, Ready to Start`,
          data: [{ title: 'Plan year starts', oldValue: null, newValue: toUsDate(source.next_start), changed: true }],
        },
      );
    });
    return this.data();
  }

  /**
   * The client's first period, prepared by its agent; `startDate` is ISO, the plan year's first
   * day. Open enrollment is Ready to Start like a prepared next year (HR starts it, with its last day, from the
   * Status Dashboard); new-hire enrollment is the current period from that day, started and with no open
   * enrollment window, so each new hire enrolls in their own 30 days. The plans come after (the rate sheet's
   * import, or one by one) into this period. Only a client with no period yet; one transaction with its audit entry.
   */
  async prepareFirst(kind: PeriodKind, startDate: string): Promise<number> {
    return this.db.transaction(async () => {
      // The client row serialises two agents preparing at once.
      await this.db.query('SELECT 1 FROM client WHERE id = $client FOR UPDATE', []);
      const existing = await this.db.query('SELECT 1 FROM open_enrollment_period WHERE client_id = $client LIMIT 1', []);
      if (existing.length > 0) throw new ConflictException({ statusCode: 409, message: ClientMessages.periodExists });
      const title = firstPeriodTitle(kind, startDate);
      const [period] =
        kind === 'open-enrollment'
          ? await this.db.query<{ id: number }>(
              `INSERT INTO open_enrollment_period (client_id, title, start_date, end_date, is_current) VALUES ($client, $1, $2, $2, false) RETURNING id`,
              [title, startDate],
            )
          : await this.db.query<{ id: number }>(
              `INSERT INTO open_enrollment_period (client_id, title, start_date, end_date, closed_date, closed_at, is_current, started_at)
               VALUES ($client, $1, $2, $2, $2, $3, true, $3) RETURNING id`,
              [title, startDate, this.clock.nowIso()],
            );
      await this.audit.record(
        {
          employeeId: null,
          eventType: 'Open Enrollment',
          actionType: 'create',
          description: kind === 'open-enrollment' ? `${title} prepared, Ready to Start` : `${title}: new-hire enrollment from ${toUsDate(startDate)}`,
          data: [{ title: 'Plan year starts', oldValue: null, newValue: toUsDate(startDate), changed: true }],
        },
      );
      return period!.id;
    });
  }

  /**
   * The plan a plan renews: the same plan type and name in the client's most recent period that started
   * before the plan's own.
   */
  private async replaced(planId: number): Promise<{ period: number; planTypeId: number; replacedPlanId: number | null }> {
    const [row] = await this.db.query<{ period: number; plan_type_id: number; replaced: number | null }>(
      `SELECT p.open_enrollment_period_id AS period, p.plan_type_id,
              (SELECT q.id FROM plan q JOIN open_enrollment_period qp ON qp.id = q.open_enrollment_period_id
                WHERE q.client_id = $client AND q.plan_type_id = p.plan_type_id AND q.name = p.name AND qp.id <> pp.id AND qp.start_date <= pp.start_date
                ORDER BY qp.start_date DESC, qp.id DESC LIMIT 1) AS replaced
         FROM plan p JOIN open_enrollment_period pp ON pp.id = p.open_enrollment_period_id
        WHERE p.id = $1 AND p.client_id = $client`,
      [planId],
    );
    if (!row) throw new NotFoundException({ statusCode: 404, message: OpenEnrollmentMessages.periodFetchFailed });
    return { period: row.period, planTypeId: row.plan_type_id, replacedPlanId: row.replaced };
  }

  /** GET /openEnrollment/check/{planId}: members of the replaced plan without an election of the plan's type in its period. */
  check(planId: number): Promise<OpenEnrollmentCheck> {
    return this.checkWithin(planId);
  }

  private async checkWithin(planId: number): Promise<OpenEnrollmentCheck> {
    const r = await this.replaced(planId);
    if (r.replacedPlanId === null) return { planId, replacedPlanId: null, stillEnrolled: 0 };
    const [row] = await this.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM enrollment old
        WHERE old.client_id = $client AND old.plan_id = $1 AND old.status = 1
          AND NOT EXISTS (SELECT 1 FROM enrollment en WHERE en.employee_id = old.employee_id AND en.open_enrollment_period_id = $2
                             AND en.plan_type_id = $3 AND en.status <> 0)`,
      [r.replacedPlanId, r.period, r.planTypeId],
    );
    return { planId, replacedPlanId: r.replacedPlanId, stillEnrolled: row?.n ?? 0 };
  }

  /** The client lets its HR manage open enrollment (allowHrOe), or 403. */
  private async allowed(): Promise<{ allow_hr_oe: boolean; name: string }> {
    const [client] = await this.db.query<{ allow_hr_oe: boolean; name: string }>('SELECT allow_hr_oe, name FROM client WHERE id = $client');
    if (!client?.allow_hr_oe) throw new ForbiddenException({ statusCode: 403, message: OpenEnrollmentMessages.notAllowed });
    return client;
  }

  /** PUT /openEnrollment/fix/{planId}: carries the replaced plan's members over, with their tier, cost and dependents. */
  async fix(planId: number): Promise<OpenEnrollmentCheck> {
    await this.allowed();
    await this.db.transaction(async () => {
      const r = await this.replaced(planId);
      if (r.replacedPlanId === null) return;
      const carried = await this.enrollments.carryOver(r.replacedPlanId, planId, r.period, r.planTypeId);
      await this.audit.record(
        { employeeId: null, eventType: 'Open Enrollment', actionType: 'update', description: `As-is renewal: ${carried} election(s) carried over to plan ${planId}` },
      );
    });
    return this.check(planId);
  }
}
