import { RegistrationStep } from './auth';
import { OnboardingStep } from './onboarding';

/**
 * Whether a person's onboarding runs, derived from what HR, the agent and the person did rather than
 * written when one of them acts: every account starts at Pending (1), and the flags decide whether that
 * pending onboarding applies. So a flag turned on or off at any time before the person starts is honoured
 * without anyone rewriting the step.
 */
export interface OnboardingFacts {
  /** The client offers onboarding (its setting). */
  clientEnabled: boolean;
  /** HR or an agent turned it on for this employee (Add New Employee or Edit); null without an employee record. */
  employeeEnabled: boolean | null;
  /** The stored progress: 0 finished, 1 not started, else the last step completed. */
  step: number;
  registrationStep: number;
  /** Registration was finished once and reopened for changes (Modify Selections): it is no first sign-in. */
  registrationReopened: boolean;
}

/**
 * The onboarding step in force, as GET /me and the wizard answer it: the stored step while onboarding runs,
 * else 0. It runs when both the client and the employee have it on and it is not finished; one not started
 * yet starts only for a person who has not finished registering (document 1: onboarding comes before the
 * rest of registration), so switching it on for someone enrolled long ago does not lock them in a wizard.
 */
export function onboardingStepInForce(f: OnboardingFacts): number {
  if (!f.clientEnabled || f.employeeEnabled !== true) return OnboardingStep.Finished;
  const registered = f.registrationStep === RegistrationStep.Finished || f.registrationReopened;
  if (f.step === OnboardingStep.Pending && registered) return OnboardingStep.Finished;
  return f.step;
}

export function onboardingRuns(f: OnboardingFacts): boolean {
  return onboardingStepInForce(f) !== OnboardingStep.Finished;
}
