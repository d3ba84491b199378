import { z } from 'zod';
import { blankToUndefined, toIntOrUndefined } from '../formats';
import { Messages } from '../messages';
import { ZI9 } from './i9';
import { ZW4 } from './w4';
import { ZEeo } from './eeo';
import { ZPayrollMethodList } from './payroll';

/** Progress and signature: the saved step, Account Settings, the status and what HR sees. */

export const ZOnboardingStepRequest = z.object({ step: z.preprocess(toIntOrUndefined, z.number().int().min(0).max(8)) });

/**
 * Account Settings, the first onboarding screen only for a username account whose registration is still at
 * the welcome-email step: the email the account will use and its security
 * question. Not a numbered onboarding step: it is done when the registration moves past the welcome email.
 */
export const ZOnboardingAccountRequest = z.object({
  email: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string({ error: Messages.fieldRequired }).trim().max(254, Messages.invalidEmail).pipe(z.email({ error: Messages.invalidEmail })),
  ),
  securityQuestionId: z.preprocess(toIntOrUndefined, z.number({ error: Messages.fieldRequired }).int().min(1)),
  securityAnswer: z.preprocess(blankToUndefined, z.string({ error: Messages.fieldRequired }).trim().max(200)),
});
export type OnboardingAccountRequest = z.output<typeof ZOnboardingAccountRequest>;

export const ZOnboardingStatus = z.object({
  /** The last step completed (0 finished). */
  step: z.number().int(),
  /** Account Settings comes first (a username account not past the welcome email). */
  accountSettings: z.boolean(),
  steps: z.array(z.object({ step: z.number().int(), label: z.string() })),
  finishLabel: z.string(),
});
export type OnboardingStatus = z.infer<typeof ZOnboardingStatus>;

/** GET /employees/{id}/onboarding: what HR sees of an employee's onboarding (read-only, numbers masked). */
export const ZEmployeeOnboarding = z.object({
  step: z.number().int(),
  i9: ZI9,
  w4: ZW4,
  eeo: ZEeo,
  payroll: ZPayrollMethodList,
  /** When the onboarding was signed; null before. */
  signedAt: z.string().nullable(),
});
export type EmployeeOnboarding = z.infer<typeof ZEmployeeOnboarding>;
