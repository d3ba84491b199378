import { RegistrationStep } from './auth';
import { censusProgress, type CensusProgress, type CensusProgressFacts } from './census-progress';
import { enrollmentCompletion, type CompletionEmployee, type CompletionPlan } from './enrollment-completion';
import { PlanTypeIds } from './engine/plan-types';
import { OnboardingStep } from './onboarding';

describe('census progress: one rule for the list, its filter and the record', () => {
  // Registered, no onboarding, every optional onboarding step on, not signed.
  const base: CensusProgressFacts = {
    welcomeEmailSent: true,
    registered: true,
    onboarding: { clientEnabled: true, employeeEnabled: false, step: OnboardingStep.Pending, registrationStep: RegistrationStep.Account, registrationReopened: false },
    onboardingFlags: { i9Enabled: true, w4Enabled: true, payrollEnabled: true, eeoEnabled: true },
    signed: false,
  };
  // The current period: a PPO medical plan (no HSA with it), dental, vision, an HSA and employer-paid group life.
  const plan = (id: number, planTypeId: number, more: Partial<CompletionPlan> = {}): CompletionPlan => ({
    id,
    planTypeId,
    restricted: 0,
    eligibleEmploymentIds: null,
    waitingPeriodDays: 0,
    minWorkHours: null,
    endDate: '2027-12-31',
    employerPaid: false,
    hsaQualified: false,
    ...more,
  });
  const PPO = 1;
  const plans = [plan(PPO, PlanTypeIds.Medical), plan(2, PlanTypeIds.Dental), plan(3, PlanTypeIds.Vision), plan(4, PlanTypeIds.HSA), plan(5, PlanTypeIds.Life, { employerPaid: true })];
  type Elections = CompletionEmployee['elections'];
  const completion = (elections: Elections) => enrollmentCompletion(plans, { employmentId: 1, hireDate: '2020-01-06', eligibilityDate: null, workHours: null, today: '2026-11-27', elections });
  const chose = (status: number, planId: number | null = null) => ({ status, planId });
  const onboarding = (step: number, flags: Partial<CensusProgressFacts['onboardingFlags']> = {}): Partial<CensusProgressFacts> => ({
    onboarding: { ...base.onboarding, employeeEnabled: true, step },
    onboardingFlags: { ...base.onboardingFlags, ...flags },
  });
  const none = { onboardingStep: null, onboardingSteps: null, missing: [] };

  it.each<[string, Partial<CensusProgressFacts>, Elections | null, CensusProgress]>([
    ['no link sent, no account', { welcomeEmailSent: false, registered: false }, null, { state: 'not-invited', text: 'Not invited', ...none }],
    ['a link sent, not registered', { registered: false }, null, { state: 'invited', text: 'Invited, not registered', ...none }],
    ['not registered: onboarding switched on does not count yet', { registered: false, ...onboarding(OnboardingStep.Pending) }, null, { state: 'invited', text: 'Invited, not registered', ...none }],
    [
      'onboarding not started: on the first of its steps (seven with every option)',
      onboarding(OnboardingStep.Pending),
      null,
      { state: 'onboarding', text: 'Onboarding step 1 of 7', onboardingStep: 1, onboardingSteps: 7, missing: [] },
    ],
    [
      'onboarding with the profile done: on the second',
      onboarding(OnboardingStep.Profile),
      null,
      { state: 'onboarding', text: 'Onboarding step 2 of 7', onboardingStep: 2, onboardingSteps: 7, missing: [] },
    ],
    [
      'optional steps off: counted out of this person\'s steps (Payroll done: on Signature, the 4th of Profile, Documents, Payroll, Signature)',
      onboarding(OnboardingStep.Payroll, { i9Enabled: false, w4Enabled: false, eeoEnabled: false }),
      null,
      { state: 'onboarding', text: 'Onboarding step 4 of 4', onboardingStep: 4, onboardingSteps: 4, missing: [] },
    ],
    ['onboarding finished, no period now: registered', onboarding(OnboardingStep.Finished), null, { state: 'registered', text: 'Registered', ...none }],
    ['registered, nothing offered now', {}, null, { state: 'registered', text: 'Registered', ...none }],
    [
      'registered, nothing chosen yet (the employer-paid plan needs no choice)',
      {},
      {},
      { state: 'registered', text: 'Registered: Group Medical, Group Dental, Group Vision, HSA to choose', onboardingStep: null, onboardingSteps: null, missing: ['Group Medical', 'Group Dental', 'Group Vision', 'HSA'] },
    ],
    [
      'medical chosen: the HSA beside a medical plan that does not qualify cannot be taken, so it is not missing',
      {},
      { [PlanTypeIds.Medical]: chose(1, PPO), [PlanTypeIds.Vision]: chose(-2) },
      { state: 'enrolling', text: 'Enrollment not complete: Group Dental missing', onboardingStep: null, onboardingSteps: null, missing: ['Group Dental'] },
    ],
    [
      'medical waived: the HSA can be taken, so it is missing until decided',
      {},
      { [PlanTypeIds.Medical]: chose(-1), [PlanTypeIds.Dental]: chose(1, 2), [PlanTypeIds.Vision]: chose(-2) },
      { state: 'enrolling', text: 'Enrollment not complete: HSA missing', onboardingStep: null, onboardingSteps: null, missing: ['HSA'] },
    ],
    [
      'everything decided (the HSA out of reach), not signed',
      {},
      { [PlanTypeIds.Medical]: chose(1, PPO), [PlanTypeIds.Dental]: chose(1, 2), [PlanTypeIds.Vision]: chose(-2) },
      { state: 'enrolled', text: 'Enrollment complete, not signed', ...none },
    ],
    ['everything decided and signed', { signed: true }, { [PlanTypeIds.Medical]: chose(1, PPO), [PlanTypeIds.Dental]: chose(-2), [PlanTypeIds.Vision]: chose(-2) }, { state: 'signed', text: 'Signed', ...none }],
    [
      'signed, but a type still undecided (a plan added since): not signed',
      { signed: true },
      { [PlanTypeIds.Medical]: chose(1, PPO), [PlanTypeIds.Dental]: chose(-2) },
      { state: 'enrolling', text: 'Enrollment not complete: Group Vision missing', onboardingStep: null, onboardingSteps: null, missing: ['Group Vision'] },
    ],
    ['signed with nothing offered now', { signed: true }, null, { state: 'signed', text: 'Signed', ...none }],
  ])('%s', (_name, change, elections, expected) => {
    expect(censusProgress({ ...base, ...change }, elections === null ? null : completion(elections))).toEqual(expected);
  });
});
