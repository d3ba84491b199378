import { Link } from '@remix-run/react';
import { ENROLLMENT_STATES, ENROLLMENT_STATE_LABELS, ENROLLMENT_STATUS_TEXT, PROGRESS_MAX, StatusDashboardMessages, type Dashboard, type DashboardQuery } from '@bp/api/contracts';
import { ScrollRegion } from '~/components/ui';

/** Totals per state, each a link that filters the list to it (links, so they work before JavaScript loads). */
export function StateFilters({ board, filter, to }: { board: Dashboard; filter: DashboardQuery; to: (state: string | null) => string }) {
  const items: Array<{ key: string | null; label: string; count: number }> = [
    { key: null, label: 'All', count: board.totals.all },
    ...ENROLLMENT_STATES.map((s) => ({ key: s, label: ENROLLMENT_STATE_LABELS[s], count: board.totals[s] })),
  ];
  return (
    <nav aria-label="Employees by state" className="mt-6">
      <ul className="flex flex-wrap gap-2">
        {items.map((i) => {
          const current = (filter.state ?? null) === i.key;
          return (
            <li key={i.key ?? 'all'}>
              <Link
                to={to(i.key)}
                preventScrollReset
                aria-current={current ? 'true' : undefined}
                className={`inline-flex min-h-11 items-center gap-2 rounded-lg border px-3 py-2 text-sm font-medium ${current ? 'border-blue-800 bg-blue-800 text-white' : 'border-slate-300 bg-white text-slate-900 hover:bg-slate-50'}`}
              >
                {i.label}
                <span className="tabular-nums">{i.count}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** The period's employees: completion, signature, state (with what is missing) and each plan type's status. */
export function EmployeeStatusTable({ board }: { board: Dashboard }) {
  return (
    <ScrollRegion label="Employees" className="mt-4 overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
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
            <th scope="col" className="px-3 py-2 font-semibold">
              State
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
              <td className="px-3 py-2">
                {ENROLLMENT_STATE_LABELS[u.state]}
                {u.missing.length ? <span className="block text-xs text-slate-700">{`Missing: ${u.missing.join(', ')}`}</span> : null}
              </td>
              {u.enrollments.map((e) => (
                <td key={e.planTypeId} className="px-3 py-2">
                  {e.available ? ENROLLMENT_STATUS_TEXT[e.status as keyof typeof ENROLLMENT_STATUS_TEXT] ?? e.status : '—'}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {board.users.length === 0 ? <p className="px-4 pb-4 text-slate-700">{StatusDashboardMessages.noMatches}</p> : null}
    </ScrollRegion>
  );
}
