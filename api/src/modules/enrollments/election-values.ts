import { ContributionEngine, type Tier } from '../../contracts/plans';
import { eligibilityOf, employeeAgeFor, pricingOf, type EmployeeContext, type PlanRecord } from '../plans/plan-model';
import { EMPTY_ELECTION as EMPTY, type Election } from './elections';

/**
 * An enrolled election's columns: the plan, tier and employee contribution given, the employer's share priced
 * (unless given), effective from the plan's date or the employee's eligibility, whichever is later.
 */
export function enrollValues(ctx: EmployeeContext, plan: PlanRecord, tier: Tier | null, contributionCents: number, employerCents?: number): Election {
  const engine = new ContributionEngine(ctx.payPeriods);
  const cost = tier === null ? null : engine.tierCost(pricingOf(plan), tier, employeeAgeFor(plan, ctx));
  const { eligibilityDate } = eligibilityOf(plan, ctx);
  return {
    ...EMPTY,
    plan_id: plan.id,
    status: 1,
    tier,
    contribution_cents: contributionCents,
    employer_contribution_cents: employerCents ?? cost?.employerCents ?? 0,
    effective_date: eligibilityDate !== null && eligibilityDate > plan.effective_date ? eligibilityDate : plan.effective_date,
    effective_to_date: plan.end_date,
    policy_number: plan.policy_number,
    coverage_employee_cents: plan.benefits.kind === 'life' && plan.benefit_amount_cents !== null ? Number(plan.benefit_amount_cents) : null,
  };
}
