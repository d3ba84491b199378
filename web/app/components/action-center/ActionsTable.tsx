import { Link } from '@remix-run/react';
import { CensusMessages, fullName, type Action } from '@bp/api/contracts';
import { primaryButtonClass, ScrollRegion } from '~/components/ui';
import { useWithParams } from '~/lib/address';

const targetOf = (a: Action) => `${a.employeeId}${a.onboardingId ? `:o${a.onboardingId}` : a.planTypeId ? `:t${a.planTypeId}` : ''}`;

/**
 * Enrollments & Changes: the pending actions grouped by employee (one employee's alone when `focus` names them),
 * each with its forms and, for one employee, its own Approve.
 */
export function ActionsTable({ actions, focus, filters }: { actions: readonly Action[]; focus: number | null; filters: { employeeId: number | null } }) {
  const withParams = useWithParams();
  const shown = focus ? actions.filter((a) => a.employeeId === focus) : actions;
  const groups = [...new Map(shown.map((a) => [a.employeeId, shown.filter((x) => x.employeeId === a.employeeId)])).entries()];
  const formsButton = (a: Action) => (
    <Link to={withParams({ forms: String(a.id) })} preventScrollReset className="font-medium text-brand-800 underline">
      {`Forms (${a.files.length})`}
    </Link>
  );

  return (
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
  );
}
