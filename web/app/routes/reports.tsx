import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigate } from '@remix-run/react';
import {
  nextSort,
  ReportMessages,
  ZOkResponse,
  ZReportExport,
  ZReportList,
  ZReportListItem,
  ZReportSave,
  ZReportView,
} from '@bp/api/contracts';
import { Alert, inputClass, labelClass, Modal, primaryButtonClass, ScrollRegion, secondaryButtonClass } from '~/components/ui';
import { apiCall } from '~/lib/api.server';
import { pageTitle } from '~/lib/meta';
import { requireUser, throwOnSessionFailure } from '~/lib/shell.server';
import { positiveInt, useWithParams } from '~/lib/address';
import { usePollWhile } from '~/lib/use-poll';
import { ExportProgress } from '~/components/ExportProgress';
import { ReportBuilder } from '~/components/reports/ReportBuilder';

export { RouteErrorBoundary as ErrorBoundary } from '~/components/RouteErrorBoundary';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'HR Reports') }];

/** How often the page asks how far a download's file is. */
const EXPORT_POLL_MS = 1000;

/**
 * HR Reports: the list with its search, a report sorted on the server, Download (the
 * reports worker writes 'title.xlsx'; its progress shows meanwhile), delete, the Pay Attention dialog for a
 * stock report, and the report builder (our own, where the documents place the external editor).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { token } = await requireUser(request, context);
  const caller = { token, request, context };
  const url = new URL(request.url);
  const search = url.searchParams.get('search')?.trim() ?? '';
  const reportId = positiveInt(url.searchParams.get('report'));
  const exportId = positiveInt(url.searchParams.get('export'));
  const orderBy = url.searchParams.get('orderBy');
  const orderDirection = url.searchParams.get('orderDirection');
  const sort = new URLSearchParams({ ...(orderBy ? { orderBy } : {}), ...(orderDirection === 'ASC' || orderDirection === 'DESC' ? { orderDirection } : {}) });
  const [list, view, exported] = await Promise.all([
    reportId ? null : apiCall(ZReportList, `/reports${search ? `?search=${encodeURIComponent(search)}` : ''}`, caller),
    reportId ? apiCall(ZReportView, `/reports/${reportId}?${sort.toString()}`, caller) : null,
    exportId ? apiCall(ZReportExport, `/reports/exports/${exportId}`, caller) : null,
  ]);
  for (const r of [list, view, exported]) if (r && !r.ok) await throwOnSessionFailure(r);
  return {
    search,
    reports: list?.ok ? list.data : null,
    listFailed: list !== null && !list.ok,
    view: view?.ok ? view.data : null,
    viewFailed: view !== null && !view.ok,
    exported: exported?.ok ? exported.data : null,
    dialog: url.searchParams.get('dialog'),
  };
}

/** Download, delete and the builder's save: the API decides; the page follows. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { token } = await requireUser(request, context);
  const caller = { token, request, context };
  const url = new URL(request.url);
  const form = await request.formData();
  const intent = form.get('intent');
  const reportId = positiveInt(String(form.get('reportId') ?? ''));
  if (intent === 'download' && reportId) {
    const sort = new URLSearchParams();
    for (const k of ['orderBy', 'orderDirection'] as const) {
      const v = url.searchParams.get(k);
      if (v) sort.set(k, v);
    }
    const r = await apiCall(ZReportExport, `/reports/${reportId}/download?${sort.toString()}`, { ...caller, method: 'POST' });
    if (!r.ok) {
      await throwOnSessionFailure(r);
      return data({ error: ReportMessages.downloadFailed }, { status: r.status });
    }
    // From the list's row too: the report opens with its file's progress.
    url.searchParams.set('report', String(reportId));
    url.searchParams.set('export', String(r.data.id));
    return redirect(`/reports?${url.searchParams.toString()}`);
  }
  if (intent === 'delete' && reportId) {
    const r = await apiCall(ZOkResponse, `/reports/${reportId}`, { ...caller, method: 'DELETE' });
    if (!r.ok) {
      await throwOnSessionFailure(r);
      return data({ error: ReportMessages.cannotDelete }, { status: r.status });
    }
    return redirect('/reports');
  }
  if (intent === 'save') {
    // Filter rows without a value are left out: the builder offers three, most reports use fewer.
    const filters = [0, 1, 2].flatMap((i) => {
      const value = String(form.get(`filterValue-${i}`) ?? '').trim();
      return value ? [{ field: form.get(`filterField-${i}`), op: form.get(`filterOp-${i}`), value }] : [];
    });
    const parsed = ZReportSave.safeParse({
      title: form.get('title'),
      dataset: form.get('dataset'),
      columns: form.getAll('columns'),
      filters,
      orderBy: form.get('orderBy') || null,
      orderDirection: form.get('orderDirection') || 'ASC',
    });
    if (!parsed.success) return data({ error: parsed.error.issues[0]?.message ?? ReportMessages.infoFailed }, { status: 400 });
    // The client's own report is changed; a new one or a stock report's copy is created.
    const r = await apiCall(ZReportListItem, reportId ? `/reports/${reportId}` : '/reports', { ...caller, method: reportId ? 'PUT' : 'POST', body: parsed.data });
    if (!r.ok) {
      await throwOnSessionFailure(r);
      return data({ error: r.error.errors?.[0]?.message ?? ReportMessages.infoFailed }, { status: r.status });
    }
    return redirect(`/reports?report=${r.data.id}`);
  }
  return data({ error: ReportMessages.infoFailed }, { status: 400 });
}

export default function ReportsRoute() {
  const { search, reports, listFailed, view, viewFailed, exported, dialog } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigate = useNavigate();
  const withParams = useWithParams();
  // While the reports worker writes the file, the page asks how far it is.
  usePollWhile(exported !== null && exported.status !== 'done' && exported.status !== 'failed', EXPORT_POLL_MS);

  return (
    <section aria-labelledby="page-heading" className="mx-auto max-w-6xl">
      <h1 id="page-heading" className="text-2xl font-semibold tracking-tight text-slate-900">
        HR Reports
      </h1>
      {answer?.error ? (
        <Alert tone="error" className="mt-4">
          {answer.error}
        </Alert>
      ) : null}
      {view ? (
        <>
          <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
            <Link to="/reports" className={secondaryButtonClass}>
              Back
            </Link>
            <h2 className="text-lg font-semibold text-slate-900">{view.title}</h2>
            <div className="flex flex-wrap gap-2">
              <Link to={withParams({ dialog: view.editable === '0' ? 'pay-attention' : 'builder' })} preventScrollReset className={secondaryButtonClass}>
                Edit
              </Link>
              <Form method="post">
                <input type="hidden" name="intent" value="download" />
                <input type="hidden" name="reportId" value={view.id} />
                <button type="submit" className={primaryButtonClass}>
                  Download
                </button>
              </Form>
            </div>
          </div>
          {exported ? (
            <div className="mt-4 rounded-lg border border-slate-200 bg-white p-4">
              <ExportProgress exported={exported} />
            </div>
          ) : null}
          <ScrollRegion label={view.title} className="mt-4 overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
            <table className="w-full min-w-[40rem] border-collapse text-sm">
              <caption className="px-4 pt-4 pb-2 text-left text-sm text-slate-700">
                {`${view.totalRows} rows${view.totalRows > view.data.length ? ` (the first ${view.data.length} shown; the download has them all)` : ''}`}
                {view.filters.length
                  ? ` · Filtered: ${view.filters.map((f) => `${view.layout.find((c) => c.sortField === f.field)?.label ?? f.field} ${f.op} "${f.value}"`).join(', ')}`
                  : ''}
              </caption>
              <thead>
                <tr className="border-b border-slate-300 bg-slate-50 text-left">
                  {view.layout.map((c) => {
                    const next = nextSort(view.sort, c.sortField);
                    const sorted = view.sort.orderBy === c.sortField;
                    return (
                      <th key={c.sortField} scope="col" aria-sort={sorted ? (view.sort.orderDirection === 'ASC' ? 'ascending' : 'descending') : undefined} className="px-3 py-2 font-semibold">
                        <Link to={withParams({ orderBy: next.orderBy, orderDirection: next.orderDirection, export: null })} preventScrollReset className="underline-offset-2 hover:underline">
                          {c.label}
                          {sorted ? (view.sort.orderDirection === 'ASC' ? ' ▲' : ' ▼') : ''}
                        </Link>
                      </th>
                    );
                  })}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {view.data.map((row, i) => (
                  <tr key={i}>
                    {view.layout.map((c) => (
                      <td key={c.sortField} className="px-3 py-2">
                        {row[c.sortField] ?? '—'}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          {dialog === 'pay-attention' ? (
            <Modal open title="Pay Attention" onOpenChange={() => navigate(withParams({ dialog: null }), { preventScrollReset: true })}>
              <p className="mt-3 text-sm text-slate-700">{ReportMessages.payAttention}</p>
              <div className="mt-5 flex justify-end gap-3">
                <Link to={withParams({ dialog: null })} preventScrollReset className={secondaryButtonClass}>
                  No
                </Link>
                <Link to={withParams({ dialog: 'builder' })} preventScrollReset className={primaryButtonClass}>
                  Yes, make a copy
                </Link>
              </div>
            </Modal>
          ) : null}
          {dialog === 'builder' ? (
            <ReportBuilder
              closeTo={withParams({ dialog: null })}
              copyOf={{
                ...(view.editable === '1' ? { id: view.id } : {}),
                title: view.title,
                dataset: view.dataset,
                columns: view.layout.map((c) => c.sortField),
                filters: view.filters,
                sort: view.sort,
              }}
            />
          ) : null}
        </>
      ) : (
        <>
          <div className="mt-6 flex flex-wrap items-end justify-between gap-3">
            <Form method="get" role="search" aria-label="Reports" className="flex items-end gap-2">
              <div>
                <label htmlFor="report-search" className={labelClass}>
                  Search
                </label>
                <input id="report-search" type="search" name="search" defaultValue={search} className={inputClass} />
              </div>
              <button type="submit" className={secondaryButtonClass}>
                Search
              </button>
            </Form>
            <Link to={withParams({ dialog: 'builder' })} preventScrollReset className={primaryButtonClass}>
              New Report
            </Link>
          </div>
          {listFailed || viewFailed ? (
            <Alert tone="error" className="mt-4">
              {viewFailed ? ReportMessages.infoFailed : ReportMessages.fetchFailed}
            </Alert>
          ) : null}
          <ScrollRegion label="Reports" className="mt-4 overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
            <table className="w-full border-collapse text-sm">
              <caption className="px-4 pt-4 pb-2 text-left text-base font-semibold text-slate-900">Reports</caption>
              <thead>
                <tr className="border-b border-slate-300 bg-slate-50 text-left">
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Report Name
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Actions
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {!reports || reports.length === 0 ? (
                  <tr>
                    <td colSpan={2} className="px-3 py-4 text-slate-700">
                      {ReportMessages.noReports}
                    </td>
                  </tr>
                ) : (
                  reports.map((r) => (
                    <tr key={r.id}>
                      <th scope="row" className="px-3 py-2 text-left font-medium">
                        <Link to={`/reports?report=${r.id}`} className="text-brand-800 underline">
                          {r.title}
                        </Link>
                      </th>
                      <td className="px-3 py-2">
                        {/* What a person can do with the report: its file; change the client's own, or copy a stock one. */}
                        <div className="flex flex-wrap gap-2">
                          <Form method="post">
                            <input type="hidden" name="intent" value="download" />
                            <input type="hidden" name="reportId" value={r.id} />
                            <button type="submit" className={secondaryButtonClass}>
                              Download
                              <span className="sr-only">{` ${r.title}`}</span>
                            </button>
                          </Form>
                          <Link to={`/reports?report=${r.id}&dialog=builder`} className={secondaryButtonClass}>
                            {r.editable === '1' ? 'Edit' : 'Copy'}
                            <span className="sr-only">{` ${r.title}`}</span>
                          </Link>
                          {r.editable === '1' ? (
                            <Form method="post" onSubmit={(e) => (window.confirm(`Delete the report "${r.title}"?`) ? undefined : e.preventDefault())}>
                              <input type="hidden" name="intent" value="delete" />
                              <input type="hidden" name="reportId" value={r.id} />
                              <button type="submit" className={secondaryButtonClass}>
                                Delete
                                <span className="sr-only">{` ${r.title}`}</span>
                              </button>
                            </Form>
                          ) : null}
                        </div>
                      </td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </ScrollRegion>
          {dialog === 'builder' ? <ReportBuilder closeTo={withParams({ dialog: null })} copyOf={null} /> : null}
        </>
      )}
    </section>
  );
}
