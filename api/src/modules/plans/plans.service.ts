import { Clock } from '../../core/clock/clock';
import { Injectable, NotFoundException } from '@nestjs/common';
import { Messages } from '../../contracts/messages';
import {
  ContributionEngine,
  FSA_ACCOUNTS,
  FSA_ACCOUNT_NAMES,
  PlanMessages,
  PlanTypeIds,
  centsToDecimal,
  coverageAge,
  eoiRequired,
  fsaAnnualLimit,
  hsaLimit,
  isPartner,
  parseMoney,
  tierForDependents,
  voluntaryLifeErrors,
  voluntaryLifeLimits,
  type AmountOption,
  type ContributionResponse,
  type CustomField,
  type Plan as PlanDto,
  type PlanCoverage,
  type PlanLimits,
  type Tier,
} from '../../contracts/plans';
import { RequestContext } from '../../core/context/request-context';
import { TenantDb } from '../../core/database/tenant-db';
import {
  EMPLOYEE_CONTEXT_SQL,
  PLAN_SQL,
  employeeAgeFor,
  fsaRulesOf,
  hsaEmployerCents,
  hsaRulesOf,
  pricingOf,
  toEmployeeContext,
  toPlanDto,
  voluntaryLifeRulesOf,
  type EmployeeContext,
  type EmployeeContextRow,
  type PlanRecord,
  type PriceFor,
} from './plan-model';
import { requestError } from '../../core/http/field-errors';
import { electionsCte } from '../enrollments/elections';

export interface Election {
  id: number;
  planTypeId: number;
  planId: number | null;
  status: number;
  tier: number | null;
  coverageEmployeeCents: number | null;
  coverageSpouseCents: number | null;
  coverageChildrenCents: number | null;
}

export interface DependentInfo {
  id: number;
  relationshipTypeId: number;
  firstName: string | null;
  birthDate: string | null;
  gender: number | null;
  disabled: boolean;
}

export const planNotFound = () => new NotFoundException({ statusCode: 404, message: PlanMessages.planNotFound });
const noEmployee = () => new NotFoundException({ statusCode: 404, message: Messages.noEmployeeFound });
const amountOut = (o: AmountOption) => ({ original: centsToDecimal(o.originalCents), reduced: centsToDecimal(o.reducedCents) });
const num = (v: string | number | null): number | null => (v === null ? null : Number(v));

/** The plan catalogue as one employee sees it, priced for them. Every read is scoped to the token's employee. */
@Injectable()
export class PlansService {
  constructor(
    private readonly db: TenantDb,
    private readonly context: RequestContext,
    private readonly clock: Clock,
  ) {}

  /** What pricing and eligibility need of one employee of the acting client (404 for anyone else). */
  async employeeContext(employeeId: number = this.context.ownEmployeeId()): Promise<EmployeeContext> {
    const rows = await this.db.query<EmployeeContextRow>(EMPLOYEE_CONTEXT_SQL, [employeeId, this.clock.nowIso()]);
    if (!rows[0]) throw noEmployee();
    return toEmployeeContext(rows[0]);
  }

  /** The employee's elections in the current period, by plan type, with their unsigned changes (what the dialogs price against). */
  async elections(ctx: EmployeeContext): Promise<Map<number, Election>> {
    const rows: Array<{ id: number; plan_type_id: number; plan_id: number | null; status: number; tier: number | null; ce: string | null; cs: string | null; cc: string | null }> =
      await this.db.query(
        `WITH elections AS (${electionsCte('$1', 'true')})
         SELECT id, plan_type_id, plan_id, status, tier, coverage_employee_cents AS ce, coverage_spouse_cents AS cs, coverage_children_cents AS cc
           FROM elections WHERE open_enrollment_period_id = $2`,
        [ctx.employeeId, ctx.periodId],
      );
    return new Map(
      rows.map((r) => [
        r.plan_type_id,
        { id: r.id, planTypeId: r.plan_type_id, planId: r.plan_id, status: r.status, tier: r.tier, coverageEmployeeCents: num(r.ce), coverageSpouseCents: num(r.cs), coverageChildrenCents: num(r.cc) },
      ]),
    );
  }

  /** Plans of the current period; with includeCurrent also the plans the employee is enrolled in from earlier periods. */
  async records(ctx: EmployeeContext, type: number | undefined, includeCurrent: boolean): Promise<PlanRecord[]> {
    return this.db.query<PlanRecord>(
      `${PLAN_SQL}
        WHERE p.client_id = $client AND ($2::int IS NULL OR p.plan_type_id = $2)
          AND (p.open_enrollment_period_id = $1
               OR ($3 AND p.id IN (SELECT plan_id FROM enrollment WHERE employee_id = $4 AND status = 1 AND plan_id IS NOT NULL)))
        ORDER BY p.plan_type_id, p.sort_order, p.id`,
      [ctx.periodId, type ?? null, includeCurrent, ctx.employeeId],
    );
  }

  /** One plan the employee may see (current period, or one they are enrolled in); 404 otherwise. */
  async record(ctx: EmployeeContext, id: number): Promise<PlanRecord> {
    const rows = await this.db.query<PlanRecord>(
      `${PLAN_SQL}
        WHERE p.id = $1 AND p.client_id = $client
          AND (p.open_enrollment_period_id = $2 OR p.id IN (SELECT plan_id FROM enrollment WHERE employee_id = $3 AND plan_id IS NOT NULL))`,
      [id, ctx.periodId, ctx.employeeId],
    );
    if (!rows[0]) throw planNotFound();
    return rows[0];
  }

  /** The employee's dependents (all of them, or the given ids; an id that is not theirs answers 404). */
  async dependents(ctx: EmployeeContext, ids: number[] | null): Promise<DependentInfo[]> {
    const rows: Array<{ id: number; relationship_type_id: number | null; first_name: string | null; birth_date: string | null; gender: number | null; disabled: number }> =
      await this.db.query(
        `SELECT id, relationship_type_id, first_name, birth_date::text AS birth_date, gender, disabled
           FROM dependent WHERE employee_id = $1 AND client_id = $client AND deleted_at IS NULL AND ($2::int[] IS NULL OR id = ANY ($2))
          ORDER BY id`,
        [ctx.employeeId, ids],
      );
    if (ids !== null && rows.length !== new Set(ids).size) throw new NotFoundException({ statusCode: 404, message: 'Dependent not found' });
    return rows.map((r) => ({ id: r.id, relationshipTypeId: r.relationship_type_id ?? 0, firstName: r.first_name, birthDate: r.birth_date, gender: r.gender, disabled: r.disabled === 1 }));
  }

  /** The plans, each priced at the tier `dependents` (the employee's own; [] alone) or `household` make in it. */
  async list(type: number | undefined, includeCurrent: boolean, priceFor: { dependents?: number[]; household?: Tier } = {}): Promise<PlanDto[]> {
    const ctx = await this.employeeContext();
    const [records, elections, people] = await Promise.all([
      this.records(ctx, type, includeCurrent),
      this.elections(ctx),
      priceFor.dependents === undefined ? null : priceFor.dependents.length === 0 ? [] : this.dependents(ctx, priceFor.dependents),
    ]);
    const hsas = await this.pairedHsas(records);
    const asked: PriceFor | null = people !== null ? { people } : priceFor.household !== undefined ? { household: priceFor.household } : null;
    return records.map((p) => this.dto(p, ctx, elections, hsas, asked));
  }

  /** One plan for the token's employee, or (the census's Plan Summary) for an employee of the acting client. */
  async one(id: number, employeeId?: number): Promise<PlanDto> {
    const ctx = await this.employeeContext(employeeId);
    const [p, elections] = await Promise.all([this.record(ctx, id), this.elections(ctx)]);
    return this.dto(p, ctx, elections, await this.pairedHsas([p]));
  }

  private dto(p: PlanRecord, ctx: EmployeeContext, elections: Map<number, Election>, hsas: Map<number, PlanRecord>, asked: PriceFor | null = null): PlanDto {
    const e = elections.get(p.plan_type_id);
    const enrolled = e !== undefined && e.status === 1 && e.planId === p.id;
    return toPlanDto(p, ctx, { enrolled, tier: enrolled ? e.tier : null }, p.hsa_plan_id === null ? null : (hsas.get(p.hsa_plan_id) ?? null), asked);
  }

  /** The HSA plans paired with the given medical plans (the employer's HSA money is part of their cost picture). */
  private async pairedHsas(records: readonly PlanRecord[]): Promise<Map<number, PlanRecord>> {
    const ids = [...new Set(records.flatMap((p) => (p.hsa_plan_id === null ? [] : [p.hsa_plan_id])))];
    if (ids.length === 0) return new Map();
    const hsas = await this.db.query<PlanRecord>(`${PLAN_SQL} WHERE p.id = ANY ($1) AND p.client_id = $client`, [ids]);
    return new Map(hsas.map((h) => [h.id, h]));
  }

  /** The spouse or partner's age, for voluntary life spouse rates and reductions. */
  private async spouseAge(ctx: EmployeeContext, p: PlanRecord): Promise<number | null> {
    const spouse = (await this.dependents(ctx, null)).find((d) => isPartner(d.relationshipTypeId));
    return spouse ? coverageAge(spouse.birthDate, p.effective_date, ctx.today) : null;
  }

  /** GET /plans/{id}/contributions: the predicted employee cost per pay period. */
  async contributions(
    id: number,
    q: { dependents?: number[]; tier?: number; enrollment_status?: string; employee?: string; spouse?: string; child?: string },
  ): Promise<ContributionResponse> {
    const ctx = await this.employeeContext();
    const p = await this.record(ctx, id);
    const engine = new ContributionEngine(ctx.payPeriods);
    const zero: ContributionResponse = { amount: '0.00', tier: null, premiumAmount: '0.00', employerAmount: '0.00', eoiRequired: [], errors: [] };
    if (q.enrollment_status === '-1' || q.enrollment_status === '-2') return zero;
    const age = employeeAgeFor(p, ctx);

    if (p.benefits.kind === 'voluntaryLife') {
      const rules = voluntaryLifeRulesOf(p.benefits);
      const parse = (v: string | undefined) => (v === undefined || v === '' ? null : parseMoney(v));
      const election = { employeeCents: parse(q.employee), spouseCents: parse(q.spouse), childrenCents: parse(q.child) };
      if ([q.employee, q.spouse, q.child].some((v, i) => v !== undefined && v !== '' && [election.employeeCents, election.spouseCents, election.childrenCents][i] === null)) {
        throw requestError('Please enter a valid amount');
      }
      const ages = { employee: age, spouse: await this.spouseAge(ctx, p) };
      const errors = voluntaryLifeErrors(rules, election, ages);
      const amount = election.employeeCents === null ? 0 : engine.voluntaryLifeCost(pricingOf(p), election, ages);
      return { ...zero, amount: centsToDecimal(amount), premiumAmount: centsToDecimal(amount), eoiRequired: eoiRequired(rules, election), errors };
    }

    let tier: Tier = 1;
    if (q.dependents !== undefined) {
      const deps = await this.dependents(ctx, q.dependents);
      tier = tierForDependents(p.tier_structure, deps) ?? 1;
    } else if (q.tier !== undefined) {
      tier = q.tier as Tier;
    }
    const cost = engine.tierCost(pricingOf(p), tier, age);
    if (!cost) return { ...zero, tier };
    return {
      ...zero,
      tier,
      amount: centsToDecimal(cost.employeeCents),
      premiumAmount: centsToDecimal(cost.premiumCents),
      employerAmount: centsToDecimal(cost.employerCents),
    };
  }

  /** GET /plans/{id}/coverages: the employee's current coverage amounts in the plan's type. */
  async coverages(id: number, employeeId?: number): Promise<PlanCoverage> {
    const ctx = await this.employeeContext(employeeId);
    const p = await this.record(ctx, id);
    const e = (await this.elections(ctx)).get(p.plan_type_id);
    const enrolled = e !== undefined && e.status === 1;
    const base = this.planCoverage(p);
    if (p.benefits.kind === 'voluntaryLife') {
      const c = (v: number | null | undefined) => (enrolled && v ? centsToDecimal(v) : null);
      return { ...base, employee: c(e?.coverageEmployeeCents), spouse: c(e?.coverageSpouseCents), children: c(e?.coverageChildrenCents) };
    }
    return enrolled ? base : { ...base, employee: null, spouse: null, children: null };
  }

  /** GET /plans/{id}/coverage: what the plan provides (coverage rows of the plan summary). */
  async coverage(id: number, employeeId?: number): Promise<PlanCoverage> {
    const ctx = await this.employeeContext(employeeId);
    return this.planCoverage(await this.record(ctx, id));
  }

  private planCoverage(p: PlanRecord): PlanCoverage {
    const none: PlanCoverage = { employee: null, spouse: null, children: null, benefitPeriod: null, employeeGuaranteedAmount: null };
    const gi = p.guaranteed_amount_cents === null ? null : centsToDecimal(Number(p.guaranteed_amount_cents));
    switch (p.benefits.kind) {
      case 'life':
        return { ...none, employee: p.benefit_amount_cents === null ? null : centsToDecimal(Number(p.benefit_amount_cents)), employeeGuaranteedAmount: gi };
      case 'disability':
        return { ...none, employee: p.benefits.maxAmount, benefitPeriod: p.benefits.benefitPeriod };
      case 'voluntaryLife': {
        const b = p.benefits;
        return { ...none, employee: b.employee.max, spouse: b.spouse?.max ?? null, children: b.child ? (b.child.amounts.at(-1) ?? null) : null, employeeGuaranteedAmount: b.employee.guaranteedIssue };
      }
      default:
        return none;
    }
  }

  /** GET /plans/{id}/limits: HSA, voluntary life or FSA limits for the employee. */
  async limits(id: number, employeeAmount?: string, employeeId?: number): Promise<PlanLimits> {
    const ctx = await this.employeeContext(employeeId);
    const p = await this.record(ctx, id);
    const age = employeeAgeFor(p, ctx);
    const b = p.benefits;
    if (b.kind === 'hsa') {
      const { coverage, tier } = await this.hsaCoverage(ctx);
      const limit = hsaLimit(hsaRulesOf(b), coverage, age, hsaEmployerCents(p, tier));
      return {
        kind: 'hsa',
        limit: centsToDecimal(limit.limitCents),
        planYear: b.planYear,
        contribution: centsToDecimal(limit.employerCents),
        coverage,
        data: { single: b.singleLimit, family: b.familyLimit, catchup: b.catchup },
        catchUpEligible: limit.catchUpEligible,
        medicareWarning: limit.medicareWarning,
      };
    }
    if (b.kind === 'voluntaryLife') {
      const rules = voluntaryLifeRulesOf(b);
      const e = (await this.elections(ctx)).get(p.plan_type_id);
      const chosen = employeeAmount !== undefined ? parseMoney(employeeAmount) : (e?.coverageEmployeeCents ?? null);
      const lim = voluntaryLifeLimits(rules, chosen, { employee: age, spouse: await this.spouseAge(ctx, p) });
      return {
        kind: 'voluntaryLife',
        employeeAmounts: lim.employeeAmounts.map(amountOut),
        spouseAmounts: lim.spouseAmounts.map(amountOut),
        childrenAmounts: lim.childrenAmounts.map(amountOut),
        spouseAmountPercent: b.spouse?.percent ?? null,
        childAmountPercent: b.child?.percent ?? null,
        employeeGiAmount: b.employee.guaranteedIssue,
        spouseGiAmount: b.spouse?.guaranteedIssue ?? null,
        childGiAmount: b.child?.guaranteedIssue ?? null,
      };
    }
    if (b.kind === 'fsa') {
      const rules = fsaRulesOf(b);
      return {
        kind: 'fsa',
        payPeriods: ctx.payPeriods,
        accounts: FSA_ACCOUNTS.map((a) => ({
          account: a,
          name: FSA_ACCOUNT_NAMES[a],
          enabled: rules[a].enabled,
          limit: centsToDecimal(rules[a].enabled ? fsaAnnualLimit(rules[a]) : 0),
          employerAmount: centsToDecimal(rules[a].erAmountCents),
        })),
      };
    }
    return { kind: 'none' };
  }

  /** The HSA limit follows the medical election: employee only is single, anything else family. */
  async hsaCoverage(ctx: EmployeeContext): Promise<{ coverage: 'single' | 'family'; tier: Tier; medicalPlanId: number | null }> {
    const medical = (await this.elections(ctx)).get(PlanTypeIds.Medical);
    const tier = (medical?.status === 1 && medical.tier ? medical.tier : 1) as Tier;
    return { coverage: tier === 1 ? 'single' : 'family', tier, medicalPlanId: medical?.status === 1 ? medical.planId : null };
  }

  async custom(id: number, employeeId?: number): Promise<CustomField[]> {
    const ctx = await this.employeeContext(employeeId);
    return (await this.record(ctx, id)).custom_fields;
  }
}
