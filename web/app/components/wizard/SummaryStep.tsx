import { Form, useNavigation } from '@remix-run/react';
import { DashboardMessages, ENROLLMENT_STATUS_TEXT, payFrequencyName, summaryTables, type PlanEnrollmentSummary } from '@bp/api/contracts';
import { Alert } from '~/components/ui';
import type { SummaryData } from '~/lib/forms.server';
import { SUMMARY_INDEX, WIZARD_STEPS } from '~/lib/registration-steps';
import { usd } from '~/lib/usd';
import { WizardActions } from './WizardActions';

const th = 'px-3 py-2.5 text-left font-semibold';

/**
 * Registration step 8, Summary: 'Plans You Elected' with the per-paycheck total
 * and 'Plans You Declined'. Continue marks registration as finished and opens the dashboard.
 */
export function SummaryStep({ data, backTo }: { data: SummaryData; backTo: string }) {
  const busy = useNavigation().state === 'submitting';
  const { elected, declined, totalContribution, annualTotalContribution, annualEmployerTotal } = summaryTables(data.rows);
  const payPeriods = data.rows[0]?.payPeriods;
  return (
    <div>
      <h2 className="text-lg font-semibold text-slate-900">{WIZARD_STEPS[SUMMARY_INDEX]}</h2>
      {data.loadError ? (
        <Alert tone="error" className="mt-4">
          {data.loadError}
        </Alert>
      ) : null}

      <section aria-labelledby="elected-heading" className="mt-6">
        <h3 id="elected-heading" className="text-base font-semibold text-slate-900">
          {DashboardMessages.plansYouElected}
        </h3>
        {elected.length === 0 ? (
          <p className="mt-3 text-sm text-slate-700">{DashboardMessages.notEnrolledInAny}</p>
        ) : (
          <div className="relative mt-3 overflow-x-auto rounded-lg border border-slate-200">
            <table className="w-full min-w-[46rem] text-sm" aria-labelledby="elected-heading">
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  <th scope="col" className={th}>
                    Plan
                  </th>
                  <th scope="col" className={th}>
                    Covered dependents
                  </th>
                  <th scope="col" className={th}>
                    Effective From
                  </th>
                  <th scope="col" className={`${th} text-right`}>
                    Per paycheck
                  </th>
                  <th scope="col" className={`${th} text-right`}>
                    Per year
                  </th>
                  <th scope="col" className={`${th} text-right`}>
                    Employer pays per year
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {elected.map((r) => (
                  <ElectedRow key={r.enrollmentId} row={r} />
                ))}
              </tbody>
              <tfoot className="border-t-2 border-slate-300 bg-slate-50 font-semibold text-slate-900">
                <tr>
                  <th scope="row" colSpan={3} className="px-3 py-2.5 text-left">
                    Total contribution
                  </th>
                  <td className="px-3 py-2.5 text-right tabular-nums">{usd(totalContribution)}</td>
                  <td className="px-3 py-2.5 text-right tabular-nums">{usd(annualTotalContribution)}</td>
                  <td className="px-3 py-2.5 text-right tabular-nums">{usd(annualEmployerTotal)}</td>
                </tr>
              </tfoot>
            </table>
          </div>
        )}
        {payPeriods && elected.length > 0 ? <p className="mt-2 text-sm text-slate-700">Costs are taken from {payFrequencyName(payPeriods)}.</p> : null}
      </section>

      <section aria-labelledby="declined-heading" className="mt-8">
        <h3 id="declined-heading" className="text-base font-semibold text-slate-900">
          {DashboardMessages.plansYouDeclined}
        </h3>
        {declined.length === 0 ? (
          <p className="mt-3 text-sm text-slate-700">{DashboardMessages.noDeclinedPlans}</p>
        ) : (
          <div className="relative mt-3 overflow-x-auto rounded-lg border border-slate-200">
            <table className="w-full min-w-[24rem] text-sm" aria-labelledby="declined-heading">
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  <th scope="col" className={th}>
                    Plan type
                  </th>
                  <th scope="col" className={th}>
                    Status
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {declined.map((r) => (
                  <tr key={r.enrollmentId}>
                    <th scope="row" className="px-3 py-2.5 text-left font-medium text-slate-900">
                      {r.planType}
                    </th>
                    <td className="px-3 py-2.5 text-slate-800">{ENROLLMENT_STATUS_TEXT[r.status]}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <Form method="post">
        <input type="hidden" name="screen" value="summary" />
        <WizardActions backTo={backTo} busy={busy} next="Continue" />
      </Form>
    </div>
  );
}

function ElectedRow({ row: r }: { row: PlanEnrollmentSummary }) {
  return (
    <tr>
      <th scope="row" className="px-3 py-2.5 text-left font-medium text-slate-900">
        {r.planName}
        <span className="block text-xs font-normal text-slate-600">{r.tierLabel ? `${r.planType}, ${r.tierLabel}` : r.planType}</span>
      </th>
      <td className="px-3 py-2.5 text-slate-800">{r.dependents.length > 0 ? r.dependents.join(', ') : 'Employee only'}</td>
      <td className="px-3 py-2.5 text-slate-800">{r.eligibilityDate ?? '—'}</td>
      <td className="px-3 py-2.5 text-right tabular-nums text-slate-900">{usd(r.contributionAmount)}</td>
      <td className="px-3 py-2.5 text-right tabular-nums text-slate-900">{usd(r.annualContributionAmount)}</td>
      <td className="px-3 py-2.5 text-right tabular-nums text-slate-900">{usd(r.annualEmployerContributionAmount)}</td>
    </tr>
  );
}
