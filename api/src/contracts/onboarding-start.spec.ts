import { RegistrationStep } from './auth';
import { OnboardingStep } from './onboarding';
import { onboardingRuns, onboardingStepInForce, type OnboardingFacts } from './onboarding-start';

describe('onboarding in force (who starts the wizard)', () => {
  // A new hire HR added with onboarding on, who has just registered from the welcome email.
  const hire: OnboardingFacts = { clientEnabled: true, employeeEnabled: true, step: OnboardingStep.Pending, registrationStep: RegistrationStep.Account, registrationReopened: false };

  it.each<[string, Partial<OnboardingFacts>, number]>([
    ['a new hire signing in for the first time starts at the first step', {}, OnboardingStep.Pending],
    ['before registering (a password HR set) too', { registrationStep: RegistrationStep.WelcomeEmail }, OnboardingStep.Pending],
    ['mid-registration (turned on late) too', { registrationStep: RegistrationStep.Dependents }, OnboardingStep.Pending],
    ['turned off for the employee before starting: skipped', { employeeEnabled: false }, OnboardingStep.Finished],
    ['no employee record (an agent): never', { employeeEnabled: null }, OnboardingStep.Finished],
    ['the client does not offer it: skipped', { clientEnabled: false }, OnboardingStep.Finished],
    ['registration finished before it was turned on: not started', { registrationStep: RegistrationStep.Finished }, OnboardingStep.Finished],
    ['registration reopened for changes: not started', { registrationStep: RegistrationStep.Account, registrationReopened: true }, OnboardingStep.Finished],
    ['started: resumes where it stopped', { step: OnboardingStep.Documents }, OnboardingStep.Documents],
    ['started, even once registration is reopened', { step: OnboardingStep.Tax, registrationStep: RegistrationStep.Account, registrationReopened: true }, OnboardingStep.Tax],
    ['started, then turned off: stops', { step: OnboardingStep.Documents, employeeEnabled: false }, OnboardingStep.Finished],
    ['finished stays finished', { step: OnboardingStep.Finished }, OnboardingStep.Finished],
  ])('%s', (_name, change, expected) => {
    const facts = { ...hire, ...change };
    expect(onboardingStepInForce(facts)).toBe(expected);
    expect(onboardingRuns(facts)).toBe(expected !== OnboardingStep.Finished);
  });
});
