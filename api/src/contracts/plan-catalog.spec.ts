import { PlanCatalogMessages, ZPlanEdit, planRateIssues, rateLabel } from './plan-catalog';
import { ImportMessages, RATE_SHEET_NAMES } from './rate-sheet';

const base = { name: 'Dental Basic', waitingPeriodDays: '30', employerKind: 'none' };
const outcome = (body: Record<string, unknown>) => {
  const r = ZPlanEdit.safeParse({ ...base, ...body });
  return r.success ? r.data.employerContribution : r.error.issues.map((i) => [i.path.join('.'), i.message]);
};

describe('the plan form: employer shares by tier', () => {
  it.each<[string, Record<string, unknown>, unknown]>([
    ['none whatever is typed', { employerTier1: 'x' }, { kind: 'none', perTier: {} }],
    ['amounts in cents, blank tiers left out', { employerKind: 'amount', employerTier1: '15', employerTier4: '$1,025.50' }, { kind: 'amount', perTier: { '1': 1500, '4': 102550 } }],
    ['whole percents', { employerKind: 'percent', employerTier2: '60', employerTier3: '0' }, { kind: 'percent', perTier: { '2': 60, '3': 0 } }],
    ['a percent over 100', { employerKind: 'percent', employerTier1: '101' }, [['employerTier1', PlanCatalogMessages.notPercent]]],
    ['a percent with decimals', { employerKind: 'percent', employerTier1: '50.5' }, [['employerTier1', PlanCatalogMessages.notPercent]]],
    ['an amount that is not money', { employerKind: 'amount', employerTier2: 'lots' }, [['employerTier2', PlanCatalogMessages.notAmount]]],
    ['a negative amount', { employerKind: 'amount', employerTier2: '-5' }, [['employerTier2', PlanCatalogMessages.notAmount]]],
  ])('%s', (_name, body, expected) => {
    expect(outcome(body)).toEqual(expected);
  });

  it('eligibility fields: blank is none, out of range is refused', () => {
    const r = ZPlanEdit.safeParse({ ...base, minWorkHours: '', dependentMaxAge: '26', waitingPeriodDays: '' });
    expect(r.success && [r.data.minWorkHours, r.data.dependentMaxAge, r.data.waitingPeriodDays]).toEqual([undefined, 26, 0]);
    expect(ZPlanEdit.safeParse({ ...base, minWorkHours: '200' }).success).toBe(false);
    expect(ZPlanEdit.safeParse({ ...base, name: ' ' }).success).toBe(false);
  });
});

describe('the plan form: rates, by the Rates sheet’s rules', () => {
  const four = [['1', '30.00'], ['2', '60.00'], ['3', '65.00'], ['4', '95.00']].map(([tier, amount]) => ({ tier, minAge: '0', maxAge: '150', amount }));
  const withRate = (i: number, change: Record<string, unknown>) => four.map((r, j) => (j === i ? { ...r, ...change } : r));
  const rates = (body: Record<string, unknown>) => {
    const r = ZPlanEdit.safeParse({ ...base, ...body });
    return r.success ? r.data.rates : r.error.issues.map((i) => [i.path.join('.'), i.message]);
  };

  it.each<[string, Record<string, unknown>, unknown]>([
    ['absent: the rates stay as they are', {}, undefined],
    ['amounts in cents, with $ and commas, numbers from JSON', { rates: [{ tier: 1, minAge: 0, maxAge: 150, amount: '$1,030.5' }, { tier: '4', minAge: '0', maxAge: '150', amount: 95 }] }, [{ tier: 1, minAge: 0, maxAge: 150, costCents: 103050 }, { tier: 4, minAge: 0, maxAge: 150, costCents: 9500 }]],
    ['a negative amount', { rates: withRate(1, { amount: '-5' }) }, [['rates.1.amount', ImportMessages.notAmount]]],
    ['an amount with three decimals', { rates: withRate(0, { amount: '30.005' }) }, [['rates.0.amount', ImportMessages.notAmount]]],
    ['an amount above what a rate holds', { rates: withRate(3, { amount: '1000000.01' }) }, [['rates.3.amount', ImportMessages.rateTooHigh]]],
    ['a blank amount', { rates: withRate(2, { amount: ' ' }) }, [['rates.2.amount', ImportMessages.required]]],
    ['an age beyond 150', { rates: withRate(0, { maxAge: '151' }) }, [['rates.0.maxAge', ImportMessages.notWholeNumber]]],
    ['ages the wrong way round', { rates: withRate(0, { minAge: '40', maxAge: '39' }) }, [['rates.0.maxAge', ImportMessages.agesOrder]]],
    ['a tier priced twice', { rates: withRate(1, { tier: '1' }) }, [['rates.1.tier', ImportMessages.duplicateRate]]],
    [
      'overlapping age bands',
      { rates: [{ tier: '1', minAge: '0', maxAge: '39', amount: '0.80' }, { tier: '1', minAge: '39', maxAge: '150', amount: '1.50' }] },
      [['rates.1.tier', ImportMessages.duplicateRate]],
    ],
  ])('%s', (_name, body, expected) => {
    expect(rates(body)).toEqual(expected);
  });

  const dental = { planTypeId: 2, tierStructure: 4 };
  const row = (tier: number, minAge = 0, maxAge = 150) => ({ tier, minAge, maxAge, costCents: 100 });
  it.each<[string, { planTypeId: number; tierStructure: number }, ReturnType<typeof row>[], unknown]>([
    ['every tier of a four-tier dental plan', dental, [1, 2, 3, 4].map((t) => row(t)), []],
    ['a tier the structure does not have', { planTypeId: 8, tierStructure: 2 }, [row(1), row(2), row(4)], [{ path: 'rates.1.tier', message: ImportMessages.notATier(['Single', 'Family']) }]],
    ['a tier left without a price', dental, [1, 2, 4].map((t) => row(t)), [{ path: 'rates', message: ImportMessages.missingTierRate('Parent/Child') }]],
    ['no rates at all', dental, [], [{ path: 'rates', message: ImportMessages.noRates }]],
    ['voluntary life: members by age band', { planTypeId: 33, tierStructure: 5 }, [row(1, 0, 49), row(1, 50, 150), row(3)], []],
    ['voluntary life without the employee', { planTypeId: 33, tierStructure: 5 }, [row(2)], [{ path: 'rates', message: ImportMessages.missingTierRate('Employee') }]],
    ['an account plan (FSA) has no rates', { planTypeId: 12, tierStructure: 2 }, [row(1)], [{ path: 'rates', message: ImportMessages.wrongKind(RATE_SHEET_NAMES.rates) }]],
  ])('against the plan: %s', (_name, plan, list, expected) => {
    expect(planRateIssues(plan, list)).toEqual(expected);
  });

  it('names a rate by its tier, and its ages when banded', () => {
    expect([rateLabel(4, row(3)), rateLabel(5, row(2, 40, 49))]).toEqual(['Parent/Child', 'Spouse, ages 40 to 49']);
  });
});
