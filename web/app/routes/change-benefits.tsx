import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import {
  ALLOWED_CHANGES,
  Messages,
  ZDependent,
  dependentSchema,
  LIFE_EVENT_REASONS,
  LIFE_EVENT_TYPES,
  LifeEventMessages,
  MIDYEAR_STEP_TITLES,
  ZCoverageChoiceList,
  ZMidyearChangesData,
  eventDependentRelation,
  eventTypesFor,
  fullName,
  needsReason,
  nextMidyearStep,
  previousMidyearStep,
  relationOf,
  stepSkipped,
  formatUsd,
  parseMoney,
  toIsoDate,
  type LifeEventType,
  type MidyearStep,
} from '@bp/api/contracts';
import { EnrollmentStep } from '~/components/enrollment/EnrollmentStep';
import { Alert, inputClass, labelClass, Modal, primaryButtonClass, secondaryButtonClass } from '~/components/ui';
import { SignatureForm } from '~/components/wizard/SignatureStep';
import { apiCall } from '~/lib/api.server';
import { loadDependents, loadOptions } from '~/lib/employee-data.server';
import { DependentDialog } from '~/components/wizard/DependentDialog';
import { parseWithZod } from '@conform-to/zod/v4';
import type { SubmissionResult } from '@conform-to/react';
import { decline, enroll, loadEnrollmentStep } from '~/lib/enrollment.server';
import { isChosen, totalContributionCents } from '~/lib/enrollment-rules';
import { pageTitle } from '~/lib/meta';
import { commitSession } from '~/lib/session.server';
import { requireUser, throwOnSessionFailure } from '~/lib/shell.server';

export { RouteErrorBoundary as ErrorBoundary } from '~/components/RouteErrorBoundary';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'Change Benefits') }];

const PATH = '/change-benefits';

/**
 * Change Benefits (document 2 section 2; decisions: the life-event wizard): steps 1 event, 2 date and reason,
 * 3 dependent, 4 affected coverage and proof, 6 plan enrollment (the registration's dialogs, writing into the
 * event's own draft), 7 review and sign. The server owns the steps (PUT /midyear-changes); this page shows the
 * one it is at and posts each move.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { token, user } = await requireUser(request, context);
  const caller = { token, request, context };
  const current = await apiCall(ZMidyearChangesData, '/midyear-changes', caller);
  if (!current.ok) {
    await throwOnSessionFailure(current);
    throw new Response(LifeEventMessages.notEnabled, { status: current.status === 403 ? 403 : 503 });
  }
  const m = current.data;
  const step = (m.status === 'draft' ? m.step : 1) as MidyearStep;
  const [dependents, options] = step === 3 || step === 4 ? await Promise.all([loadDependents(caller), loadOptions(caller)]) : [[], null];
  const url = new URL(request.url);
  const enrollment = step === 6 || step === 7 ? await loadEnrollmentStep(new URL(request.url), user, caller) : null;
  const coverage = step === 4 ? await apiCall(ZCoverageChoiceList, '/midyear-changes/coverage', caller) : null;
  const openEnrollmentOpen = user.openEnrollmentEndDate !== null && toIsoDate(user.openEnrollmentEndDate)! >= new Date().toISOString().slice(0, 10);
  return {
    // Back on the page with saved progress (not from a move of the wizard): ask whether to go on (document 2 section 2).
    askContinue: m.status === 'draft' && m.step > 1 && url.searchParams.get('continue') !== '1',
    canStillChange: user.newHire || openEnrollmentOpen,
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
    payPeriods: user.payPeriods ?? 26,
    medicalEnrolled: enrollment?.enrollments.some((e) => e.planTypeId === 1 && e.status === '1') ?? false,
  };
}

type Answer = { error: string; field?: string; reply?: SubmissionResult<string[]> };

/** Each move of the wizard, and the dialogs of step 6 (the same as registration's). */
export async function action({ request, context }: ActionFunctionArgs) {
  const { token, session } = await requireUser(request, context);
  const caller = { token, request, context };
  const form = await request.formData();
  const screen = form.get('screen');
  if (screen === 'enroll' || screen === 'decline') {
    const id = Number(form.get('enrollmentId'));
    // The mid-year payload (document 2 section 4): the event's type, date and reason go with each election.
    const current = await apiCall(ZMidyearChangesData, '/midyear-changes', caller);
    const m = current.ok ? current.data : null;
    const midyear = m?.eventType && m.effectiveDate ? { eventType: m.eventType, eventDate: m.effectiveDate, ...(m.reasonId ? { reasonId: m.reasonId } : {}) } : undefined;
    if (!Number.isInteger(id) || id <= 0) return redirect(`${PATH}?continue=1`);
    if (screen === 'decline') {
      const { result } = await decline(id, form, caller, midyear);
      if (result && !result.ok) return data<Answer>({ error: result.message }, { status: result.status === 400 ? 400 : 502 });
      return redirect(`${PATH}?continue=1`);
    }
    const result = await enroll(id, form, caller, midyear);
    if (!result.ok) return data<Answer>({ error: result.message }, { status: result.status === 400 ? 400 : 502 });
    return redirect(`${PATH}?continue=1`);
  }
  if (screen === 'dependent') {
    // Step 3: the dependent the event is about, added here (the same rules as everywhere: contracts' dependentSchema).
    const { user } = await requireUser(request, context);
    const submission = parseWithZod(form, { schema: dependentSchema({ employeeLastName: user.lastName ?? '', requireSsn: user.requireSsn }) });
    if (submission.status !== 'success') return data<Answer>({ error: '', reply: submission.reply() }, { status: 400 });
    const saved = await apiCall(ZDependent, '/dependents', { method: 'POST', body: submission.value, token, request, context });
    if (!saved.ok) {
      await throwOnSessionFailure(saved);
      return data<Answer>({ error: saved.error.errors?.[0]?.message ?? Messages.dependentCreateFailed, reply: submission.reply() }, { status: saved.status });
    }
    session.flash('notice', { type: 'success', text: Messages.dependentAdded(fullName(saved.data)) });
    return redirect(`${PATH}?continue=1`, { headers: { 'Set-Cookie': await commitSession(session) } });
  }
  if (screen === 'sign') {
    const signed = await apiCall(ZMidyearChangesData, '/mid-changes', { method: 'POST', body: { signature: String(form.get('signature') ?? '') }, token, request, context });
    if (!signed.ok) {
      await throwOnSessionFailure(signed);
      return data<Answer>({ error: signed.error.errors?.[0]?.message ?? signed.error.message }, { status: signed.status });
    }
    session.flash('notice', { type: 'success', text: LifeEventMessages.pendingApproval });
    return redirect('/', { headers: { 'Set-Cookie': await commitSession(session) } });
  }
  // A move: Back names the earlier step (answers are not sent); Next names the next one with the answers.
  const body: Record<string, unknown> = { step: Number(form.get('back') ?? form.get('step')) };
  if (!form.has('back')) {
    for (const key of ['eventType', 'effectiveDate', 'reasonId', 'dependentId']) if (form.has(key)) body[key] = String(form.get(key) ?? '');
    if (form.has('coverage')) body.coverage = form.getAll('coverage').map(String);
  }
  const moved = await apiCall(ZMidyearChangesData, '/midyear-changes', { method: 'PUT', body, token, request, context });
  if (!moved.ok) {
    await throwOnSessionFailure(moved);
    const first = moved.error.errors?.[0];
    return data<Answer>({ error: first?.message ?? moved.error.message, ...(first ? { field: first.path } : {}) }, { status: moved.status });
  }
  return redirect(`${PATH}?continue=1`);
}

export default function ChangeBenefitsRoute() {
  const { midyear, step, eventTypes, dependents, enrollment, coverage, payPeriods, medicalEnrolled, askContinue, canStillChange, dependentForm } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const eventType = (midyear.status === 'draft' ? midyear.eventType : null) as LifeEventType | null;
  const ctx = { eventType, medicalEnrolled };
  const shown = ([1, 2, 3, 4, 5, 6, 7] as MidyearStep[]).filter((s) => !stepSkipped(s, ctx));
  const next = nextMidyearStep(step, ctx);
  const previous = previousMidyearStep(step, ctx);
  const error = answer?.error ?? null;
  const proof = eventType ? ALLOWED_CHANGES[eventType].proof : null;

  return (
    <section aria-labelledby="page-heading" className="mx-auto max-w-5xl">
      <h1 id="page-heading" className="text-2xl font-semibold tracking-tight text-slate-900">
        Change My Benefits
      </h1>
      {canStillChange ? (
        <aside className="mt-4 rounded-xl border border-brand-100 bg-brand-50 p-4 text-sm text-brand-900">
          <p className="font-semibold">You can still make changes to your benefits</p>
          <p className="mt-1">
            {'Open enrollment (or your new-hire window) is open: '}
            <Link to="/" className="font-medium underline">
              Modify Selections
            </Link>
            {' from your dashboard. Report a life event below only if one happened.'}
          </p>
        </aside>
      ) : null}
      <Modal open={askContinue} title="Change My Benefits" description={LifeEventMessages.continuePrevious} dismissable={false}>
        <div className="mt-6 flex justify-end gap-3">
          <Form method="post">
            <input type="hidden" name="step" value="1" />
            <button type="submit" className={secondaryButtonClass}>
              No
            </button>
          </Form>
          <Link to={`${PATH}?continue=1`} className={primaryButtonClass}>
            Yes
          </Link>
        </div>
      </Modal>
      {midyear.status === 'pending' ? (
        <Alert tone="info" className="mt-4">
          {`${LifeEventMessages.pendingApproval} (${LIFE_EVENT_TYPES[midyear.eventType as LifeEventType]}, ${midyear.effectiveDate}).`}
        </Alert>
      ) : midyear.status === 'rejected' ? (
        <Alert tone="warning" className="mt-4">
          {`HR returned your ${LIFE_EVENT_TYPES[midyear.eventType as LifeEventType]} change: ${midyear.rejectionReason ?? ''} You can report it again below.`}
        </Alert>
      ) : null}
      {dependentForm ? (
        <DependentDialog
          dependent={null}
          employeeLastName={dependentForm.employeeLastName}
          requireSsn={dependentForm.requireSsn}
          options={dependentForm.options}
          closeTo={`${PATH}?continue=1`}
          lastResult={answer?.reply}
          relationships={dependentForm.options.relationshipType.filter((o) => relationOf(o.id) === eventDependentRelation(dependentForm.eventType))}
          birth={dependentForm.eventType === 1}
        />
      ) : null}
      {midyear.status !== 'pending' ? (
        <>
          <ol aria-label="Steps" className="mt-6 flex flex-wrap gap-2 text-sm">
            {shown.map((s, i) => (
              <li key={s} aria-current={s === step ? 'step' : undefined} className={s === step ? 'rounded-full bg-brand-700 px-3 py-1 font-semibold text-white' : 'rounded-full bg-slate-100 px-3 py-1 text-slate-700'}>
                {`${i + 1} ${MIDYEAR_STEP_TITLES[s as keyof typeof MIDYEAR_STEP_TITLES]}`}
              </li>
            ))}
          </ol>
          {error ? (
            <Alert tone="error" className="mt-4" id="step-error">
              {error}
            </Alert>
          ) : null}
          <div className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            {step === 1 ? (
              <Form method="post">
                <fieldset>
                  <legend className="text-lg font-semibold text-slate-900">What happened?</legend>
                  <div className="mt-3 grid gap-2 sm:grid-cols-2">
                    {eventTypes.map((t) => (
                      <label key={t} className="flex items-center gap-2 rounded-md border border-slate-200 px-3 py-2 text-sm">
                        <input type="radio" name="eventType" value={t} required defaultChecked={midyear.eventType === t} className="h-4 w-4" />
                        {LIFE_EVENT_TYPES[t]}
                      </label>
                    ))}
                  </div>
                </fieldset>
                <input type="hidden" name="step" value="1" />
                <div className="mt-5 flex justify-end">
                  <button type="submit" disabled={busy} className={primaryButtonClass}>
                    Next
                  </button>
                </div>
              </Form>
            ) : null}
            {step === 2 && eventType ? (
              <Form method="post" className="space-y-4">
                <h2 className="text-lg font-semibold text-slate-900">{`${LIFE_EVENT_TYPES[eventType]}: when did it happen?`}</h2>
                <p className="text-sm text-slate-700">{`Report it within 30 days of the event. ${eventType === 1 ? 'Coverage for a birth or adoption starts on that day.' : 'Changes start on the first day of the next month.'}`}</p>
                <div>
                  <label htmlFor="effectiveDate" className={labelClass}>
                    Event date (MM/DD/YYYY)
                  </label>
                  <input id="effectiveDate" name="effectiveDate" required placeholder="MM/DD/YYYY" inputMode="numeric" defaultValue={midyear.effectiveDate ?? ''} className={inputClass} aria-invalid={answer?.field === 'effectiveDate' || undefined} aria-describedby={error ? 'step-error' : undefined} />
                </div>
                {needsReason(eventType) ? (
                  <div>
                    <label htmlFor="reasonId" className={labelClass}>
                      Reason
                    </label>
                    <select id="reasonId" name="reasonId" required defaultValue={midyear.reasonId ?? ''} className={inputClass}>
                      <option value="">Select</option>
                      {Object.entries(LIFE_EVENT_REASONS).map(([id, text]) => (
                        <option key={id} value={id}>
                          {text}
                        </option>
                      ))}
                    </select>
                  </div>
                ) : null}
                <input type="hidden" name="step" value={next ?? ''} />
                <StepButtons previous={previous} busy={busy} />
              </Form>
            ) : null}
            {step === 3 && eventType ? (
              <Form method="post" className="space-y-4">
                <h2 className="text-lg font-semibold text-slate-900">{eventDependentRelation(eventType) === 'child' ? 'Which child?' : 'Which spouse or domestic partner?'}</h2>
                <div>
                  <label htmlFor="dependentId" className={labelClass}>
                    Dependent
                  </label>
                  <select id="dependentId" name="dependentId" required defaultValue={midyear.dependentId ?? ''} className={inputClass}>
                    <option value="">Select</option>
                    {dependents
                      .filter((d) => d.relation === eventDependentRelation(eventType))
                      .map((d) => (
                        <option key={d.id} value={d.id}>
                          {d.name}
                        </option>
                      ))}
                  </select>
                </div>
                <p className="text-sm text-slate-700">
                  {'Not in the list? '}
                  <Link to={`${PATH}?continue=1&add=1`} preventScrollReset className="font-medium text-brand-800 underline">
                    {eventType === 1 ? 'Add the child' : 'Add your spouse or domestic partner'}
                  </Link>
                </p>
                <input type="hidden" name="step" value={next ?? ''} />
                <StepButtons previous={previous} busy={busy} />
              </Form>
            ) : null}
            {step === 4 && eventType ? (
              <div className="space-y-4">
                <h2 className="text-lg font-semibold text-slate-900">Affected coverage</h2>
                {proof ? <ProofUpload proof={proof} uploaded={midyear.proofFileId !== null && midyear.proofFileId !== undefined} /> : null}
                <Form method="post" className="space-y-4">
                  {coverage.length > 0 ? (
                    <fieldset>
                      <legend className="text-sm font-medium text-slate-800">{`${LIFE_EVENT_TYPES[eventType]}: who is added to or removed from which plan`}</legend>
                      <div className="mt-2 space-y-1">
                        {coverage.map((c) => (
                          <label key={c.key} className="flex items-center gap-2 text-sm">
                            <input type="checkbox" name="coverage" value={c.key} defaultChecked className="h-4 w-4" />
                            {`${c.action === 'add' ? 'Add' : 'Remove'} ${c.name} ${c.action === 'add' ? 'to' : 'from'} ${c.planType}`}
                          </label>
                        ))}
                      </div>
                    </fieldset>
                  ) : (
                    <p className="text-sm text-slate-700">No plan you are enrolled in changes for this event: choose plans in the next step.</p>
                  )}
                  <p className="text-sm text-slate-700">You review and can still adjust each plan in the next step.</p>
                  <input type="hidden" name="step" value={next ?? ''} />
                  <StepButtons previous={previous} busy={busy} />
                </Form>
              </div>
            ) : null}
            {step === 6 && enrollment ? (
              <div className="space-y-4">
                {proof && stepSkipped(4, ctx) ? <ProofUpload proof={proof} uploaded={midyear.proofFileId !== null && midyear.proofFileId !== undefined} /> : null}
                <EnrollmentStep
                  data={enrollment}
                  eoi={false}
                  selectionError={null}
                  dialogMessage={error}
                  declineResult={undefined}
                  stepPath={`${PATH}?continue=1`}
                  title="Plan enrollment"
                  backTo={null}
                  nextScreen="move"
                  nextFields={{ step: String(next ?? 7) }}
                  requireAllDecided={false}
                  hideNegative={eventType !== null && eventType >= 7}
                  {...(eventType === 9 ? { openTab: 'decline' as const } : {})}
                />
                {previous ? (
                  <Form method="post">
                    <button type="submit" name="back" value={previous} className={secondaryButtonClass}>
                      Back
                    </button>
                  </Form>
                ) : null}
              </div>
            ) : null}
            {step === 7 && eventType && enrollment ? (
              <SignatureForm title="Review and sign" instructions="Sign to send these changes to HR. They take effect once HR approves them." error={error} screen="sign" nextLabel="Finish">
                <div className="mb-4 space-y-2 text-sm text-slate-800">
                  <p>{`${LIFE_EVENT_TYPES[eventType]} on ${midyear.effectiveDate}; the changes take effect on ${midyear.coverageStarts}.`}</p>
                  <table className="w-full border-collapse text-sm">
                    <caption className="sr-only">Your elections after this change</caption>
                    <thead>
                      <tr className="border-b border-slate-300 text-left">
                        <th scope="col" className="py-1 pr-2">
                          Plan
                        </th>
                        <th scope="col" className="py-1 pr-2 text-right">
                          Per paycheck
                        </th>
                        <th scope="col" className="py-1 text-right">
                          Per year
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {enrollment.enrollments
                        .filter((e) => isChosen(e) && e.status === '1')
                        .map((e) => (
                          <tr key={e.id} className="border-b border-slate-200">
                            <th scope="row" className="py-1 pr-2 text-left font-medium">{`${e.planType}: ${e.planName ?? ''}`}</th>
                            <td className="py-1 pr-2 text-right tabular-nums">{formatUsd(parseMoney(e.contributionAmount) ?? 0)}</td>
                            <td className="py-1 text-right tabular-nums">{formatUsd((parseMoney(e.contributionAmount) ?? 0) * payPeriods)}</td>
                          </tr>
                        ))}
                    </tbody>
                    <tfoot>
                      <tr>
                        <th scope="row" className="py-1 pr-2 text-left">
                          Total
                        </th>
                        <td className="py-1 pr-2 text-right font-semibold tabular-nums">{formatUsd(totalContributionCents(enrollment.enrollments))}</td>
                        <td className="py-1 text-right font-semibold tabular-nums">{formatUsd(totalContributionCents(enrollment.enrollments) * payPeriods)}</td>
                      </tr>
                    </tfoot>
                  </table>
                </div>
              </SignatureForm>
            ) : null}
            {step === 7 && previous ? (
              <Form method="post" className="mt-4">
                <button type="submit" name="back" value={previous} className={secondaryButtonClass}>
                  Back
                </button>
              </Form>
            ) : null}
          </div>
          {step > 1 ? (
            <Form method="post" className="mt-4 flex justify-end">
              <input type="hidden" name="step" value="1" />
              <button type="submit" className={secondaryButtonClass}>
                Cancel this change
              </button>
            </Form>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

function StepButtons({ previous, busy }: { previous: MidyearStep | null; busy: boolean }) {
  return (
    <div className="flex justify-between gap-3 pt-2">
      {previous ? (
        <button type="submit" name="back" value={previous} formNoValidate className={secondaryButtonClass}>
          Back
        </button>
      ) : (
        <span />
      )}
      <button type="submit" disabled={busy} className={primaryButtonClass}>
        Next
      </button>
    </div>
  );
}

/** The event's supporting document (one file, 10 MB), kept as a personal file. */
function ProofUpload({ proof, uploaded }: { proof: string; uploaded: boolean }) {
  return (
    <Form method="post" encType="multipart/form-data" action="/change-benefits-proof" className="rounded-lg border border-slate-200 p-4">
      {uploaded ? <p className="mb-2 text-sm font-medium text-green-800">Uploaded. You can replace it with another file.</p> : null}
      <label htmlFor="proof-file" className={labelClass}>
        {`${proof} (PDF or image, up to 10 MB)`}
      </label>
      <input id="proof-file" name="file" type="file" required className="mt-1 block text-sm" />
      <button type="submit" className={`${secondaryButtonClass} mt-3`}>
        Upload
      </button>
    </Form>
  );
}

