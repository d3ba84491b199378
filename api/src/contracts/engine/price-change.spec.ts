import { ContributionEngine, type PriceChange, type PricingPlan } from './contribution-engine';
import { formatUsdChange } from './money';
import { RelationshipTypeIds } from './tiers';

/**
 * Table-driven before -> after of a life event's review: each side priced by the engine at
 * the tier its covered people make, the difference per paycheck and per year for the employee and the
 * employer. Expected cents are worked out by hand from the rates below.
 */

const rate = (tier: number, costCents: number, minAge = 0, maxAge = 150) => ({ tier, minAge, maxAge, costCents });
const none = { kind: 'none', perTier: {} } as const;

const PLANS = {
  /** Monthly premium, the employer pays a percent per tier (Acme's PPO): per paycheck of 26, employee / employer: 1 6000/24000, 2 18000/42000, 3 16615/38770, 4 29885/55500. */
  medical: {
    tierStructure: 4,
    rateType: 0,
    ratePeriod: 'monthly',
    contributionType: 1,
    employerContribution: { kind: 'percent', perTier: { '1': 80, '2': 70, '3': 70, '4': 65 } },
    rates: [rate(1, 65000), rate(2, 130000), rate(3, 120000), rate(4, 185000)],
  },
  /** Heads counted (structure 3), employee paid per paycheck. */
  dentalBasic: { tierStructure: 3, rateType: 0, ratePeriod: 'pay_period', contributionType: 1, employerContribution: none, rates: [rate(1, 1477), rate(2, 2954), rate(4, 4431)] },
  dentalPlus: { tierStructure: 3, rateType: 0, ratePeriod: 'pay_period', contributionType: 1, employerContribution: none, rates: [rate(1, 2400), rate(2, 4800), rate(4, 7200)] },
  /** Single/Family, the employer pays an amount per tier, capped at the premium. */
  singleFamily: { tierStructure: 2, rateType: 0, ratePeriod: 'pay_period', contributionType: 1, employerContribution: { kind: 'amount', perTier: { '1': 7000, '4': 6000 } }, rates: [rate(1, 5000), rate(4, 15000)] },
  /** Employer paid: the employee pays nothing whatever the people. */
  employerPaid: { tierStructure: 4, rateType: 0, ratePeriod: 'pay_period', contributionType: 2, employerContribution: none, rates: [rate(1, 1500), rate(2, 3000), rate(3, 2800), rate(4, 4500)] },
  /** Age-banded by the employee's age, structure 4. */
  ageBanded: { tierStructure: 4, rateType: 1, ratePeriod: 'pay_period', contributionType: 1, employerContribution: none, rates: [rate(1, 2000, 0, 49), rate(1, 3000, 50), rate(2, 4000, 0, 49), rate(2, 6000, 50), rate(3, 3500, 0, 49), rate(3, 5000, 50), rate(4, 7000, 0, 49), rate(4, 9000, 50)] },
} satisfies Record<string, PricingPlan>;

const S = { relationshipTypeId: RelationshipTypeIds.Spouse };
const P = { relationshipTypeId: RelationshipTypeIds.DomesticPartner };
const C = { relationshipTypeId: RelationshipTypeIds.Child };
type People = ReadonlyArray<{ relationshipTypeId: number }>;
/** A side of the change: a plan and the people it covers, or null for nothing elected (declined, not chosen). */
type Side = { plan: keyof typeof PLANS; people: People; age?: number } | null;

describe('priceChange: a life event before -> after, 26 paychecks', () => {
  const engine = new ContributionEngine(26);
  const price = (side: Side) => (side === null ? null : engine.peoplePrice(PLANS[side.plan], side.people, side.age ?? 40));

  it.each<[string, Side, Side, { before: number | null; after: number | null; employee: number; employer: number }]>([
    ['marriage: the spouse added to medical, Single -> Husband/Wife', { plan: 'medical', people: [] }, { plan: 'medical', people: [S] }, { before: 6000, after: 18000, employee: 12000, employer: 18000 }],
    ['a domestic partner counts as a spouse', { plan: 'medical', people: [] }, { plan: 'medical', people: [P] }, { before: 6000, after: 18000, employee: 12000, employer: 18000 }],
    ['birth: a child added to employee + spouse, -> Family', { plan: 'medical', people: [S] }, { plan: 'medical', people: [S, C] }, { before: 18000, after: 29885, employee: 11885, employer: 13500 }],
    ['birth: a first child, Single -> Parent/Child', { plan: 'medical', people: [] }, { plan: 'medical', people: [C] }, { before: 6000, after: 16615, employee: 10615, employer: 14770 }],
    ['divorce: the spouse removed, back to Single', { plan: 'medical', people: [S] }, { plan: 'medical', people: [] }, { before: 18000, after: 6000, employee: -12000, employer: -18000 }],
    ['another plan at the new tier: Dental Basic alone -> Dental Plus with the spouse', { plan: 'dentalBasic', people: [] }, { plan: 'dentalPlus', people: [S] }, { before: 1477, after: 4800, employee: 3323, employer: 0 }],
    ['heads counted: a second child keeps Employee +2, nothing changes', { plan: 'dentalBasic', people: [S, C] }, { plan: 'dentalBasic', people: [S, C, C] }, { before: 4431, after: 4431, employee: 0, employer: 0 }],
    ['Single/Family: a child makes Family, the employer amount per tier', { plan: 'singleFamily', people: [] }, { plan: 'singleFamily', people: [C] }, { before: 0, after: 9000, employee: 9000, employer: 1000 }],
    ['employer paid: the employee pays nothing more, the employer does', { plan: 'employerPaid', people: [] }, { plan: 'employerPaid', people: [S] }, { before: 0, after: 0, employee: 0, employer: 1500 }],
    ['age-banded at 50: the band of the employee\'s age at each tier', { plan: 'ageBanded', people: [], age: 50 }, { plan: 'ageBanded', people: [S, C], age: 50 }, { before: 3000, after: 9000, employee: 6000, employer: 0 }],
    ['enrolling where nothing was elected', null, { plan: 'dentalPlus', people: [S] }, { before: null, after: 4800, employee: 4800, employer: 0 }],
    ['declining what was elected', { plan: 'medical', people: [S] }, null, { before: 18000, after: null, employee: -18000, employer: -42000 }],
  ])('%s', (_label, before, after, expected) => {
    const change = engine.priceChange(price(before), price(after));
    expect(change.before?.employeeCents ?? null).toBe(expected.before);
    expect(change.after?.employeeCents ?? null).toBe(expected.after);
    expect(change).toMatchObject<Partial<PriceChange>>({
      differenceCents: expected.employee,
      annualDifferenceCents: expected.employee * 26,
      employerDifferenceCents: expected.employer,
      annualEmployerDifferenceCents: expected.employer * 26,
    });
  });

  it('each side is priced at its own tier, so the difference is not one tier priced twice', () => {
    const change = engine.priceChange(price({ plan: 'medical', people: [] }), price({ plan: 'medical', people: [S] }));
    expect([change.before?.tier, change.after?.tier]).toEqual([1, 2]);
    expect(change.after?.annualEmployeeCents).toBe(18000 * 26);
  });

  it('a plan without tiers has no tier price: its elected amounts are the price (voluntary life, FSA, HSA)', () => {
    const volLife: PricingPlan = { tierStructure: 5, rateType: 2, ratePeriod: 'monthly', contributionType: 1, employerContribution: none, rates: [rate(1, 50)] };
    expect(engine.peoplePrice(volLife, [S], 40)).toBeNull();
    const change = engine.priceChange(engine.electedPrice(null, 230, 0), engine.electedPrice(null, 460, 0));
    expect(change).toMatchObject({ differenceCents: 230, annualDifferenceCents: 5980, employerDifferenceCents: 0 });
  });

  it('nothing before and nothing after is no difference', () => {
    expect(engine.priceChange(null, null)).toEqual({ before: null, after: null, differenceCents: 0, annualDifferenceCents: 0, employerDifferenceCents: 0, annualEmployerDifferenceCents: 0 });
  });
});

describe('the per-year difference follows the pay periods', () => {
  it.each<[number, number, number]>([
    // Single -> Husband/Wife of the monthly medical: (130000 x 30% - 65000 x 20%) x 12 / n.
    [12, 26000, 312000],
    [24, 13000, 312000],
    [52, 6000, 312000],
  ])('%s paychecks a year', (payPeriods, perPaycheck, perYear) => {
    const engine = new ContributionEngine(payPeriods);
    const change = engine.priceChange(engine.peoplePrice(PLANS.medical, [], 40), engine.peoplePrice(PLANS.medical, [S], 40));
    expect([change.differenceCents, change.annualDifferenceCents]).toEqual([perPaycheck, perYear]);
  });
});

describe('formatUsdChange', () => {
  it.each<[number, string]>([
    [12000, '+$120.00'],
    [-550, '-$5.50'],
    [0, '$0.00'],
    [123456789, '+$1,234,567.89'],
  ])('%s cents', (cents, text) => {
    expect(formatUsdChange(cents)).toBe(text);
  });
});
