import { useState } from 'react';
import { Form, Link, useNavigation } from '@remix-run/react';
import { ContributionMessages, DEPENDENT_TYPES, EnrollmentMessages, formatUsd, hasTiers, MEDICAL_TYPES, parseMoney, payFrequencyName, perPeriodToAnnual, RESTRICTION_MESSAGES, type PlanPrice } from '@bp/api/contracts';
import { Alert, primaryButtonClass, secondaryButtonClass } from '~/components/ui';
import { cx } from '~/lib/cx';
import { dayBefore, usd } from '~/lib/enrollment-rules';
import type { EnrollDialogData } from '~/lib/enrollment.server';
import { DependentsForm } from './DependentsForm';
import { FsaForm } from './FsaForm';
import { HsaForm } from './HsaForm';
import { Pair, MedicalDetails } from './MedicalDetails';
import { VoluntaryLifeForm } from './VoluntaryLifeForm';
import { usePlanPrices } from './use-plan-prices';
import { usePrediction } from './use-prediction';

export function EnrollForm({ data, closeTo, compareTo }: { data: EnrollDialogData; closeTo: string; compareTo: string | null }) {
  const busy = useNavigation().state === 'submitting';
  const { enrollment, plans, currentPlan } = data;
  const [planId, setPlanId] = useState<number | null>(data.planId);
  const plan = plans.find((p) => p.id === planId) ?? null;
  const typeId = enrollment.planTypeId;
  const kind = plan?.benefits.kind;
  const withDependents = DEPENDENT_TYPES.includes(typeId) && plan !== null && hasTiers(plan.tierStructure);

  // The type forms report their part of the prediction query, their local estimate and whether they block Enroll.
  const [query, setQuery] = useState<string | null>(null);
  const [estimate, setEstimate] = useState<string | null>(plan?.contributionAmount ?? null);
  const [blocked, setBlocked] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  // FSA and HSA are priced here from the amounts; plans without a type form by the plan alone.
  const typeQuery = kind === 'fsa' || kind === 'hsa' ? null : withDependents || kind === 'voluntaryLife' ? query : '';
  const prediction = usePrediction(plan && typeQuery !== null ? `plan=${plan.id}${typeQuery ? `&${typeQuery}` : ''}` : null);

  const effective = plan?.effectiveDate ?? plans[0]?.effectiveDate ?? null;
  const heading = currentPlan
    ? plans.length > 1
      ? `CHOOSE A NEW PLAN (from ${effective})`
      : `NEW PLAN (from ${effective})`
    : plans.length > 1
      ? 'Choose one of the plans'
      : `NEW PLAN (from ${effective})`;
  const restriction = plan && plan.restricted > 0 ? (RESTRICTION_MESSAGES[plan.restricted] ?? EnrollmentMessages.enrollDisabled) : null;
  const shown = kind === 'fsa' || kind === 'hsa' ? estimate : (prediction.amount ?? estimate);
  // The employer's share of the predicted coverage (FSA and HSA money is shown by their own forms).
  const employer = kind === 'fsa' || kind === 'hsa' ? null : (prediction.employerAmount ?? null);
  const yearly = (amount: string) => formatUsd(perPeriodToAnnual(parseMoney(amount) ?? 0, data.payPeriods));
  // Every plan in the list at the tier the chosen people make, priced by the server.
  const chosenPeople = withDependents && query !== null ? new URLSearchParams(query).get('dependents') : null;
  const sideBySide = usePlanPrices(typeId, data.pricedFor, chosenPeople);
  const c = data.coverages;
  const hasCoverage = Boolean(c && (c.employee || c.spouse || c.children));

  return (
    <Form
      method="post"
      preventScrollReset
      onSubmit={(event) => {
        // A voluntary life election needs the employee amount.
        const form = event.currentTarget;
        const employee = form.elements.namedItem('coverage.employee');
        if (employee instanceof HTMLSelectElement && employee.value === '') {
          event.preventDefault();
          setSubmitError(ContributionMessages.fieldRequired);
          employee.focus();
        }
      }}
    >
      <input type="hidden" name="screen" value="enroll" />
      <input type="hidden" name="enrollmentId" value={enrollment.id} />
      {currentPlan ? (
        <section aria-labelledby="my-plan-heading" className="mb-5 rounded-lg border border-slate-200 bg-slate-50 p-4">
          <h3 id="my-plan-heading" className="text-xs font-bold tracking-wide text-slate-700">
            {`MY PLAN (until ${dayBefore(effective ?? currentPlan.endDate)})`}
          </h3>
          <p className="mt-1 text-sm font-semibold text-slate-900">{currentPlan.title}</p>
          <p className="text-sm text-slate-700">{`${usd(currentPlan.contributionAmount)} per paycheck`}</p>
        </section>
      ) : null}

      <fieldset>
        <legend className="text-xs font-bold tracking-wide text-slate-700">{heading}</legend>
        <ul className="mt-2 space-y-2">
          {plans.map((p) => {
            const unavailable = p.restricted > 0;
            return (
              <li key={p.id} className={cx('flex items-start justify-between gap-3 rounded-lg border p-3', p.id === planId ? 'border-brand-700 bg-brand-50' : 'border-slate-200')}>
                <label className="flex flex-1 items-start gap-3 text-sm">
                  <input
                    type="radio"
                    name="planId"
                    value={p.id}
                    checked={p.id === planId}
                    disabled={unavailable}
                    onChange={() => {
                      setPlanId(p.id);
                      setSubmitError(null);
                    }}
                    aria-describedby={unavailable ? `plan-${p.id}-restricted` : undefined}
                    className="mt-0.5 h-4 w-4"
                  />
                  <span>
                    <span className="block font-semibold text-slate-900">{p.title}</span>
                    <PriceLines price={sideBySide.priceOf(p)} />
                    {unavailable ? (
                      <span id={`plan-${p.id}-restricted`} className="block text-red-700">
                        {RESTRICTION_MESSAGES[p.restricted] ?? EnrollmentMessages.enrollDisabled}
                      </span>
                    ) : null}
                  </span>
                </label>
                {MEDICAL_TYPES.includes(typeId) && p.benefits.kind === 'medical' ? <MedicalDetails plan={p} /> : null}
              </li>
            );
          })}
        </ul>
      </fieldset>
      {compareTo ? (
        <p className="mt-2 text-sm">
          <Link to={compareTo} preventScrollReset className="font-semibold text-brand-700 underline hover:text-brand-800">
            Compare plans
          </Link>
        </p>
      ) : null}

      {hasCoverage && c ? (
        <section aria-labelledby="current-coverage" className="mt-4">
          <h3 id="current-coverage" className="text-sm font-semibold text-slate-900">
            Current Coverage
          </h3>
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-4 text-sm text-slate-700">
            {c.employee ? <Pair label="Employee" value={usd(c.employee)} /> : null}
            {c.spouse ? <Pair label="Spouse" value={usd(c.spouse)} /> : null}
            {c.children ? <Pair label="Children" value={usd(c.children)} /> : null}
          </dl>
        </section>
      ) : null}

      {restriction ? (
        <Alert tone="warning" className="mt-4">
          {restriction}
        </Alert>
      ) : null}

      <div className="mt-5">
        {plan && withDependents ? (
          <DependentsForm
            key={plan.id}
            plan={plan}
            data={data}
            onChange={(q, e) => {
              setQuery(q);
              setEstimate(e);
              setBlocked(false);
            }}
          />
        ) : null}
        {plan && kind === 'fsa' && data.limits?.kind === 'fsa' ? (
          <FsaForm
            limits={data.limits}
            initial={enrollment.fsaContributionAmounts}
            payPeriods={data.payPeriods}
            onChange={(e, isBlocked) => {
              setEstimate(e);
              setBlocked(isBlocked);
            }}
          />
        ) : null}
        {plan && kind === 'hsa' && data.limits?.kind === 'hsa' ? (
          <HsaForm
            limits={data.limits}
            initial={enrollment.hsaContributionAmount}
            payPeriods={data.payPeriods}
            onChange={(e, isBlocked) => {
              setEstimate(e);
              setBlocked(isBlocked);
            }}
          />
        ) : null}
        {plan && kind === 'voluntaryLife' && data.limits?.kind === 'voluntaryLife' ? (
          <VoluntaryLifeForm
            limits={data.limits}
            dependents={data.dependents}
            current={{ employee: c?.employee ?? enrollment.coverageAmounts.employee, spouse: c?.spouse ?? enrollment.coverageAmounts.spouse, children: c?.children ?? enrollment.coverageAmounts.children }}
            eoi={prediction.eoi}
            error={submitError}
            onChange={(q) => {
              setQuery(q);
              setSubmitError(null);
            }}
          />
        ) : null}
      </div>

      <p aria-live="polite" className="mt-5 text-base font-semibold text-slate-900">
        {`Contribution: ${usd(shown)} per pay period`}
        {prediction.pending || sideBySide.pending ? <span className="ml-2 text-sm font-normal text-slate-700">(updating…)</span> : null}
      </p>
      {shown !== null ? (
        <p className="mt-1 text-sm text-slate-700">
          {`${yearly(shown)} per year, ${payFrequencyName(data.payPeriods)}.`}
          {employer !== null && (parseMoney(employer) ?? 0) > 0 ? ` Your employer adds ${usd(employer)} per paycheck (${yearly(employer)} per year).` : null}
        </p>
      ) : null}

      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <Link to={closeTo} preventScrollReset className={secondaryButtonClass}>
          Cancel
        </Link>
        <button type="submit" disabled={busy || plan === null || restriction !== null || blocked} className={primaryButtonClass}>
          Enroll
        </button>
      </div>
    </Form>
  );
}

/** A plan's side-by-side price: 'from' before a choice of amount, the tier it is for, the employer's share. */
function PriceLines({ price }: { price: PlanPrice }) {
  const employer = parseMoney(price.employerAmount) ?? 0;
  return (
    <>
      <span className="block text-slate-700">
        {`${price.from ? 'from ' : ''}${usd(price.amount)} per paycheck (${usd(price.annualAmount)} per year)`}
        {price.tierLabel ? `, ${price.tierLabel}` : null}
      </span>
      {employer > 0 ? <span className="block text-slate-700">{`Your employer adds ${usd(price.employerAmount)} per paycheck (${usd(price.annualEmployerAmount)} per year)`}</span> : null}
    </>
  );
}
