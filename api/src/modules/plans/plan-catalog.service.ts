import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { AuditService } from '../../core/audit/audit.service';
import { TenantDb } from '../../core/database/tenant-db';
import {
  PlanCatalogMessages,
  computeEmployerContributesOf,
  planRateIssues,
  rateLabel,
  toCatalogPlan,
  type CatalogPlan,
  type CatalogPlanRecord,
  type DraftPeriod,
  type PlanEdit,
} from '../../contracts/plan-catalog';
import type { ImportedPlan, RateSheet } from '../../contracts/rate-sheet';
import { toUsDate } from '../../contracts/formats';
import type { RateRow } from '../../contracts/engine/contribution-engine';
import { RATE_AGES } from '../../contracts/rate-sheet';
import { fieldErrors } from '../../core/http/field-errors';

/**
 * A period whose plans may still be replaced or edited (`{period}` is its alias): one not started (Ready to Start),
 * or one started whose plans nobody has elected yet, as a first period of new-hire enrollment is from its first
 * day, before the agent has loaded any plans. Once someone elects a plan of it, employees price from its rates.
 */
const DRAFT_PERIOD = `({period}.started_at IS NULL OR NOT EXISTS (
    SELECT 1 FROM enrollment e JOIN plan ep ON ep.id = e.plan_id AND ep.client_id = e.client_id
     WHERE e.client_id = {period}.client_id AND ep.open_enrollment_period_id = {period}.id))`;

const CATALOG_SQL = `
SELECT p.id, p.name, p.plan_type_id, p.carrier, p.policy_number, p.description, p.effective_date::text AS effective_date, p.end_date::text AS end_date,
       p.tier_structure, p.rate_type, p.rate_period, p.contribution_type, p.employer_contribution, p.waiting_period_days, p.min_work_hours,
       p.dependent_max_age, p.benefits, ${DRAFT_PERIOD.replaceAll('{period}', 'o')} AS editable,
       coalesce((SELECT json_agg(json_build_object('tier', r.tier, 'minAge', r.min_age, 'maxAge', r.max_age, 'costCents', r.cost_cents) ORDER BY r.tier, r.min_age)
                   FROM plan_rate r WHERE r.plan_id = p.id), '[]') AS rates
  FROM plan p JOIN open_enrollment_period o ON o.id = p.open_enrollment_period_id AND o.client_id = p.client_id`;

/**
 * The agent's side of the plan catalogue: a plan year's plans written from a checked rate
 * sheet, replacing those of the period not started yet (the draft), and one plan edited at a time. The plans
 * module owns plan, plan_rate and plan_file; every write is audited in its transaction.
 */
@Injectable()
export class PlanCatalogService {
  constructor(
    private readonly db: TenantDb,
    private readonly audit: AuditService,
  ) {}

  /**
   * The open client's period whose plans may be replaced (DRAFT_PERIOD): the one Ready to Start when there is one,
   * else a started period nobody has elected a plan of yet (a new-hire first period).
   */
  async draftPeriod(lock = false): Promise<DraftPeriod | null> {
    const [p] = await this.db.query<{ id: number; title: string; start_date: string }>(
      `SELECT o.id, o.title, o.start_date::text AS start_date FROM open_enrollment_period o
        WHERE o.client_id = $client AND ${DRAFT_PERIOD.replaceAll('{period}', 'o')}
        ORDER BY o.started_at IS NULL DESC, o.start_date DESC, o.id DESC LIMIT 1 ${lock ? 'FOR UPDATE OF o' : ''}`,
      [],
    );
    return p ? { id: p.id, title: p.title, startDate: toUsDate(p.start_date)! } : null;
  }

  /** The draft period's plans replaced by the sheet's, with their rates, SBC files found by name and HSA pairs. */
  async replaceDraft(sheet: RateSheet, fileName: string): Promise<{ period: DraftPeriod; plans: number; sbcLinked: number }> {
    const period = await this.draftPeriod(true);
    if (!period) throw new ConflictException({ statusCode: 409, message: PlanCatalogMessages.noDraftPeriod });
    const old = await this.db.query<{ id: number }>(`SELECT id FROM plan WHERE open_enrollment_period_id = $1 AND client_id = $client`, [period.id]);
    if (old.length > 0) {
      const ids = old.map((o) => o.id);
      const used = await this.db.query(
        `SELECT 1 FROM enrollment WHERE plan_id = ANY ($1) AND client_id = $client LIMIT 1`,
        [ids],
      );
      if (used.length > 0) throw new ConflictException({ statusCode: 409, message: PlanCatalogMessages.plansInUse });
      await this.db.query(`UPDATE plan SET hsa_plan_id = NULL WHERE id = ANY ($1) AND client_id = $client`, [ids]);
      await this.db.query(`DELETE FROM plan WHERE id = ANY ($1) AND client_id = $client`, [ids]);
    }
    const idByName = new Map<string, number>();
    let sbcLinked = 0;
    for (const [index, p] of sheet.plans.entries()) {
      const id = await this.insertPlan(period.id, sheet, p, index);
      idByName.set(p.name.trim().toLowerCase(), id);
      if (p.sbcFileName) {
        // A document the client keeps under that title becomes the plan's SBC; otherwise it is uploaded later.
        const linked = await this.db.query(
          `INSERT INTO plan_file (plan_id, file_id, sort_order)
           SELECT $1, f.id, 0 FROM file f WHERE f.client_id = $client AND f.file_type IN ('carrier', 'client') AND lower(f.title) = lower($2)
            ORDER BY f.id DESC LIMIT 1 RETURNING file_id`,
          [id, p.sbcFileName],
        );
        sbcLinked += linked.length;
      }
    }
    for (const p of sheet.plans) {
      if (!p.hsaPlanName) continue;
      await this.db.query(`UPDATE plan SET hsa_plan_id = $2 WHERE id = $1 AND client_id = $client`, [idByName.get(p.name.trim().toLowerCase()), idByName.get(p.hsaPlanName.trim().toLowerCase())]);
    }
    await this.audit.record(
      {
        employeeId: null,
        eventType: 'Plans',
        actionType: old.length > 0 ? 'update' : 'create',
        description: `Rate sheet ${fileName} imported into ${period.title}: ${sheet.plans.length} plan(s)${old.length > 0 ? `, replacing ${old.length}` : ''}`,
        data: [{ title: 'Plans', oldValue: old.length > 0 ? String(old.length) : null, newValue: String(sheet.plans.length), changed: true }],
      },
    );
    return { period, plans: sheet.plans.length, sbcLinked };
  }

  private async insertPlan(periodId: number, sheet: RateSheet, p: ImportedPlan, sortOrder: number): Promise<number> {
    const [row] = await this.db.query<{ id: number }>(
      `INSERT INTO plan (client_id, open_enrollment_period_id, plan_type_id, name, carrier, policy_number, effective_date, end_date, tier_structure, rate_type,
                         rate_period, contribution_type, employer_contribution, employer_contributes, dependent_max_age, waiting_period_days, min_work_hours,
                         benefit_amount_cents, guaranteed_amount_cents, benefits, sort_order)
       VALUES ($client, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20) RETURNING id`,
      [
        periodId,
        p.planTypeId,
        p.name,
        p.carrier,
        p.policyNumber,
        sheet.planYear.start,
        sheet.planYear.end,
        p.tierStructure,
        p.rateType,
        p.ratePeriod,
        p.contributionType,
        JSON.stringify(p.employerContribution),
        computeEmployerContributesOf(p),
        p.dependentMaxAge,
        p.waitingPeriodDays,
        p.minWorkHours,
        p.benefitAmountCents,
        p.guaranteedAmountCents,
        JSON.stringify(p.benefits),
        sortOrder,
      ],
    );
    const id = row!.id;
    await this.insertRates(id, p.rates);
    return id;
  }

  private async insertRates(planId: number, rates: readonly RateRow[]): Promise<void> {
    if (rates.length === 0) return;
    await this.db.query(
      `INSERT INTO plan_rate (plan_id, tier, min_age, max_age, cost_cents)
       SELECT $1, r.tier, r.min_age, r.max_age, r.cost_cents FROM unnest($2::int[], $3::int[], $4::int[], $5::int[]) AS r(tier, min_age, max_age, cost_cents)
        WHERE EXISTS (SELECT 1 FROM plan WHERE id = $1 AND client_id = $client)`,
      [planId, rates.map((r) => r.tier), rates.map((r) => r.minAge), rates.map((r) => r.maxAge), rates.map((r) => r.costCents)],
    );
  }

  /**
   * A plan's rates replaced by the form's, checked against the plan as the Rates sheet checks them. Voluntary life
   * stays priced by amount and age; another plan is age-banded when a rate names a band.
   */
  private async replaceRates(before: CatalogPlan, rates: readonly RateRow[]): Promise<void> {
    const issues = planRateIssues(before, rates);
    if (issues.length > 0) throw fieldErrors(issues);
    await this.db.query(`DELETE FROM plan_rate r USING plan p WHERE r.plan_id = p.id AND p.id = $1 AND p.client_id = $client`, [before.id]);
    await this.insertRates(before.id, rates);
    const aged = rates.some((r) => r.minAge !== RATE_AGES.min || r.maxAge !== RATE_AGES.max);
    await this.db.query(`UPDATE plan SET rate_type = CASE WHEN rate_type = 2 THEN 2 WHEN $2 THEN 1 ELSE 0 END WHERE id = $1 AND client_id = $client`, [before.id, aged]);
  }

  /** The plans of the open client's draft period, or of the current one when nothing is being prepared. */
  async list(): Promise<{ period: DraftPeriod | null; plans: CatalogPlan[] }> {
    const period = await this.draftPeriod();
    const rows = await this.db.query<CatalogPlanRecord>(
      `${CATALOG_SQL} WHERE p.client_id = $client AND o.id = coalesce($1, (SELECT id FROM open_enrollment_period WHERE client_id = $client AND is_current)) ORDER BY p.plan_type_id, p.sort_order, p.id`,
      [period?.id ?? null],
    );
    return { period, plans: rows.map(toCatalogPlan) };
  }

  async one(id: number): Promise<CatalogPlan> {
    const [row] = await this.db.query<CatalogPlanRecord>(`${CATALOG_SQL} WHERE p.id = $1 AND p.client_id = $client`, [id]);
    if (!row) throw new NotFoundException({ statusCode: 404, message: PlanCatalogMessages.planNotFound });
    return toCatalogPlan(row);
  }

  /** One plan's own fields and employer shares; only while its period has not started (employees price from it). */
  async update(id: number, body: PlanEdit): Promise<CatalogPlan> {
    return this.db.transaction(async () => {
      const [lock] = await this.db.query<{ id: number }>(`SELECT id FROM plan WHERE id = $1 AND client_id = $client FOR UPDATE`, [id]);
      if (!lock) throw new NotFoundException({ statusCode: 404, message: PlanCatalogMessages.planNotFound });
      const before = await this.one(id);
      if (!before.editable) throw new ConflictException({ statusCode: 409, message: PlanCatalogMessages.periodStarted });
      if (body.rates) await this.replaceRates(before, body.rates);
      const employerContribution = body.employerContribution;
      await this.db.query(
        `UPDATE plan SET name = $2, carrier = $3, policy_number = $4, description = $5, waiting_period_days = $6, min_work_hours = $7, dependent_max_age = $8,
                         employer_contribution = $9, contribution_type = $10, employer_contributes = $11, updated_at = now()
          WHERE id = $1 AND client_id = $client`,
        [
          id,
          body.name,
          body.carrier ?? null,
          body.policyNumber ?? null,
          body.description ?? null,
          body.waitingPeriodDays,
          body.minWorkHours ?? null,
          body.dependentMaxAge ?? null,
          JSON.stringify(employerContribution),
          body.employerPaid ? 2 : 1,
          computeEmployerContributesOf({ contributionType: body.employerPaid ? 2 : 1, employerContribution, benefits: before.benefits }),
        ],
      ).catch((err: unknown) => {
        // The period already has a plan of that type and name (plan_period_name_idx).
        if (typeof err === 'object' && err !== null && (err as { code?: string }).code === '23505') throw new ConflictException({ statusCode: 409, message: PlanCatalogMessages.nameTaken });
        throw err;
      });
      const after = await this.one(id);
      const fields: Array<[string, unknown, unknown]> = [
        ['Plan name', before.name, after.name],
        ['Carrier', before.carrier, after.carrier],
        ['Policy number', before.policyNumber, after.policyNumber],
        ['Description', before.description, after.description],
        ['Waiting period (days)', before.waitingPeriodDays, after.waitingPeriodDays],
        ['Minimum work hours', before.minWorkHours, after.minWorkHours],
        ['Dependent age limit', before.dependentMaxAge, after.dependentMaxAge],
        ['Employer contribution', JSON.stringify(before.employerContribution), JSON.stringify(after.employerContribution)],
        ['Employer paid', before.employerPaid, after.employerPaid],
      ];
      const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
      // Each rate whose price changed (or that came or went), by its tier and band: old -> new.
      const rateKey = (r: { tier: number; minAge: number; maxAge: number }) => `${r.tier}:${r.minAge}:${r.maxAge}`;
      const oldRates = new Map(before.rates.map((r) => [rateKey(r), r]));
      const newRates = new Map(after.rates.map((r) => [rateKey(r), r]));
      const rateChanges = [...new Set([...oldRates.keys(), ...newRates.keys()])]
        .map((k) => {
          const o = oldRates.get(k) ?? null;
          const n = newRates.get(k) ?? null;
          return { title: `Rate: ${rateLabel(after.tierStructure, (o ?? n)!)}`, oldValue: o?.amount ?? null, newValue: n?.amount ?? null, changed: o?.amount !== n?.amount };
        })
        .filter((c) => c.changed);
      const shown = (v: string | null) => (v === null ? 'none' : `$${v}`);
      await this.audit.record(
        {
          employeeId: null,
          eventType: 'Plans',
          actionType: 'update',
          planTypeId: after.planTypeId,
          description: `Plan ${after.name} edited${rateChanges.length > 0 ? `; rates: ${rateChanges.map((c) => `${c.title.slice('Rate: '.length)} ${shown(c.oldValue)} → ${shown(c.newValue)}`).join('; ')}` : ''}`,
          data: [...fields.map(([title, o, n]) => ({ title, oldValue: text(o), newValue: text(n), changed: text(o) !== text(n) })), ...rateChanges],
        },
      );
      return after;
    });
  }
}
