import { data, type ActionFunctionArgs } from '@remix-run/node';
import type { AppLoadContext } from '@remix-run/node';
import { Messages, ZDependentPersonal, ZPersonalData } from '@bp/api/contracts';
import { apiCall, type ApiFailure } from './api.server';
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
  return unlockPersonal(await request.formData(), request, context);
}

function passwordBody(formData: FormData): { password?: string } {
  const password = formData.get('password');
  return typeof password === 'string' && password.length > 0 ? { password } : {};
}

/** The same unlock for a page whose action also answers other forms (it has read the form data already). */
export async function unlockPersonal(formData: FormData, request: Request, context: AppLoadContext) {
  const { token } = await requireUser(request, context);
  const result = await apiCall(ZPersonalData, '/employee/personal', { method: 'POST', body: passwordBody(formData), token, request, context });
  if (result.ok) {
    return data<UnlockResult>({ values: { ...result.data }, error: null }, { headers: NO_STORE });
  }
  return unlockFailure(result);
}

/** POST /dependents/personal: the dependents' clear SSNs, keyed `ssn-{id}` for {@link SecuredValues}. */
export async function unlockDependents(formData: FormData, request: Request, context: AppLoadContext) {
  const { token } = await requireUser(request, context);
  const result = await apiCall(ZDependentPersonal, '/dependents/personal', { method: 'POST', body: passwordBody(formData), token, request, context });
  if (result.ok) {
    const values = Object.fromEntries(result.data.map((d) => [`ssn-${d.id}`, d.ssn]));
    return data<UnlockResult>({ values, error: null }, { headers: NO_STORE });
  }
  return unlockFailure(result);
}

async function unlockFailure(result: ApiFailure) {
  await throwOnSessionFailure(result);
  const { error, status } = result;
  // The server's developer message is the prompt's field error (document 3 section 2.1).
  const message =
    error.developerMessage ?? error.errors?.[0]?.message ?? (status === 429 ? Messages.tooManyAttempts : error.message);
  return data<UnlockResult>({ values: null, error: message }, { status, headers: NO_STORE });
}
