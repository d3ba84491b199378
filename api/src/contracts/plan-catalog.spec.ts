import { PlanCatalogMessages, ZPlanEdit } from './plan-catalog';

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
