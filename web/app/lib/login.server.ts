import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { parseWithZod } from '@conform-to/zod/v4';
import { Messages, ZLoginForm, ZLoginResponse } from '@bp/api/contracts';
import { apiCall, type ApiFailure } from './api.server';
import { liteSiteUrl } from './env.server';
import { safeAppPath } from './site';
import { loadShell } from './shell.server';
import { commitSession, createSignedInSession, type FlashMessage } from './session.server';

/** Data of the login screen (served at /login and at / while signed out). */
export async function loginLoaderData(request: Request, context: LoaderFunctionArgs['context']) {
  // The shell consumed the flash (and the root loader rewrites the cookie); the login card shows it inline.
  const { data: shell } = await loadShell(request, context);
  const notice: FlashMessage | null = shell.notice;
  return { notice, headers: undefined };
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
 * through the API and keeps the token only in the encrypted session cookie.
 */
export async function loginAction({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: ZLoginForm });
  // The password never travels back to the page.
  const hideFields = ['password'];
  if (submission.status !== 'success') {
    return data(submission.reply({ hideFields }), { status: 400 });
  }

  const { username, password, publicComputer } = submission.value;
  const result = await apiCall(ZLoginResponse, '/login', {
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

  // Lite clients have their own site; this one keeps no session for them. Absolute, so Remix does not
  // put the /mbl base path in front of it.
  if (result.data.version === 'lite') return redirect(new URL(liteSiteUrl(), request.url).href);

  const session = createSignedInSession(result.data.jwt, publicComputer);
  // Back to the page that sent the person here (only a path of this site); the routing rules still apply there.
  const next = safeAppPath(new URL(request.url).searchParams.get('next'));
  return redirect(next, { headers: { 'Set-Cookie': await commitSession(session) } });
}
