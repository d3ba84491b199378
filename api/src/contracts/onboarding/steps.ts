import { Messages } from '../messages';

/** The steps of new-hire onboarding, their order and names, and the messages every step shares. */

/** The saved onboarding step is the last one completed; 0 finished, 1 nothing done yet. */
export const OnboardingStep = {
  Finished: 0,
  Pending: 1,
  Profile: 2,
  Documents: 3,
  Eligibility: 4,
  Tax: 5,
  Payroll: 6,
  Eeo: 7,
  Signature: 8,
} as const;
export type OnboardingStepValue = (typeof OnboardingStep)[keyof typeof OnboardingStep];

/** The screens a person goes through, with their names. */
export const ONBOARDING_STEP_LABELS: Record<Exclude<OnboardingStepValue, 0 | 1>, string> = {
  2: 'Employee Profile',
  3: 'Documents',
  4: 'Employment Eligibility Verification',
  5: 'Tax Withholding',
  6: 'Payroll',
  7: 'EEO',
  8: 'Signature',
};

export interface OnboardingFlags {
  i9Enabled: boolean;
  w4Enabled: boolean;
  payrollEnabled: boolean;
  eeoEnabled: boolean;
}

/** The steps to complete, in order: the optional ones only with their flag. */
export function onboardingSteps(flags: OnboardingFlags): Array<Exclude<OnboardingStepValue, 0 | 1>> {
  return [
    OnboardingStep.Profile,
    OnboardingStep.Documents,
    ...(flags.i9Enabled ? [OnboardingStep.Eligibility] : []),
    ...(flags.w4Enabled ? [OnboardingStep.Tax] : []),
    ...(flags.payrollEnabled ? [OnboardingStep.Payroll] : []),
    ...(flags.eeoEnabled ? [OnboardingStep.Eeo] : []),
    OnboardingStep.Signature,
  ];
}

/**
 * The Finish screen's button: into benefit enrollment while elections can be made (the election window of
 * contracts/enrollment-window.ts is open), else a neutral start (the spec's product name replaced, as it asks).
 */
export function finishLabel(electionsOpen: boolean): string {
  return electionsOpen ? OnboardingMessages.continueToEnrollment : OnboardingMessages.getStarted;
}

/** Document 3 sections 5 and 8, word for word; the server's own where the spec has none. */
export const OnboardingMessages = {
  continueToEnrollment: 'Continue to Benefit Enrollment',
  getStarted: 'Get Started',
  // Employment eligibility
  selectOneOfFour: 'Please select one of the four options*',
  fieldIsRequired: 'Field Is Required',
  expireDateRequired: 'Expire Date Is Required',
  dateFormatNotValid: 'Date Format Is Not Valid',
  bothFieldsRequired: 'Both Fields Are Required',
  documentsNote: 'You may present these documents within 3 days of your first day of work.',
  // Tax
  filingStatusRequired: 'Filing Status Is Required',
  allowancesRequired: 'Allowances Number Is Required',
  allowancesNegative: 'Allowances Number Cannot Be Less Than 0',
  amountNegative: 'Amount Cannot Be Less Than 0',
  certifyBoth: 'Confirm both statements to claim exemption from withholding',
  exemptLastYear: (year: number) => `Last year (${year - 1}) I had a right to a refund of all federal income tax withheld because I had no tax liability.`,
  exemptThisYear: (year: number) => `This year (${year}) I expect a refund of all federal income tax withheld because I expect to have no tax liability.`,
  // Payroll
  fieldRequired: Messages.fieldRequired,
  amountRequired: 'Amount is required',
  selectAccountType: 'Select Account Type',
  totalSummary: 'Total summary must be equal 100%',
  totalPercentage: 'Total percentage must be 100%',
  createPayrollMethods: 'Please create payroll methods to continue',
  routingInvalid: 'This is not a valid routing number',
  accountInvalid: 'Enter the account number (4 to 17 digits)',
  firstMethodKept: 'The first payroll method cannot be deleted',
  methodNotOffered: 'Your employer does not offer this payroll method',
  methodNotFound: 'Payroll method not found',
  // EEO and signature
  eeoFetch: 'Error, when trying to fetch eeo info',
  eeoChange: 'Error, when trying to change EEO',
  signatureServerError: 'Server error!',
  notRunning: 'Onboarding is not running for this account',
  accountSettingsFirst: 'save your account settings first',
} as const;
