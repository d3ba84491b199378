import { type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { actionText, TransactionMessages, ZSignedChangeList, ZTransactionPeriodList, ZTransactionReport, type SignedChange, type TransactionReport } from '@bp/api/contracts';
import { SignedChanges } from '~/components/transactions/SignedChanges';
import { inputClass, labelClass, primaryButtonClass, ScrollRegion, secondaryButtonClass } from '~/components/ui';
import { apiCall } from '~/lib/api.server';
import { pageTitle } from '~/lib/meta';
import { requireUser, throwOnSessionFailure } from '~/lib/shell.server';
import { sitePath } from '~/lib/site';
import { usd } from '~/lib/usd';

export { RouteErrorBoundary as ErrorBoundary } from '~/components/RouteErrorBoundary';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'Transactions') }];

/** Transactions: a period selector, its report once the period has closed, and Download. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { token } = await requireUser(request, context);
  const caller = { token, request, context };
  const periods = await apiCall(ZTransactionPeriodList, '/transactions', caller);
  if (!periods.ok) {
    await throwOnSessionFailure(periods);
    throw new Response(TransactionMessages.noPeriodData, { status: 503 });
  }
  const asked = Number(new URL(request.url).searchParams.get('period'));
  const selected = periods.data.find((p) => p.id === asked) ?? periods.data[0] ?? null;
  let report: TransactionReport | null = null;
  if (selected?.ready) {
    const r = await apiCall(ZTransactionReport, `/transactions/${selected.id}`, caller);
    if (r.ok) report = r.data;
    else await throwOnSessionFailure(r);
  }
  // An open period's signed changes so far, or those signed between two days.
  const url = new URL(request.url);
  const from = url.searchParams.get('from') ?? '';
  const to = url.searchParams.get('to') ?? '';
  let changes: SignedChange[] | null = null;
  let rangeError: string | null = null;
  const range = from !== '' || to !== '';
  if (range || (selected && !selected.ready)) {
    const query = range ? new URLSearchParams({ ...(from ? { from } : {}), ...(to ? { to } : {}) }) : new URLSearchParams({ periodId: String(selected!.id) });
    const r = await apiCall(ZSignedChangeList, `/transactions/changes?${query.toString()}`, caller);
    if (r.ok) changes = r.data.changes;
    else {
      await throwOnSessionFailure(r);
      rangeError = r.error.errors?.map((e) => e.message).join(' ') || r.error.message;
    }
  }
  return { periods: periods.data, selected, report, changes, range: range ? { from, to } : null, rangeError };
}

export default function TransactionsRoute() {
  const { periods, selected, report, changes, range, rangeError } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="page-heading" className="mx-auto max-w-6xl">
      <h1 id="page-heading" className="text-2xl font-semibold tracking-tight text-slate-900">
        Transactions
      </h1>
      <div className="mt-6 flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <Form method="get" className="flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor="period" className={labelClass}>
              Open enrollment
            </label>
            <select id="period" name="period" defaultValue={selected?.id ?? ''} className={inputClass}>
              {periods.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.title}
                  {p.closedDate ? ` (closed ${p.closedDate})` : ' (open)'}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className={secondaryButtonClass}>
            Show
          </button>
        </Form>
        {report ? (
          <a href={sitePath(`/transactions-download/${report.id}`)} download className={primaryButtonClass}>
            Download
          </a>
        ) : null}
        <Link to="/transactions/carriers" className={secondaryButtonClass}>
          Carrier files
        </Link>
      </div>
      <div className="mt-3 flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Signed between">
          <div>
            <label htmlFor="from" className={labelClass}>
              Signed from (MM/DD/YYYY)
            </label>
            <input id="from" name="from" defaultValue={range?.from ?? ''} inputMode="numeric" autoComplete="off" aria-describedby={rangeError ? 'range-error' : undefined} className={inputClass} />
          </div>
          <div>
            <label htmlFor="to" className={labelClass}>
              Signed to (MM/DD/YYYY)
            </label>
            <input id="to" name="to" defaultValue={range?.to ?? ''} inputMode="numeric" autoComplete="off" aria-describedby={rangeError ? 'range-error' : undefined} className={inputClass} />
          </div>
          <button type="submit" className={secondaryButtonClass}>
            Show changes
          </button>
        </Form>
        <Link to="/transactions/deductions" className={secondaryButtonClass}>
          Payroll deductions
        </Link>
        {rangeError ? (
          <p id="range-error" role="alert" className="w-full text-sm text-red-700">
            {rangeError}
          </p>
        ) : null}
      </div>
      {range && changes ? (
        <SignedChanges title={`Changes signed ${[range.from ? `from ${range.from}` : '', range.to ? `to ${range.to}` : ''].filter(Boolean).join(' ')}`} changes={changes} />
      ) : !selected ? (
        <p className="mt-6 text-slate-700">{TransactionMessages.noPeriodData}</p>
      ) : !selected.ready ? (
        <SignedChanges title={`${selected.title}: signed changes so far`} changes={changes ?? []} />
      ) : !report ? (
        <p className="mt-6 text-slate-700">{TransactionMessages.noPeriodData}</p>
      ) : (
        <ScrollRegion label={`${report.title} transactions`} className="mt-6 overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
          <table className="w-full min-w-[48rem] border-collapse text-sm">
            <caption className="px-4 pt-4 pb-2 text-left text-base font-semibold text-slate-900">{`${report.title}: changes (${report.rows.length})`}</caption>
            <thead>
              <tr className="border-b border-slate-300 bg-slate-50 text-left text-slate-800">
                {report.layout.map((c) => (
                  <th key={c.field} scope="col" className="px-3 py-2 font-semibold">
                    {c.title}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {report.rows.length === 0 ? (
                <tr>
                  <td colSpan={report.layout.length} className="px-3 py-4 text-slate-700">
                    Nobody changed an election during this open enrollment.
                  </td>
                </tr>
              ) : (
                report.rows.map((r, i) => (
                  <tr key={`${r.censusId}-${r.individualId}-${r.planType}-${i}`}>
                    <th scope="row" className="px-3 py-2 text-left font-medium text-slate-900">
                      {r.employeeName}
                    </th>
                    <td className="px-3 py-2 tabular-nums">{r.censusId}</td>
                    <td className="px-3 py-2">{r.memberName}</td>
                    <td className="px-3 py-2">{r.planType}</td>
                    <td className="px-3 py-2">{r.planBefore ?? '—'}</td>
                    <td className="px-3 py-2">{r.planAfter ?? '—'}</td>
                    <td className="px-3 py-2 tabular-nums">{r.costBefore === null ? '—' : usd(r.costBefore)}</td>
                    <td className="px-3 py-2 tabular-nums">{r.costAfter === null ? '—' : usd(r.costAfter)}</td>
                    <td className="px-3 py-2">{actionText(r.actionType)}</td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}
