import { z } from 'zod';
import { ZLoginResponse } from './auth';
import { emptyToUndefined } from './common';
import { Messages } from './messages';

/**
 * MFA for administrators: a TOTP
 * authenticator with recovery codes, asked for after the password. Schemas and words shared by the API and
 * the site.
 */

export const MFA_RECOVERY_CODE_COUNT = 10;

export const MfaMessages = {
  codeRequired: 'Enter the code from your authenticator app or a recovery code',
  codeInvalid: 'That code is not right. Check your authenticator app and try again.',
  codeUsed: 'That code has already been used. Wait for the next code and try again.',
  challengeExpired: 'Your sign-in has expired. Log in again.',
  alreadyEnrolled: 'An authenticator is already set up for this account',
  notEnrolled: 'No authenticator is set up for this account',
  setupFirst: 'Start the set-up again: scan the new QR code, then enter its code',
  requiredByClient: 'Your employer requires an authenticator for administrators: it cannot be turned off',
  notAdministrator: 'Only administrators can set up an authenticator',
  noAdministrator: 'No such administrator',
  resetSelf: 'Use Sign-in Security to change your own authenticator',
  enrolled: 'Your authenticator is set up',
  disabled: 'Your authenticator has been turned off',
  reset: (name: string) => `The authenticator of ${name} has been reset`,
  requirementOn: 'HR administrators of this client must now use an authenticator',
  requirementOff: 'HR administrators of this client may now sign in without an authenticator',
} as const;

/**
 * A code as typed: six digits from the app (spaces allowed, as apps show them "123 456"), or a recovery code
 * (letters and digits, dashes allowed). Normalised here so the API and the site read it the same way.
 */
export const ZMfaCode = z.preprocess(
  (v) => (typeof v === 'string' ? v.replace(/[\s-]/g, '').toUpperCase() : v),
  z.preprocess(emptyToUndefined, z.string({ error: MfaMessages.codeRequired }).regex(/^(\d{6}|[A-Z0-9]{10})$/, MfaMessages.codeInvalid)),
);

/** What POST /login answers when the password was right but a second step is needed (no session yet). */
export const ZLoginMfaStep = z.object({
  /** 'code': enter the authenticator's code; 'enroll': the client requires one and none is set up yet. */
  mfa: z.enum(['code', 'enroll']),
  /** Short-lived and single-use; it opens nothing but the next step of this sign-in. */
  mfaToken: z.string(),
});
export type LoginMfaStep = z.infer<typeof ZLoginMfaStep>;

/** POST /login: a session, or the second step an administrator's sign-in needs. */
export const ZLoginAnswer = z.union([ZLoginResponse, ZLoginMfaStep]);
export type LoginAnswer = z.infer<typeof ZLoginAnswer>;

export const ZMfaTokenRequest = z.object({ mfaToken: z.string({ error: MfaMessages.challengeExpired }).min(1, MfaMessages.challengeExpired).max(200) });
export const ZMfaLoginRequest = ZMfaTokenRequest.extend({ code: ZMfaCode });
export type MfaLoginRequest = z.infer<typeof ZMfaLoginRequest>;

export const ZMfaCodeRequest = z.object({ code: ZMfaCode });
export type MfaCodeRequest = z.infer<typeof ZMfaCodeRequest>;

export const ZMfaDisableRequest = z.object({
  password: z.preprocess(emptyToUndefined, z.string({ error: Messages.fieldRequired }).min(1, Messages.fieldRequired).max(200)),
});

/** A new authenticator to scan: shown until its first code is entered, never after. */
export const ZMfaSetup = z.object({
  /** Base32, for typing into an app that cannot scan. */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as an SVG QR code (markup made by the server from that URL alone). */
  qrSvg: z.string(),
});
export type MfaSetup = z.infer<typeof ZMfaSetup>;

export const ZMfaRecoveryCodes = z.object({ recoveryCodes: z.array(z.string()).length(MFA_RECOVERY_CODE_COUNT) });
export type MfaRecoveryCodes = z.infer<typeof ZMfaRecoveryCodes>;

/** Enrolling during sign-in ends it: the session, and the recovery codes to keep (shown this once). */
export const ZMfaEnrollLoginResponse = ZLoginResponse.extend(ZMfaRecoveryCodes.shape);

export const ZMfaStatus = z.object({
  enrolled: z.boolean(),
  enrolledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
  /** The client requires an authenticator for this account (its HR): it cannot be turned off. */
  required: z.boolean(),
  /** A set-up started and not confirmed yet. */
  setup: ZMfaSetup.nullable(),
});
export type MfaStatus = z.infer<typeof ZMfaStatus>;

export const ZMfaAdministrator = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  kind: z.enum(['hr', 'agent', 'platform']),
  enrolled: z.boolean(),
  enrolledAt: z.string().nullable(),
});
export type MfaAdministrator = z.infer<typeof ZMfaAdministrator>;

export const ZMfaAdministrators = z.object({
  /**
   * Whether this client requires an authenticator of its HR; null for a platform administrator, who administers
   * no client and sees only the other platform administrators.
   */
  requiredForHr: z.boolean().nullable(),
  administrators: z.array(ZMfaAdministrator),
});
export type MfaAdministrators = z.infer<typeof ZMfaAdministrators>;

export const ZMfaRequirementRequest = z.object({
  requiredForHr: z.preprocess((v) => (v === 'on' || v === 'true' ? true : v === 'off' || v === 'false' ? false : v), z.boolean({ error: Messages.fieldRequired })),
});
export type MfaRequirementRequest = z.infer<typeof ZMfaRequirementRequest>;
