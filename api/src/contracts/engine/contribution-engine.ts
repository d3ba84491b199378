import { ageOn } from './dates';
import { amountInputCents, annualToPerPeriod, divRound, formatUsd, monthlyToPerPeriod, parseMoney, perPeriodToAnnual } from './money';
import { tierForDependents, type Tier, type TierStructure } from './tiers';

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
export const HSA_CATCH_UP_AGE = 55;
export const MEDICARE_AGE = 65;
export const FSA_ACCOUNTS = ['med', 'dep', 'tra', 'park'] as const;
export type FsaAccount = (typeof FSA_ACCOUNTS)[number];
export const FSA_ACCOUNT_NAMES: Record<FsaAccount, string> = { med: 'Health', dep: 'Dependent Care', tra: 'Transit', park: 'Qualified Parking' };

/** Messages as the site shows them, word for word. */
export const ContributionMessages = {
  fsaOverLimit: 'Your Annual Contribution should be less than the Annual Limit',
  hsaOverLimit: (employerCents: number) => `Your contribution amount exceeds annual limit because your employer is contributing ${formatUsd(employerCents)} toward your HSA`,
  maximumAmount: (cents: number) => `The maximum amount is ${formatUsd(cents)}`,
  eoiRequired: 'Evidence of Insurability Form is required for this level of coverage',
  fieldRequired: 'Field is required',
  /** Not a spec text: an amount that is not one of the plan's options. */
  notAnOption: 'Please choose one of the offered amounts',
} as const;

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

export interface VoluntaryLifeMember {
  minCents: number;
  maxCents: number;
  incrementCents: number;
  /** Guaranteed issue: above it the Evidence of Insurability form is required. */
  giCents: number;
}

export interface VoluntaryLifeRules {
  employee: VoluntaryLifeMember;
  /** Spouse maximum = employee amount x percent / 100. */
  spouse: (VoluntaryLifeMember & { percent: number }) | null;
  /** Children: fixed options, also capped at employee amount x percent / 100. */
  child: { percent: number; amountsCents: number[]; giCents: number } | null;
  /** From each age on, the benefit is reduced by percent (age reduction schedule). */
  reductions: { age: number; percent: number }[];
}

export interface AmountOption {
  originalCents: number;
  reducedCents: number;
}

export interface VoluntaryLifeElection {
  employeeCents: number | null;
  spouseCents: number | null;
  childrenCents: number | null;
}

export interface FieldError {
  path: string;
  message: string;
}

export interface FsaAccountRules {
  enabled: boolean;
  /** The plan's employee maximum per year. */
  eeLimitCents: number;
  /** The employer's yearly contribution into the account. */
  erAmountCents: number;
}

export interface HsaRules {
  singleLimitCents: number;
  familyLimitCents: number;
  catchupCents: number;
}

export interface HsaLimit {
  coverage: 'single' | 'family';
  baseCents: number;
  catchupCents: number;
  employerCents: number;
  /** What the employee may still put in per year. */
  limitCents: number;
  catchUpEligible: boolean;
  medicareWarning: boolean;
}

/** The benefit after the age reduction in force at `age`. */
export function reducedAmount(originalCents: number, age: number | null, reductions: VoluntaryLifeRules['reductions']): number {
  if (age === null) return originalCents;
  const step = reductions.filter((r) => age >= r.age).sort((a, b) => b.age - a.age)[0];
  return step ? originalCents - divRound(originalCents * step.percent, 100) : originalCents;
}

export function amountOptions(member: Pick<VoluntaryLifeMember, 'minCents' | 'maxCents' | 'incrementCents'>, age: number | null, reductions: VoluntaryLifeRules['reductions']): AmountOption[] {
  const out: AmountOption[] = [];
  if (member.incrementCents <= 0) return out;
  for (let v = member.minCents; v <= member.maxCents; v += member.incrementCents) out.push({ originalCents: v, reducedCents: reducedAmount(v, age, reductions) });
  return out;
}

/**
 * Spouse or child maximum: employee amount x percent / 100, taken to the largest option whose reduced
 * value does not exceed it. null when no option fits.
 */
export function maximumOption(options: readonly AmountOption[], employeeCents: number, percent: number): AmountOption | null {
  let best: AmountOption | null = null;
  for (const o of options) {
    // Compared as o <= employee * percent / 100, multiplied out so nothing is rounded.
    if (o.reducedCents * 100 <= employeeCents * percent && (best === null || o.reducedCents > best.reducedCents)) best = o;
  }
  return best;
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

export interface VoluntaryLifeLimits {
  employeeAmounts: AmountOption[];
  spouseAmounts: AmountOption[];
  childrenAmounts: AmountOption[];
  spouseMax: AmountOption | null;
  childMax: AmountOption | null;
}

export function voluntaryLifeLimits(rules: VoluntaryLifeRules, employeeCents: number | null, ages: { employee: number | null; spouse: number | null }): VoluntaryLifeLimits {
  const employeeAmounts = amountOptions(rules.employee, ages.employee, rules.reductions);
  const spouseAmounts = rules.spouse ? amountOptions(rules.spouse, ages.spouse, rules.reductions) : [];
  const childrenAmounts = rules.child ? rules.child.amountsCents.map((v) => ({ originalCents: v, reducedCents: v })) : [];
  const emp = employeeCents ?? 0;
  return {
    employeeAmounts,
    spouseAmounts,
    childrenAmounts,
    spouseMax: rules.spouse ? maximumOption(spouseAmounts, emp, rules.spouse.percent) : null,
    childMax: rules.child ? maximumOption(childrenAmounts, emp, rules.child.percent) : null,
  };
}

/** Every rule of the voluntary life form; an empty list means the election may be saved. */
export function voluntaryLifeErrors(rules: VoluntaryLifeRules, election: VoluntaryLifeElection, ages: { employee: number | null; spouse: number | null }): FieldError[] {
  const errors: FieldError[] = [];
  if (election.employeeCents === null || election.employeeCents <= 0) return [{ path: 'coverageAmounts.employee', message: ContributionMessages.fieldRequired }];
  const limits = voluntaryLifeLimits(rules, election.employeeCents, ages);
  if (!limits.employeeAmounts.some((o) => o.originalCents === election.employeeCents)) errors.push({ path: 'coverageAmounts.employee', message: ContributionMessages.notAnOption });
  const check = (path: string, chosen: number | null, options: AmountOption[], max: AmountOption | null) => {
    if (chosen === null || chosen === 0) return;
    if (max === null || chosen > max.originalCents) errors.push({ path, message: ContributionMessages.maximumAmount(max?.originalCents ?? 0) });
    else if (!options.some((o) => o.originalCents === chosen)) errors.push({ path, message: ContributionMessages.notAnOption });
  };
  check('coverageAmounts.spouse', election.spouseCents, limits.spouseAmounts, limits.spouseMax);
  check('coverageAmounts.children', election.childrenCents, limits.childrenAmounts, limits.childMax);
  return errors;
}

/** What EOI is decided by: each member's guaranteed issue (a member the plan does not cover has none). */
export interface GuaranteedIssue {
  employee: Pick<VoluntaryLifeMember, 'giCents'>;
  spouse: Pick<VoluntaryLifeMember, 'giCents'> | null;
  child: Pick<VoluntaryLifeMember, 'giCents'> | null;
}

/** Members whose chosen amount exceeds the guaranteed issue: EOI is required for them (the quote and the form's note). */
export function eoiRequired(rules: GuaranteedIssue, election: VoluntaryLifeElection): Array<'employee' | 'spouse' | 'children'> {
  const out: Array<'employee' | 'spouse' | 'children'> = [];
  if ((election.employeeCents ?? 0) > rules.employee.giCents) out.push('employee');
  if (rules.spouse && (election.spouseCents ?? 0) > rules.spouse.giCents) out.push('spouse');
  if (rules.child && (election.childrenCents ?? 0) > rules.child.giCents) out.push('children');
  return out;
}

/** The annual limit of an FSA account: the employee maximum less what the employer puts in. */
export function fsaAnnualLimit(account: FsaAccountRules): number {
  return Math.max(0, account.eeLimitCents - account.erAmountCents);
}

/** Each annual amount must lie between 0 and the account's annual limit; disabled accounts take nothing. */
export function fsaErrors(accounts: Record<FsaAccount, FsaAccountRules>, annual: Partial<Record<FsaAccount, number | null>>): FieldError[] {
  const errors: FieldError[] = [];
  for (const key of FSA_ACCOUNTS) {
    const amount = annual[key] ?? 0;
    const rules = accounts[key];
    const limit = rules.enabled ? fsaAnnualLimit(rules) : 0;
    const message = fsaAmountError(amount, limit);
    if (message) errors.push({ path: `fsaContributionAmounts.${key}`, message });
  }
  return errors;
}

/** One FSA account's annual amount against its annual limit (the dialog checks each field with it as you type). */
export function fsaAmountError(annualCents: number, limitCents: number): string | null {
  return annualCents < 0 || annualCents > limitCents ? ContributionMessages.fsaOverLimit : null;
}

/**
 * The FSA annual field's message for what is typed: empty is no election; a negative amount gets the limit
 * message (document 2's wording); anything else that is not an amount the forms accept, invalidMessage.
 */
export function fsaAnnualTextError(text: string, limitCents: number, invalidMessage: string): string | null {
  const typed = text.trim();
  if (typed === '') return null;
  const cents = amountInputCents(typed);
  if (cents !== null) return fsaAmountError(cents, limitCents);
  return (parseMoney(typed) ?? 0) < 0 ? ContributionMessages.fsaOverLimit : invalidMessage;
}

/**
 * The HSA room of an employee: the single or family limit (by the medical coverage), plus the catch-up
 * from 55, less the employer's contribution, which counts toward the same limit.
 */
export function hsaLimit(rules: HsaRules, coverage: 'single' | 'family', employeeAge: number | null, employerCents: number): HsaLimit {
  const base = coverage === 'single' ? rules.singleLimitCents : rules.familyLimitCents;
  const catchUpEligible = employeeAge !== null && employeeAge >= HSA_CATCH_UP_AGE;
  const catchup = catchUpEligible ? rules.catchupCents : 0;
  return {
    coverage,
    baseCents: base,
    catchupCents: catchup,
    employerCents,
    limitCents: Math.max(0, base + catchup - employerCents),
    catchUpEligible,
    medicareWarning: employeeAge !== null && employeeAge >= MEDICARE_AGE,
  };
}

export function hsaError(annualCents: number, limit: Pick<HsaLimit, 'limitCents' | 'employerCents'>): string | null {
  return annualCents > limit.limitCents ? ContributionMessages.hsaOverLimit(limit.employerCents) : null;
}

/** The age used for pricing and eligibility: on the coverage's start, or today when it started already. */
export function coverageAge(birthDate: string | null, coverageStart: string, today: string): number | null {
  if (!birthDate) return null;
  return ageOn(birthDate, coverageStart > today ? coverageStart : today);
}
