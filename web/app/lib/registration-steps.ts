import { RegistrationStep } from '@bp/api/contracts';

/** The registration wizard's eight steps, in order (document 1 section 2). */
export const WIZARD_STEPS = [
  'Account Setup',
  'Employee Profile',
  'Dependents',
  'Benefits Enrollment',
  'Beneficiaries',
  'Additional Information',
  'Signature',
  'Summary',
] as const;

/** 'STEP 01' .. 'STEP 08'. */
export function stepLabel(index: number): string {
  return `STEP ${String(index + 1).padStart(2, '0')}`;
}

/**
 * The wizard step to show for the user's registrationStep. The API records the step the person is on
 * (Account Setup answers with registrationStep = Profile), so each value maps to its own screen.
 */
export function wizardIndexOf(registrationStep: number): number {
  switch (registrationStep) {
    case RegistrationStep.WelcomeEmail:
    case RegistrationStep.Account:
      return 0;
    case RegistrationStep.Profile:
      return 1;
    case RegistrationStep.Dependents:
      return 2;
    case RegistrationStep.Enrollments:
      return 3;
    case RegistrationStep.Beneficiaries:
      return 4;
    case RegistrationStep.AdditionalInfo:
      return 5;
    case RegistrationStep.Signature:
      return 6;
    default:
      // Unknown values resume at the first step after the account: the account itself is done once signed in.
      return 1;
  }
}

/** 'Registration' on Account Setup, 'Benefit Enrollment' on every later step. */
export function wizardTitle(index: number): string {
  return index === 0 ? 'Registration' : 'Benefit Enrollment';
}
