import { REGISTRATION_STEPS, RegistrationStep } from '@bp/api/contracts';

/** The registration wizard's eight screens, in order: the contracts' steps after the welcome email. */
const SCREENS = REGISTRATION_STEPS.slice(1);
export const WIZARD_STEPS: readonly string[] = SCREENS.map((s) => s.label);

export const PROFILE_INDEX = 1;
export const DEPENDENTS_INDEX = 2;
export const ENROLLMENT_INDEX = 3;
export const BENEFICIARIES_INDEX = 4;
export const ADDITIONAL_INFO_INDEX = 5;
export const SIGNATURE_INDEX = 6;
export const SUMMARY_INDEX = WIZARD_STEPS.length - 1;

/** 'STEP 01' .. 'STEP 08'. */
export function stepLabel(index: number): string {
  return `STEP ${String(index + 1).padStart(2, '0')}`;
}

/**
 * What finishing each wizard screen records on the server ("saved in order";
 * document 2: PUT /me carries the target step minus 1). The Summary's Continue records 0, finished.
 */
const COMPLETED_STEP: readonly number[] = SCREENS.map((s) => s.step);

/** The registrationStep that finishing the screen at `index` saves. */
export function completedStepOf(index: number): number {
  return COMPLETED_STEP[index] ?? RegistrationStep.Finished;
}

/**
 * The wizard screen to resume at for the user's registrationStep. The saved value is the last completed
 * step, so the person resumes at the screen after it (Account saved: Employee Profile; Profile saved:
 * Dependents). Edit Profile saves Account and Edit Dependents saves Profile for exactly that reason.
 */
export function wizardIndexOf(registrationStep: number): number {
  if (registrationStep === RegistrationStep.WelcomeEmail) return 0;
  const done = COMPLETED_STEP.indexOf(registrationStep);
  // Unknown values resume at the first step after the account: the account itself is done once signed in.
  return done >= 0 && done < SUMMARY_INDEX ? done + 1 : PROFILE_INDEX;
}

/** Saving never moves a person back: revisiting an earlier screen and pressing Next keeps later progress. */
export function laterStep(saved: number, next: number): number {
  if (saved === RegistrationStep.Finished || next === RegistrationStep.Finished) return next;
  return COMPLETED_STEP.indexOf(next) > COMPLETED_STEP.indexOf(saved) ? next : saved;
}

/** The wizard address of a screen: ?step= carries the 1-based number shown in its 'STEP 0n' label. */
export function wizardPath(index: number): string {
  return `/registration?step=${index + 1}`;
}

/** 'Registration' on Account Setup, 'Benefit Enrollment' on every later step. */
export function wizardTitle(index: number): string {
  return index === 0 ? 'Registration' : 'Benefit Enrollment';
}
