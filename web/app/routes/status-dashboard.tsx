import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigate, useNavigation } from '@remix-run/react';
import {
  ENROLLMENT_STATUS_TEXT,
  OpenEnrollmentMessages,
  PROGRESS_MAX,
  StatusDashboardMessages,
  ZDashboard,
  ZDashboardPeriodList,
  ZOpenEnrollmentData,
  ZOpenEnrollmentRequest,
  ZReportExport,
  ZOpenEnrollmentCheck,
  ReportMessages,
  type OpenEnrollmentPeriod,
} from '@bp/api/contracts';
import { Alert, inputClass, labelClass, Modal, primaryButtonClass, ScrollRegion, secondaryButtonClass } from '~/components/ui';
import { apiCall } from '~/lib/api.server';
import { pageTitle } from '~/lib/meta';
import { requireUser, throwOnSessionFailure } from '~/lib/shell.server';
import { useWithParams } from '~/lib/address';
import { usePollWhile } from '~/lib/use-poll';
import { ExportProgress } from '~/components/ExportProgress';

export { RouteErrorBoundary as ErrorBoundary } from '~/components/RouteErrorBoundary';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'Status Dashboard') }];

/**
 * The Status Dashboard (document 3 sections 2.4 and 2.5): a period selector, the Open Enrollment card with
 * its dialog (Start, Change Date, Close OE now, Reopen) where the client lets HR manage open enrollment, and
 * the employees' completion, signature and plan-type statuses.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { token, user } = await requireUser(request, context);
  const caller = { token, request, context };
  const url = new URL(request.url);
  const [periods, oe] = await Promise.all([apiCall(ZDashboardPeriodList, '/dashboards', caller), apiCall(ZOpenEnrollmentData, '/openEnrollment', caller)]);
  for (const r of [periods, oe]) if (!r.ok) await throwOnSessionFailure(r);
  if (!periods.ok || !oe.ok) throw new Response(OpenEnrollmentMessages.fetchFailed, { status: 503 });
  const asked = Number(url.searchParams.get('period'));
  const selected = periods.data.find((p) => p.id === asked) ?? periods.data.find((p) => p.current === '1') ?? null;
  const exportId = Number(url.searchParams.get('export'));
  const [board, exported] = await Promise.all([
    selected ? apiCall(ZDashboard, `/dashboards/${selected.id}`, caller) : null,
    Number.isInteger(exportId) && exportId > 0 ? apiCall(ZReportExport, `/reports/exports/${exportId}`, caller) : null,
  ]);
  for (const r of [board, exported]) if (r && !r.ok) await throwOnSessionFailure(r);
  return {
    periods: periods.data,
    selected,
    board: board?.ok ? board.data : null,
    exported: exported?.ok ? exported.data : null,
    allowHrOe: oe.data.settings.allowHrOe && user.permissions.includes('open-enrollment:manage'),
    period: selected ? (oe.data.periods.find((p) => p.id === selected.id) ?? null) : null,
    dialog: url.searchParams.get('dialog') === 'open-enrollment',
  };
}

/** The dialog's Save, Close OE now and Reopen: POST /openEnrollment, checked with the same schema first. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { token } = await requireUser(request, context);
  const url = new URL(request.url);
  const form = await request.formData();
  const intent = form.get('intent');
  if (intent === 'download') {
    const period = Number(form.get('period'));
    const format = form.get('format') === 'csv' ? 'csv' : 'xlsx';
    const r = await apiCall(ZReportExport, `/dashboards/${period}/download?format=${format}`, { method: 'POST', token, request, context });
    if (!r.ok) {
      await throwOnSessionFailure(r);
      return data({ error: ReportMessages.downloadFailed }, { status: r.status });
    }
    url.searchParams.set('export', String(r.data.id));
    return redirect(`/status-dashboard?${url.searchParams.toString()}`);
  }
  // As-is renewal's Fix: the replaced plan's members carried over, then back to the dialog.
  const fixPlan = typeof intent === 'string' && intent.startsWith('fix:') ? Number(intent.slice(4)) : null;
  if (fixPlan !== null) {
    const r = await apiCall(ZOpenEnrollmentCheck, `/openEnrollment/fix/${fixPlan}`, { method: 'PUT', token, request, context });
    if (!r.ok) {
      await throwOnSessionFailure(r);
      return data({ error: r.error.message }, { status: r.status });
    }
    return redirect(`/status-dashboard?${url.searchParams.toString()}`);
  }
  const planIds = form.getAll('planId').map(Number);
  const body = {
    openEnrollmentId: form.get('openEnrollmentId'),
    endDate: intent === 'close' ? undefined : form.get('endDate'),
    close: intent === 'close',
    reopen: intent === 'reopen',
    sendEmail: form.get('sendEmail') === 'on',
    ...(intent === 'start' ? { plans: planIds.map((id) => ({ id, effectiveDate: String(form.get(`effectiveDate-${id}`) ?? ''), asIsRenewal: form.get(`asIs-${id}`) === 'on' })) } : {}),
  };
  const parsed = ZOpenEnrollmentRequest.safeParse(body);
  if (!parsed.success) return data({ error: parsed.error.issues[0]?.message ?? OpenEnrollmentMessages.periodFetchFailed }, { status: 400 });
  const result = await apiCall(ZOpenEnrollmentData, '/openEnrollment', { method: 'POST', body: parsed.data, token, request, context });
  if (!result.ok) {
    await throwOnSessionFailure(result);
    return data({ error: result.error.errors?.[0]?.message ?? result.error.message }, { status: result.status });
  }
  const next = new URLSearchParams(url.searchParams);
  next.delete('dialog');
  return redirect(`/status-dashboard?${next.toString()}`);
}

function OpenEnrollmentCard({ period, onOpen }: { period: OpenEnrollmentPeriod; onOpen: string }) {
  return (
    <section aria-labelledby="oe-card" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="oe-card" className="text-base font-semibold text-slate-900">
        Open Enrollment
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {period.state === 'ready' ? 'Ready to Start' : period.state === 'active' ? `Ends on ${period.endDate}` : `Closed on ${period.closedDate}`}
      </p>
      {period.state !== 'closed' || period.canReopen ? (
        <Link to={onOpen} preventScrollReset className={`${primaryButtonClass} mt-3`}>
          {period.state === 'ready' ? 'Start' : period.state === 'active' ? 'Change Date' : 'Reopen'}
        </Link>
      ) : null}
    </section>
  );
}

function OpenEnrollmentDialog({ period, error, closeTo }: { period: OpenEnrollmentPeriod; error: string | null; closeTo: string }) {
  const busy = useNavigation().state === 'submitting';
  const navigate = useNavigate();
  return (
    <Modal open wide xl title="Open Enrollment" onOpenChange={() => navigate(closeTo, { preventScrollReset: true })}>
      {error ? (
        <Alert tone="error" className="mt-4">
          {error}
        </Alert>
      ) : null}
      <Form method="post" className="mt-4 space-y-4">
        <input type="hidden" name="openEnrollmentId" value={period.id} />
        <div>
          <label htmlFor="oe-end" className={labelClass}>
            Last day (MM/DD/YYYY)
          </label>
          <input id="oe-end" name="endDate" placeholder="MM/DD/YYYY" inputMode="numeric" defaultValue={period.state === 'active' ? period.endDate : ''} className={inputClass} />
        </div>
        {period.state === 'ready' ? (
          <>
            <ScrollRegion label="Plans" className="overflow-x-auto">
              <table className="w-full min-w-[28rem] border-collapse text-sm">
                <caption className="pb-2 text-left font-semibold text-slate-900">Plans</caption>
                <thead>
                  <tr className="border-b border-slate-300 bg-slate-50 text-left">
                    <th scope="col" className="px-3 py-2">
                      Include
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Plan
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Effective date
                    </th>
                    <th scope="col" className="px-3 py-2">
                      As-Is
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-200">
                  {period.plans.map((p) => (
                    <tr key={p.id}>
                      <td className="px-3 py-2">
                        <input type="checkbox" name="planId" value={p.id} defaultChecked aria-label={`Include ${p.title}`} className="h-4 w-4" />
                      </td>
                      <th scope="row" className="px-3 py-2 text-left font-medium">
                        {p.title}
                      </th>
                      <td className="px-3 py-2">
                        <input name={`effectiveDate-${p.id}`} defaultValue={p.effectiveDate} aria-label={`Effective date of ${p.title}`} className={inputClass} />
                      </td>
                      <td className="px-3 py-2">
                        <div className="flex items-center gap-2">
                          <input type="checkbox" name={`asIs-${p.id}`} aria-label={`As-is renewal of ${p.title}`} className="h-4 w-4" />
                          <button type="submit" name="intent" value={`fix:${p.id}`} disabled={busy} className={secondaryButtonClass}>
                            Fix
                            <span className="sr-only">{` (carry the members of the plan ${p.title} replaces over)`}</span>
                          </button>
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
            <label className="inline-flex items-center gap-2 text-sm font-medium text-slate-800">
              <input type="checkbox" name="sendEmail" defaultChecked className="h-4 w-4" />
              Send the open enrollment invite email to every employee
            </label>
          </>
        ) : null}
        <div className="flex flex-wrap justify-end gap-3">
          <Link to={closeTo} preventScrollReset className={secondaryButtonClass}>
            Cancel
          </Link>
          {period.state === 'active' ? (
            <button type="submit" name="intent" value="close" disabled={busy} className={secondaryButtonClass}>
              Close OE now
            </button>
          ) : null}
          {period.state === 'closed' && period.canReopen ? (
            <button type="submit" name="intent" value="reopen" disabled={busy} className={primaryButtonClass}>
              {`Reopen ${period.plans[0]?.effectiveDate ?? period.startDate} Open Enrollment`}
            </button>
          ) : (
            <button type="submit" name="intent" value={period.state === 'ready' ? 'start' : 'change'} disabled={busy} className={primaryButtonClass}>
              Save
            </button>
          )}
        </div>
      </Form>
    </Modal>
  );
}

export default function StatusDashboardRoute() {
  const { periods, selected, board, allowHrOe, period, dialog, exported } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  // While the reports worker writes the download, the page asks how far it is.
  usePollWhile(exported !== null && exported.status !== 'done' && exported.status !== 'failed');
  const withParams = useWithParams();
  return (
    <section aria-labelledby="page-heading" className="mx-auto max-w-6xl">
      <h1 id="page-heading" className="text-2xl font-semibold tracking-tight text-slate-900">
        Status Dashboard
      </h1>
      {answer?.error && !dialog ? (
        <Alert tone="error" className="mt-4">
          {answer.error}
        </Alert>
      ) : null}
      <div className="mt-6 flex flex-wrap items-stretch gap-4">
        <Form method="get" className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <div>
            <label htmlFor="period" className={labelClass}>
              Open enrollment period
            </label>
            <select id="period" name="period" defaultValue={selected?.id ?? ''} className={inputClass}>
              <option value="">Select</option>
              {periods.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.title}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className={secondaryButtonClass}>
            Show
          </button>
        </Form>
        {selected && board ? (
          <Form method="post" className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <input type="hidden" name="intent" value="download" />
            <input type="hidden" name="period" value={selected.id} />
            <div>
              <label htmlFor="download-format" className={labelClass}>
                Format
              </label>
              <select id="download-format" name="format" defaultValue="xlsx" className={inputClass}>
                <option value="xlsx">xlsx</option>
                <option value="csv">csv</option>
              </select>
            </div>
            <button type="submit" className={primaryButtonClass}>
              Download
            </button>
            {exported ? <ExportProgress exported={exported} /> : null}
          </Form>
        ) : null}
        {allowHrOe && period ? <OpenEnrollmentCard period={period} onOpen={withParams({ dialog: 'open-enrollment' })} /> : null}
      </div>
      {!selected ? (
        <p className="mt-6 text-slate-700">{StatusDashboardMessages.choosePeriod}</p>
      ) : !board ? (
        <p className="mt-6 text-slate-700">{StatusDashboardMessages.noInformation}</p>
      ) : (
        <ScrollRegion label="Employees" className="mt-6 overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
          <table className="w-full min-w-[48rem] border-collapse text-sm">
            <caption className="px-4 pt-4 pb-2 text-left text-base font-semibold text-slate-900">{`${board.title}: employees`}</caption>
            <thead>
              <tr className="border-b border-slate-300 bg-slate-50 text-left text-slate-800">
                <th scope="col" className="px-3 py-2 font-semibold">
                  Employee
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Completion
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Signature
                </th>
                {board.plans.map((p) => (
                  <th key={p.planTypeId} scope="col" className="px-3 py-2 font-semibold">
                    {p.planType}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {board.users.map((u) => (
                <tr key={u.employeeId}>
                  <th scope="row" className="px-3 py-2 text-left font-medium text-slate-900">{`${u.lastName}, ${u.firstName}`}</th>
                  <td className="px-3 py-2">
                    <progress max={PROGRESS_MAX} value={u.progress} aria-label={`Completion of ${u.firstName} ${u.lastName}`} className="h-2 w-24 align-middle" />
                    <span className="ml-2 tabular-nums">{`${u.progress}%`}</span>
                  </td>
                  <td className="px-3 py-2">{u.signature ? <span aria-label="Signed">✓</span> : <span className="sr-only">Not signed</span>}</td>
                  {u.enrollments.map((e) => (
                    <td key={e.planTypeId} className="px-3 py-2">
                      {e.available ? ENROLLMENT_STATUS_TEXT[e.status as keyof typeof ENROLLMENT_STATUS_TEXT] ?? e.status : '—'}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      {dialog && allowHrOe && period ? <OpenEnrollmentDialog period={period} error={answer?.error ?? null} closeTo={withParams({ dialog: null })} /> : null}
    </section>
  );
}
