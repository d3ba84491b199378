import { z } from 'zod';
import { emptyToUndefined, requiredString } from './common';
import { isCommonPassword } from './common-passwords';
import { Messages } from './messages';

/** Password length limits (the first limits, 5 to 20, were raised). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;

/** Passwords are never trimmed: spaces are part of the secret. */
export const ZNewPassword = z.preprocess(
  emptyToUndefined,
  z
    .string({ error: Messages.fieldRequired })
    .min(PASSWORD_MIN, Messages.passwordMin)
    .max(PASSWORD_MAX, Messages.passwordMax)
    .refine((password) => !isCommonPassword(password), Messages.passwordTooCommon),
);

/** A password being confirmed (login-style): only required, the length rules apply to new passwords. */
export const ZPasswordInput = z.preprocess(emptyToUndefined, z.string({ error: Messages.fieldRequired }).min(1, Messages.fieldRequired).max(200));

export const ZEmail = z.preprocess(
  emptyToUndefined,
  z.string({ error: Messages.fieldRequired }).trim().min(1, Messages.fieldRequired).max(254, Messages.invalidEmail).pipe(z.email({ error: Messages.invalidEmail })),
);

/** Option ids of the securityQuestion list travel as strings. */
export const ZSecurityQuestionId = requiredString().pipe(z.string().regex(/^\d{1,6}$/, Messages.unknownSecurityQuestion));
export const ZSecurityAnswer = requiredString().pipe(z.string().max(200));

export const ZSuccessMessage = z.object({ success: z.literal(true), message: z.string() });
export type SuccessMessage = z.infer<typeof ZSuccessMessage>;

export const ZJwtResponse = z.object({ jwt: z.string() });
export type JwtResponse = z.infer<typeof ZJwtResponse>;

// ---------------------------------------------------------------------------------------------------------
// Registration, step 1: Account Setup

/** GET /registration?token= */
export const ZRegistrationQuery = z.object({ token: requiredString(Messages.tokenNotValid) });

export const ZRegistrationProfile = z.object({
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  authenticationMethod: z.enum(['email', 'username']),
  username: z.string(),
});
export type RegistrationProfile = z.infer<typeof ZRegistrationProfile>;

/** POST /registration. email is required (server-side) only for username accounts. */
export const ZRegistrationRequest = z.object({
  token: requiredString(Messages.tokenNotValid),
  password: ZNewPassword,
  securityQuestionId: ZSecurityQuestionId,
  securityAnswer: ZSecurityAnswer,
  email: ZEmail.optional(),
});
export type RegistrationRequest = z.infer<typeof ZRegistrationRequest>;

const typedText = (value: unknown): boolean => typeof value === 'string' && value !== '';

/**
 * The reentered password must match, checked as soon as both are typed: by itself zod runs an object
 * refinement only once every other field is valid, so the message waited for the security question and
 * answer.
 */
export function withRepeatedPassword<S extends z.ZodType<{ password: string; repeatPassword: string }>>(schema: S, message: string = Messages.passwordsMustMatch) {
  return schema.refine((v) => v.password === v.repeatPassword, {
    message,
    path: ['repeatPassword'],
    when: ({ value }) => {
      const v = value as { password?: unknown; repeatPassword?: unknown } | null;
      return typedText(v?.password) && typedText(v?.repeatPassword);
    },
  });
}

/** The Account Setup form: the request plus the reentered password. */
export const ZRegistrationForm = withRepeatedPassword(
  ZRegistrationRequest.extend({ repeatPassword: z.preprocess(emptyToUndefined, z.string({ error: Messages.fieldRequired })) }),
);

/** GET /employees/validate?username= and GET /employees/{id}/validate?username= */
export const ZUsernameValidationQuery = z.object({ username: z.string().optional() });
/** GET /registration/validate?token=&username=: the same check, inside a registration (its link's token). */
export const ZRegistrationUsernameQuery = ZRegistrationQuery.extend(ZUsernameValidationQuery.shape);
export const ZUsernameValidationResponse = z.object({ success: z.boolean() });

// ---------------------------------------------------------------------------------------------------------
// Forgot and reset password

export const ZForgotPasswordRequest = z.object({ email: ZEmail });
export type ForgotPasswordRequest = z.infer<typeof ZForgotPasswordRequest>;
/** The same answer for every address, registered, unregistered or unknown. */
export const ZForgotPasswordResponse = z.object({ success: z.literal(true), message: z.literal(Messages.resetLinkMaybeSent) });
export type ForgotPasswordResponse = z.infer<typeof ZForgotPasswordResponse>;

export const ZTokenRequest = z.object({ token: requiredString(Messages.tokenNotValid) });
/** POST /auth/question. question is null only for an account that never chose one (then any answer is taken). */
export const ZQuestionResponse = z.object({ question: z.string().nullable() });
export type QuestionResponse = z.infer<typeof ZQuestionResponse>;

export const ZResetPasswordRequest = z.object({
  token: requiredString(Messages.tokenNotValid),
  password: ZNewPassword,
  answer: z.preprocess(emptyToUndefined, z.string({ error: Messages.fieldRequired }).min(1, Messages.fieldRequired).max(200)),
});
export type ResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;

/** The Reset Password form: answer, new password, reentered password (the token comes from the session). */
export const ZResetPasswordForm = withRepeatedPassword(
  ZResetPasswordRequest.omit({ token: true }).extend({ repeatPassword: z.preprocess(emptyToUndefined, z.string({ error: Messages.fieldRequired })) }),
);

// ---------------------------------------------------------------------------------------------------------
// Signed-in account settings

/** POST /password. oldPassword is required unless the account carries passwordReset (forced change). */
export const ZChangePasswordRequest = withRepeatedPassword(
  z.object({
    oldPassword: z.preprocess(emptyToUndefined, z.string().max(200).optional()),
    password: ZNewPassword,
    repeatPassword: z.preprocess(emptyToUndefined, z.string({ error: Messages.fieldRequired })),
  }),
  Messages.passwordMustMatch,
);
export type ChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

/** POST /security-question. password is required only for a voluntary change (no securityQuestionReset pending). */
export const ZSecurityQuestionRequest = z.object({
  securityQuestionId: ZSecurityQuestionId,
  securityAnswer: ZSecurityAnswer,
  password: z.preprocess(emptyToUndefined, z.string().max(200).optional()),
});
export type SecurityQuestionRequest = z.infer<typeof ZSecurityQuestionRequest>;

/** POST /auth/verify-password, POST /employee/personal (and later the other .../personal unlocks). */
export const ZPasswordConfirmation = z.object({ password: ZPasswordInput });
export type PasswordConfirmation = z.infer<typeof ZPasswordConfirmation>;

// ---------------------------------------------------------------------------------------------------------
// Password strength bar: shared so the site and any check agree.

const STRENGTH_SPECIALS = /[!&?*#\-_()]/;

/** 0 below 6 characters; otherwise 20 points each for an uppercase letter, a digit, length >= 6, length >= 10, a special. */
export function passwordStrength(password: string): number {
  if (password.length < 6) return 0;
  let score = 20; // length >= 6
  if (/[A-Z]/.test(password)) score += 20;
  if (/\d/.test(password)) score += 20;
  if (password.length >= 10) score += 20;
  if (STRENGTH_SPECIALS.test(password)) score += 20;
  return Math.min(score, 100);
}

export type PasswordStrengthBand = 'low' | 'medium' | 'normal' | 'good' | 'awesome';

export function passwordStrengthBand(percent: number): PasswordStrengthBand {
  if (percent >= 100) return 'awesome';
  if (percent >= 75) return 'good';
  if (percent >= 50) return 'normal';
  if (percent >= 25) return 'medium';
  return 'low';
}
