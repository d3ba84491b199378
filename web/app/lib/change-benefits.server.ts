import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import {
  LifeEventMessages,
  Messages,
  ZCoverageChoiceList,
  ZDependent,
  ZLifeEventReview,
  ZMidyearChangesData,
  changeWindow,
  dependentSchema,
  eventTypesFor,
  fullName,
  relationOf,
  type LifeEventType,
  type MidyearStep,
} from '@bp/api/contracts';
import { apiCall } from '~/lib/api.server';
import { STEP_PATH, STEP_SLUGS, stepPath } from '~/lib/change-benefits';
import { loadDependents, loadOptions } from '~/lib/employee-data.server';
import { modifySelections } from '~/lib/dashboard.server';
import { decline, enroll, loadEnrollmentStep } from '~/lib/enrollment.server';
import { commitSession, type AppSession } from '~/lib/session.server';
import { requireUser, throwOnSessionFailure } from '~/lib/shell.server';

/**
 * Change Benefits on the server: what each step needs read (only the step the server says the person is at),
 * and what each kind of post does (a move of the wizard, step 3's new dependent, step 6's elections, the signature).
 * Each step has its own route; the server owns the step, so a step's address opened while the server is at
 * another (an old bookmark, Back in the browser) is sent on to the server's, with its query string.
 */

export type Answer = { error: string; field?: string; reply?: SubmissionResult<string[]> };
type Caller = { token: string; request: Request; context: ActionFunctionArgs['context'] };

/** The step the wizard is at: a draft's own, else the first (a signed, pending or returned change starts over there). */
function serverStep(m: { status: string; step: number }): MidyearStep {
  return (m.status === 'draft' ? m.step : 1) as MidyearStep;
}

/** Where the wizard is now, for a post outside its steps (the proof's upload): the server's step, not asking to continue. */
export async function currentStepPath(caller: Caller): Promise<string> {
  const current = await apiCall(ZMidyearChangesData, '/midyear-changes', caller);
  return current.ok ? stepPath(serverStep(current.data), '?continue=1') : STEP_PATH;
}

/** The route of step `at` (null: the bare address, which only sends on): its data, or a redirect to the server's step. */
export async function loadChangeBenefits({ request, context }: Pick<LoaderFunctionArgs, 'request' | 'context'>, at: MidyearStep | null) {
  const { token, user } = await requireUser(request, context);
  const caller = { token, request, context };
  const current = await apiCall(ZMidyearChangesData, '/midyear-changes', caller);
  if (!current.ok) {
    await throwOnSessionFailure(current);
    throw new Response(LifeEventMessages.notEnabled, { status: current.status === 403 ? 403 : 503 });
  }
  const m = current.data;
  const step = serverStep(m);
  if (at === null || STEP_SLUGS[at] !== STEP_SLUGS[step]) throw redirect(stepPath(step, new URL(request.url).search));
  const [dependents, options] = step === 3 || step === 4 ? await Promise.all([loadDependents(caller), loadOptions(caller)]) : [[], null];
  const url = new URL(request.url);
  const enrollment = step === 6 || step === 7 ? await loadEnrollmentStep(new URL(request.url), user, caller) : null;
  const coverage = step === 4 ? await apiCall(ZCoverageChoiceList, '/midyear-changes/coverage', caller) : null;
  // Review and sign: each change before -> after and the difference, as the server prices them.
  const review = step === 7 ? await apiCall(ZLifeEventReview, '/midyear-changes/review', caller) : null;
  if (review && !review.ok) await throwOnSessionFailure(review);
  return {
    // Back on the page with saved progress (not from a move of the wizard): ask whether to go on.
    askContinue: m.status === 'draft' && m.step > 1 && url.searchParams.get('continue') !== '1',
    // The server's election window (the client's calendar): while open enrollment or the new-hire window is
    // open, the card with its last day and Modify Selections stands in for the wizard.
    changeCard: changeWindow(user.electionWindow),
    confirmModify: changeWindow(user.electionWindow).show && !user.unsignedChanges && url.searchParams.get('modify') === '1',
    midyear: m,
    step,
    eventTypes: eventTypesFor(user.maritalStatusId),
    dependents: dependents.map((d) => ({ id: d.id, name: fullName(d), relation: relationOf(d.relationshipTypeId ?? null) })),
    // Step 3's Add dependent dialog (?add=1): the event's relations only.
    dependentForm:
      step === 3 && options && url.searchParams.get('add') === '1' && m.eventType
        ? { options, employeeLastName: user.lastName ?? '', requireSsn: user.requireSsn, eventType: m.eventType as LifeEventType }
        : null,
    enrollment,
    coverage: coverage?.ok ? coverage.data : [],
    review: review?.ok ? review.data : null,
    // GET /me's (the signed medical election, as the server skips steps by it): the elections are loaded only at steps 6 and 7.
    medicalEnrolled: user.medicalEnrolled,
  };
}

/** Step 6's dialogs (the same as registration's): enroll in or decline a plan, into the event's draft. */
async function saveElection(screen: 'enroll' | 'decline', form: FormData, caller: Caller) {
  const id = Number(form.get('enrollmentId'));
  // The mid-year payload: the event's type, date and reason go with each election.
  const current = await apiCall(ZMidyearChangesData, '/midyear-changes', caller);
  const m = current.ok ? current.data : null;
  const midyear = m?.eventType && m.effectiveDate ? { eventType: m.eventType, eventDate: m.effectiveDate, ...(m.reasonId ? { reasonId: m.reasonId } : {}) } : undefined;
  const back = stepPath(6, '?continue=1');
  if (!Number.isInteger(id) || id <= 0) return redirect(back);
  if (screen === 'decline') {
    const { result } = await decline(id, form, caller, midyear);
    if (result && !result.ok) return data<Answer>({ error: result.message }, { status: result.status === 400 ? 400 : 502 });
    return redirect(back);
  }
  const result = await enroll(id, form, caller, midyear);
  if (!result.ok) return data<Answer>({ error: result.message }, { status: result.status === 400 ? 400 : 502 });
  return redirect(back);
}

/** Step 3: the dependent the event is about, added here (the same rules as everywhere: contracts' dependentSchema). */
async function addEventDependent(form: FormData, caller: Caller, session: AppSession) {
  const { request, context, token } = caller;
  const { user } = await requireUser(request, context);
  const submission = parseWithZod(form, { schema: dependentSchema({ employeeLastName: user.lastName ?? '', requireSsn: user.requireSsn }) });
  if (submission.status !== 'success') return data<Answer>({ error: '', reply: submission.reply() }, { status: 400 });
  const saved = await apiCall(ZDependent, '/dependents', { method: 'POST', body: submission.value, token, request, context });
  if (!saved.ok) {
    await throwOnSessionFailure(saved);
    return data<Answer>({ error: saved.error.errors?.[0]?.message ?? Messages.dependentCreateFailed, reply: submission.reply() }, { status: saved.status });
  }
  session.flash('notice', { type: 'success', text: Messages.dependentAdded(fullName(saved.data)) });
  return redirect(stepPath(3, '?continue=1'), { headers: { 'Set-Cookie': await commitSession(session) } });
}

/** Step 7: the signature (POST /mid-changes); the changes then wait for HR and the dashboard says so. */
async function signEvent(form: FormData, caller: Caller, session: AppSession) {
  const signed = await apiCall(ZMidyearChangesData, '/mid-changes', { method: 'POST', body: { signature: String(form.get('signature') ?? '') }, ...caller });
  if (!signed.ok) {
    await throwOnSessionFailure(signed);
    return data<Answer>({ error: signed.error.errors?.[0]?.message ?? signed.error.message }, { status: signed.status });
  }
  session.flash('notice', { type: 'success', text: LifeEventMessages.pendingApproval });
  return redirect('/', { headers: { 'Set-Cookie': await commitSession(session) } });
}

/** A move: Back names the earlier step (answers are not sent); Next names the next one with the answers. */
async function moveWizard(form: FormData, caller: Caller) {
  const body: Record<string, unknown> = { step: Number(form.get('back') ?? form.get('step')) };
  if (!form.has('back')) {
    for (const key of ['eventType', 'effectiveDate', 'reasonId', 'dependentId']) if (form.has(key)) body[key] = String(form.get(key) ?? '');
    if (form.has('coverage')) body.coverage = form.getAll('coverage').map(String);
  }
  const moved = await apiCall(ZMidyearChangesData, '/midyear-changes', { method: 'PUT', body, ...caller });
  if (!moved.ok) {
    await throwOnSessionFailure(moved);
    const first = moved.error.errors?.[0];
    return data<Answer>({ error: first?.message ?? moved.error.message, ...(first ? { field: first.path } : {}) }, { status: moved.status });
  }
  return redirect(stepPath(serverStep(moved.data), '?continue=1'));
}

/** Every step's action: what a post is, by its fields (Modify Selections, step 6's dialogs, step 3's new dependent, the signature, or a move). */
export async function changeBenefitsAction({ request, context }: ActionFunctionArgs) {
  const { token, session, user } = await requireUser(request, context);
  const caller = { token, request, context };
  const form = await request.formData();
  // The card's Modify Selections (during open enrollment or the new-hire window), as on the dashboard.
  if (form.get('intent') === 'modify') return modifySelections(user, caller, session);
  const screen = form.get('screen');
  if (screen === 'enroll' || screen === 'decline') return saveElection(screen, form, caller);
  if (screen === 'dependent') return addEventDependent(form, caller, session);
  if (screen === 'sign') return signEvent(form, caller, session);
  return moveWizard(form, caller);
}
