import { data } from '@remix-run/node';
import {
  answerKey,
  EnrollmentMessages,
  formIssues,
  Messages,
  FormMessages,
  subjectsOf,
  visibleAnswers,
  ZFormQuestionList,
  ZPlanEnrollmentSummaryList,
  ZSignatureRequest,
  ZSignatureResponse,
  type FormAnswer,
  type FormQuestion,
  type PlanEnrollmentSummary,
} from '@bp/api/contracts';
import { apiCall, apiRequest, type ApiFailure } from './api.server';
import { answersFromForm } from './additional-info';
import type { Caller } from './employee-data.server';
import { throwOnSessionFailure } from './shell.server';

/** Server side of registration steps 6 to 8: questions, signature, summary. */

async function logFailure(failure: ApiFailure, what: string): Promise<void> {
  await throwOnSessionFailure(failure);
  console.error(`${what} failed with ${failure.status}: ${failure.error.message}`);
}

export interface AdditionalInfoData {
  questions: FormQuestion[];
  /** The dependents the per-dependent questions are asked of. */
  dependentIds: number[];
}

/** GET /forms/questions; a failure is a page error, since the step cannot be answered without them. */
export async function loadQuestions({ token, request, context }: Caller): Promise<AdditionalInfoData> {
  const result = await apiCall(ZFormQuestionList, '/forms/questions', { token, request, context });
  if (!result.ok) {
    await logFailure(result, 'loading form questions');
    throw new Response(result.error.message, { status: 503 });
  }
  const ids = new Set<number>();
  for (const q of result.data) for (const d of q.dependent) ids.add(d.id);
  return { questions: result.data, dependentIds: [...ids] };
}

export interface AdditionalInfoAnswer {
  screen: 'additionalInfo';
  /** What was typed, so the form shows it again. */
  values: Record<string, string>;
  errors: Record<string, string>;
  toast: string | null;
}

/**
 * Next on Additional Information: the shared visibility and required rules, then PUT /forms/questions with
 * every shown answer (hidden ones are dropped, which clears them), then the step.
 */
export async function saveAnswers<T>(formData: FormData, caller: Caller, advance: () => Promise<T>) {
  const { questions, dependentIds } = await loadQuestions(caller);
  const values = answersFromForm(formData, questions, dependentIds);
  const map = new Map(Object.entries(values));
  const issues = formIssues(questions, map, dependentIds);
  if (issues.length > 0) {
    const errors = Object.fromEntries(issues.map((i) => [i.path, i.message]));
    return data<AdditionalInfoAnswer>({ screen: 'additionalInfo', values, errors, toast: null }, { status: 400 });
  }
  const visible = visibleAnswers(questions, map, dependentIds);
  const body: FormAnswer[] = [];
  for (const q of questions) {
    for (const s of subjectsOf(q, dependentIds)) {
      const key = answerKey(q.id, s);
      if (visible.has(key) && values[key] !== undefined) body.push({ fieldId: q.id, dependentId: s, info: values[key] });
    }
  }
  const { token, request, context } = caller;
  const saved = await apiRequest('/forms/questions', { method: 'PUT', body, token, request, context });
  if (saved.ok) return advance();
  await throwOnSessionFailure(saved);
  // The API keys its messages like the form's fields: q{fieldId} or q{fieldId}_{dependentId}.
  const errors: Record<string, string> = Object.fromEntries((saved.status === 400 ? (saved.error.errors ?? []) : []).filter((e) => /^q\d+(_\d+)?$/.test(e.path)).map((e) => [e.path, e.message]));
  if (saved.status !== 400 || Object.keys(errors).length === 0) console.error(`saving form answers failed with ${saved.status}: ${saved.error.message}`);
  return data<AdditionalInfoAnswer>(
    { screen: 'additionalInfo', values, errors, toast: Object.keys(errors).length > 0 ? null : Messages.serverError },
    { status: saved.status >= 400 && saved.status < 600 ? saved.status : 502 },
  );
}

export interface SignatureAnswer {
  screen: 'signature';
  /** 'Server error!', or the API's own message for a refused image. */
  error: string;
}

/** POST /forms with the drawn signature, then the step. Any failure shows 'Server error!'. */
export async function saveSignature<T>(formData: FormData, caller: Caller, advance: () => Promise<T>) {
  const parsed = ZSignatureRequest.safeParse({ signature: formData.get('signature') });
  if (!parsed.success) return data<SignatureAnswer>({ screen: 'signature', error: parsed.error.issues[0]?.message ?? FormMessages.signatureRequired }, { status: 400 });
  const { token, request, context } = caller;
  const saved = await apiCall(ZSignatureResponse, '/forms', { method: 'POST', body: parsed.data, token, request, context });
  if (saved.ok) return advance();
  await logFailure(saved, 'saving the signature');
  return data<SignatureAnswer>({ screen: 'signature', error: FormMessages.signatureServerError }, { status: saved.status >= 400 && saved.status < 600 ? saved.status : 502 });
}

export interface SummaryData {
  rows: PlanEnrollmentSummary[];
  /** "Cannot fetch user's enrollments" when the list could not be read. */
  loadError: string | null;
}

/**
 * GET /summary: the plan enrollment summary view. The wizard's review and Summary steps read the elections
 * with any unsigned changes ('draft'); the dashboard reads what is in force ('signed').
 */
export async function loadSummary({ token, request, context }: Caller, view: 'draft' | 'signed' = 'draft'): Promise<SummaryData> {
  const result = await apiCall(ZPlanEnrollmentSummaryList, `/summary?view=${view}`, { token, request, context });
  if (result.ok) return { rows: result.data, loadError: null };
  await logFailure(result, 'loading the enrollment summary');
  return { rows: [], loadError: EnrollmentMessages.cannotFetchEnrollments };
}
