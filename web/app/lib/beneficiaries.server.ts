import { data, type AppLoadContext } from '@remix-run/node';
import { parseWithZod } from '@conform-to/zod/v4';
import type { SubmissionResult } from '@conform-to/react';
import {
  beneficiaryShareTotals,
  beneficiarySchema,
  BeneficiaryMessages,
  lifePlanEnrolled,
  Messages,
  ZAllOptions,
  ZBeneficiary,
  ZBeneficiaryList,
  ZBeneficiaryPersonal,
  ZEnrollmentList,
  type Beneficiary,
  type Dependent,
  type OptionItemDto,
} from '@bp/api/contracts';
import { fieldErrorsOf } from './account.server';
import { apiCall, apiRequest, type ApiFailure } from './api.server';
import { loadDependents, redirectWithNotice, type Caller } from './employee-data.server';
import type { UnlockResult } from './secured.server';
import type { AppSession } from './session.server';
import { requireUser, throwOnSessionFailure } from './shell.server';

/** Server side of the Beneficiaries step and My Beneficiaries. */

export const BENEFICIARY_FIELDS = ['firstName', 'lastName', 'relationshipTypeId', 'relationshipId', 'beneficiaryType', 'share', 'birthDate', 'ssn', 'taxId'] as const;

export interface BeneficiaryOptions {
  relationshipTypes: OptionItemDto[];
  types: OptionItemDto[];
}

export interface BeneficiaryList {
  beneficiaries: Beneficiary[];
  /** 'Error, when trying to fetch beneficiaries' when the list could not be read (it then shows empty). */
  loadError: string | null;
}

async function logFailure(failure: ApiFailure, what: string): Promise<void> {
  await throwOnSessionFailure(failure);
  console.error(`${what} failed with ${failure.status}: ${failure.error.message}`);
}

/** GET /beneficiaries. */
export async function loadBeneficiaries({ token, request, context }: Caller): Promise<BeneficiaryList> {
  const result = await apiCall(ZBeneficiaryList, '/beneficiaries', { token, request, context });
  if (result.ok) return { beneficiaries: result.data, loadError: null };
  await logFailure(result, 'loading beneficiaries');
  return { beneficiaries: [], loadError: BeneficiaryMessages.fetchFailed };
}

/** The dialog's two option lists. A failure is only logged: the selects stay empty. */
export async function loadBeneficiaryOptions({ token, request, context }: Caller): Promise<BeneficiaryOptions> {
  const result = await apiCall(ZAllOptions, '/options', { token, request, context });
  if (!result.ok) await logFailure(result, 'loading options');
  const all = result.ok ? result.data : {};
  return { relationshipTypes: all.beneficiaryRelationshipType ?? [], types: all.beneficiaryType ?? [] };
}

/**
 * Whether an enrolled life or voluntary life plan asks for beneficiaries. When the elections cannot be
 * read the step does not hold the person back: the API still checks every total it is given.
 */
export async function loadLifePlanEnrolled({ token, request, context }: Caller): Promise<boolean> {
  const result = await apiCall(ZEnrollmentList, '/enrollments', { token, request, context });
  if (result.ok) return lifePlanEnrolled(result.data);
  await logFailure(result, 'loading enrollments');
  return false;
}

export type BeneficiaryDialog = { kind: 'edit'; beneficiary: Beneficiary | null } | { kind: 'delete'; beneficiary: Beneficiary } | null;

export interface BeneficiariesStepData extends BeneficiaryList {
  lifeEnrolled: boolean;
  options: BeneficiaryOptions;
  /** Dependents the dialog offers to name as a beneficiary. */
  dependents: Dependent[];
  dialog: BeneficiaryDialog;
}

/** The dialog the address asks for: ?beneficiary=new or an id, ?deleteBeneficiary=id. */
export function dialogOf(url: URL, beneficiaries: readonly Beneficiary[]): BeneficiaryDialog {
  const find = (param: string) => {
    const id = Number(url.searchParams.get(param));
    return beneficiaries.find((b) => b.id === id) ?? null;
  };
  if (url.searchParams.get('beneficiary') === 'new') return { kind: 'edit', beneficiary: null };
  const edited = find('beneficiary');
  if (edited) return { kind: 'edit', beneficiary: edited };
  const removed = find('deleteBeneficiary');
  return removed ? { kind: 'delete', beneficiary: removed } : null;
}

export async function loadBeneficiariesStep(url: URL, caller: Caller): Promise<BeneficiariesStepData> {
  const [list, lifeEnrolled, options, dependents] = await Promise.all([
    loadBeneficiaries(caller),
    loadLifePlanEnrolled(caller),
    loadBeneficiaryOptions(caller),
    loadDependents(caller),
  ]);
  return { ...list, lifeEnrolled, options, dependents, dialog: dialogOf(url, list.beneficiaries) };
}

/** What a beneficiary form answers when it stays on the page. */
export interface BeneficiaryAnswer {
  screen: 'beneficiary' | 'beneficiaries';
  result: SubmissionResult<string[]> | null;
  toast: string | null;
  message?: string | null;
}

/**
 * Add or edit from the dialog: the shared schema (every field rule and the share against what the other
 * beneficiaries of its type left) here and again in the API. A refused save keeps the dialog open with the
 * API's field messages; any other failure closes it with 'Cannot create/update beneficiary'.
 */
export async function saveBeneficiary(formData: FormData, caller: Caller, session: AppSession, stepPath: string) {
  const id = Number(formData.get('id'));
  const editing = Number.isInteger(id) && id > 0;
  const { beneficiaries } = await loadBeneficiaries(caller);
  const submission = parseWithZod(formData, { schema: beneficiarySchema({ others: beneficiaries, editingId: editing ? id : null }) });
  if (submission.status !== 'success') return data<BeneficiaryAnswer>({ screen: 'beneficiary', result: submission.reply(), toast: null }, { status: 400 });
  const { token, request, context } = caller;
  // The spec sends the share as a string.
  const body = { ...submission.value, share: String(submission.value.share) };
  const saved = await apiCall(ZBeneficiary, editing ? `/beneficiaries/${id}` : '/beneficiaries', { method: editing ? 'PUT' : 'POST', body, token, request, context });
  if (saved.ok) return redirectWithNotice(session, stepPath);
  await throwOnSessionFailure(saved);
  const fieldErrors = saved.status === 400 ? fieldErrorsOf(saved.error.errors, BENEFICIARY_FIELDS) : {};
  if (Object.keys(fieldErrors).length > 0) return data<BeneficiaryAnswer>({ screen: 'beneficiary', result: submission.reply({ fieldErrors }), toast: null }, { status: 400 });
  console.error(`saving beneficiary failed with ${saved.status}: ${saved.error.message}`);
  return redirectWithNotice(session, stepPath, { type: 'error', text: editing ? BeneficiaryMessages.cannotUpdate : BeneficiaryMessages.cannotCreate });
}

export async function deleteBeneficiary(formData: FormData, caller: Caller, session: AppSession, stepPath: string) {
  const id = Number(formData.get('id'));
  const { token, request, context } = caller;
  const removed = Number.isInteger(id) && id > 0 ? await apiRequest(`/beneficiaries/${id}`, { method: 'DELETE', token, request, context }) : null;
  if (removed?.ok) return redirectWithNotice(session, stepPath);
  if (removed) await logFailure(removed, `deleting beneficiary ${id}`);
  return redirectWithNotice(session, stepPath, { type: 'error', text: BeneficiaryMessages.cannotDelete });
}

/**
 * Next on the Beneficiaries step: with a life plan enrolled the three total rules must hold (the button is
 * disabled while they do not; this is the check for a stale page or a plain form post).
 */
export async function beneficiariesNext<T>(caller: Caller, advance: () => Promise<T>) {
  const [list, lifeEnrolled] = await Promise.all([loadBeneficiaries(caller), loadLifePlanEnrolled(caller)]);
  if (list.loadError) return data<BeneficiaryAnswer>({ screen: 'beneficiaries', result: null, toast: list.loadError }, { status: 503 });
  const totals = beneficiaryShareTotals(list.beneficiaries);
  if (lifeEnrolled && !totals.valid) {
    return data<BeneficiaryAnswer>({ screen: 'beneficiaries', result: null, toast: null, message: totals.errors.join(' ') }, { status: 400 });
  }
  return advance();
}

// Clear SSNs must never be stored by the browser or a proxy (as for the other unlocks).
const NO_STORE = { 'Cache-Control': 'no-store', Pragma: 'no-cache' };

/** POST /beneficiaries/personal: the clear SSNs and tax ids, keyed `ssn-{id}` and `taxId-{id}` for SecuredValues. */
export async function unlockBeneficiaries(formData: FormData, request: Request, context: AppLoadContext) {
  const { token } = await requireUser(request, context);
  const password = formData.get('password');
  const body = typeof password === 'string' && password.length > 0 ? { password } : {};
  const result = await apiCall(ZBeneficiaryPersonal, '/beneficiaries/personal', { method: 'POST', body, token, request, context });
  if (result.ok) {
    const values = Object.fromEntries(result.data.flatMap((b) => [[`ssn-${b.id}`, b.ssn] as const, [`taxId-${b.id}`, b.taxId] as const]));
    return data<UnlockResult>({ values, error: null }, { headers: NO_STORE });
  }
  await throwOnSessionFailure(result);
  const message = result.error.developerMessage ?? result.error.errors?.[0]?.message ?? (result.status === 429 ? Messages.tooManyAttempts : result.error.message);
  return data<UnlockResult>({ values: null, error: message }, { status: result.status, headers: NO_STORE });
}
