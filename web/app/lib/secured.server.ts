import { data, type ActionFunctionArgs } from '@remix-run/node';
import { Messages, ZPersonalData } from '@bp/api/contracts';
import { apiCall } from './api.server';
import { requireUser, throwOnSessionFailure } from './shell.server';

/** What an unlock answers to the page: the clear values, or the prompt's field error. */
export type UnlockResult = { values: Record<string, string | null>; error: null } | { values: null; error: string };

// Clear secured values must never be stored by the browser or a proxy, nor come back with the back button.
const NO_STORE = { 'Cache-Control': 'no-store', Pragma: 'no-cache' };

/**
 * POST /employee/personal with the password from the prompt (the API skips the check for test users and
 * impersonating sessions, which send none). Used as the action of pages that show the employee's own
 * secured data, so the lock also works as a plain form without JavaScript.
 */
export async function unlockPersonalAction({ request, context }: ActionFunctionArgs) {
  const { token } = await requireUser(request, context);
  const password = (await request.formData()).get('password');
  const body = typeof password === 'string' && password.length > 0 ? { password } : {};
  const result = await apiCall(ZPersonalData, '/employee/personal', { method: 'POST', body, token, request, context });
  if (result.ok) {
    return data<UnlockResult>({ values: { ...result.data }, error: null }, { headers: NO_STORE });
  }
  await throwOnSessionFailure(result);
  const { error, status } = result;
  // The server's developer message is the prompt's field error (document 3 section 2.1).
  const message =
    error.developerMessage ?? error.errors?.[0]?.message ?? (status === 429 ? Messages.tooManyAttempts : error.message);
  return data<UnlockResult>({ values: null, error: message }, { status, headers: NO_STORE });
}
