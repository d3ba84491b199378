import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, Outlet, useActionData, useLoaderData } from '@remix-run/react';
import {
  canPrepareNextYear,
  OpenEnrollmentMessages,
  StatusDashboardMessages,
  ZDashboard,
  ZDashboardPeriodList,
  ZOpenEnrollmentData,
  ZOpenEnrollmentRequest,
  ZReportExport,
  ZOpenEnrollmentCheck,
  ReportMessages,
  SEARCH_MAX_LENGTH,
  ZDashboardQuery,
  type DashboardQuery,
} from '@bp/api/contracts';
import { Alert, inputClass, labelClass, primaryButtonClass, secondaryButtonClass } from '~/components/ui';
import { apiCall } from '~/lib/api.server';
import { pageTitle } from '~/lib/meta';
import { requireUser, throwOnSessionFailure } from '~/lib/shell.server';
import { useWithParams } from '~/lib/address';
import { usePollWhile } from '~/lib/use-poll';
import { ExportProgress } from '~/components/ExportProgress';
import { ClosedNotice } from '~/components/status-dashboard/ClosedNotice';
import { EmployeeStatusTable, StateFilters } from '~/components/status-dashboard/EmployeeStatus';
import { OpenEnrollmentCard, OpenEnrollmentDialog } from '~/components/status-dashboard/OpenEnrollment';

export { RouteErrorBoundary as ErrorBoundary } from '~/components/RouteErrorBoundary';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'Status Dashboard') }];

/**
 * The Status Dashboard: a period selector, the Open Enrollment card with
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
  // The list's filters, by the API's own schema; a value it would refuse is left out rather than failing the page.
  const parsed = ZDashboardQuery.safeParse({ state: url.searchParams.get('state') ?? undefined, q: url.searchParams.get('q') ?? undefined });
  const filter: DashboardQuery = parsed.success ? parsed.data : {};
  const query = new URLSearchParams(Object.entries(filter).filter((e): e is [string, string] => typeof e[1] === 'string'));
  const [board, exported] = await Promise.all([
    selected ? apiCall(ZDashboard, `/dashboards/${selected.id}?${query.toString()}`, caller) : null,
    Number.isInteger(exportId) && exportId > 0 ? apiCall(ZReportExport, `/reports/exports/${exportId}`, caller) : null,
  ]);
  for (const r of [board, exported]) if (r && !r.ok) await throwOnSessionFailure(r);
  return {
    periods: periods.data,
    selected,
    board: board?.ok ? board.data : null,
    exported: exported?.ok ? exported.data : null,
    allowHrOe: oe.data.settings.allowHrOe && user.permissions.includes('open-enrollment:manage'),
    // Next year's open enrollment: the contracts' rule, the one the API applies.
    canPrepare: canPrepareNextYear(oe.data.periods),
    period: selected ? (oe.data.periods.find((p) => p.id === selected.id) ?? null) : null,
    filter,
    // "Remind the unfinished" (status-dashboard.remind.tsx): while the period runs, for those who may send emails.
    canRemind: user.permissions.includes('communications:send') && selected !== null && oe.data.periods.some((p) => p.id === selected.id && p.state === 'active'),
    reminded: url.searchParams.get('reminded'),
    dialog: url.searchParams.get('dialog') === 'open-enrollment',
    // Close OE now's confirmation (status-dashboard.close.tsx) comes back with ?done=closed.
    closedNow: url.searchParams.get('done') === 'closed',
  };
}

/** The dialog's Save and Reopen: POST /openEnrollment, checked with the same schema first (Close OE now asks first, in its own route). */
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
  if (intent === 'prepare') {
    const r = await apiCall(ZOpenEnrollmentData, '/openEnrollment/prepare', { method: 'POST', body: {}, token, request, context });
    if (!r.ok) {
      await throwOnSessionFailure(r);
      return data({ error: r.error.message }, { status: r.status });
    }
    // Straight to the new period's Start dialog.
    const ready = r.data.periods.find((p) => p.state === 'ready');
    return redirect(ready ? `/status-dashboard?period=${ready.id}&dialog=open-enrollment` : '/status-dashboard');
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
    endDate: form.get('endDate'),
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

export default function StatusDashboardRoute() {
  const { periods, selected, board, allowHrOe, canPrepare, period, dialog, exported, closedNow, filter, canRemind, reminded } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  // While the reports worker writes the download, the page asks how far it is.
  usePollWhile(exported !== null && exported.status !== 'done' && exported.status !== 'failed');
  const withParams = useWithParams();
  return (
    <section aria-labelledby="page-heading" className="mx-auto max-w-6xl">
      <h1 id="page-heading" className="text-2xl font-semibold tracking-tight text-slate-900">
        Status Dashboard
      </h1>
      {closedNow && period?.state === 'closed' && period.closedDate ? <ClosedNotice text={OpenEnrollmentMessages.closed(period.title, period.closedDate)} /> : null}
      {reminded ? <ClosedNotice text={reminded === 'running' ? StatusDashboardMessages.remindRunning : StatusDashboardMessages.remindSent(Number(reminded))} /> : null}
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
        {canRemind && selected && board ? (
          <section aria-labelledby="remind-card" className="flex flex-col justify-between rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <h2 id="remind-card" className="text-base font-semibold text-slate-900">
              Not finished
            </h2>
            <p className="mt-1 text-sm text-slate-700">{`${board.totals.all - board.totals.finished} of ${board.totals.all} employees`}</p>
            <Link to={`/status-dashboard/remind${withParams({ dialog: null, done: null, reminded: null, period: String(selected.id) })}`} preventScrollReset className={`${secondaryButtonClass} mt-3`}>
              {StatusDashboardMessages.remindTitle}
            </Link>
          </section>
        ) : null}
        {allowHrOe && canPrepare ? (
          <Form method="post" className="flex flex-col justify-between rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <h2 className="text-base font-semibold text-slate-900">Next plan year</h2>
            <p className="mt-1 max-w-xs text-sm text-slate-700">Renews this year&apos;s plans a year later as an open enrollment Ready to Start.</p>
            <button type="submit" name="intent" value="prepare" className={`${secondaryButtonClass} mt-3`}>
              Prepare next plan year
            </button>
          </Form>
        ) : null}
      </div>
      {!selected ? (
        <p className="mt-6 text-slate-700">{StatusDashboardMessages.choosePeriod}</p>
      ) : !board ? (
        <p className="mt-6 text-slate-700">{StatusDashboardMessages.noInformation}</p>
      ) : (
        <>
          <StateFilters board={board} filter={filter} to={(state) => withParams({ state, dialog: null, done: null, reminded: null, export: null })} />
          <Form method="get" className="mt-4 flex flex-wrap items-end gap-3">
            <input type="hidden" name="period" value={selected.id} />
            {filter.state ? <input type="hidden" name="state" value={filter.state} /> : null}
            <div>
              <label htmlFor="dashboard-q" className={labelClass}>
                Name
              </label>
              <input id="dashboard-q" name="q" type="search" maxLength={SEARCH_MAX_LENGTH} defaultValue={filter.q ?? ''} className={inputClass} />
            </div>
            <button type="submit" className={secondaryButtonClass}>
              Search
            </button>
          </Form>
          <EmployeeStatusTable board={board} />
        </>
      )}
      {dialog && allowHrOe && period ? (
        <OpenEnrollmentDialog
          period={period}
          error={answer?.error ?? null}
          closeTo={withParams({ dialog: null })}
          closeNowTo={`/status-dashboard/close${withParams({ dialog: null, done: null, period: String(period.id) })}`}
        />
      ) : null}
      <Outlet />
    </section>
  );
}
