import { ContributionEngine, type PriceCents, type PricingPlan, type VoluntaryLifeRules } from './contribution-engine';
import { RelationshipTypeIds, tierForDependents, tierForHousehold, type Tier, type TierStructure } from './tiers';

/**
 * Table-driven prices of each plan kind at each tier (every price at the tier the chosen people
 * make), per paycheck and per year with the employer's share. Expected cents are worked out by hand.
 */

const rate = (tier: number, costCents: number, minAge = 0, maxAge = 150) => ({ tier, minAge, maxAge, costCents });
const none = { kind: 'none', perTier: {} } as const;

const PLANS = {
  /** Flat per paycheck, employee paid (a dental plan). */
  flatEmployeePaid: { tierStructure: 4, rateType: 0, ratePeriod: 'pay_period', contributionType: 1, employerContribution: none, rates: [rate(1, 1200), rate(2, 2400), rate(3, 2600), rate(4, 4000)] },
  /** Flat per month, the employer pays a percent of each tier (a medical plan). */
  flatMonthlyPercent: {
    tierStructure: 4,
    rateType: 0,
    ratePeriod: 'monthly',
    contributionType: 1,
    employerContribution: { kind: 'percent', perTier: { '1': 80, '2': 70, '3': 70, '4': 65 } },
    rates: [rate(1, 65000), rate(2, 130000), rate(3, 120000), rate(4, 185000)],
  },
  /** Single/Family, the employer pays an amount per tier, capped at the premium. */
  singleFamilyAmount: { tierStructure: 2, rateType: 0, ratePeriod: 'pay_period', contributionType: 1, employerContribution: { kind: 'amount', perTier: { '1': 7000, '4': 6000 } }, rates: [rate(1, 5000), rate(4, 15000)] },
  /** Employer paid (basic life): employee only. */
  employerPaid: { tierStructure: 3, rateType: 0, ratePeriod: 'pay_period', contributionType: 2, employerContribution: none, rates: [rate(1, 1500)] },
  /** Age-banded by the employee's age, heads counted (structure 3). */
  ageBanded: {
    tierStructure: 3,
    rateType: 1,
    ratePeriod: 'pay_period',
    contributionType: 1,
    employerContribution: none,
    rates: [rate(1, 2000, 0, 49), rate(1, 3000, 50), rate(2, 4000, 0, 49), rate(2, 6000, 50), rate(4, 7000, 0, 49), rate(4, 9000, 50)],
  },
} satisfies Record<string, PricingPlan>;

type Kind = keyof typeof PLANS;
const priced = (tier: Tier | null, employee: number, employer: number, from = false): PriceCents => ({
  tier,
  from,
  employeeCents: employee,
  employerCents: employer,
  annualEmployeeCents: employee * 26,
  annualEmployerCents: employer * 26,
});

describe('tierPrice: each plan kind at each tier, 26 paychecks', () => {
  const engine = new ContributionEngine(26);
  it.each<[Kind, Tier, number | null, PriceCents | null]>([
    ['flatEmployeePaid', 1, 40, priced(1, 1200, 0)],
    ['flatEmployeePaid', 2, 40, priced(2, 2400, 0)],
    ['flatEmployeePaid', 3, 40, priced(3, 2600, 0)],
    ['flatEmployeePaid', 4, 40, priced(4, 4000, 0)],
    // Monthly premium x 12 / 26, the employer's percent taken before spreading.
    ['flatMonthlyPercent', 1, 40, priced(1, 6000, 24000)],
    ['flatMonthlyPercent', 2, 40, priced(2, 18000, 42000)],
    ['flatMonthlyPercent', 3, 40, priced(3, 16615, 38770)],
    ['flatMonthlyPercent', 4, 40, priced(4, 29885, 55500)],
    // The employer's amount never exceeds the premium.
    ['singleFamilyAmount', 1, 40, priced(1, 0, 5000)],
    ['singleFamilyAmount', 4, 40, priced(4, 9000, 6000)],
    ['singleFamilyAmount', 2, 40, null],
    ['employerPaid', 1, 40, priced(1, 0, 1500)],
    ['employerPaid', 2, 40, null],
    ['ageBanded', 1, 49, priced(1, 2000, 0)],
    ['ageBanded', 1, 50, priced(1, 3000, 0)],
    ['ageBanded', 2, 40, priced(2, 4000, 0)],
    ['ageBanded', 4, 55, priced(4, 9000, 0)],
    // Without a birth date an age-banded plan has no price, rather than a wrong one.
    ['ageBanded', 1, null, null],
  ])('%s, tier %s, age %s', (kind, tier, age, expected) => {
    expect(engine.tierPrice(PLANS[kind], tier, age)).toEqual(expected);
  });

  it.each<[number, number, number]>([
    [12, 13000, 52000],
    [24, 6500, 26000],
    [52, 3000, 12000],
  ])('%s paychecks a year: the monthly percent plan, employee only', (payPeriods, employee, employer) => {
    expect(new ContributionEngine(payPeriods).tierPrice(PLANS.flatMonthlyPercent, 1, 40)).toEqual({
      tier: 1,
      from: false,
      employeeCents: employee,
      employerCents: employer,
      annualEmployeeCents: employee * payPeriods,
      annualEmployerCents: employer * payPeriods,
    });
  });
});

describe("the same people give every plan side by side the tier they make in it", () => {
  const S = { relationshipTypeId: RelationshipTypeIds.Spouse };
  const P = { relationshipTypeId: RelationshipTypeIds.DomesticPartner };
  const C = { relationshipTypeId: RelationshipTypeIds.Child };
  const people = { alone: [], spouse: [S], partner: [P], child: [C], twoChildren: [C, C], spouseChild: [S, C], family: [P, C, C] };
  it.each<[TierStructure, Record<keyof typeof people, Tier | null>]>([
    [2, { alone: 1, spouse: 4, partner: 4, child: 4, twoChildren: 4, spouseChild: 4, family: 4 }],
    [3, { alone: 1, spouse: 2, partner: 2, child: 2, twoChildren: 4, spouseChild: 4, family: 4 }],
    [4, { alone: 1, spouse: 2, partner: 2, child: 3, twoChildren: 3, spouseChild: 4, family: 4 }],
    [5, { alone: null, spouse: null, partner: null, child: null, twoChildren: null, spouseChild: null, family: null }],
  ])('structure %s', (structure, expected) => {
    for (const [name, list] of Object.entries(people)) expect([name, tierForDependents(structure, list)]).toEqual([name, expected[name as keyof typeof people]]);
  });

  it.each<[TierStructure, [Tier | null, Tier | null, Tier | null, Tier | null]]>([
    [2, [1, 4, 4, 4]],
    [3, [1, 2, 2, 4]],
    [4, [1, 2, 3, 4]],
    [5, [null, null, null, null]],
  ])("Compare Plans' household switch in structure %s", (structure, expected) => {
    expect(([1, 2, 3, 4] as const).map((h) => tierForHousehold(structure, h))).toEqual(expected);
  });

  it('Dental Basic and Dental Plus with a spouse: both at Husband/Wife', () => {
    const engine = new ContributionEngine(26);
    const basic: PricingPlan = { ...PLANS.flatEmployeePaid, rates: [rate(1, 1477), rate(2, 2954)] };
    const plus: PricingPlan = { ...PLANS.flatEmployeePaid, rates: [rate(1, 2400), rate(2, 4800)] };
    const prices = [basic, plus].map((p) => engine.tierPrice(p, tierForDependents(p.tierStructure, people.spouse) ?? 1, 40)?.employeeCents);
    expect(prices).toEqual([2954, 4800]);
  });
});

describe("plans without a fixed price: 'from $X' before a choice", () => {
  const volLife: PricingPlan = { tierStructure: 5, rateType: 2, ratePeriod: 'monthly', contributionType: 1, employerContribution: none, rates: [rate(1, 50, 0, 39), rate(1, 120, 40), rate(2, 80, 0, 150), rate(3, 30, 0, 0)] };
  const rules: VoluntaryLifeRules = {
    employee: { minCents: 1_000_000, maxCents: 50_000_000, incrementCents: 1_000_000, giCents: 10_000_000 },
    spouse: null,
    child: null,
    reductions: [],
  };
  const engine = new ContributionEngine(26);

  it.each<[string, number | null, PriceCents | null]>([
    // $10,000 x $0.50 per $10,000 a month = $0.50 a month, x 12 / 26 = 23 cents a paycheck.
    ['under 40', 35, priced(null, 23, 0, true)],
    ['40 and over', 45, priced(null, 55, 0, true)],
    ['no birth date: no rate band, no price', null, null],
  ])('voluntary life, the smallest amount, %s', (_label, age, expected) => {
    expect(engine.voluntaryLifeFromPrice(volLife, rules, age)).toEqual(expected);
  });

  it('a plan that offers no amount has no price', () => {
    expect(engine.voluntaryLifeFromPrice(volLife, { ...rules, employee: { ...rules.employee, incrementCents: 0 } }, 35)).toBeNull();
  });

  it('an amount the employee chooses (FSA, HSA) starts at nothing', () => {
    expect(engine.chosenAmountFromPrice()).toEqual(priced(null, 0, 0, true));
  });
});
