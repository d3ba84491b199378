import { Clock } from '../../core/clock/clock';
import { Injectable, NotFoundException } from '@nestjs/common';
import { EnrollmentMessages, undecidedPlanTypes, type Enrollment, type EnrollmentUpdate } from '../../contracts/enrollments';
import { Messages } from '../../contracts/messages';
import { PLAN_TYPE_NAMES, RESTRICTION_MESSAGES, RestrictionCodes, WAIVABLE_TYPES, type PlanTypeId } from '../../contracts/plans';
import { AuditService, diffFields } from '../../core/audit/audit.service';
import { TenantDb } from '../../core/database/tenant-db';
import { RequestContext } from '../../core/context/request-context';
import { EMPLOYEE_CONTEXTS_SQL, PLAN_SQL, eligibilityOf, toEmployeeContext, type EmployeeContextRow, type EmployeeContext, type PlanRecord } from '../plans/plan-model';
import { PlansService } from '../plans/plans.service';
import { ENROLLMENTS_SQL, ENROLLMENTS_STATEMENT, hasElection, toEnrollment, type EnrollmentRow } from './enrollments.query';
import { fieldError } from '../../core/http/field-errors';
import { ElectionChoiceService } from './election-choice.service';
import { ElectionDrafts } from './election-drafts.service';
import { enrollValues } from './election-values';
import { EnrollmentWindowService } from './enrollment-window.service';
import { ELECTION_AUDIT_TITLES, ELECTION_COLUMNS as COLUMNS, EMPTY_ELECTION as EMPTY, electionSelectList, electionsCte, type Election, type ElectionView } from './elections';

const notFound = () => new NotFoundException({ statusCode: 404, message: EnrollmentMessages.enrollmentNotFound });

@Injectable()
export class EnrollmentsService {
  constructor(
    private readonly db: TenantDb,
    private readonly context: RequestContext,
    private readonly plans: PlansService,
    private readonly audit: AuditService,
    private readonly drafts: ElectionDrafts,
    private readonly window: EnrollmentWindowService,
    private readonly clock: Clock,
    private readonly choice: ElectionChoiceService,
  ) {}

  /**
   * As-is renewal: every member of the replaced plan gets the same election (tier, cost, dependents) in the new
   * plan of the period, over a row not selected yet; answers how many were carried.
   */
  async carryOver(replacedPlanId: number, planId: number, periodId: number, planTypeId: number): Promise<number> {
    const carried = await this.db.query<{ id: number; old_id: number }>(
      `INSERT INTO enrollment (client_id, employee_id, open_enrollment_period_id, plan_type_id, plan_id, status, tier, contribution_cents, employer_contribution_cents, effective_date)
       SELECT $client, old.employee_id, $2, $3, $4, 1, old.tier, old.contribution_cents, old.employer_contribution_cents, p.effective_date
         FROM enrollment old JOIN plan p ON p.id = $4
        WHERE old.client_id = $client AND old.plan_id = $1 AND old.status = 1
       ON CONFLICT (employee_id, open_enrollment_period_id, plan_type_id)
       DO UPDATE SET plan_id = EXCLUDED.plan_id, status = 1, tier = EXCLUDED.tier, contribution_cents = EXCLUDED.contribution_cents,
                     employer_contribution_cents = EXCLUDED.employer_contribution_cents, effective_date = EXCLUDED.effective_date, updated_at = now()
        WHERE enrollment.status = 0
       RETURNING id, (SELECT o.id FROM enrollment o WHERE o.plan_id = $1 AND o.employee_id = enrollment.employee_id AND o.status = 1 LIMIT 1) AS old_id`,
      [replacedPlanId, periodId, planTypeId, planId],
    );
    for (const c of carried) {
      await this.db.query(
        `INSERT INTO enrollment_dependent (enrollment_id, dependent_id)
         SELECT $1, ed.dependent_id FROM enrollment_dependent ed JOIN enrollment o ON o.id = ed.enrollment_id AND o.client_id = $client
          WHERE ed.enrollment_id = $2 ON CONFLICT DO NOTHING`,
        [c.id, c.old_id],
      );
    }
    return carried.length;
  }

  /** A terminated employee's current elections end on `coverageEnd` (shown as Effective To), never later than set. */
  async endCoverage(employeeId: number, coverageEnd: string): Promise<void> {
    await this.db.query(
      `UPDATE enrollment en SET effective_to_date = $2, updated_at = now()
         FROM open_enrollment_period oe
        WHERE oe.id = en.open_enrollment_period_id AND oe.is_current AND en.employee_id = $1 AND en.client_id = $client AND en.status = 1
          AND (en.effective_to_date IS NULL OR en.effective_to_date > $2)`,
      [employeeId, coverageEnd],
    );
  }

  /**
   * GET /enrollments: the employee's rows of the current period, read only. The rows are created beforehand
   * (prepareRows): when HR invites the employee, when the account registers, by the seed, and (open
   * enrollment) when a period opens or a plan is offered.
   */
  async list(employeeId: number = this.context.ownEmployeeId(), view: ElectionView = 'draft'): Promise<Enrollment[]> {
    return (await this.readRows(employeeId, view)).filter(hasElection).map(toEnrollment);
  }

  /** GET /employees/{id}/enrollments (census): the signed elections of an employee of the acting client; 404 for anyone else. */
  async listFor(employeeId: number): Promise<Enrollment[]> {
    const found = await this.db.query('SELECT 1 FROM employee WHERE id = $1 AND client_id = $client', [employeeId]);
    if (!found.length) throw new NotFoundException({ statusCode: 404, message: Messages.noEmployeeFound });
    return this.list(employeeId, 'signed');
  }

  /**
   * The plan types the employee still has to decide: every type offered in the current period, a type
   * without its row included (it is undecided until the employee chooses).
   */
  async undecidedPlanTypes(employeeId: number): Promise<string[]> {
    return undecidedPlanTypes((await this.readRows(employeeId, 'draft')).map((r) => toEnrollment({ ...r, id: r.id ?? 0 })));
  }

  /**
   * Creates the rows an employee of the acting client needs in the current period: NotSelected, or Enrolled
   * when a type's only plan is employer-paid, in the caller's transaction (else one of its own). Idempotent (an existing
   * row is kept); answers how many it made.
   */
  prepareRows(employeeId: number): Promise<number> {
    return this.db.transaction(() => this.missingRows(employeeId));
  }

  /** prepareRows' work, in the transaction already open. */
  private async missingRows(employeeId: number): Promise<number> {
    const missing = (await this.db.query<EnrollmentRow>(ENROLLMENTS_SQL, [employeeId, false, this.clock.nowIso()])).filter((r) => r.id === null);
    if (missing.length === 0) return 0;
    const ctx = await this.plans.employeeContext(employeeId);
    for (const r of missing) await this.materialise(ctx, r);
    return missing.length;
  }

  /**
   * prepareRows for many employees of the acting client at once (a census file's chunk of new hires): the
   * current period's offered types are read once, the contexts of those who could be enrolled in an
   * employer-paid plan in one statement, and every missing row is written by one INSERT. The same rows as
   * prepareRows (NotSelected, or Enrolled in a type's only plan when it is employer-paid and the employee may
   * take it); an existing row is kept. Answers how many it made.
   */
  async prepareMany(employeeIds: readonly number[]): Promise<number> {
    if (employeeIds.length === 0) return 0;
    const types = await this.db.query<{ period_id: number; plan_type_id: number; plan_count: number; employer_paid_only: boolean; first_plan_id: number }>(
      `SELECT oe.id AS period_id, p.plan_type_id, count(*)::int AS plan_count, bool_and(p.contribution_type = 2) AS employer_paid_only,
              (array_agg(p.id ORDER BY p.sort_order, p.id))[1] AS first_plan_id
         FROM plan p JOIN open_enrollment_period oe ON oe.id = p.open_enrollment_period_id AND oe.is_current AND oe.client_id = $client
        GROUP BY oe.id, p.plan_type_id
        ORDER BY p.plan_type_id`,
      [],
    );
    if (types.length === 0) return 0;
    const paidIds = types.filter((t) => t.employer_paid_only && t.plan_count === 1).map((t) => t.first_plan_id);
    const paid = new Map(
      (paidIds.length > 0 ? await this.db.query<PlanRecord>(`${PLAN_SQL} WHERE p.id = ANY ($1::int[]) AND p.client_id = $client`, [paidIds]) : []).map((p) => [p.id, p]),
    );
    const contexts = new Map(
      (paid.size > 0 ? await this.db.query<EmployeeContextRow>(EMPLOYEE_CONTEXTS_SQL, [employeeIds, this.clock.nowIso()]) : []).map((r) => [r.id, toEmployeeContext(r)]),
    );
    const rows = employeeIds.flatMap((employeeId) =>
      types.map((t) => {
        const plan = t.employer_paid_only && t.plan_count === 1 ? paid.get(t.first_plan_id) : undefined;
        const ctx = contexts.get(employeeId);
        const values = plan && ctx && eligibilityOf(plan, ctx).restricted === 0 ? enrollValues(ctx, plan, 1, 0) : EMPTY;
        return { employee_id: employeeId, open_enrollment_period_id: t.period_id, plan_type_id: t.plan_type_id, ...values };
      }),
    );
    const [made] = await this.db.query<{ n: number }>(
      `WITH made AS (
         INSERT INTO enrollment (client_id, employee_id, open_enrollment_period_id, plan_type_id, ${COLUMNS.join(', ')})
         SELECT $client::int, r.employee_id, r.open_enrollment_period_id, r.plan_type_id, ${COLUMNS.map((c) => `r.${c}`).join(', ')}
           FROM jsonb_populate_recordset(null::enrollment, $1::jsonb) AS r
           JOIN employee e ON e.id = r.employee_id AND e.client_id = $client
         ON CONFLICT (employee_id, open_enrollment_period_id, plan_type_id) DO NOTHING
         RETURNING 1)
       SELECT count(*)::int AS n FROM made`,
      [JSON.stringify(rows)],
    );
    return made?.n ?? 0;
  }

  /**
   * prepareRows for the employees of the acting client (a period opened, a plan offered, the seed). One
   * statement finds who lacks a row of an offered type, so a repeated run touches nobody else.
   */
  async prepareClient(): Promise<number> {
    return this.db.transaction(async () => {
      const lacking = await this.db.query<{ id: number }>(
        `SELECT e.id FROM employee e
           JOIN open_enrollment_period oe ON oe.client_id = e.client_id AND oe.is_current
          WHERE e.client_id = $client
            AND EXISTS (SELECT 1 FROM plan p
                         WHERE p.open_enrollment_period_id = oe.id
                           AND NOT EXISTS (SELECT 1 FROM enrollment en
                                            WHERE en.employee_id = e.id AND en.open_enrollment_period_id = oe.id AND en.plan_type_id = p.plan_type_id))
          ORDER BY e.id`,
        [],
      );
      let made = 0;
      for (const { id } of lacking) made += await this.missingRows(id);
      return made;
    });
  }

  /** Straight to the driver's pool as a named (prepared) statement, like GET /me: the step-4 screen reads this on every visit. */
  private readRows(employeeId: number, view: ElectionView): Promise<EnrollmentRow[]> {
    return this.db.prepared<EnrollmentRow>(ENROLLMENTS_STATEMENT, ENROLLMENTS_SQL, [employeeId, view === 'draft', this.clock.nowIso()]);
  }

  async one(id: number): Promise<Enrollment> {
    const found = (await this.list()).find((e) => e.id === id);
    if (!found) throw notFound();
    return found;
  }

  /** An undecided type gets its row; a type with one employer-paid plan is enrolled in it (nothing to choose). */
  private async materialise(ctx: EmployeeContext, r: EnrollmentRow): Promise<void> {
    let values: Election = EMPTY;
    if (r.employer_paid_only && r.plan_count === 1) {
      const [plan] = await this.db.query<PlanRecord>(`${PLAN_SQL} WHERE p.id = $1 AND p.client_id = $client`, [r.first_plan_id]);
      if (plan && eligibilityOf(plan, ctx).restricted === 0) values = enrollValues(ctx, plan, 1, 0);
    }
    await this.db.query(
      `INSERT INTO enrollment (client_id, employee_id, open_enrollment_period_id, plan_type_id, ${COLUMNS.join(', ')})
       VALUES ($client, $1, $2, $3, ${COLUMNS.map((_c, i) => `$${i + 4}`).join(', ')})
       ON CONFLICT (employee_id, open_enrollment_period_id, plan_type_id) DO NOTHING`,
      [ctx.employeeId, r.period_id, r.plan_type_id, ...COLUMNS.map((c) => values[c])],
    );
  }

  /** PUT /enrollments/{id}: every rule the dialogs show, enforced here; the contribution is always computed here. */
  async update(id: number, body: EnrollmentUpdate): Promise<Enrollment> {
    const employeeId = this.context.ownEmployeeId();
    await this.db.transaction(async (m) => {
      // First, so a write never waits on locks only to be refused (and holds the period against its close).
      await this.window.assertOpen(employeeId);
      // A mid-year payload names the employee's life event in progress: it must be that one.
      if (body.eventType !== undefined) {
        const [event] = await this.db.query<{ event_type: number; event_date: string | null; reason_id: number | null }>(
          `SELECT event_type, to_char(event_date, 'MM/DD/YYYY') AS event_date, reason_id FROM life_event WHERE employee_id = $1 AND client_id = $client AND status = 'draft' AND step >= 6`,
          [employeeId],
        );
        const same = event && event.event_type === body.eventType && (body.eventDate === undefined || body.eventDate === event.event_date) && (body.reasonId === undefined || body.reasonId === event.reason_id);
        if (!same) throw fieldError('eventType', EnrollmentMessages.notThisLifeEvent);
      }
      const ctx = await this.plans.employeeContext(employeeId);
      // The row is locked so two writes of one election queue; the state they change is the draft's, if one is open.
      const own = await this.db.query('SELECT 1 FROM enrollment WHERE id = $1 AND employee_id = $2 AND client_id = $client FOR UPDATE', [id, ctx.employeeId]);
      if (own.length === 0) throw notFound();
      const draftId = await this.drafts.openId(ctx.employeeId, true);
      const rows = await this.db.query<Election & { plan_type_id: number; open_enrollment_period_id: number; dependent_ids: number[] }>(
        `WITH elections AS (${electionsCte('$2', '$3')})
         SELECT plan_type_id, open_enrollment_period_id, ${electionSelectList('e')}, dependent_ids FROM elections e WHERE e.id = $1`,
        [id, ctx.employeeId, draftId !== null],
      );
      const before = rows[0];
      if (!before) throw notFound();
      if (before.open_enrollment_period_id !== ctx.periodId) throw fieldError('status', RESTRICTION_MESSAGES[RestrictionCodes.EnrollmentClosed]!);
      const typeId = before.plan_type_id;
      const plans = await this.db.query<PlanRecord>(`${PLAN_SQL} WHERE p.open_enrollment_period_id = $1 AND p.plan_type_id = $2 AND p.client_id = $client ORDER BY p.sort_order, p.id`, [ctx.periodId, typeId]);
      const selectable = !plans.every((p) => p.contribution_type === 2);
      const beforeDeps = before.dependent_ids;

      let after: Election;
      let deps: number[] = [];
      if (body.status === '1') {
        ({ after, deps } = await this.choice.enroll(ctx, typeId, plans, body));
      } else {
        if (!selectable || plans.some((p) => p.employer_contributes)) throw fieldError('status', EnrollmentMessages.cannotDecline);
        if (body.status === '-1' && !WAIVABLE_TYPES.includes(typeId)) throw fieldError('status', EnrollmentMessages.waiveOnlyMedicalDentalVision);
        const w = body.waiver;
        after = {
          ...EMPTY,
          status: Number(body.status),
          ...(body.status === '-1' && w
            ? {
                waiver_reason_id: w.reasonId ?? null,
                waiver_reason_other: w.reasonOther ?? null,
                waiver_member: w.member ?? null,
                waiver_first_name: w.firstName ?? null,
                waiver_last_name: w.lastName ?? null,
                waiver_carrier_name: w.carrierName ?? null,
                waiver_policy_number: w.policyNumber ?? null,
              }
            : {}),
        };
      }

      if (draftId !== null) {
        // Unsigned changes: the signed election stays in force until the draft is signed.
        await this.drafts.write(draftId, id, typeId, after, deps);
      } else {
        await this.db.query(`UPDATE enrollment SET ${COLUMNS.map((c, i) => `${c} = $${i + 2}`).join(', ')}, updated_at = now() WHERE id = $1 AND client_id = $client`, [id, ...COLUMNS.map((c) => after[c])]);
        await m.query(`DELETE FROM enrollment_dependent WHERE enrollment_id = $1`, [id]);
        if (deps.length) await m.query(`INSERT INTO enrollment_dependent (enrollment_id, dependent_id) SELECT $1, unnest($2::int[])`, [id, deps]);
      }

      const typeName = PLAN_TYPE_NAMES[typeId as PlanTypeId] ?? String(typeId);
      const planName = plans.find((p) => p.id === after.plan_id)?.name;
      const verb = body.status === '1' ? `Enrolled in ${planName ?? typeName}` : body.status === '-1' ? `Waived ${typeName}` : `Declined ${typeName}`;
      await this.audit.record(
        {
          employeeId: ctx.employeeId,
          eventType: body.eventType !== undefined ? 'Mid-year change' : 'Enrollment',
          actionType: 'update',
          planTypeId: typeId,
          description: `${verb}${body.eventType !== undefined ? ` (life event ${body.eventType}${body.eventDate ? ` on ${body.eventDate}` : ''})` : ''}${draftId !== null ? ' (unsigned change)' : ''}`,
          data: diffFields(ELECTION_AUDIT_TITLES, { ...before, dependents: beforeDeps.join(',') }, { ...after, dependents: deps.join(',') }).filter((d) => d.changed),
        },
      );
    });
    return this.one(id);
  }

}
