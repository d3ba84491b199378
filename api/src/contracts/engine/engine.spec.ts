import { ageOn, isoToUs, usToIso } from './dates';
import { CHILD_AGE_LIMIT_MEDICAL, checkDependent, childAgeLimit, EligibilityMessages, type EligibilityPlan } from './dependent-eligibility';
import {
  ContributionEngine,
  ContributionMessages,
  eoiRequired,
  fsaAmountError,
  fsaAnnualTextError,
  fsaAnnualLimit,
  fsaErrors,
  hsaError,
  hsaLimit,
  maximumOption,
  reducedAmount,
  voluntaryLifeErrors,
  type FsaAccountRules,
  type PricingPlan,
  type VoluntaryLifeRules,
} from './contribution-engine';
import { amountInputCents, annualFromPerPeriodText, annualToPerPeriod, centsToDecimal, divRound, formatUsd, parseMoney } from './money';
import { tierForDependents, type TierStructure } from './tiers';

const ON = '2027-01-01';
/** A birth date that makes the person exactly `age` on ON (birthday that day) or one day short of it. */
const born = (age: number, dayShort = false) => (dayShort ? `${2027 - age}-01-02` : `${2027 - age}-01-01`);

describe('money', () => {
  it.each([
    ['1,234.5', 123450],
    ['$0.01', 1],
    ['12', 1200],
    ['-3.10', -310],
    ['1.234', null],
    ['abc', null],
    ['', null],
  ])('parseMoney(%s) = %s', (text, cents) => expect(parseMoney(text)).toBe(cents));

  it('formats without floating point and rounds half away from zero', () => {
    expect(centsToDecimal(123456)).toBe('1234.56');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(formatUsd(10000000)).toBe('$100,000.00');
    expect([divRound(5, 2), divRound(-5, 2), divRound(4, 3), divRound(329999, 26)]).toEqual([3, -3, 1, 12692]);
  });

  it('ages and dates', () => {
    expect([ageOn('2001-01-01', ON), ageOn('2001-01-02', ON), ageOn('2000-02-29', '2027-02-28')]).toEqual([26, 25, 26]);
    expect(isoToUs('2027-03-04')).toBe('03/04/2027');
    expect([usToIso('02/29/2027'), usToIso('02/28/2027')]).toEqual([null, '2027-02-28']);
  });
});

describe('tiers from dependents', () => {
  const S = { relationshipTypeId: 1 };
  const DP = { relationshipTypeId: 7 };
  const C = { relationshipTypeId: 2 };
  it.each<[TierStructure, Array<{ relationshipTypeId: number }>, number | null]>([
    [2, [], 1],
    [2, [C], 4],
    [3, [], 1],
    [3, [S], 2],
    [3, [C], 2],
    [3, [S, C], 4],
    [3, [C, C, C], 4],
    [4, [], 1],
    [4, [S], 2],
    [4, [DP], 2],
    [4, [C, C], 3],
    [4, [S, C], 4],
    [5, [S, C], null],
  ])('structure %s with %j -> tier %s', (structure, deps, tier) => expect(tierForDependents(structure, deps)).toBe(tier));
});

describe('dependent eligibility', () => {
  const plan = (planTypeId: number, o: Partial<EligibilityPlan> = {}): EligibilityPlan => ({ planTypeId, tierStructure: 4, dependentMaxAge: null, domesticPartnerRule: 3, ...o });
  const child = (birthDate: string, disabled = false) => ({ relationshipTypeId: 2, birthDate, gender: 1, disabled });

  it.each([
    ['dental 25', 2, born(25), true, false],
    ['dental 26 (birthday that day)', 2, born(26), false, false],
    ['dental one day short of 26', 2, born(26, true), true, false],
    ['voluntary dental 26', 32, born(26), false, false],
    ['vision 25', 8, born(25), true, false],
    ['vision 26', 8, born(26), false, false],
    ['medical 25', 1, born(25), true, false],
    ['medical 26 (conditions)', 1, born(26), true, true],
    ['medical 30 (conditions)', 1, born(30), true, true],
    ['medical 31', 1, born(31), false, false],
    ['FSA has no cap', 12, born(40), true, false],
  ])('%s', (_name, type, birth, eligible, conditions) => {
    const r = checkDependent(plan(type), child(birth), 2, ON);
    expect({ eligible: r.eligible, conditions: r.overageConditions }).toEqual({ eligible, conditions });
    if (!eligible) expect(r.message).toBe(EligibilityMessages.childAgeLimitExceeded);
  });

  it('the plan maximum narrows the limit; other types use it alone', () => {
    expect(childAgeLimit(plan(1, { dependentMaxAge: 26 }))).toBe(26);
    expect(childAgeLimit(plan(1))).toBe(CHILD_AGE_LIMIT_MEDICAL);
    expect(childAgeLimit(plan(16, { dependentMaxAge: 19 }))).toBe(19);
    expect(checkDependent(plan(16, { dependentMaxAge: 19 }), child(born(19)), 2, ON).eligible).toBe(false);
    expect(checkDependent(plan(16, { dependentMaxAge: 19 }), child(born(18)), 2, ON).eligible).toBe(true);
  });

  it('a totally disabled overage child may enroll, with the documentation note', () => {
    expect(checkDependent(plan(2), child(born(40), true), 2, ON)).toEqual({ eligible: true, message: EligibilityMessages.disabledOverage, overageConditions: false });
  });

  it.each([
    [0, 2, 2, false],
    [0, 2, 1, false],
    [1, 2, 2, true],
    [1, 2, 1, false],
    [2, 2, 2, false],
    [2, 2, 1, true],
    [3, 2, 2, true],
    [1, null, 2, false],
  ])('domestic partner rule %s, employee gender %s, partner gender %s -> %s', (rule, employeeGender, partnerGender, eligible) => {
    const r = checkDependent(plan(1, { domesticPartnerRule: rule as 0 }), { relationshipTypeId: 7, birthDate: '1990-01-01', gender: partnerGender, disabled: false }, employeeGender, ON);
    expect(r.eligible).toBe(eligible);
    if (!eligible) expect(r.message).toBe('Domestic partners are not eligible for this plan');
  });
});

describe('ContributionEngine', () => {
  const flat: PricingPlan = {
    tierStructure: 4,
    rateType: 0,
    ratePeriod: 'monthly',
    contributionType: 1,
    employerContribution: { kind: 'percent', perTier: { '1': 80, '4': 65 } },
    rates: [
      { tier: 1, minAge: 0, maxAge: 150, costCents: 65000 },
      { tier: 4, minAge: 0, maxAge: 150, costCents: 185000 },
    ],
  };

  it.each([
    [26, 1, 6000],
    [26, 4, 29885],
    [24, 4, 32375],
    [12, 4, 64750],
    [52, 4, 14942],
  ])('%s pay periods, tier %s -> %s cents per period', (payPeriods, tier, cents) => {
    expect(new ContributionEngine(payPeriods).tierCost(flat, tier as 1, 40)?.employeeCents).toBe(cents);
  });

  it('employer amounts, employer paid, and tiers from dependents', () => {
    const e = new ContributionEngine(26);
    expect(e.tierCost({ ...flat, employerContribution: { kind: 'amount', perTier: { '1': 70000 } } }, 1, 40)).toMatchObject({ employeeCents: 0 });
    expect(e.tierCost({ ...flat, contributionType: 2 }, 4, 40)).toMatchObject({ employeeCents: 0, employerCents: 85385 });
    expect(e.dependentsCost(flat, [{ relationshipTypeId: 1 }, { relationshipTypeId: 2 }], 40)?.tier).toBe(4);
    expect(e.tierCost(flat, 2, 40)).toBeNull();
  });

  it.each([
    [54, 0],
    [55, 1],
    [64, 1],
    [65, 2],
  ])('age-banded rates pick the band of age %s', (age, band) => {
    const banded: PricingPlan = {
      ...flat,
      rateType: 1,
      ratePeriod: 'pay_period',
      employerContribution: { kind: 'none', perTier: {} },
      rates: [
        { tier: 1, minAge: 0, maxAge: 54, costCents: 1000 },
        { tier: 1, minAge: 55, maxAge: 64, costCents: 2000 },
        { tier: 1, minAge: 65, maxAge: 150, costCents: 3000 },
      ],
    };
    expect(new ContributionEngine(26).tierCost(banded, 1, age)?.employeeCents).toBe([1000, 2000, 3000][band]);
  });
});

describe('voluntary life', () => {
  const rules: VoluntaryLifeRules = {
    employee: { minCents: 1_000_000, maxCents: 50_000_000, incrementCents: 1_000_000, giCents: 15_000_000 },
    spouse: { minCents: 500_000, maxCents: 25_000_000, incrementCents: 500_000, giCents: 5_000_000, percent: 50 },
    child: { percent: 20, amountsCents: [500_000, 1_000_000], giCents: 1_000_000 },
    reductions: [
      { age: 65, percent: 35 },
      { age: 70, percent: 50 },
    ],
  };
  const options = (values: number[]) => values.map((v) => ({ originalCents: v, reducedCents: v }));

  it.each([
    [10_000_000, 5_000_000],
    [9_000_000, 4_500_000],
    // $95,000 x 50% = $47,500: the largest $5,000 option not above it is $45,000.
    [9_500_000, 4_500_000],
    [1_000_000, 500_000],
  ])('spouse maximum for employee %s cents is %s', (employee, max) => {
    const spouse = options(Array.from({ length: 50 }, (_v, i) => (i + 1) * 500_000));
    expect(maximumOption(spouse, employee, 50)?.originalCents).toBe(max);
  });

  it('no option fits: null; reductions apply from their age', () => {
    expect(maximumOption(options([500_000]), 1_000_000, 20)).toBeNull();
    expect([64, 65, 69, 70].map((age) => reducedAmount(10_000_000, age, rules.reductions))).toEqual([10_000_000, 6_500_000, 6_500_000, 5_000_000]);
  });

  it('validates the election with the spec messages', () => {
    const ages = { employee: 40, spouse: 40 };
    expect(voluntaryLifeErrors(rules, { employeeCents: null, spouseCents: null, childrenCents: null }, ages)).toEqual([{ path: 'coverageAmounts.employee', message: 'Field is required' }]);
    expect(voluntaryLifeErrors(rules, { employeeCents: 10_000_000, spouseCents: 5_000_000, childrenCents: 1_000_000 }, ages)).toEqual([]);
    expect(voluntaryLifeErrors(rules, { employeeCents: 10_000_000, spouseCents: 5_500_000, childrenCents: null }, ages)).toEqual([{ path: 'coverageAmounts.spouse', message: 'The maximum amount is $50,000.00' }]);
    expect(voluntaryLifeErrors(rules, { employeeCents: 4_000_000, spouseCents: null, childrenCents: 1_000_000 }, ages)).toEqual([{ path: 'coverageAmounts.children', message: 'The maximum amount is $5,000.00' }]);
  });

  it.each([
    [15_000_000, []],
    [15_000_001, ['employee']],
  ])('EOI at the guaranteed issue boundary: %s', (employee, expected) => {
    expect(eoiRequired(rules, { employeeCents: employee, spouseCents: 5_000_000, childrenCents: null })).toEqual(expected);
    expect(ContributionMessages.eoiRequired).toBe('Evidence of Insurability Form is required for this level of coverage');
  });

  it('prices per $10,000 of coverage at each member age band', () => {
    const plan: PricingPlan = {
      tierStructure: 5,
      rateType: 2,
      ratePeriod: 'monthly',
      contributionType: 1,
      employerContribution: { kind: 'none', perTier: {} },
      rates: [
        { tier: 1, minAge: 0, maxAge: 54, costCents: 150 },
        { tier: 1, minAge: 55, maxAge: 150, costCents: 400 },
        { tier: 2, minAge: 0, maxAge: 150, costCents: 100 },
        { tier: 3, minAge: 0, maxAge: 150, costCents: 50 },
      ],
    };
    const e = new ContributionEngine(12);
    // $100,000 = 10 units x $1.50, spouse $50,000 = 5 x $1.00, child $10,000 = 1 x $0.50.
    expect(e.voluntaryLifeCost(plan, { employeeCents: 10_000_000, spouseCents: 5_000_000, childrenCents: 1_000_000 }, { employee: 54, spouse: 50 })).toBe(2050);
    expect(e.voluntaryLifeCost(plan, { employeeCents: 10_000_000, spouseCents: null, childrenCents: null }, { employee: 55, spouse: null })).toBe(4000);
  });
});

describe('FSA', () => {
  const acc = (eeLimitCents: number, erAmountCents = 0, enabled = true): FsaAccountRules => ({ enabled, eeLimitCents, erAmountCents });
  const accounts = { med: acc(330_000, 50_000), dep: acc(500_000), tra: acc(390_000), park: acc(390_000, 0, false) };

  it('annual = per period x pay periods; per period rounds to the cent', () => {
    const e = new ContributionEngine(26);
    expect(e.fsaAnnual(5000)).toBe(130_000);
    expect(e.fsaPerPeriod(330_000)).toBe(12692);
    expect(fsaAnnualLimit(accounts.med)).toBe(280_000);
  });

  it.each([
    ['med', 280_000, true],
    ['med', 280_001, false],
    ['dep', 500_000, true],
    ['dep', 500_001, false],
    ['tra', 0, true],
    ['tra', -1, false],
    ['park', 1, false],
  ] as const)('%s %s cents within the limit: %s', (account, cents, ok) => {
    const errors = fsaErrors(accounts, { [account]: cents });
    expect(errors).toEqual(ok ? [] : [{ path: `fsaContributionAmounts.${account}`, message: 'Your Annual Contribution should be less than the Annual Limit' }]);
  });
});

describe('HSA', () => {
  const rules = { singleLimitCents: 440_000, familyLimitCents: 875_000, catchupCents: 100_000 };

  it.each([
    [54, 'single', 0, 440_000, false, false],
    [55, 'single', 0, 540_000, true, false],
    [64, 'family', 100_000, 875_000, true, false],
    [65, 'family', 100_000, 875_000, true, true],
    [40, 'family', 100_000, 775_000, false, false],
  ] as const)('age %s %s coverage, employer %s -> limit %s', (age, coverage, employer, limit, catchUp, medicare) => {
    expect(hsaLimit(rules, coverage, age, employer)).toMatchObject({ limitCents: limit, catchUpEligible: catchUp, medicareWarning: medicare });
  });

  it('limit plus or minus one cent, with the employer amount in the message', () => {
    const limit = hsaLimit(rules, 'single', 40, 50_000);
    expect(hsaError(390_000, limit)).toBeNull();
    expect(hsaError(389_999, limit)).toBeNull();
    expect(hsaError(390_001, limit)).toBe('Your contribution amount exceeds annual limit because your employer is contributing $500.00 toward your HSA');
  });
});

describe('typed amounts, shared by the enrollment dialog and the API', () => {
  it.each([
    ['0', 0],
    ['12', 1200],
    ['1234.5', 123450],
    ['1234.56', 123456],
    ['01', null],
    ['-5', null],
    ['1.234', null],
    ['1,000', null],
    ['', null],
  ])('amountInputCents(%j) is %j', (text, cents) => {
    expect(amountInputCents(text)).toBe(cents);
  });

  it.each([
    [330000, 26, 12692],
    [100, 3, 33],
    [200, 3, 67],
    [0, 24, 0],
  ])('annualToPerPeriod(%i, %i) is %i (half away from zero)', (annual, periods, perPeriod) => {
    expect(annualToPerPeriod(annual, periods)).toBe(perPeriod);
  });

  it.each([
    [0, 285000, null],
    [285000, 285000, null],
    [285001, 285000, ContributionMessages.fsaOverLimit],
    [-1, 285000, ContributionMessages.fsaOverLimit],
  ])('fsaAmountError(%i, %i)', (annual, limit, message) => {
    expect(fsaAmountError(annual, limit)).toBe(message);
  });
});

describe("the FSA annual field's message for what is typed", () => {
  const LIMIT = 285_000;
  it.each([
    ['', null],
    ['2850', null],
    ['2850.01', ContributionMessages.fsaOverLimit],
    // Negative: the limit message of document 2 (its wording), not the invalid-amount one.
    ['-5', ContributionMessages.fsaOverLimit],
    ['-130.00', ContributionMessages.fsaOverLimit],
    ['12.345', 'invalid'],
    ['007', 'invalid'],
    ['abc', 'invalid'],
  ])('%j gives %s', (text, message) => {
    expect(fsaAnnualTextError(text, LIMIT, 'invalid')).toBe(message);
  });

  it.each([
    ['12.345', 26, 32_097],
    ['12.34', 26, 32_084],
    ['-1.005', 2, -201],
    ['1e3', 26, null],
    ['', 26, null],
    ['5', 0, null],
  ])('annualFromPerPeriodText(%j, %i) is %s', (text, periods, cents) => {
    expect(annualFromPerPeriodText(text, periods)).toBe(cents);
  });
});
