import { ENROLLMENT_STATUS_TEXT, EnrollmentStatus, payFrequencyName, summaryTables, type PlanEnrollmentSummary } from '@bp/api/contracts';
import { Alert } from '~/components/ui';
import type { BeneficiaryList } from '~/lib/beneficiaries.server';
import type { SummaryData } from '~/lib/forms.server';
import { usd } from '~/lib/usd';

/**
 * What the employee is about to sign (review before signing): every plan type with its
 * status, the plan, who it covers and what it costs per paycheck and per year, the employer's share, and
 * the beneficiaries with their shares. A list rather than a wide table, so it reads the same at 390 px.
 */
export function ElectionsReview({ summary, beneficiaries }: { summary: SummaryData; beneficiaries: BeneficiaryList }) {
  const { elected, declined, totalContribution, annualTotalContribution, annualEmployerTotal } = summaryTables(summary.rows);
  const payPeriods = summary.rows[0]?.payPeriods;
  return (
    <section aria-labelledby="review-heading" className="mt-4 rounded-lg border border-slate-300 bg-slate-50 p-4">
      <h3 id="review-heading" className="text-base font-semibold text-slate-900">
        What you are signing
      </h3>
      {summary.loadError ? (
        <Alert tone="error" className="mt-3">
          {summary.loadError}
        </Alert>
      ) : (
        <>
          <ul aria-label="Your elections" className="mt-3 divide-y divide-slate-200 rounded-md border border-slate-200 bg-white">
            {[...elected, ...declined].map((row) => (
              <ElectionItem key={row.enrollmentId} row={row} />
            ))}
          </ul>
          <p className="mt-3 text-sm text-slate-900" data-testid="review-total">
            <span className="font-semibold">You pay {usd(totalContribution)} per paycheck</span> ({usd(annualTotalContribution)} per year)
            {Number(annualEmployerTotal) > 0 ? <>; your employer pays {usd(annualEmployerTotal)} per year toward these plans</> : null}.
            {payPeriods ? <> Costs are taken from {payFrequencyName(payPeriods)}.</> : null}
          </p>
        </>
      )}
      <h4 className="mt-4 text-sm font-semibold text-slate-900">Beneficiaries</h4>
      {beneficiaries.loadError ? (
        <Alert tone="error" className="mt-2">
          {beneficiaries.loadError}
        </Alert>
      ) : beneficiaries.beneficiaries.length === 0 ? (
        <p className="mt-1 text-sm text-slate-700">You have not named any beneficiaries.</p>
      ) : (
        <ul aria-label="Your beneficiaries" className="mt-1 space-y-1 text-sm text-slate-800">
          {beneficiaries.beneficiaries.map((b) => (
            <li key={b.id}>
              <span className="font-medium text-slate-900">
                {b.firstName} {b.lastName}
              </span>
              {b.relationshipType ? ` (${b.relationshipType})` : ''}: {b.beneficiaryTypeName}, {b.share}%
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ElectionItem({ row: r }: { row: PlanEnrollmentSummary }) {
  const enrolled = r.status === EnrollmentStatus.Enrolled;
  return (
    <li className="px-3 py-2.5 text-sm">
      <p className="font-medium text-slate-900">
        {r.planType}: <span className={enrolled ? 'text-slate-900' : 'text-slate-700'}>{ENROLLMENT_STATUS_TEXT[r.status]}</span>
      </p>
      {enrolled ? (
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-slate-800">
          <dt className="text-slate-600">Plan</dt>
          <dd>{r.planName}</dd>
          {r.tierLabel ? (
            <>
              <dt className="text-slate-600">Coverage level</dt>
              <dd>{r.tierLabel}</dd>
            </>
          ) : null}
          <dt className="text-slate-600">Covers</dt>
          <dd>{r.dependents.length > 0 ? `You, ${r.dependents.join(', ')}` : 'You only'}</dd>
          <dt className="text-slate-600">You pay</dt>
          <dd className="tabular-nums">
            {usd(r.contributionAmount)} per paycheck, {usd(r.annualContributionAmount)} per year
          </dd>
          {Number(r.annualEmployerContributionAmount) > 0 ? (
            <>
              <dt className="text-slate-600">Employer pays</dt>
              <dd className="tabular-nums">
                {usd(r.employerContributionAmount)} per paycheck, {usd(r.annualEmployerContributionAmount)} per year
              </dd>
            </>
          ) : null}
        </dl>
      ) : null}
    </li>
  );
}
