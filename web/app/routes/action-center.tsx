import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData, useNavigate, useSearchParams, useActionData } from '@remix-run/react';
import {
  approveBlockedReason,
  CensusMessages,
  FileMessages,
  OPTION_LISTS,
  ZActionApproval,
  ZActionApprovalRequest,
  ZActionList,
  ZLifeEventDecision,
  ZPendingLifeEventList,
  LifeEventMessages,
  proofMissingMessage,
  fullName,
  type PendingLifeEvent,
  type Action,
} from '@bp/api/contracts';
import { Alert, Modal, primaryButtonClass, ScrollRegion, secondaryButtonClass, Toast, inputClass, labelClass } from '~/components/ui';
import { SignatureForm } from '~/components/wizard/SignatureStep';
import { apiCall } from '~/lib/api.server';
import { commitSession } from '~/lib/session.server';
import { z } from 'zod';
import { cx } from '~/lib/cx';
import { pageTitle } from '~/lib/meta';
import { requireUser, throwOnSessionFailure } from '~/lib/shell.server';
import { sitePath } from '~/lib/site';
import { positiveInt, useWithParams } from '~/lib/address';
import { usePollWhile } from '~/lib/use-poll';

export { RouteErrorBoundary as ErrorBoundary } from '~/components/RouteErrorBoundary';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'Action Center') }];

/** How often the wait overlay asks how far the signing job is. */
const SIGNING_POLL_MS = 1000;

/** What the Approve buttons name: an employee's actions, narrowed to a plan type or an onboarding document. */
interface ApproveTarget {
  employeeId: number;
  planTypeId: number | null;
  onboardingId: number | null;
}

function parseTarget(value: string | null): ApproveTarget | null {
  const m = /^(\d{1,10})(?::(t|o)(\d{1,10}))?$/.exec(value ?? '');
  if (!m) return null;
  const employeeId = positiveInt(m[1]!);
  if (employeeId === null) return null;
  return { employeeId, planTypeId: m[2] === 't' ? positiveInt(m[3]!) : null, onboardingId: m[2] === 'o' ? positiveInt(m[3]!) : null };
}
const targetOf = (a: Action) => `${a.employeeId}${a.onboardingId ? `:o${a.onboardingId}` : a.planTypeId ? `:t${a.planTypeId}` : ''}`;

/**
 * The Action Center. Filters, the dialogs and the signing in progress are
 * named in the address (`employeeId`, `planTypeId`, `employee`, `forms`, `approve`, `approval`), so every
 * step works before scripts load and can be reloaded.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { token } = await requireUser(request, context);
  const url = new URL(request.url);
  const caller = { token, request, context };
  const employeeId = positiveInt(url.searchParams.get('employeeId'));
  const planTypeId = positiveInt(url.searchParams.get('planTypeId'));
  const approvalId = positiveInt(url.searchParams.get('approval'));
  const filtered = new URLSearchParams({ ...(employeeId ? { employeeId: String(employeeId) } : {}), ...(planTypeId ? { planTypeId: String(planTypeId) } : {}) });
  const [all, list, approval, lifeEvents] = await Promise.all([
    apiCall(ZActionList, '/actions', caller),
    apiCall(ZActionList, `/actions?${filtered.toString()}`, caller),
    approvalId ? apiCall(ZActionApproval, `/actions/approvals/${approvalId}`, caller) : null,
    apiCall(ZPendingLifeEventList, '/life-events', caller),
  ]);
  for (const r of [all, list]) {
    if (!r.ok) {
      await throwOnSessionFailure(r);
      throw new Response('The actions could not be loaded', { status: 503 });
    }
  }
  if (approval?.ok && approval.data.status === 'done') {
    // Signed: back to the list, which no longer holds the approved actions.
    const next = new URLSearchParams(url.searchParams);
    next.delete('approval');
    next.set('done', 'approved');
    throw redirect(`/action-center?${next.toString()}`);
  }
  const actions = list.ok ? list.data : [];
  const everyone = all.ok ? all.data : [];
  const employees = [...new Map(everyone.map((a) => [a.employeeId, { id: a.employeeId, name: `${a.lastName}, ${a.firstName}` }])).values()];
  if (employeeId && !employees.some((e) => e.id === employeeId)) {
    // Nothing of theirs is pending (just approved, say): the filter stays on them and says so, instead of
    // falling back to 'All' over an empty list. Their name comes from their approved actions.
    const theirs = await apiCall(ZActionList, `/actions?employeeId=${employeeId}&status=all`, caller);
    const one = theirs.ok ? theirs.data[0] : undefined;
    if (one) employees.push({ id: one.employeeId, name: `${one.lastName}, ${one.firstName}` });
  }
  const planTypes = [...new Set(everyone.flatMap((a) => (a.planTypeId === null ? [] : [a.planTypeId])))].sort((a, b) => a - b);
  const focus = positiveInt(url.searchParams.get('employee'));
  return {
    actions,
    employees,
    planTypes: planTypes.map((id) => ({ id, text: OPTION_LISTS.planType.find((o) => o.id === id)?.text ?? `Plan type ${id}` })),
    filters: { employeeId, planTypeId },
    focus,
    approve: parseTarget(url.searchParams.get('approve')),
    forms: positiveInt(url.searchParams.get('forms')),
    signing: approval?.ok ? approval.data : null,
    approvalFailed: approval !== null && (!approval.ok || approval.data.status === 'failed'),
    lifeEvents: lifeEvents.ok ? lifeEvents.data : [],
    rejecting: positiveInt(url.searchParams.get('reject')),
  };
}

/** Approve: POST /actions with HR's signature, then the wait overlay follows the signing job. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { token, session } = await requireUser(request, context);
  const url = new URL(request.url);
  const formData = await request.formData();
  if (formData.get('screen') === 'lifeEvent') {
    // A life event: approve, or reject with the reason the employee is told.
    const id = positiveInt(String(formData.get('lifeEventId') ?? ''));
    const decision = ZLifeEventDecision.safeParse({ approve: formData.get('decision') === 'approve', reason: formData.get('reason') ?? undefined });
    if (!id || !decision.success) return data({ error: decision.success ? LifeEventMessages.notFound : (decision.error.issues[0]?.message ?? CensusMessages.approvingFailed) }, { status: 400 });
    const decided = await apiCall(z.object({ status: z.enum(['approved', 'rejected']) }), `/life-events/${id}`, { method: 'POST', body: decision.data, token, request, context });
    if (!decided.ok) {
      await throwOnSessionFailure(decided);
      return data({ error: decided.error.errors?.[0]?.message ?? decided.error.message }, { status: decided.status });
    }
    session.flash('notice', { type: 'success', text: decided.data.status === 'approved' ? LifeEventMessages.approved : LifeEventMessages.rejected });
    return redirect('/action-center', { headers: { 'Set-Cookie': await commitSession(session) } });
  }
  const target = parseTarget(url.searchParams.get('approve'));
  const parsed = ZActionApprovalRequest.safeParse({ ...target, signature: formData.get('signature') });
  if (!target || !parsed.success) return data({ error: parsed.success ? CensusMessages.approvingFailed : (parsed.error.issues[0]?.message ?? CensusMessages.approvingFailed) }, { status: 400 });
  const result = await apiCall(ZActionApproval, '/actions', { method: 'POST', body: parsed.data, token, request, context });
  if (!result.ok) {
    await throwOnSessionFailure(result);
    return data({ error: CensusMessages.approvingFailed }, { status: result.status });
  }
  const next = new URLSearchParams(url.searchParams);
  next.delete('approve');
  next.set('approval', String(result.data.id));
  return redirect(`/action-center?${next.toString()}`);
}

export default function ActionCenterRoute() {
  const { actions, employees, planTypes, filters, focus, approve, forms, signing, approvalFailed, lifeEvents, rejecting } = useLoaderData<typeof loader>();
  const approveBlocked = approveBlockedReason(filters, actions.length);
  const answer = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const withParams = useWithParams();
  const close = (key: string) => () => navigate(withParams({ [key]: null }), { preventScrollReset: true });

  // The overlay stays until the job reports done (the loader then leaves the page) or failed.
  usePollWhile(signing?.status === 'signing', SIGNING_POLL_MS);

  const shown = focus ? actions.filter((a) => a.employeeId === focus) : actions;
  const groups = [...new Map(shown.map((a) => [a.employeeId, shown.filter((x) => x.employeeId === a.employeeId)])).entries()];
  const formsOf = forms ? actions.find((a) => a.id === forms) : undefined;
  const focusName = focus ? employees.find((e) => e.id === focus)?.name : undefined;

  const formsButton = (a: Action) => (
    <Link to={withParams({ forms: String(a.id) })} preventScrollReset className="font-medium text-brand-800 underline">
      {`Forms (${a.files.length})`}
    </Link>
  );

  return (
    <section aria-labelledby="page-heading" className="mx-auto max-w-6xl">
      <h1 id="page-heading" className="text-2xl font-semibold tracking-tight text-slate-900">
        Action Center
      </h1>
      {searchParams.get('done') === 'approved' ? <Toast tone="success" text="Actions approved and their forms signed." resetKey="approved" /> : null}
      {lifeEvents.length > 0 ? <LifeEvents events={lifeEvents} rejecting={rejecting} /> : null}
      {approvalFailed || answer?.error ? (
        <Alert tone="error" className="mt-4">
          {answer?.error ?? CensusMessages.approvingFailed}
        </Alert>
      ) : null}

      {focus ? (
        <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
          <Link to={withParams({ employee: null })} className={secondaryButtonClass}>
            Back
          </Link>
          <h2 className="text-lg font-semibold text-slate-900">{focusName ?? ''}</h2>
        </div>
      ) : (
        // Keyed on the filters: the selects' defaultValue must follow the address (Clear filters, back, a kept filter).
        <Form key={`${filters.employeeId ?? ''}:${filters.planTypeId ?? ''}`} method="get" className="mt-6 flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <div>
            <label htmlFor="filter-employee" className={labelClass}>
              Employee(s)
            </label>
            <select id="filter-employee" name="employeeId" defaultValue={filters.employeeId ?? ''} className={inputClass}>
              <option value="">All</option>
              {employees.map((e) => (
                <option key={e.id} value={e.id}>
                  {e.name}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="filter-plan-type" className={labelClass}>
              Plan Type
            </label>
            <select id="filter-plan-type" name="planTypeId" defaultValue={filters.planTypeId ?? ''} className={inputClass}>
              <option value="">All</option>
              {planTypes.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.text}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className={secondaryButtonClass}>
            Filter
          </button>
          <Link to="/action-center" className={secondaryButtonClass}>
            Clear filters
          </Link>
          {/* Approve signs what the filters show for one employee (a plan type's actions, or all of theirs). */}
          {filters.employeeId && !approveBlocked ? (
            <Link to={withParams({ approve: `${filters.employeeId}${filters.planTypeId ? `:t${filters.planTypeId}` : ''}` })} preventScrollReset className={primaryButtonClass}>
              Approve
            </Link>
          ) : (
            // aria-disabled rather than disabled: it stays focusable, so the reason is read out with it.
            <button type="button" aria-disabled="true" aria-describedby="approve-reason" className={cx(primaryButtonClass, 'cursor-not-allowed opacity-60 hover:bg-brand-700')}>
              Approve
            </button>
          )}
          {approveBlocked ? (
            <p id="approve-reason" className="basis-full text-sm text-slate-700">
              {approveBlocked}
            </p>
          ) : null}
        </Form>
      )}

      <ScrollRegion label="Enrollments & Changes" className="mt-6 overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
        <table className="w-full min-w-[40rem] border-collapse text-sm">
          <caption className="px-4 pt-4 pb-2 text-left text-base font-semibold text-slate-900">Enrollments &amp; Changes</caption>
          <thead>
            <tr className="border-b border-slate-300 bg-slate-50 text-left text-slate-800">
              {focus ? null : (
                <th scope="col" className="px-3 py-2 font-semibold">
                  Employee Name
                </th>
              )}
              <th scope="col" className="px-3 py-2 font-semibold">
                Status
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                Description
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                Forms
              </th>
              {focus ? (
                <th scope="col" className="px-3 py-2 font-semibold">
                  <span className="sr-only">Approve</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {shown.length === 0 ? (
              <tr>
                <td colSpan={4} className="px-3 py-4 text-slate-700">
                  {focus || filters.employeeId ? CensusMessages.noChangesLeft : CensusMessages.noActions}
                </td>
              </tr>
            ) : (
              groups.flatMap(([employeeId, rows]) =>
                rows.map((a, i) => (
                  <tr key={a.id}>
                    {focus ? null : i === 0 ? (
                      <th scope="rowgroup" rowSpan={rows.length} className="px-3 py-2 text-left align-top font-medium">
                        <Link to={withParams({ employee: String(employeeId) })} className="text-brand-800 underline">
                          {fullName(a)}
                        </Link>
                      </th>
                    ) : null}
                    <td className="px-3 py-2 align-top">{a.status}</td>
                    <td className="px-3 py-2 align-top">
                      {a.planType ? <span className="block text-xs text-slate-600">{a.planType}</span> : null}
                      {a.description}
                    </td>
                    <td className="px-3 py-2 align-top">{formsButton(a)}</td>
                    {focus ? (
                      <td className="px-3 py-2 text-right align-top">
                        <Link to={withParams({ approve: targetOf(a) })} preventScrollReset className={primaryButtonClass}>
                          Approve
                        </Link>
                      </td>
                    ) : null}
                  </tr>
                )),
              )
            )}
          </tbody>
        </table>
      </ScrollRegion>

      {forms ? (
        <Modal open title="Action's forms" onOpenChange={close('forms')}>
          {formsOf && formsOf.files.length > 0 ? (
            <ul className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200">
              {formsOf.files.map((f) => (
                <li key={f.id} className="px-3 py-2 text-sm">
                  <a href={sitePath(`/files/${f.id}`)} target="_blank" rel="noopener noreferrer" className="font-medium text-brand-800 underline">
                    {f.title}
                    <span className="sr-only"> (opens in a new window)</span>
                  </a>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-4 text-sm text-slate-700">{FileMessages.noFiles}</p>
          )}
          <div className="mt-5 flex justify-end">
            <Link to={withParams({ forms: null })} preventScrollReset className={secondaryButtonClass}>
              Close
            </Link>
          </div>
        </Modal>
      ) : null}

      {approve && !signing ? (
        <Modal open title="Approve" wide xl onOpenChange={close('approve')}>
          <SignatureForm
            title="HR signature"
            instructions="Your signature, name and today's date are stamped onto every form of the approved actions, and the signed copies are kept in the employee's files."
            error={answer?.error ?? null}
            backTo={withParams({ approve: null })}
            screen="approve"
          />
        </Modal>
      ) : null}

      {signing && signing.status === 'signing' ? (
        <div role="alertdialog" aria-modal="true" aria-labelledby="signing-text" className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/60 p-4">
          <div className="max-w-md rounded-xl bg-white p-6 text-center shadow-xl">
            <p id="signing-text" className="font-medium text-slate-900">
              {CensusMessages.signingWait}
            </p>
            <p className={cx('mt-3 text-sm text-slate-700')} aria-live="polite">
              {signing.formsTotal > 0 ? `${signing.formsSigned} of ${signing.formsTotal} forms signed` : 'Preparing the forms…'}
            </p>
            <noscript>
              <a href={`?${searchParams.toString()}`} className={cx(primaryButtonClass, 'mt-4')}>
                Check again
              </a>
            </noscript>
          </div>
        </div>
      ) : null}
    </section>
  );
}

/** Signed life events waiting for HR: the proof, what changes, Approve, or Reject with a reason. */
function LifeEvents({ events, rejecting }: { events: PendingLifeEvent[]; rejecting: number | null }) {
  const withParams = useWithParams();
  return (
    <section aria-labelledby="life-events-heading" className="mt-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="life-events-heading" className="text-lg font-semibold text-slate-900">
        Life events
      </h2>
      <ul className="mt-3 divide-y divide-slate-200">
        {events.map((e) => (
          <li key={e.id} className="py-3 text-sm">
            <p className="font-semibold text-slate-900">{`${fullName(e)}: ${e.eventTitle} on ${e.eventDate} (changes from ${e.coverageStarts})`}</p>
            <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
              {e.proof ? (
                <a href={sitePath(`/files/${e.proof.id}`)} target="_blank" rel="noopener noreferrer" className="font-medium text-brand-800 underline">
                  {e.proof.title}
                  <span className="sr-only"> (opens in a new window)</span>
                </a>
              ) : null}
              {e.proofMissing ? (
                <span id={`proof-missing-${e.id}`} className="font-medium text-amber-900">
                  {proofMissingMessage(e.proofMissing)}
                </span>
              ) : null}
              {e.summaryFileId ? (
                <a href={sitePath(`/files/${e.summaryFileId}`)} target="_blank" rel="noopener noreferrer" className="font-medium text-brand-800 underline">
                  Signed summary
                  <span className="sr-only"> (opens in a new window)</span>
                </a>
              ) : (
                <span className="text-slate-600">The signed summary is being prepared…</span>
              )}
            </div>
            <ul className="mt-2 list-disc pl-5 text-slate-800" aria-label={`Changes for ${fullName(e)}`}>
              {e.changes.map((c) => (
                <li key={c.planType}>{`${c.planType}: ${c.before} → ${c.after}`}</li>
              ))}
            </ul>
            <div className="mt-3 flex flex-wrap items-start gap-3">
              {e.proofMissing ? (
                // The approval waits for the document (the server refuses it too): focusable, with the reason read out.
                <button type="button" aria-disabled="true" aria-describedby={`proof-missing-${e.id}`} className={cx(primaryButtonClass, 'cursor-not-allowed opacity-60 hover:bg-brand-700')}>
                  {`Approve ${e.eventTitle.toLowerCase()} for ${fullName(e)}`}
                </button>
              ) : (
                <Form method="post">
                  <input type="hidden" name="screen" value="lifeEvent" />
                  <input type="hidden" name="lifeEventId" value={e.id} />
                  <button type="submit" name="decision" value="approve" className={primaryButtonClass}>
                    {`Approve ${e.eventTitle.toLowerCase()} for ${fullName(e)}`}
                  </button>
                </Form>
              )}
              {rejecting === e.id ? (
                <Form method="post" className="flex w-full max-w-lg flex-col gap-2">
                  <input type="hidden" name="screen" value="lifeEvent" />
                  <input type="hidden" name="lifeEventId" value={e.id} />
                  <label htmlFor={`reason-${e.id}`} className={labelClass}>
                    Why is it returned? (the employee reads this)
                  </label>
                  <textarea id={`reason-${e.id}`} name="reason" required rows={3} maxLength={1000} className={inputClass} />
                  <div className="flex gap-2">
                    <button type="submit" name="decision" value="reject" className={primaryButtonClass}>
                      Return to the employee
                    </button>
                    <Link to={withParams({ reject: null })} preventScrollReset className={secondaryButtonClass}>
                      Cancel
                    </Link>
                  </div>
                </Form>
              ) : (
                <Link to={withParams({ reject: String(e.id) })} preventScrollReset className={secondaryButtonClass}>
                  Reject
                </Link>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
