import { Form, Link } from '@remix-run/react';
import { inputClass, labelClass, primaryButtonClass, secondaryButtonClass } from '~/components/ui';
import { useWithParams } from '~/lib/address';
import { cx } from '~/lib/cx';

/** The filters (employee, plan type) and the Approve of what they show, with the reason when it cannot. */
export function ActionFilters({
  filters,
  employees,
  planTypes,
  approveBlocked,
}: {
  filters: { employeeId: number | null; planTypeId: number | null };
  employees: ReadonlyArray<{ id: number; name: string }>;
  planTypes: ReadonlyArray<{ id: number; text: string }>;
  approveBlocked: string | null;
}) {
  const withParams = useWithParams();
  return (
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
  );
}
