import { ageOn } from './dates';
import { annualToPerPeriod, divRound, monthlyToPerPeriod, perPeriodToAnnual } from './money';
import { tierForDependents, type Tier, type TierStructure } from './tiers';
import { amountOptions, type VoluntaryLifeElection, type VoluntaryLifeRules } from './voluntary-life';

// The rules beside the engine, re-exported so that its importers keep one address.
export * from './contribution-messages';
export * from './voluntary-life';
export * from './spending-accounts';

/**
 * Per-pay-period costs, all in integer cents. Rates are stored per month or per pay period; the employee
 * pays the premium less the employer's share, spread over the client's pay periods.
 */

/** 0 flat per tier; 1 age-banded per tier (by the employee's age); 2 voluntary life, per $10,000 of coverage by age. */
export type RateType = 0 | 1 | 2;
export type RatePeriod = 'monthly' | 'pay_period';

export interface RateRow {
  /** Tier 1 to 4; for rate type 2: 1 employee, 2 spouse, 3 child. */
  tier: number;
  minAge: number;
  maxAge: number;
  costCents: number;
}

/** amount: cents in the rate's period per tier; percent: whole percent of the tier's premium. */
export interface EmployerContribution {
  kind: 'none' | 'amount' | 'percent';
  perTier: Partial<Record<'1' | '2' | '3' | '4', number>>;
}

export interface PricingPlan {
  tierStructure: TierStructure;
  rateType: RateType;
  ratePeriod: RatePeriod;
  /** 2: employer paid. */
  contributionType: number;
  employerContribution: EmployerContribution;
  rates: readonly RateRow[];
}

export interface TierCost {
  tier: Tier;
  premiumCents: number;
  employerCents: number;
  employeeCents: number;
}

/** A plan's price as shown beside other plans: per paycheck and per year, the employee's and the employer's part. */
export interface PriceCents {
  /** The tier priced; null for a plan without tiers. */
  tier: Tier | null;
  /** Before a choice of amount (voluntary life, FSA, HSA): the cheapest option, shown as 'from $X'. */
  from: boolean;
  employeeCents: number;
  employerCents: number;
  annualEmployeeCents: number;
  annualEmployerCents: number;
}

/**
 * One plan type's change in a life event: the price in force before and the
 * price of the new election (null: nothing is paid, declined or not chosen), and what changes, after less
 * before, for the employee and for the employer, per paycheck and per year.
 */
export interface PriceChange {
  before: PriceCents | null;
  after: PriceCents | null;
  differenceCents: number;
  annualDifferenceCents: number;
  employerDifferenceCents: number;
  annualEmployerDifferenceCents: number;
}

/** Voluntary life coverage is priced per this many cents ($10,000). */
export const VOLUNTARY_LIFE_RATE_UNIT_CENTS = 1_000_000;


export function employerPaid(plan: Pick<PricingPlan, 'contributionType'>): boolean {
  return plan.contributionType === 2;
}

/** Whether the employer puts money into the plan at all (then it cannot be declined). */
export function employerContributes(plan: Pick<PricingPlan, 'contributionType' | 'employerContribution'>): boolean {
  return employerPaid(plan) || (plan.employerContribution.kind !== 'none' && Object.values(plan.employerContribution.perTier).some((v) => (v ?? 0) > 0));
}

function rateFor(rates: readonly RateRow[], tier: number, age: number | null, ageBanded: boolean): RateRow | undefined {
  return rates.find((r) => r.tier === tier && (!ageBanded || (age !== null && age >= r.minAge && age <= r.maxAge)));
}

export class ContributionEngine {
  constructor(readonly payPeriods: number) {
    if (![12, 24, 26, 52].includes(payPeriods)) throw new RangeError(`pay periods ${payPeriods}`);
  }

  private toPeriod(cents: number, period: RatePeriod): number {
    return period === 'monthly' ? monthlyToPerPeriod(cents, this.payPeriods) : cents;
  }

  /** Cost of one tier for an employee of `employeeAge` (needed for age-banded rates); null when the plan has no rate for it. */
  tierCost(plan: PricingPlan, tier: Tier, employeeAge: number | null): TierCost | null {
    const rate = rateFor(plan.rates, tier, employeeAge, plan.rateType === 1);
    if (!rate) return null;
    const premium = rate.costCents;
    let employer = 0;
    if (employerPaid(plan)) employer = premium;
    else if (plan.employerContribution.kind === 'amount') employer = Math.min(premium, plan.employerContribution.perTier[String(tier) as '1'] ?? 0);
    else if (plan.employerContribution.kind === 'percent') employer = divRound(premium * Math.min(100, plan.employerContribution.perTier[String(tier) as '1'] ?? 0), 100);
    const premiumPp = this.toPeriod(premium, plan.ratePeriod);
    const employeePp = this.toPeriod(premium - employer, plan.ratePeriod);
    return { tier, premiumCents: premiumPp, employeeCents: employeePp, employerCents: premiumPp - employeePp };
  }

  /** Cost for the chosen dependents: the tier they imply, priced. */
  dependentsCost(plan: PricingPlan, dependents: readonly { relationshipTypeId: number }[], employeeAge: number | null): TierCost | null {
    const tier = tierForDependents(plan.tierStructure, dependents);
    return tier === null ? null : this.tierCost(plan, tier, employeeAge);
  }

  /** A tier's cost with its yearly amounts; null when the plan has no rate for the tier. */
  tierPrice(plan: PricingPlan, tier: Tier, employeeAge: number | null): PriceCents | null {
    const cost = this.tierCost(plan, tier, employeeAge);
    return cost === null ? null : this.price(tier, false, cost.employeeCents, cost.employerCents);
  }

  /**
   * The price at the tier the covered people make in the plan's structure (the same rule as an election's
   * tier); null for a plan without tiers or without a rate for that tier.
   */
  peoplePrice(plan: PricingPlan, people: readonly { relationshipTypeId: number }[], employeeAge: number | null): PriceCents | null {
    const tier = tierForDependents(plan.tierStructure, people);
    return tier === null ? null : this.tierPrice(plan, tier, employeeAge);
  }

  /** An election whose cost follows amounts chosen already (voluntary life, FSA, HSA): its per-paycheck costs as a price. */
  electedPrice(tier: Tier | null, employeeCents: number, employerCents: number): PriceCents {
    return this.price(tier, false, employeeCents, employerCents);
  }

  /** Before and after a change: the difference per paycheck and per year; a side that is null pays nothing. */
  priceChange(before: PriceCents | null, after: PriceCents | null): PriceChange {
    const employee = (after?.employeeCents ?? 0) - (before?.employeeCents ?? 0);
    const employer = (after?.employerCents ?? 0) - (before?.employerCents ?? 0);
    return {
      before,
      after,
      differenceCents: employee,
      annualDifferenceCents: perPeriodToAnnual(employee, this.payPeriods),
      employerDifferenceCents: employer,
      annualEmployerDifferenceCents: perPeriodToAnnual(employer, this.payPeriods),
    };
  }

  /**
   * Voluntary life before a choice: the smallest employee amount the plan offers, at the employee's age
   * ('from $X'); null when the plan offers no amount or has no rate for the age.
   */
  voluntaryLifeFromPrice(plan: PricingPlan, rules: VoluntaryLifeRules, employeeAge: number | null): PriceCents | null {
    const smallest = amountOptions(rules.employee, employeeAge, rules.reductions)[0];
    if (!smallest) return null;
    try {
      const cents = this.voluntaryLifeCost(plan, { employeeCents: smallest.originalCents, spouseCents: null, childrenCents: null }, { employee: employeeAge, spouse: null });
      return this.price(null, true, cents, 0);
    } catch (e) {
      // No rate row for the employee's age: there is no price to show, which is not an error of the page.
      if (e instanceof RangeError) return null;
      throw e;
    }
  }

  /** An amount the employee chooses (FSA, HSA): the cheapest choice is nothing, so 'from $0.00'. */
  chosenAmountFromPrice(): PriceCents {
    return this.price(null, true, 0, 0);
  }

  private price(tier: Tier | null, from: boolean, employeeCents: number, employerCents: number): PriceCents {
    return {
      tier,
      from,
      employeeCents,
      employerCents,
      annualEmployeeCents: perPeriodToAnnual(employeeCents, this.payPeriods),
      annualEmployerCents: perPeriodToAnnual(employerCents, this.payPeriods),
    };
  }

  /** Monthly voluntary life premium for one member's amount, per $10,000 at the member's age band. */
  private voluntaryLifeMonthly(plan: PricingPlan, member: 1 | 2 | 3, amountCents: number, age: number | null): number {
    if (amountCents <= 0) return 0;
    const rate = rateFor(plan.rates, member, member === 3 ? 0 : age, member !== 3);
    if (!rate) throw new RangeError(`no voluntary life rate for member ${member} at age ${age}`);
    return divRound(amountCents * rate.costCents, VOLUNTARY_LIFE_RATE_UNIT_CENTS);
  }

  /** Employee cost per pay period of a voluntary life election (employee paid in full). */
  voluntaryLifeCost(plan: PricingPlan, election: VoluntaryLifeElection, ages: { employee: number | null; spouse: number | null }): number {
    const monthly =
      this.voluntaryLifeMonthly(plan, 1, election.employeeCents ?? 0, ages.employee) +
      this.voluntaryLifeMonthly(plan, 2, election.spouseCents ?? 0, ages.spouse) +
      this.voluntaryLifeMonthly(plan, 3, election.childrenCents ?? 0, 0);
    return this.toPeriod(monthly, plan.ratePeriod);
  }

  /** FSA: annual = per period x pay periods; per period = annual / pay periods, to the cent. */
  fsaAnnual(perPeriodCents: number): number {
    return perPeriodCents * this.payPeriods;
  }

  fsaPerPeriod(annualCents: number): number {
    return annualToPerPeriod(annualCents, this.payPeriods);
  }

  /** HSA per pay period of an annual election. */
  hsaPerPeriod(annualCents: number): number {
    return divRound(annualCents, this.payPeriods);
  }
}

/** The age used for pricing and eligibility: on the coverage's start, or today when it started already. */
export function coverageAge(birthDate: string | null, coverageStart: string, today: string): number | null {
  if (!birthDate) return null;
  return ageOn(birthDate, coverageStart > today ? coverageStart : today);
}
