import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { parseWithZod } from '@conform-to/zod/v4';
import { Messages, MfaMessages, ZLoginAnswer, ZLoginForm, ZMfaCodeRequest, ZMfaEnrollLoginResponse, ZMfaSetup, type MfaSetup } from '@bp/api/contracts';
import { apiCall, type ApiFailure } from './api.server';
import { liteSiteUrl } from './env.server';
import { safeAppPath } from './site';
import { loadShell } from './shell.server';
import { commitSession, createSignedInSession, getSession, type FlashMessage } from './session.server';

/** Which card the login screen shows: the password, an authenticator's code, or setting one up. */
export type LoginStep = { kind: 'password' } | { kind: 'code' } | { kind: 'enroll'; setup: MfaSetup | null };

/** Data of the login screen (served at /login and at / while signed out). */
export async function loginLoaderData(request: Request, context: LoaderFunctionArgs['context']) {
  // The shell consumed the flash (and the root loader rewrites the cookie); the login card shows it inline.
  const { data: shell, session } = await loadShell(request, context);
  let notice: FlashMessage | null = shell.notice;
  const pending = session.get('mfaPending');
  let step: LoginStep = { kind: 'password' };
  if (pending?.step === 'code') step = { kind: 'code' };
  if (pending?.step === 'enroll') {
    // The same authenticator on every load until its first code is entered (the API keeps it).
    const setup = await apiCall(ZMfaSetup, '/login/mfa/setup', { method: 'POST', body: { mfaToken: pending.token }, request, context });
    if (!setup.ok) notice = { type: 'error', text: setup.status === 401 ? MfaMessages.challengeExpired : Messages.serviceUnavailable };
    step = { kind: 'enroll', setup: setup.ok ? setup.data : null };
  }
  return { notice, step, headers: undefined };
}

/** Fields of the API's 400 answer that exist on the login form. */
const FORM_FIELDS = new Set(['username', 'password']);

function failureReply(failure: ApiFailure): { formErrors?: string[]; fieldErrors?: Record<string, string[]> } {
  switch (failure.status) {
    case 401:
      return { formErrors: [Messages.invalidCredentials] };
    case 429:
      return { formErrors: [Messages.tooManyAttempts] };
    // The right password of an account whose access has ended (a terminated employee): the API says why.
    case 403:
      return { formErrors: [failure.error.message] };
    case 400: {
      const fieldErrors: Record<string, string[]> = {};
      for (const { path, message } of failure.error.errors ?? []) {
        if (FORM_FIELDS.has(path)) (fieldErrors[path] ??= []).push(message);
      }
      return Object.keys(fieldErrors).length > 0 ? { fieldErrors } : { formErrors: [failure.error.message] };
    }
    default:
      return { formErrors: [Messages.serviceUnavailable] };
  }
}

/**
 * POST of the login form. Validates with the shared schema (so it works without JavaScript), signs in
 * through the API and keeps the token only in the encrypted session cookie. An administrator's sign-in has
 * a second step: the API's token for it waits in the cookie while the card asks for the
 * code, or shows the authenticator to set up.
 */
export async function loginAction(args: ActionFunctionArgs) {
  const formData = await args.request.formData();
  const intent = formData.get('intent');
  if (intent === 'code' || intent === 'enroll') return secondStepAction(args, formData, intent);
  if (intent === 'cancel') {
    const session = await getSession(args.request);
    session.unset('mfaPending');
    return redirect(loginPath(args.request), { headers: { 'Set-Cookie': await commitSession(session) } });
  }
  return passwordAction(args, formData);
}

/** Back to the login screen the form was posted from (/ or /login), keeping where the person was going. */
function loginPath(request: Request): string {
  const url = new URL(request.url);
  const next = url.searchParams.get('next');
  return next ? `/login?next=${encodeURIComponent(next)}` : '/login';
}

async function passwordAction({ request, context }: ActionFunctionArgs, formData: FormData) {
  const submission = parseWithZod(formData, { schema: ZLoginForm });
  // The password never travels back to the page.
  const hideFields = ['password'];
  if (submission.status !== 'success') {
    return data(submission.reply({ hideFields }), { status: 400 });
  }

  const { username, password, publicComputer } = submission.value;
  const result = await apiCall(ZLoginAnswer, '/login', {
    method: 'POST',
    body: { username, password },
    request,
    context,
  });
  if (!result.ok) {
    return data(submission.reply({ ...failureReply(result), hideFields }), {
      status: result.status >= 400 && result.status < 600 ? result.status : 500,
    });
  }
  const next = safeAppPath(new URL(request.url).searchParams.get('next'));
  if ('mfa' in result.data) {
    const session = await getSession(request);
    session.set('mfaPending', { token: result.data.mfaToken, step: result.data.mfa, publicComputer, next });
    return redirect(loginPath(request), { headers: { 'Set-Cookie': await commitSession(session) } });
  }
  return signedIn(request, result.data, publicComputer, next);
}

/** A session from the API: into the cookie, and on to where the person was going. */
async function signedIn(request: Request, login: { jwt: string; version: 'full' | 'lite' }, publicComputer: boolean, next: string, recoveryCodes?: string[]) {
  // Lite clients have their own site; this one keeps no session for them. Absolute, so Remix does not
  // put the /mbl base path in front of it.
  if (login.version === 'lite') return redirect(new URL(liteSiteUrl(), request.url).href);

  const session = createSignedInSession(login.jwt, publicComputer);
  // A new authenticator's recovery codes go, once, to the page that shows them.
  if (recoveryCodes) session.flash('recoveryCodes', recoveryCodes);
  // Back to the page that sent the person here (only a path of this site); the routing rules still apply there.
  return redirect(recoveryCodes ? '/sign-in-security' : next, { headers: { 'Set-Cookie': await commitSession(session) } });
}

/** The second step: the authenticator's code (or a recovery code), or the first code of a new authenticator. */
async function secondStepAction({ request, context }: ActionFunctionArgs, formData: FormData, intent: 'code' | 'enroll') {
  const session = await getSession(request);
  const pending = session.get('mfaPending');
  const submission = parseWithZod(formData, { schema: ZMfaCodeRequest });
  if (!pending) {
    return redirect(loginPath(request));
  }
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 });

  const body = { mfaToken: pending.token, code: submission.value.code };
  const result =
    intent === 'enroll'
      ? await apiCall(ZMfaEnrollLoginResponse, '/login/mfa/enroll', { method: 'POST', body, request, context })
      : await apiCall(ZMfaEnrollLoginResponse.partial({ recoveryCodes: true }), '/login/mfa', { method: 'POST', body, request, context });
  if (!result.ok) {
    if (result.status === 401 && result.error.message === MfaMessages.challengeExpired) {
      // The step's token expired or was used: start again from the password, saying why.
      session.unset('mfaPending');
      session.flash('notice', { type: 'error', text: MfaMessages.challengeExpired });
      return redirect(loginPath(request), { headers: { 'Set-Cookie': await commitSession(session) } });
    }
    const message = result.status === 401 || result.status === 400 ? result.error.message : result.status === 429 ? Messages.tooManyAttempts : Messages.serviceUnavailable;
    return data(submission.reply({ fieldErrors: { code: [message] } }), { status: result.status });
  }
  return signedIn(request, result.data, pending.publicComputer, pending.next, result.data.recoveryCodes);
}
