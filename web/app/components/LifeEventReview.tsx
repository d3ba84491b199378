import { ENROLLMENT_STATUS_TEXT, EnrollmentStatus, formatUsdChange, parseMoney, payFrequencyName, type LifeEventReview as Review, type ReviewElection } from '@bp/api/contracts';
import { usd } from '~/lib/usd';

/** A signed wire amount ('-12.00') as '+$12.00' / '-$12.00' / '$0.00'. */
const change = (amount: string): string => formatUsdChange(parseMoney(amount) ?? 0);

/**
 * The life-event wizard's review: each plan the event changes, what is
 * in force before and the new election, and the difference per paycheck and per year, all as the server priced
 * them (at the tier the covered people make). A list rather than a wide table, so it reads the same at 390 px.
 */
export function LifeEventReview({ review }: { review: Review }) {
  const { total } = review;
  return (
    <section aria-labelledby="life-event-review-heading" className="mb-4 space-y-3 text-sm text-slate-800">
      <p>{`${review.eventTitle} on ${review.eventDate ?? ''}; the changes take effect on ${review.coverageStarts ?? ''}.`}</p>
      <h3 id="life-event-review-heading" className="text-base font-semibold text-slate-900">
        What changes
      </h3>
      {review.changes.length === 0 ? (
        <p>None of your plans changes with this event: what you pay stays the same.</p>
      ) : (
        <>
          <ul aria-label="Changes to your plans" className="divide-y divide-slate-200 rounded-md border border-slate-200 bg-white">
            {review.changes.map((c) => (
              <li key={c.planTypeId} aria-labelledby={`change-${c.planTypeId}`} className="px-3 py-2.5">
                <h4 id={`change-${c.planTypeId}`} className="font-semibold text-slate-900">
                  {c.planType}
                </h4>
                <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
                  <dt className="text-slate-600">Before</dt>
                  <dd>
                    <Side side={c.before} />
                  </dd>
                  <dt className="text-slate-600">After</dt>
                  <dd>
                    <Side side={c.after} />
                  </dd>
                  <dt className="text-slate-600">Difference</dt>
                  <dd className="tabular-nums" data-testid={`difference-${c.planTypeId}`}>
                    <span className="font-semibold text-slate-900">{`${change(c.difference.amount)} per paycheck`}</span>
                    {` (${change(c.difference.annualAmount)} per year)`}
                    {parseMoney(c.difference.employerAmount) !== 0 ? <span className="block text-slate-700">{`Employer: ${change(c.difference.employerAmount)} per paycheck (${change(c.difference.annualEmployerAmount)} per year)`}</span> : null}
                  </dd>
                </dl>
              </li>
            ))}
          </ul>
          <p className="text-slate-900" data-testid="life-event-total">
            <span className="font-semibold">{`In all, what you pay changes by ${change(total.amount)} per paycheck`}</span>
            {` (${change(total.annualAmount)} per year)`}
            {parseMoney(total.employerAmount) !== 0 ? `; what your employer pays, by ${change(total.employerAmount)} per paycheck (${change(total.annualEmployerAmount)} per year)` : ''}
            {`. Costs are taken from ${payFrequencyName(review.payPeriods)}.`}
          </p>
        </>
      )}
    </section>
  );
}

/** One side: the plan at its tier and who it covers, with its cost; or the status when nothing is elected. */
function Side({ side }: { side: ReviewElection }) {
  if (side.status !== EnrollmentStatus.Enrolled) return <span>{ENROLLMENT_STATUS_TEXT[side.status]}: nothing to pay</span>;
  return (
    <>
      <span className="block">{`${side.planName ?? ''}${side.tierLabel ? `, ${side.tierLabel}` : ''} (${side.people.length > 0 ? `you, ${side.people.join(', ')}` : 'you only'})`}</span>
      <span className="block tabular-nums">{`${usd(side.amount)} per paycheck (${usd(side.annualAmount)} per year)`}</span>
      {parseMoney(side.employerAmount) ? <span className="block tabular-nums text-slate-700">{`Employer pays ${usd(side.employerAmount)} per paycheck (${usd(side.annualEmployerAmount)} per year)`}</span> : null}
    </>
  );
}
