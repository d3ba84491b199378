import { Form, Link, useNavigate } from '@remix-run/react';
import { AUDIT_ACTION_TEXT, AUDIT_ACTIONS, AuditMessages, clientDateTime, ImpersonationMessages, OPTION_LISTS, type AuditDetails } from '@bp/api/contracts';
import { inputClass, labelClass, Modal, primaryButtonClass, ScrollRegion, secondaryButtonClass } from '~/components/ui';
import { cx } from '~/lib/cx';
import type { AuditView } from '~/lib/audit.server';

const th = 'px-3 py-2.5 text-left font-semibold';

/**
 * My Audit Log and the HR Audit Log: a server-paged table titled Enrollments &
 * Changes, sorted by a column's heading, filtered by the form above it (a plain GET form: it works without
 * scripts), and Log Details in a dialog opened from the address (?entry=).
 */
export function AuditLog({ title, view, showEmployee }: { title: string; view: AuditView; showEmployee: boolean }) {
  const { page, query } = view;
  const perPage = Number(query.perPage ?? 20);
  const pages = Math.max(1, Math.ceil(page.totalCount / perPage));
  const orderBy = query.orderBy ?? 'createdOn';
  const direction = query.orderDirection ?? 'desc';
  const withQuery = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(query);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null) next.delete(k);
      else next.set(k, v);
    }
    const s = next.toString();
    return s ? `?${s}` : '?';
  };
  const sortLink = (column: string, label: string) => {
    const active = orderBy === column;
    const nextDirection = active && direction === 'desc' ? 'asc' : 'desc';
    return (
      <Link to={withQuery({ orderBy: column, orderDirection: nextDirection, page: null })} className="inline-flex items-center gap-1 underline-offset-2 hover:underline">
        {label}
        {active ? <span aria-hidden="true">{direction === 'desc' ? '▼' : '▲'}</span> : null}
      </Link>
    );
  };
  const ariaSort = (column: string) => (orderBy === column ? (direction === 'desc' ? 'descending' : 'ascending') : undefined);
  const selected = (name: string) => new Set((query[name] ?? '').split(',').filter(Boolean));
  const events = selected('eventType');
  const planTypes = selected('planType');

  return (
    <section aria-labelledby="page-heading" className="mx-auto max-w-6xl">
      <h1 id="page-heading" className="text-2xl font-semibold tracking-tight text-slate-900">
        {title}
      </h1>
      <article aria-labelledby="audit-heading" className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <h2 id="audit-heading" className="text-lg font-semibold text-slate-900">
          {AuditMessages.title}
        </h2>
        <Form method="get" className="mt-4 grid gap-4 md:grid-cols-2 lg:grid-cols-4">
          {query.orderBy ? <input type="hidden" name="orderBy" value={query.orderBy} /> : null}
          {query.orderDirection ? <input type="hidden" name="orderDirection" value={query.orderDirection} /> : null}
          {query.perPage ? <input type="hidden" name="perPage" value={query.perPage} /> : null}
          {showEmployee ? (
            <div>
              <label htmlFor="filter-employee" className={labelClass}>
                Employee Name
              </label>
              <input id="filter-employee" name="employeeName" type="search" defaultValue={query.employeeName ?? ''} className={inputClass} />
            </div>
          ) : null}
          <details className="rounded-lg border border-slate-200 px-3 py-2" open={events.size > 0}>
            <summary className="cursor-pointer text-sm font-medium text-slate-800">Event Type{events.size ? ` (${events.size})` : ''}</summary>
            <fieldset className="mt-2 space-y-1">
              <legend className="sr-only">Event Type</legend>
              {AUDIT_ACTIONS.map((a) => (
                <label key={a} className="flex items-center gap-2 text-sm text-slate-900">
                  <input type="checkbox" name="eventType" value={a} defaultChecked={events.has(a)} className="h-4 w-4" />
                  {AUDIT_ACTION_TEXT[a]}
                </label>
              ))}
            </fieldset>
          </details>
          <details className="rounded-lg border border-slate-200 px-3 py-2" open={planTypes.size > 0}>
            <summary className="cursor-pointer text-sm font-medium text-slate-800">Plan Type{planTypes.size ? ` (${planTypes.size})` : ''}</summary>
            <fieldset className="mt-2 max-h-48 space-y-1 overflow-y-auto">
              <legend className="sr-only">Plan Type</legend>
              {OPTION_LISTS.planType.map((o) => (
                <label key={o.id} className="flex items-center gap-2 text-sm text-slate-900">
                  <input type="checkbox" name="planType" value={o.id} defaultChecked={planTypes.has(String(o.id))} className="h-4 w-4" />
                  {o.text}
                </label>
              ))}
            </fieldset>
          </details>
          <div>
            <label htmlFor="filter-description" className={labelClass}>
              Description
            </label>
            <input id="filter-description" name="description" type="search" defaultValue={query.description ?? ''} className={inputClass} />
          </div>
          <div className="flex flex-wrap items-end gap-3 md:col-span-2 lg:col-span-4">
            <button type="submit" className={primaryButtonClass}>
              Apply filters
            </button>
            <Link to="?" className={secondaryButtonClass}>
              Clear
            </Link>
          </div>
        </Form>

        <ScrollRegion label={AuditMessages.title} className="mt-5 overflow-x-auto">
          <table className="w-full min-w-[44rem] border-collapse text-sm">
            <caption className="sr-only">{`${AuditMessages.title}, ${page.totalCount} entries, page ${page.page} of ${pages}`}</caption>
            <thead>
              <tr className="border-b border-slate-300 bg-slate-50 text-slate-800">
                <th scope="col" aria-sort={ariaSort('createdOn')} className={th}>
                  {sortLink('createdOn', 'Date & Time')}
                </th>
                {showEmployee ? (
                  <th scope="col" aria-sort={ariaSort('employeeName')} className={th}>
                    {sortLink('employeeName', 'Employee Name')}
                  </th>
                ) : null}
                <th scope="col" aria-sort={ariaSort('eventType')} className={th}>
                  {sortLink('eventType', 'Event Type')}
                </th>
                <th scope="col" aria-sort={ariaSort('planType')} className={th}>
                  {sortLink('planType', 'Plan Type')}
                </th>
                <th scope="col" aria-sort={ariaSort('description')} className={th}>
                  {sortLink('description', 'Description')}
                </th>
                <th scope="col" className={th}>
                  <span className="sr-only">Details</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {page.result.length === 0 ? (
                <tr>
                  <td colSpan={showEmployee ? 6 : 5} className="px-3 py-6 text-center text-slate-700">
                    No log entries match.
                  </td>
                </tr>
              ) : (
                page.result.map((r) => (
                  <tr key={r.id}>
                    <td className="whitespace-nowrap px-3 py-2.5 tabular-nums">{clientDateTime(r.createdOn, view.page.timeZone)}</td>
                    {showEmployee ? <td className="px-3 py-2.5">{[r.firstName, r.lastName].filter(Boolean).join(' ') || '—'}</td> : null}
                    <td className="px-3 py-2.5">{AUDIT_ACTION_TEXT[r.actionType as keyof typeof AUDIT_ACTION_TEXT] ?? r.actionType}</td>
                    <td className="px-3 py-2.5">{r.planType ?? '—'}</td>
                    <td className="px-3 py-2.5">
                      {r.description}
                      {/* Done by an administrator or agent acting as the employee: who, and the reason they gave. */}
                      {r.onBehalfOf ? (
                        <span className="mt-0.5 block text-xs text-slate-700">
                          {ImpersonationMessages.actedFor(r.createdBy ?? 'An administrator', r.onBehalfOf)}
                          {r.reason ? <span className="block break-words">{ImpersonationMessages.reasonOf(r.reason)}</span> : null}
                        </span>
                      ) : null}
                    </td>
                    <td className="px-3 py-2.5 text-right">
                      <Link to={withQuery({ entry: String(r.id) })} preventScrollReset className="whitespace-nowrap font-medium text-brand-800 underline">
                        Log Details<span className="sr-only">{` of ${clientDateTime(r.createdOn, view.page.timeZone)}`}</span>
                      </Link>
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </ScrollRegion>

        <nav aria-label="Pages" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
          <p className="text-slate-700">{`Page ${page.page} of ${pages} · ${page.totalCount} entries`}</p>
          <div className="flex flex-wrap items-center gap-3">
            {page.page > 1 ? (
              <Link to={withQuery({ page: String(page.page - 1), entry: null })} className={secondaryButtonClass}>
                Previous
              </Link>
            ) : null}
            {page.page < pages ? (
              <Link to={withQuery({ page: String(page.page + 1), entry: null })} className={secondaryButtonClass}>
                Next
              </Link>
            ) : null}
          </div>
        </nav>
      </article>
      {view.details || view.detailsMissing ? <LogDetails details={view.details} closeTo={withQuery({ entry: null })} /> : null}
    </section>
  );
}

/** Log Details: Field / Old Value / New Value, changed rows marked; no old value for a create, no new one for a delete. */
function LogDetails({ details, closeTo }: { details: (AuditDetails & { id: number }) | null; closeTo: string }) {
  const navigate = useNavigate();
  const showOld = details?.actionType !== 'create';
  const showNew = details?.actionType !== 'delete';
  return (
    <Modal open wide title="Log Details" onOpenChange={(open) => (open ? undefined : navigate(closeTo, { preventScrollReset: true }))}>
      {!details || details.data.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700">{AuditMessages.noDetails}</p>
      ) : (
        <div className="mt-3 max-h-[60vh] overflow-auto">
          <table className="w-full border-collapse text-sm">
            <caption className="sr-only">Field changes</caption>
            <thead>
              <tr className="border-b border-slate-300 bg-slate-50">
                <th scope="col" className={th}>
                  Field
                </th>
                {showOld ? (
                  <th scope="col" className={th}>
                    Old Value
                  </th>
                ) : null}
                {showNew ? (
                  <th scope="col" className={th}>
                    New Value
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {details.data.map((d, i) => (
                <tr key={`${d.title}-${i}`} className={cx(d.changed && 'bg-amber-50')}>
                  <th scope="row" className="px-3 py-2 text-left font-medium text-slate-900">
                    {d.title}
                    {d.changed ? <span className="sr-only"> (changed)</span> : null}
                  </th>
                  {showOld ? <td className="px-3 py-2 text-slate-800">{d.oldValue ?? '—'}</td> : null}
                  {showNew ? <td className="px-3 py-2 text-slate-800">{d.newValue ?? '—'}</td> : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {details ? <p className="mt-4 text-sm text-slate-700">{AuditMessages.performedBy(details.createdBy ?? 'the system', clientDateTime(details.createdOn, details.timeZone), details.onBehalfOf)}</p> : null}
      {details?.onBehalfOf && details.reason ? <p className="mt-1 break-words text-sm text-slate-700">{ImpersonationMessages.reasonOf(details.reason)}</p> : null}
      <div className="mt-6 flex justify-end">
        <Link to={closeTo} preventScrollReset className={secondaryButtonClass}>
          Close
        </Link>
      </div>
    </Modal>
  );
}
