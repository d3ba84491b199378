import { Form, Link, useNavigate, useNavigation } from '@remix-run/react';
import type { OpenEnrollmentPeriod } from '@bp/api/contracts';
import { Alert, inputClass, labelClass, Modal, primaryButtonClass, ScrollRegion, secondaryButtonClass } from '~/components/ui';

/** The Open Enrollment card: the period's state and the control that opens its dialog. */
export function OpenEnrollmentCard({ period, onOpen }: { period: OpenEnrollmentPeriod; onOpen: string }) {
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

/** The Open Enrollment dialog: Start (with the plans to include), Change Date, Close OE now, Reopen. */
export function OpenEnrollmentDialog({ period, error, closeTo, closeNowTo }: { period: OpenEnrollmentPeriod; error: string | null; closeTo: string; closeNowTo: string }) {
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
            // What cannot be undone asks first, in a dialog of its own (status-dashboard.close.tsx).
            <Link to={closeNowTo} preventScrollReset className={secondaryButtonClass}>
              Close OE now
            </Link>
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
