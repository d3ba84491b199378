import { data, type ActionFunctionArgs } from '@remix-run/node';
import type { AppLoadContext } from '@remix-run/node';
import { Messages, ZBeneficiaryPersonal, ZDependentPersonal, ZPersonalData } from '@bp/api/contracts';
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

/**
 * The census lock: an employee's clear SSN and income, or their dependents' or
 * beneficiaries' clear numbers, for HR after the password prompt; keyed like the employee's own pages.
 */
export async function unlockForEmployee(what: 'personal' | 'dependents' | 'beneficiaries', employeeId: number, formData: FormData, request: Request, context: AppLoadContext) {
  const { token } = await requireUser(request, context);
  const caller = { method: 'POST' as const, body: passwordBody(formData), token, request, context };
  if (what === 'personal') {
    const result = await apiCall(ZPersonalData, `/employees/${employeeId}/personal`, caller);
    return result.ok ? data<UnlockResult>({ values: { ...result.data }, error: null }, { headers: NO_STORE }) : unlockFailure(result);
  }
  if (what === 'dependents') {
    const result = await apiCall(ZDependentPersonal, `/employees/${employeeId}/dependents/personal`, caller);
    return result.ok ? data<UnlockResult>({ values: Object.fromEntries(result.data.map((d) => [`ssn-${d.id}`, d.ssn])), error: null }, { headers: NO_STORE }) : unlockFailure(result);
  }
  const result = await apiCall(ZBeneficiaryPersonal, `/employees/${employeeId}/beneficiaries/personal`, caller);
  if (!result.ok) return unlockFailure(result);
  const values = Object.fromEntries(result.data.flatMap((b) => [[`ssn-${b.id}`, b.ssn] as const, [`taxId-${b.id}`, b.taxId] as const]));
  return data<UnlockResult>({ values, error: null }, { headers: NO_STORE });
}

async function unlockFailure(result: ApiFailure) {
  await throwOnSessionFailure(result);
  const { error, status } = result;
  // The server's developer message is the prompt's field error.
  const message =
    error.developerMessage ?? error.errors?.[0]?.message ?? (status === 429 ? Messages.tooManyAttempts : error.message);
  return data<UnlockResult>({ values: null, error: message }, { status, headers: NO_STORE });
}
