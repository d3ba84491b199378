import {
  completionPercent,
  enrollmentCompletion,
  enrollmentState,
  offersFor,
  planTypeRestriction,
  type CompletionEmployee,
  type CompletionPlan,
  type EnrollmentState,
  type PlanTypeOffer,
} from './enrollment-completion';
import { RestrictionCodes } from './plans';

const plan = (id: number, planTypeId: number, over: Partial<CompletionPlan> = {}): CompletionPlan => ({
  id,
  planTypeId,
  restricted: 0,
  eligibleEmploymentIds: null,
  waitingPeriodDays: 0,
  minWorkHours: null,
  endDate: '2026-12-31',
  employerPaid: false,
  hsaQualified: false,
  ...over,
});

// Acme's kind of period: a PPO and an HDHP, the HSA, dental, employer-paid life.
const PPO = plan(1, 1);
const HDHP = plan(2, 1, { hsaQualified: true });
const HSA = plan(3, 20);
const DENTAL = plan(4, 2);
const LIFE = plan(5, 3, { employerPaid: true });
const PERIOD = [PPO, HDHP, HSA, DENTAL, LIFE];

const employee = (elections: CompletionEmployee['elections'], over: Partial<CompletionEmployee> = {}): CompletionEmployee => ({
  employmentId: 1,
  hireDate: '2020-01-06',
  eligibilityDate: null,
  workHours: 30,
  today: '2026-11-27',
  elections,
  ...over,
});
const enrolled = (planId: number) => ({ status: 1, planId });
const waived = { status: -1, planId: null };
const declined = { status: -2, planId: null };
const none = { status: 0, planId: null };

describe('enrollmentCompletion: what the employee can take and what is missing', () => {
  it.each<[string, CompletionEmployee['elections'], { canTake: number[]; missing: number[]; cannot: number[]; progress: number }]>([
    ['nothing chosen: every type but the employer-paid one is missing', {}, { canTake: [1, 2, 3, 20], missing: [1, 2, 20], cannot: [], progress: 25 }],
    ['PPO, dental declined, no HSA row decided: the HSA cannot go with the PPO, so 100%', { 1: enrolled(1), 2: declined, 3: enrolled(5), 20: none }, { canTake: [1, 2, 3], missing: [], cannot: [20], progress: 100 }],
    ['HDHP and the HSA left open: the HSA is missing', { 1: enrolled(2), 2: declined, 3: enrolled(5), 20: none }, { canTake: [1, 2, 3, 20], missing: [20], cannot: [], progress: 75 }],
    ['HDHP with the HSA enrolled', { 1: enrolled(2), 2: enrolled(4), 3: enrolled(5), 20: enrolled(3) }, { canTake: [1, 2, 3, 20], missing: [], cannot: [], progress: 100 }],
    ['medical waived: the HSA stays open (other HDHP coverage), as the enrollment step has it', { 1: waived, 2: enrolled(4), 20: none }, { canTake: [1, 2, 3, 20], missing: [20], cannot: [], progress: 75 }],
    ['medical not chosen yet: the HSA is still to decide', { 2: enrolled(4) }, { canTake: [1, 2, 3, 20], missing: [1, 20], cannot: [], progress: 50 }],
  ])('%s', (_name, elections, want) => {
    const c = enrollmentCompletion(PERIOD, employee(elections));
    expect(c.canTake).toEqual(want.canTake);
    expect(c.missing).toEqual(want.missing);
    expect(c.cannotTake.map((x) => x.planTypeId)).toEqual(want.cannot);
    expect(c.progress).toBe(want.progress);
  });

  it('says why the HSA cannot be taken beside a PPO', () => {
    expect(enrollmentCompletion(PERIOD, employee({ 1: enrolled(1) })).cannotTake).toEqual([{ planTypeId: 20, restricted: RestrictionCodes.RequiresHighDeductibleMedical }]);
  });

  it.each<[string, CompletionPlan[], Partial<CompletionEmployee>, number[], number[]]>([
    ['a type HR restricted on every plan is not counted', [plan(1, 1), plan(2, 2, { restricted: 1 })], {}, [1], [2]],
    ['a type restricted on one plan only is counted', [plan(1, 2, { restricted: 1 }), plan(2, 2)], {}, [2], []],
    ['plans for other employment statuses are not counted', [plan(1, 1), plan(2, 8, { eligibleEmploymentIds: [2] })], { employmentId: 1 }, [1], [8]],
    ['plans for the employee status are counted', [plan(1, 8, { eligibleEmploymentIds: [1, 2] })], { employmentId: 1 }, [8], []],
    ['no employment status on file: a plan for some statuses is not counted', [plan(1, 8, { eligibleEmploymentIds: [1] })], { employmentId: null }, [], [8]],
    ['eligible after the plans renew is not counted', [plan(1, 1, { waitingPeriodDays: 90 })], { hireDate: '2026-11-01' }, [], [1]],
    ['eligible later in the plan year is counted', [plan(1, 1, { waitingPeriodDays: 30 })], { hireDate: '2026-11-01' }, [1], []],
    ['the eligibility date past the plans end is not counted', [plan(1, 1)], { eligibilityDate: '2027-02-01' }, [], [1]],
    ['fewer weekly hours than every plan of the type asks: not counted', [plan(1, 1), plan(2, 2, { minWorkHours: 32 }), plan(3, 2, { minWorkHours: 35 })], { workHours: 30 }, [1], [2]],
    ['enough hours for one plan of the type: counted', [plan(2, 2, { minWorkHours: 32 }), plan(3, 2, { minWorkHours: 20 })], { workHours: 30 }, [2], []],
    ['exactly the hours asked: counted', [plan(2, 2, { minWorkHours: 30 })], { workHours: 30 }, [2], []],
    ['hours not on file exclude no one', [plan(2, 2, { minWorkHours: 40 })], { workHours: null }, [2], []],
    ['one plan HR restricted, the other for another status: not counted', [plan(1, 2, { restricted: 1 }), plan(2, 2, { eligibleEmploymentIds: [2] })], { employmentId: 1 }, [], [2]],
    ['one plan for another status, the other asks too many hours: not counted', [plan(1, 2, { eligibleEmploymentIds: [2] }), plan(2, 2, { minWorkHours: 40 })], { workHours: 30 }, [], [2]],
    ['nothing offered', [], {}, [], []],
  ])('%s', (_name, plans, over, canTake, cannot) => {
    const c = enrollmentCompletion(plans, employee({}, over));
    expect(c.canTake).toEqual(canTake);
    expect(c.cannotTake.map((x) => x.planTypeId)).toEqual(cannot);
  });

  it('is 100% with nothing to take', () => {
    expect(enrollmentCompletion([plan(1, 1, { restricted: 1 })], employee({})).progress).toBe(100);
  });

  it('an employer-paid type counts as taken but is never missing', () => {
    const c = enrollmentCompletion([LIFE], employee({}));
    expect(c).toMatchObject({ canTake: [3], toChoose: [], missing: [], progress: 100 });
  });
});

describe('planTypeRestriction: the enrollment step order', () => {
  const offer = (over: Partial<PlanTypeOffer> = {}): PlanTypeOffer => ({ planTypeId: 20, hrRestricted: 0, eligibility: 0, eligibilityDate: null, employerPaidOnly: false, ...over });
  it.each<[string, PlanTypeOffer, { status: number; hsaQualified: boolean } | null, number]>([
    ['open', offer(), null, 0],
    ['HR restriction first', offer({ hrRestricted: 6, eligibility: RestrictionCodes.NotEligible }), { status: 1, hsaQualified: false }, 6],
    ['HSA beside a PPO', offer({ eligibility: RestrictionCodes.NotEligible }), { status: 1, hsaQualified: false }, 4],
    ['HSA beside an HDHP', offer(), { status: 1, hsaQualified: true }, 0],
    ['HSA with medical declined', offer(), { status: -2, hsaQualified: false }, 0],
    ['dental beside a PPO', offer({ planTypeId: 2 }), { status: 1, hsaQualified: false }, 0],
    ['not eligible', offer({ planTypeId: 2, eligibility: RestrictionCodes.NotEligible }), null, 3],
    ['eligible after the plans renew', offer({ eligibility: RestrictionCodes.RenewsBeforeEligibility, eligibilityDate: '2027-01-05' }), null, 2],
    ['eligible later this plan year', offer({ eligibilityDate: '2026-12-05' }), null, 0],
  ])('%s', (_name, o, medical, want) => {
    expect(planTypeRestriction(o, medical)).toBe(want);
  });
});

describe('offersFor', () => {
  const newHire = { employmentId: 1, hireDate: '2026-11-01', eligibilityDate: null, workHours: 30, today: '2026-11-20' };
  it('aggregates each type: the earliest day among its open plans, employer-paid only when all are', () => {
    const offers = offersFor(
      [plan(1, 1, { waitingPeriodDays: 60, endDate: '2027-06-30' }), plan(2, 1, { waitingPeriodDays: 30, endDate: '2027-06-30', employerPaid: true }), plan(3, 3, { employerPaid: true })],
      newHire,
    );
    expect(offers).toEqual([
      { planTypeId: 1, hrRestricted: 0, eligibility: 0, eligibilityDate: '2026-12-01', employerPaidOnly: false },
      { planTypeId: 3, hrRestricted: 0, eligibility: 0, eligibilityDate: null, employerPaidOnly: true },
    ]);
  });
  it('takes the later of the waiting period and the eligibility date', () => {
    expect(offersFor([plan(1, 1, { waitingPeriodDays: 10 })], { ...newHire, hireDate: '2026-01-01', eligibilityDate: '2026-12-01' })[0]!.eligibilityDate).toBe('2026-12-01');
  });
  it.each<[string, CompletionPlan[], Pick<PlanTypeOffer, 'eligibility' | 'eligibilityDate'>]>([
    ['a plan the hours exclude gives no earlier date', [plan(1, 2, { minWorkHours: 40 }), plan(2, 2, { waitingPeriodDays: 30 })], { eligibility: 0, eligibilityDate: '2026-12-01' }],
    ['every plan asks more hours', [plan(1, 2, { minWorkHours: 40 }), plan(2, 2, { minWorkHours: 35 })], { eligibility: RestrictionCodes.NotEligible, eligibilityDate: null }],
    ['every plan renews first: the type says so, with the earliest day', [plan(1, 2, { waitingPeriodDays: 90, endDate: '2027-01-15' }), plan(2, 2, { waitingPeriodDays: 120, endDate: '2027-02-15' })], { eligibility: RestrictionCodes.RenewsBeforeEligibility, eligibilityDate: '2027-01-30' }],
    ['one plan renews first, the other excludes by hours: renews', [plan(1, 2, { waitingPeriodDays: 90, endDate: '2027-01-15' }), plan(2, 2, { minWorkHours: 40 })], { eligibility: RestrictionCodes.RenewsBeforeEligibility, eligibilityDate: '2027-01-30' }],
  ])('%s', (_name, plans, want) => {
    expect(offersFor(plans, newHire)[0]).toMatchObject(want);
  });
});

describe('completionPercent and enrollmentState', () => {
  it.each([
    [0, 0, 100],
    [0, 4, 0],
    [1, 3, 33],
    [2, 3, 67],
    [3, 3, 100],
    [5, 3, 100],
  ])('%d of %d -> %d', (decided, canTake, want) => {
    expect(completionPercent(decided, canTake)).toBe(want);
  });

  it.each<[string, { canTake: number[]; toChoose: number[]; missing: number[] }, boolean, EnrollmentState]>([
    ['nothing decided', { canTake: [1, 2], toChoose: [1, 2], missing: [1, 2] }, false, 'not-started'],
    ['only the employer-paid type is in force', { canTake: [1, 3], toChoose: [1], missing: [1] }, false, 'not-started'],
    ['some decided', { canTake: [1, 2], toChoose: [1, 2], missing: [2] }, false, 'in-progress'],
    ['all decided, not signed', { canTake: [1, 2], toChoose: [1, 2], missing: [] }, false, 'not-signed'],
    ['all decided and signed', { canTake: [1, 2], toChoose: [1, 2], missing: [] }, true, 'finished'],
    ['nothing to take', { canTake: [], toChoose: [], missing: [] }, false, 'finished'],
  ])('%s', (_name, c, signed, want) => {
    expect(enrollmentState(c, signed)).toBe(want);
  });
});
