import type { SignedChange } from '@bp/api/contracts';
import { PayrollMessages } from '@bp/api/contracts';
import { ScrollRegion } from '~/components/ui';
import { usd } from '~/lib/usd';

/** The signed changes: who, which plan type, what changed, from where and from when. */
export function SignedChanges({ title, changes }: { title: string; changes: readonly SignedChange[] }) {
  return (
    <ScrollRegion label={title} className="mt-6 overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className="w-full min-w-[48rem] border-collapse text-sm">
        <caption className="px-4 pt-4 pb-2 text-left text-base font-semibold text-slate-900">{`${title} (${changes.length})`}</caption>
        <thead>
          <tr className="border-b border-slate-300 bg-slate-50 text-left text-slate-800">
            {['Employee', 'Plan Type', 'Change', 'Source', 'Plan Before', 'Plan After', 'Per Paycheck After', 'Effective Date', 'Signed'].map((h) => (
              <th key={h} scope="col" className="px-3 py-2 font-semibold">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {changes.length === 0 ? (
            <tr>
              <td colSpan={9} className="px-3 py-4 text-slate-700">
                {PayrollMessages.noChanges}
              </td>
            </tr>
          ) : (
            changes.map((c, i) => (
              <tr key={`${c.employeeId}-${c.planType}-${i}`}>
                <th scope="row" className="px-3 py-2 text-left font-medium text-slate-900">
                  {c.employeeName}
                </th>
                <td className="px-3 py-2">{c.planType}</td>
                <td className="px-3 py-2">{c.change}</td>
                <td className="px-3 py-2">{c.source}</td>
                <td className="px-3 py-2">{c.planBefore ?? '—'}</td>
                <td className="px-3 py-2">{c.planAfter ?? '—'}</td>
                <td className="px-3 py-2 tabular-nums">{c.costAfter === null ? '—' : usd(c.costAfter)}</td>
                <td className="px-3 py-2 tabular-nums">{c.effectiveDate}</td>
                <td className="px-3 py-2 tabular-nums">{c.signedDate}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
