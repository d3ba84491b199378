import {
  ContributionEngine,
  TIER_OPTIONS,
  centsToDecimal,
  coverageAge,
  employerContributes,
  isoToUs,
  parseMoney,
  tierForDependents,
  tierForHousehold,
  tierLabel,
  PLAN_TYPE_NAMES,
  type CarrierLinks,
  type CustomField,
  type EmployerContribution,
  type FsaAccount,
  type FsaAccountRules,
  type FsaBenefits,
  type HsaBenefits,
  type HsaRules,
  type Plan as PlanDto,
  type PlanBenefits,
  type PlanPrice,
  type PriceCents,
  type PlanTypeId,
  type PricingPlan,
  type RatePeriod,
  type RateRow,
  type RateType,
  type Tier,
  type TierStructure,
  type VoluntaryLifeBenefits,
  type VoluntaryLifeRules,
} from '../../contracts/plans';
import { planEligibility } from '../../contracts/enrollment-completion';

/** A plan row with its rates and files, as PLAN_SQL reads it. */
export interface PlanRecord {
  id: number;
  client_id: number;
  open_enrollment_period_id: number;
  plan_type_id: number;
  name: string;
  carrier: string | null;
  policy_number: string | null;
  description: string | null;
  mbl_comment: string | null;
  effective_date: string;
  end_date: string;
  tier_structure: TierStructure;
  rate_type: RateType;
  rate_period: RatePeriod;
  contribution_type: number;
  employer_contribution: EmployerContribution;
  employer_contributes: boolean;
  dependent_max_age: number | null;
  domestic_partner_rule: 0 | 1 | 2 | 3;
  restricted: number;
  waiting_period_days: number;
  /** Weekly hours an employee must work to be eligible (the rate sheet's eligibility column); null: any. */
  min_work_hours: number | null;
  eligible_employment_ids: number[] | null;
  benefit_amount_cents: string | null;
  guaranteed_amount_cents: string | null;
  benefits: PlanBenefits;
  custom_fields: CustomField[];
  links: Partial<CarrierLinks>;
  hsa_plan_id: number | null;
  rates: RateRow[];
  files: Array<{ id: number; title: string; fileType: 'carrier' | 'client' | 'personal' }>;
}

/** Plans with rates and files in one statement; callers append WHERE/ORDER. Dates come back as ISO text. */
export const PLAN_SQL = `
SELECT p.id, p.client_id, p.open_enrollment_period_id, p.plan_type_id, p.name, p.carrier, p.policy_number, p.description,
       p.mbl_comment, p.effective_date::text AS effective_date, p.end_date::text AS end_date, p.tier_structure, p.rate_type,
       p.rate_period, p.contribution_type, p.employer_contribution, p.employer_contributes, p.dependent_max_age,
       p.domestic_partner_rule, p.restricted, p.waiting_period_days, p.min_work_hours, p.eligible_employment_ids, p.benefit_amount_cents,
       p.guaranteed_amount_cents, p.benefits, p.custom_fields, p.links, p.hsa_plan_id,
       coalesce((SELECT json_agg(json_build_object('tier', r.tier, 'minAge', r.min_age, 'maxAge', r.max_age, 'costCents', r.cost_cents)
                                 ORDER BY r.tier, r.min_age)
                   FROM plan_rate r WHERE r.plan_id = p.id), '[]') AS rates,
       coalesce((SELECT json_agg(json_build_object('id', f.id, 'title', f.title, 'fileType', f.file_type) ORDER BY pf.sort_order, f.id)
                   FROM plan_file pf JOIN file f ON f.id = pf.file_id WHERE pf.plan_id = p.id), '[]') AS files
  FROM plan p`;

/** What the plan rules need to know about the employee. */
export interface EmployeeContext {
  employeeId: number;
  clientId: number;
  birthDate: string | null;
  gender: number | null;
  hireDate: string | null;
  eligibilityDate: string | null;
  employmentId: number | null;
  /** Weekly work hours from the census; null when not given. */
  workHours: number | null;
  payPeriods: number;
  /** The client's current open-enrollment period. */
  periodId: number | null;
  /** The client's today (ISO, in its time zone, from the clock: $2 of EMPLOYEE_CONTEXT_SQL). */
  today: string;
}

const EMPLOYEE_CONTEXT_FROM = `
SELECT e.id, e.client_id, e.birth_date::text AS birth_date, e.gender, e.hire_date::text AS hire_date,
       e.eligibility_date::text AS eligibility_date, e.employment_id, e.work_hours::float8 AS work_hours, c.pay_periods,
       (SELECT id FROM open_enrollment_period WHERE client_id = c.id AND is_current) AS period_id,
       ($2::timestamptz AT TIME ZONE c.time_zone)::date::text AS today
  FROM employee e JOIN client c ON c.id = e.client_id`;
export const EMPLOYEE_CONTEXT_SQL = `${EMPLOYEE_CONTEXT_FROM}
 WHERE e.id = $1 AND e.client_id = $client`;
/** The same for many employees ($1 an int array): a census file's chunk. */
export const EMPLOYEE_CONTEXTS_SQL = `${EMPLOYEE_CONTEXT_FROM}
 WHERE e.id = ANY ($1::int[]) AND e.client_id = $client`;

export interface EmployeeContextRow {
  id: number;
  client_id: number;
  birth_date: string | null;
  gender: number | null;
  hire_date: string | null;
  eligibility_date: string | null;
  employment_id: number | null;
  work_hours: number | null;
  pay_periods: number;
  period_id: number | null;
  today: string;
}

export function toEmployeeContext(r: EmployeeContextRow): EmployeeContext {
  return {
    employeeId: r.id,
    clientId: r.client_id,
    birthDate: r.birth_date,
    gender: r.gender,
    hireDate: r.hire_date,
    eligibilityDate: r.eligibility_date,
    employmentId: r.employment_id,
    workHours: r.work_hours,
    payPeriods: r.pay_periods,
    periodId: r.period_id,
    today: r.today,
  };
}

const money = (text: string): number => {
  const cents = parseMoney(text);
  // The benefits jsonb is validated on write, so this only fires on a hand-edited row.
  if (cents === null) throw new Error(`invalid stored amount "${text}"`);
  return cents;
};

export function pricingOf(p: PlanRecord): PricingPlan {
  return {
    tierStructure: p.tier_structure,
    rateType: p.rate_type,
    ratePeriod: p.rate_period,
    contributionType: p.contribution_type,
    employerContribution: p.employer_contribution,
    rates: p.rates,
  };
}

export function voluntaryLifeRulesOf(b: VoluntaryLifeBenefits): VoluntaryLifeRules {
  const member = (m: VoluntaryLifeBenefits['employee']) => ({ minCents: money(m.min), maxCents: money(m.max), incrementCents: money(m.increment), giCents: money(m.guaranteedIssue) });
  return {
    employee: member(b.employee),
    spouse: b.spouse ? { ...member(b.spouse), percent: b.spouse.percent } : null,
    child: b.child ? { percent: b.child.percent, amountsCents: b.child.amounts.map(money), giCents: money(b.child.guaranteedIssue) } : null,
    reductions: b.reductions,
  };
}

export function fsaRulesOf(b: FsaBenefits): Record<FsaAccount, FsaAccountRules> {
  const acc = (a: FsaBenefits['accounts']['med']): FsaAccountRules => ({ enabled: a.enabled, eeLimitCents: money(a.eeLimit), erAmountCents: money(a.erAmount) });
  return { med: acc(b.accounts.med), dep: acc(b.accounts.dep), tra: acc(b.accounts.tra), park: acc(b.accounts.park) };
}

export function hsaRulesOf(b: HsaBenefits): HsaRules {
  return { singleLimitCents: money(b.singleLimit), familyLimitCents: money(b.familyLimit), catchupCents: money(b.catchup) };
}

/** The HSA employer contribution per medical tier (priceS, priceHw, pricePc, priceF), yearly cents. */
export function hsaEmployerCents(p: PlanRecord, medicalTier: Tier): number {
  if (p.employer_contribution.kind !== 'amount') return 0;
  return p.employer_contribution.perTier[String(medicalTier) as '1'] ?? 0;
}

/** Whether the plan carries any employer money, from its rules (stored as plan.employer_contributes on write). */
export function computeEmployerContributes(p: Pick<PlanRecord, 'contribution_type' | 'employer_contribution' | 'benefits'>): boolean {
  if (employerContributes({ contributionType: p.contribution_type, employerContribution: p.employer_contribution })) return true;
  if (p.benefits.kind === 'fsa') return Object.values(p.benefits.accounts).some((a) => a.enabled && (parseMoney(a.erAmount) ?? 0) > 0);
  return false;
}

/** The employee's age for this plan: on its start date, or today once it has started. */
export function employeeAgeFor(p: Pick<PlanRecord, 'effective_date'>, ctx: EmployeeContext): number | null {
  return coverageAge(ctx.birthDate, p.effective_date, ctx.today);
}

/**
 * A plan's facts as the contracts' completion rule reads them (CompletionPlan), built in SQL as one JSON object
 * from the plan table's alias `p`: GET /enrollments, the census and the Status Dashboard gather the same facts
 * and leave the deciding to the contracts.
 */
export const completionPlanJson = (p: string): string =>
  `json_build_object('id', ${p}.id, 'planTypeId', ${p}.plan_type_id, 'restricted', ${p}.restricted, 'eligibleEmploymentIds', ${p}.eligible_employment_ids, ` +
  `'waitingPeriodDays', ${p}.waiting_period_days, 'minWorkHours', ${p}.min_work_hours, 'endDate', ${p}.end_date::text, ` +
  `'employerPaid', ${p}.contribution_type = 2, 'hsaQualified', coalesce((${p}.benefits->>'hsaQualified')::boolean, false))`;

/** Restriction and future eligibility date of a plan for the employee: the contracts' planEligibility. */
export function eligibilityOf(p: Pick<PlanRecord, 'restricted' | 'waiting_period_days' | 'min_work_hours' | 'eligible_employment_ids' | 'end_date'>, ctx: EmployeeContext): { restricted: number; eligibilityDate: string | null } {
  return planEligibility(
    { restricted: p.restricted, eligibleEmploymentIds: p.eligible_employment_ids, waitingPeriodDays: p.waiting_period_days, minWorkHours: p.min_work_hours, endDate: p.end_date },
    ctx,
  );
}

const centsOrNull = (v: string | null): string | null => (v === null ? null : centsToDecimal(Number(v)));

/** The employer's yearly HSA money beside a medical plan at a tier, as money; null without any. */
function hsaMoney(hsa: PlanRecord | null, tier: Tier): string | null {
  const cents = hsa ? hsaEmployerCents(hsa, tier) : 0;
  return cents > 0 ? centsToDecimal(cents) : null;
}

/** The plan as the API answers it, priced for the employee. `currentTier` prices the employee's own tier. */
/** Who a list is priced for: the people chosen (dependents) or a household of HOUSEHOLD_OPTIONS. */
export type PriceFor = { people: readonly { relationshipTypeId: number }[] } | { household: Tier };

/** The tier `asked` makes in this plan's structure, else the employee's own tier in it, else employee only. */
function priceTier(p: PlanRecord, current: { enrolled: boolean; tier: number | null }, asked: PriceFor | null): Tier {
  if (asked) return ('people' in asked ? tierForDependents(p.tier_structure, asked.people) : tierForHousehold(p.tier_structure, asked.household)) ?? 1;
  return (current.enrolled && current.tier ? current.tier : 1) as Tier;
}

/** A plan's side-by-side price: its tier, or for a plan without tiers the cheapest choice. */
function priceOf(p: PlanRecord, engine: ContributionEngine, tier: Tier, age: number | null): PlanPrice {
  let price: PriceCents | null;
  if (p.rate_type === 2) price = p.benefits.kind === 'voluntaryLife' ? engine.voluntaryLifeFromPrice(pricingOf(p), voluntaryLifeRulesOf(p.benefits), age) : null;
  else if (p.benefits.kind === 'fsa' || p.benefits.kind === 'hsa') price = engine.chosenAmountFromPrice();
  else price = engine.tierPrice(pricingOf(p), tier, age);
  const shown = price ?? { tier: null, from: false, employeeCents: 0, employerCents: 0, annualEmployeeCents: 0, annualEmployerCents: 0 };
  return {
    tier: shown.tier,
    tierLabel: tierLabel(p.tier_structure, shown.tier),
    from: shown.from,
    amount: centsToDecimal(shown.employeeCents),
    employerAmount: centsToDecimal(shown.employerCents),
    annualAmount: centsToDecimal(shown.annualEmployeeCents),
    annualEmployerAmount: centsToDecimal(shown.annualEmployerCents),
  };
}

export function toPlanDto(p: PlanRecord, ctx: EmployeeContext, current: { enrolled: boolean; tier: number | null }, hsa: PlanRecord | null = null, asked: PriceFor | null = null): PlanDto {
  const engine = new ContributionEngine(ctx.payPeriods);
  const pricing = pricingOf(p);
  const age = employeeAgeFor(p, ctx);
  const tier = priceTier(p, current, asked);
  const tiers =
    p.rate_type === 2
      ? []
      : TIER_OPTIONS[p.tier_structure].flatMap((o) => {
          const cost = engine.tierCost(pricing, o.value, age);
          return cost
            ? [{ tier: o.value, label: o.label, premiumAmount: centsToDecimal(cost.premiumCents), employerAmount: centsToDecimal(cost.employerCents), contributionAmount: centsToDecimal(cost.employeeCents) }]
            : [];
        });
  const own = tiers.find((t) => t.tier === (current.enrolled && current.tier ? current.tier : 1)) ?? tiers[0];
  const { restricted, eligibilityDate } = eligibilityOf(p, ctx);
  const links = p.links;
  return {
    id: p.id,
    title: p.name,
    planType: PLAN_TYPE_NAMES[p.plan_type_id as PlanTypeId] ?? String(p.plan_type_id),
    planTypeId: p.plan_type_id,
    carrier: p.carrier,
    policyNumber: p.policy_number,
    description: p.description,
    mblComment: p.mbl_comment,
    effectiveDate: isoToUs(p.effective_date)!,
    endDate: isoToUs(p.end_date)!,
    tierStructure: p.tier_structure,
    tierOptions: [...TIER_OPTIONS[p.tier_structure]],
    ageBandedRateType: p.rate_type,
    contributionType: p.contribution_type === 2 ? '2' : '1',
    employerPaid: p.contribution_type === 2,
    employerContributes: p.employer_contributes,
    contributionAmount: own?.contributionAmount ?? '0.00',
    tiers,
    price: priceOf(p, engine, tier, age),
    dependentMaxAge: p.dependent_max_age,
    domesticPartner: p.domestic_partner_rule,
    restricted,
    eligibilityDate: isoToUs(eligibilityDate),
    benefitAmount: centsOrNull(p.benefit_amount_cents),
    guaranteedAmount: centsOrNull(p.guaranteed_amount_cents),
    customFields: p.custom_fields,
    fileId: p.files[0]?.id ?? null,
    files: p.files,
    links: {
      medicalDirectory: links.medicalDirectory ?? null,
      rxDirectory: links.rxDirectory ?? null,
      dentalDirectory: links.dentalDirectory ?? null,
      visionDirectory: links.visionDirectory ?? null,
    },
    hsaPlanId: p.hsa_plan_id,
    employerHsaAmount: hsaMoney(hsa, tier),
    current: current.enrolled,
    offered: p.open_enrollment_period_id === ctx.periodId,
    benefits: p.benefits,
  };
}

export { tierLabel };
