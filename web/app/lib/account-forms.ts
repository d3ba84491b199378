import { z } from 'zod';
import {
  Messages,
  ZChangePasswordRequest,
  ZEmail,
  ZNewPassword,
  ZPasswordInput,
  ZRegistrationRequest,
  ZSecurityQuestionRequest,
  emptyToUndefined,
  withRepeatedPassword,
} from '@bp/api/contracts';

/**
 * Form schemas of the account screens, built from the API's contracts so the browser, the Remix action and
 * the API give the same messages. Only what differs on screen is added here (the reentered password, the
 * fields a variant shows).
 */

const repeated = z.preprocess(emptyToUndefined, z.string({ error: Messages.fieldRequired }));

/** Account Setup (registration step 1): the token stays in the session; email only for username accounts. */
export function accountSetupSchema(needsEmail: boolean) {
  return withRepeatedPassword(ZRegistrationRequest.omit({ token: true }).extend({ email: needsEmail ? ZEmail : z.undefined().optional(), repeatPassword: repeated }));
}

/** Change Password: the normal variant asks for the old password, the forced one (passwordReset) does not. */
export function changePasswordSchema(forced: boolean) {
  if (forced) return ZChangePasswordRequest;
  return withRepeatedPassword(z.object({ oldPassword: ZPasswordInput, password: ZNewPassword, repeatPassword: repeated }), Messages.passwordMustMatch);
}

/** Change Security Question while a reset is pending: no password (the API asks for one only for a voluntary change). */
export const ZSecurityQuestionForm = ZSecurityQuestionRequest.omit({ password: true });

/** The session-expired modal and the secured-data prompt: only required. */
export const ZPasswordPrompt = z.object({ password: ZPasswordInput });
