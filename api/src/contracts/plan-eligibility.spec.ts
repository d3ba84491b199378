import { coversEmployment, eligibleFrom, offersFor, planEligibility, type CompletionPlan, type PlanEligibilityFacts } from './enrollment-completion';
import { RestrictionCodes } from './plans';

/**
 * One eligibility rule: the plan list's (planEligibility, via plan-model's eligibilityOf) and the plan
 * type's of GET /enrollments and the Status Dashboard (offersFor, plan by plan), whose SQL only gathers the facts.
 */
const employee = { employmentId: 1, hireDate: '2026-01-01', eligibilityDate: null, workHours: 30, today: '2026-03-01' };
const plan: PlanEligibilityFacts = { restricted: 0, eligibleEmploymentIds: null, waitingPeriodDays: 0, minWorkHours: null, endDate: '2026-12-31' };

describe('planEligibility: one plan for one employee', () => {
  it.each<[string, Partial<PlanEligibilityFacts>, Partial<typeof employee>, { restricted: number; eligibilityDate: string | null }]>([
    ['open to everyone', {}, {}, { restricted: RestrictionCodes.None, eligibilityDate: null }],
    ["HR's restriction first", { restricted: 3, eligibleEmploymentIds: [2] }, {}, { restricted: 3, eligibilityDate: null }],
    ['another employment status', { eligibleEmploymentIds: [2, 3] }, {}, { restricted: RestrictionCodes.NotEligible, eligibilityDate: null }],
    ['its employment status', { eligibleEmploymentIds: [1, 3] }, {}, { restricted: RestrictionCodes.None, eligibilityDate: null }],
    ['no employment status on file', { eligibleEmploymentIds: [1] }, { employmentId: null as unknown as number }, { restricted: RestrictionCodes.NotEligible, eligibilityDate: null }],
    ['fewer hours than the plan asks', { minWorkHours: 32 }, {}, { restricted: RestrictionCodes.NotEligible, eligibilityDate: null }],
    ['exactly the hours', { minWorkHours: 30 }, {}, { restricted: RestrictionCodes.None, eligibilityDate: null }],
    ['hours not on file exclude no one', { minWorkHours: 40 }, { workHours: null as unknown as number }, { restricted: RestrictionCodes.None, eligibilityDate: null }],
    ['a waiting period still running', { waitingPeriodDays: 90 }, {}, { restricted: RestrictionCodes.None, eligibilityDate: '2026-04-01' }],
    ['a waiting period past', { waitingPeriodDays: 30 }, {}, { restricted: RestrictionCodes.None, eligibilityDate: null }],
    ['the later eligibility date wins', { waitingPeriodDays: 30 }, { eligibilityDate: '2026-05-01' as unknown as null }, { restricted: RestrictionCodes.None, eligibilityDate: '2026-05-01' }],
    ['eligible only after the plan ends', { waitingPeriodDays: 400 }, {}, { restricted: RestrictionCodes.RenewsBeforeEligibility, eligibilityDate: '2027-02-05' }],
  ])('%s', (_what, p, e, expected) => {
    expect(planEligibility({ ...plan, ...p }, { ...employee, ...e })).toEqual(expected);
  });
});

describe('the parts a plan type shares with one plan', () => {
  it.each<[number, string | null, string | null, string | null]>([
    [0, '2026-01-01', null, '2026-01-01'],
    [30, '2026-01-01', null, '2026-01-31'],
    [30, '2026-01-01', '2026-03-15', '2026-03-15'],
    [0, null, '2026-03-15', '2026-03-15'],
    [10, null, null, null],
  ])('eligibleFrom(%i days, hired %s, eligible %s) is %s', (days, hireDate, eligibilityDate, expected) => {
    expect(eligibleFrom(days, { hireDate, eligibilityDate })).toBe(expected);
  });

  it.each<[readonly number[] | null, number | null, boolean]>([
    [null, null, true],
    [null, 4, true],
    [[1, 2], 2, true],
    [[1, 2], 3, false],
    [[1, 2], null, false],
  ])('a plan for statuses %j covers status %s: %s', (eligibleEmploymentIds, employmentId, expected) => {
    expect(coversEmployment({ eligibleEmploymentIds }, employmentId)).toBe(expected);
  });

  const p = (id: number, over: Partial<CompletionPlan>): CompletionPlan => ({ id, planTypeId: 2, restricted: 0, eligibleEmploymentIds: null, waitingPeriodDays: 0, minWorkHours: null, endDate: '2026-12-31', employerPaid: false, hsaQualified: false, ...over });

  it('a plan type is closed only when every plan of it is, each by the per-plan parts', () => {
    const [mixed] = offersFor([p(1, { eligibleEmploymentIds: [9], restricted: 2 }), p(2, { waitingPeriodDays: 60, endDate: '2027-06-30' })], employee);
    // The date is the open plan's: the closed one's shorter wait does not count.
    expect(mixed).toEqual({ planTypeId: 2, hrRestricted: 0, eligibility: RestrictionCodes.None, eligibilityDate: '2026-03-02', employerPaidOnly: false });
    const [closed] = offersFor([p(1, { eligibleEmploymentIds: [9], restricted: 4 }), p(2, { eligibleEmploymentIds: [8], restricted: 2, employerPaid: true })], employee);
    expect(closed).toMatchObject({ hrRestricted: 2 });
  });

  // The type is open exactly when planEligibility opens one of its plans: the plan list and the type agree.
  it.each<[string, Array<Partial<CompletionPlan>>, Partial<typeof employee>]>([
    ['every plan open', [{}, {}], {}],
    ['one plan asks more hours, the other does not', [{ minWorkHours: 32 }, { minWorkHours: 20 }], {}],
    ['every plan asks more hours than the employee works', [{ minWorkHours: 32 }, { minWorkHours: 40 }], {}],
    ['hours not on file', [{ minWorkHours: 32 }], { workHours: null as unknown as number }],
    ['HR restricts one, the other is for another status', [{ restricted: 1 }, { eligibleEmploymentIds: [2] }], {}],
    ['another status, and too many hours', [{ eligibleEmploymentIds: [2] }, { minWorkHours: 40 }], {}],
    ['a wait past the plan end, and too many hours', [{ waitingPeriodDays: 400 }, { minWorkHours: 40 }], {}],
    ['a wait within the year beside too many hours', [{ waitingPeriodDays: 30 }, { minWorkHours: 40 }], {}],
  ])('%s: the type agrees with its plans', (_what, plans, e) => {
    const who = { ...employee, ...e };
    const list = plans.map((over, i) => p(i + 1, over));
    const anyOpen = list.some((x) => planEligibility(x, who).restricted === RestrictionCodes.None);
    const [offer] = offersFor(list, who);
    expect(offer!.hrRestricted > 0 || offer!.eligibility !== RestrictionCodes.None).toBe(!anyOpen);
  });
});
