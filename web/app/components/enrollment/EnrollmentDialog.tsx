import { useEffect, useId, useState, type ReactNode } from 'react';
import * as Popover from '@radix-ui/react-popover';
import * as Tabs from '@radix-ui/react-tabs';
import * as Tooltip from '@radix-ui/react-tooltip';
import { Form, Link, useFetcher, useNavigate, useNavigation } from '@remix-run/react';
import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import {
  ContributionMessages,
  DEPENDENT_TYPES,
  EnrollmentMessages,
  FSA_ACCOUNTS,
  formatUsd,
  maximumOption,
  MEDICAL_TYPES,
  parseMoney,
  RelationshipTypeIds,
  RESTRICTION_MESSAGES,
  tierForDependents,
  tierLabel,
  WAIVER_REASON_OTHER,
  ZDeclineForm,
  type Dependent,
  type Plan,
  type PlanLimits,
} from '@bp/api/contracts';
import { Alert, FieldError, inputClass, labelClass, Modal, primaryButtonClass, secondaryButtonClass, useHydrated } from '~/components/ui';
import { cx } from '~/lib/cx';
import {
  AMOUNT_PATTERN,
  amountOptionLabel,
  dayBefore,
  dependentEligibility,
  formatPlain,
  fsaAnnualText,
  fsaPerPeriodText,
  isWaivable,
  usd,
  type DialogTab,
} from '~/lib/enrollment-rules';
import type { EnrollDialogData } from '~/lib/enrollment.server';
import type { ContributionAnswer } from '~/routes/enrollment-contribution';

type FsaLimits = Extract<PlanLimits, { kind: 'fsa' }>;
type HsaLimits = Extract<PlanLimits, { kind: 'hsa' }>;
type VolLifeLimits = Extract<PlanLimits, { kind: 'voluntaryLife' }>;

const nameOf = (d: Dependent) => [d.firstName, d.lastName].filter(Boolean).join(' ') || 'Unnamed dependent';

/**
 * The 'Benefits Enrollment' dialog of one plan type (document 2 sections 2, 4 and 5): Enroll and Decline
 * tabs, the plan list, the type's form and the live contribution. It is open while the address says so
 * (?enroll=), so both forms also work as plain page forms without JavaScript.
 */
export function EnrollmentDialog({
  data,
  closeTo,
  compareTo,
  tabTo,
  message,
  declineResult,
}: {
  data: EnrollDialogData;
  closeTo: string;
  compareTo: string | null;
  tabTo: (tab: DialogTab) => string;
  /** A refused election: the API's message. */
  message: string | null;
  declineResult: SubmissionResult<string[]> | undefined;
}) {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const [tab, setTab] = useState<DialogTab>(data.tab);
  const { enrollment } = data;
  const declineDisabled = !enrollment.declineAllowed;

  const triggerClass =
    'rounded-t-md border-b-2 border-transparent px-4 py-2 text-sm font-semibold text-slate-700 hover:text-slate-900 data-[state=active]:border-brand-700 data-[state=active]:text-brand-800 disabled:cursor-not-allowed disabled:text-slate-500';

  return (
    <Modal open xl title="Benefits Enrollment" onOpenChange={(open) => (open ? undefined : navigate(closeTo, { preventScrollReset: true }))}>
      <p className="mt-1 text-sm font-medium text-slate-700">{enrollment.planType}</p>
      {message ? (
        <Alert tone="error" className="mt-3">
          {message}
        </Alert>
      ) : null}
      <Tabs.Root
        value={tab}
        // The Decline tab cannot be chosen while declining is not allowed (it only explains why).
        onValueChange={(v) => setTab(v === 'decline' && !declineDisabled ? 'decline' : 'enroll')}
        activationMode="manual"
        className="mt-4"
      >
        {hydrated ? (
          <Tabs.List aria-label="Enroll or decline" className="flex gap-2 border-b border-slate-200">
            <Tabs.Trigger value="enroll" className={triggerClass}>
              Enroll
            </Tabs.Trigger>
            {declineDisabled ? (
              <DisabledDecline className={triggerClass} />
            ) : (
              <Tabs.Trigger value="decline" className={triggerClass}>
                Decline
              </Tabs.Trigger>
            )}
          </Tabs.List>
        ) : (
          // Without JavaScript the tabs are addresses.
          <nav aria-label="Enroll or decline" className="flex gap-2 border-b border-slate-200">
            <Link to={tabTo('enroll')} aria-current={tab === 'enroll' ? 'page' : undefined} className={cx(triggerClass, tab === 'enroll' && 'border-brand-700 text-brand-800')}>
              Enroll
            </Link>
            {declineDisabled ? (
              <span className={cx(triggerClass, 'text-slate-500')}>
                Decline <span className="block text-xs font-normal">{EnrollmentMessages.cannotDecline}</span>
              </span>
            ) : (
              <Link to={tabTo('decline')} aria-current={tab === 'decline' ? 'page' : undefined} className={cx(triggerClass, tab === 'decline' && 'border-brand-700 text-brand-800')}>
                Decline
              </Link>
            )}
          </nav>
        )}
        <Tabs.Content value="enroll" className="pt-4">
          <EnrollForm data={data} closeTo={closeTo} compareTo={compareTo} />
        </Tabs.Content>
        {declineDisabled ? null : (
          <Tabs.Content value="decline" className="pt-4">
            <DeclineForm data={data} closeTo={closeTo} lastResult={declineResult} />
          </Tabs.Content>
        )}
      </Tabs.Root>
    </Modal>
  );
}

/** A disabled tab cannot be hovered or focused, so the tooltip sits on a focusable wrapper. */
function DisabledDecline({ className }: { className: string }) {
  const id = useId();
  // Not `disabled`: a disabled button takes no focus or hover, so keyboard and mouse users could never
  // read why. The tab stays focusable, says aria-disabled, and the Root ignores a switch to it.
  return (
    <Tooltip.Provider delayDuration={150}>
      <Tooltip.Root>
        <Tooltip.Trigger asChild>
          <Tabs.Trigger value="decline" aria-disabled="true" aria-describedby={id} className={cx(className, 'cursor-not-allowed text-slate-500')}>
            Decline
          </Tabs.Trigger>
        </Tooltip.Trigger>
        <span id={id} className="sr-only">
          {EnrollmentMessages.cannotDecline}
        </span>
        <Tooltip.Portal>
          <Tooltip.Content side="bottom" sideOffset={6} className="z-[70] max-w-xs rounded-md bg-slate-900 px-3 py-2 text-sm text-white shadow-lg">
            {EnrollmentMessages.cannotDecline}
            <Tooltip.Arrow className="fill-slate-900" />
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}

// ---------------------------------------------------------------------------------------------------------
// Enroll

interface Prediction {
  amount: string | null;
  eoi: string[];
}

/** The live contribution: a resource route calls GET /plans/{id}/contributions as the choices change. */
function usePrediction(query: string | null): Prediction & { pending: boolean } {
  const fetcher = useFetcher<ContributionAnswer>();
  const { load } = fetcher;
  useEffect(() => {
    if (query) load(`/enrollment-contribution?${query}`);
  }, [query, load]);
  const answer = fetcher.data;
  return {
    amount: answer?.ok ? answer.prediction.amount : null,
    eoi: answer?.ok ? answer.prediction.eoiRequired : [],
    pending: fetcher.state !== 'idle',
  };
}

function EnrollForm({ data, closeTo, compareTo }: { data: EnrollDialogData; closeTo: string; compareTo: string | null }) {
  const busy = useNavigation().state === 'submitting';
  const { enrollment, plans, currentPlan } = data;
  const [planId, setPlanId] = useState<number | null>(data.planId);
  const plan = plans.find((p) => p.id === planId) ?? null;
  const typeId = enrollment.planTypeId;
  const kind = plan?.benefits.kind;
  const withDependents = DEPENDENT_TYPES.includes(typeId) && plan !== null && plan.tierStructure !== 5;

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
  const c = data.coverages;
  const hasCoverage = Boolean(c && (c.employee || c.spouse || c.children));

  return (
    <Form
      method="post"
      preventScrollReset
      onSubmit={(event) => {
        // A voluntary life election needs the employee amount (document 2 section 5).
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
                    <span className="block text-slate-700">{`${usd(p.contributionAmount)} per paycheck`}</span>
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
        {prediction.pending ? <span className="ml-2 text-sm font-normal text-slate-700">(updating…)</span> : null}
      </p>

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

function Pair({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt className="font-medium text-slate-800">{label}</dt>
      <dd>{value}</dd>
    </>
  );
}

/** The medical plan details on hover or focus (document 2 section 2). */
function MedicalDetails({ plan }: { plan: Plan }) {
  const [open, setOpen] = useState(false);
  if (plan.benefits.kind !== 'medical') return null;
  const b = plan.benefits;
  const rows: Array<[string, string | null]> = [
    ['Deductible', b.inDeductible],
    ['Coinsurance', b.inCoinsurance],
    ['Max out of pocket', b.inMoop],
    ['PCP copay', b.inPcpCopay],
    ['Rx (generic / preferred / non-preferred)', [b.rxRetailGeneric, b.rxRetailPreferred, b.rxRetailNonpreferred].filter(Boolean).join(' / ') || null],
  ];
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        type="button"
        onPointerEnter={() => setOpen(true)}
        onPointerLeave={() => setOpen(false)}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        className="shrink-0 rounded-md border border-slate-300 px-2 py-1 text-xs font-semibold text-brand-800 hover:bg-slate-50"
        aria-label={`Details of ${plan.title}`}
      >
        Details
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="left"
          sideOffset={6}
          onOpenAutoFocus={(event) => event.preventDefault()}
          className="z-[70] w-72 rounded-lg border border-slate-200 bg-white p-3 text-sm text-slate-800 shadow-lg"
        >
          <p className="font-semibold text-slate-900">{plan.title}</p>
          <dl className="mt-2 space-y-1">
            {rows.map(([label, value]) => (
              <div key={label} className="flex justify-between gap-3">
                <dt className="text-slate-700">{label}</dt>
                <dd className="text-right font-medium">{value ?? '—'}</dd>
              </div>
            ))}
          </dl>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

/** Dependents and tier (document 2 section 5): ineligible dependents disabled with their reason. */
function DependentsForm({ plan, data, onChange }: { plan: Plan; data: EnrollDialogData; onChange: (query: string, estimate: string | null) => void }) {
  const hydrated = useHydrated();
  const checks = data.dependents.map((d) => ({ dependent: d, result: dependentEligibility(plan, d, data.employeeGender, data.today) }));
  const eligibleIds = checks.filter((c) => c.result.eligible).map((c) => c.dependent.id);
  const [chosen, setChosen] = useState<number[]>(data.enrollment.dependents.filter((id) => eligibleIds.includes(id)));
  const [confirming, setConfirming] = useState<Dependent | null>(null);
  const picked = data.dependents.filter((d) => chosen.includes(d.id));
  const tier = tierForDependents(plan.tierStructure, picked.map((d) => ({ relationshipTypeId: d.relationshipTypeId ?? 0 })));
  const price = plan.tiers.find((t) => t.tier === tier);
  const key = chosen.join(',');

  useEffect(() => {
    onChange(`dependents=${key}${tier ? `&tier=${tier}` : ''}`, price?.contributionAmount ?? null);
    // onChange is a fresh closure each render; the query only changes with the choice.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, tier, price?.contributionAmount]);

  const toggle = (d: Dependent, on: boolean, overage: boolean) => {
    if (on && overage && hydrated) setConfirming(d);
    setChosen((list) => (on ? [...list, d.id] : list.filter((id) => id !== d.id)));
  };
  const leftOut = eligibleIds.some((id) => !chosen.includes(id));

  return (
    <fieldset>
      <input type="hidden" name="dependentsShown" value="1" />
      {tier ? <input type="hidden" name="tier" value={tier} /> : null}
      <legend className="text-sm font-semibold text-slate-900">Dependents to cover</legend>
      {data.dependents.length === 0 ? <p className="mt-1 text-sm text-slate-700">You have no dependents</p> : null}
      <ul className="mt-2 space-y-2">
        {checks.map(({ dependent: d, result }) => {
          const noteId = `dep-${d.id}-note`;
          const note = result.message ?? (result.overageConditions ? EnrollmentMessages.overageConditions : null);
          return (
            <li key={d.id}>
              <label className={cx('inline-flex items-center gap-2 text-sm', result.eligible ? 'text-slate-900' : 'text-slate-600')}>
                <input
                  type="checkbox"
                  name="dependents"
                  value={d.id}
                  checked={chosen.includes(d.id)}
                  disabled={!result.eligible}
                  aria-describedby={note ? noteId : undefined}
                  onChange={(event) => toggle(d, event.currentTarget.checked, result.overageConditions)}
                  className="h-4 w-4 rounded border-slate-400"
                />
                <span className="font-medium">{nameOf(d)}</span>
                <span className="text-slate-700">{d.relationshipType ?? ''}</span>
              </label>
              {note ? (
                <p id={noteId} className={cx('ml-6 text-sm', result.eligible ? 'text-amber-900' : 'text-red-700')}>
                  {note}
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
      {tier ? (
        <p className="mt-3 text-sm text-slate-800">
          Coverage level: <span className="font-semibold">{tierLabel(plan.tierStructure, tier) ?? plan.tierOptions.find((o) => o.value === tier)?.label}</span>
        </p>
      ) : null}
      {leftOut ? <p className="mt-2 text-sm text-slate-700">{EnrollmentMessages.declineDependentsWarning}</p> : null}
      {confirming ? (
        <Modal open title="Coverage for children 26 and over" description={EnrollmentMessages.overageConditions} onOpenChange={() => undefined} dismissable={false}>
          <div className="mt-6 flex justify-end gap-3">
            <button
              type="button"
              className={secondaryButtonClass}
              onClick={() => {
                setChosen((list) => list.filter((id) => id !== confirming.id));
                setConfirming(null);
              }}
            >
              Do not enroll
            </button>
            <button type="button" className={primaryButtonClass} onClick={() => setConfirming(null)}>
              {`${confirming.firstName ?? 'My child'} meets these conditions`}
            </button>
          </div>
        </Modal>
      ) : null}
    </fieldset>
  );
}

/** Four FSA accounts with linked per-period and annual fields (document 2 section 5). */
function FsaForm({
  limits,
  initial,
  payPeriods,
  onChange,
}: {
  limits: FsaLimits;
  initial: Record<'med' | 'dep' | 'tra' | 'park', string | null>;
  payPeriods: number;
  onChange: (estimate: string, blocked: boolean) => void;
}) {
  const periods = limits.payPeriods || payPeriods;
  const [annual, setAnnual] = useState<Record<string, string>>(() => Object.fromEntries(FSA_ACCOUNTS.map((a) => [a, initial[a] ?? ''])));
  const [perPeriod, setPerPeriod] = useState<Record<string, string>>(() => Object.fromEntries(FSA_ACCOUNTS.map((a) => [a, initial[a] ? fsaPerPeriodText(initial[a] ?? '', periods) : ''])));
  const errors: Record<string, string | null> = {};
  for (const acc of limits.accounts) {
    const v = annual[acc.account] ?? '';
    const cents = v === '' ? 0 : AMOUNT_PATTERN.test(v) ? parseMoney(v) : null;
    errors[acc.account] = cents === null ? EnrollmentMessages.invalidAmount : cents > (parseMoney(acc.limit) ?? 0) ? ContributionMessages.fsaOverLimit : null;
  }
  const totalPerPeriod = FSA_ACCOUNTS.reduce((sum, a) => sum + (parseMoney(fsaPerPeriodText(annual[a] ?? '', periods)) ?? 0), 0);
  const blocked = Object.values(errors).some(Boolean);
  useEffect(() => {
    onChange(formatPlain(totalPerPeriod), blocked);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reported when the amounts change, not on every render
  }, [totalPerPeriod, blocked]);

  return (
    <fieldset>
      <input type="hidden" name="fsaShown" value="1" />
      <input type="hidden" name="payPeriods" value={periods} />
      <legend className="text-sm font-semibold text-slate-900">Your contributions</legend>
      <div className="mt-2 space-y-4">
        {limits.accounts
          .filter((a) => a.enabled)
          .map((acc) => {
            const errorId = `fsa-${acc.account}-error`;
            const error = errors[acc.account];
            return (
              <div key={acc.account} className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-[1fr_1fr_1fr] sm:items-end">
                <p className="text-sm font-semibold text-slate-900 sm:col-span-3">
                  {acc.name}
                  <span className="ml-2 font-normal text-slate-700">{`Annual Limit: ${usd(acc.limit)}`}</span>
                </p>
                <div>
                  <label htmlFor={`fsa-${acc.account}-period`} className={labelClass}>
                    {`${acc.name} per pay period`}
                  </label>
                  <input
                    id={`fsa-${acc.account}-period`}
                    name={`fsa.${acc.account}.period`}
                    inputMode="decimal"
                    value={perPeriod[acc.account] ?? ''}
                    onChange={(event) => {
                      const v = event.currentTarget.value.trim();
                      setPerPeriod((s) => ({ ...s, [acc.account]: v }));
                      setAnnual((s) => ({ ...s, [acc.account]: v === '' ? '' : fsaAnnualText(v, periods) || s[acc.account] || '' }));
                    }}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? errorId : undefined}
                    className={inputClass}
                  />
                </div>
                <div>
                  <label htmlFor={`fsa-${acc.account}`} className={labelClass}>
                    {`${acc.name} annual`}
                  </label>
                  <input
                    id={`fsa-${acc.account}`}
                    name={`fsa.${acc.account}`}
                    inputMode="decimal"
                    value={annual[acc.account] ?? ''}
                    onChange={(event) => {
                      const v = event.currentTarget.value.trim();
                      setAnnual((s) => ({ ...s, [acc.account]: v }));
                      setPerPeriod((s) => ({ ...s, [acc.account]: v === '' ? '' : fsaPerPeriodText(v, periods) || s[acc.account] || '' }));
                    }}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? errorId : undefined}
                    className={inputClass}
                  />
                </div>
                <p className="text-sm text-slate-700">{parseMoney(acc.employerAmount) ? `Employer: ${usd(acc.employerAmount)}` : null}</p>
                <div className="sm:col-span-3">
                  <FieldError id={errorId} errors={error ? [error] : undefined} />
                </div>
              </div>
            );
          })}
      </div>
    </fieldset>
  );
}

/** HSA: the annual election within the limit, the catch-up from 55 and the Medicare warning from 65. */
function HsaForm({ limits, initial, payPeriods, onChange }: { limits: HsaLimits; initial: string | null; payPeriods: number; onChange: (estimate: string, blocked: boolean) => void }) {
  const [amount, setAmount] = useState(initial ?? '');
  const cents = amount === '' ? null : AMOUNT_PATTERN.test(amount) ? parseMoney(amount) : null;
  const limit = parseMoney(limits.limit) ?? 0;
  const employer = parseMoney(limits.contribution) ?? 0;
  const error = amount !== '' && cents === null ? EnrollmentMessages.invalidAmount : cents !== null && cents > limit ? ContributionMessages.hsaOverLimit(employer) : null;
  const estimate = cents === null ? '0.00' : fsaPerPeriodText(formatPlain(cents), payPeriods);
  const blocked = error !== null || amount === '';
  useEffect(() => {
    onChange(estimate, blocked);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reported when the amount changes, not on every render
  }, [estimate, blocked]);
  return (
    <div>
      <input type="hidden" name="hsaShown" value="1" />
      <label htmlFor="hsa-amount" className={labelClass}>
        Annual contribution
      </label>
      <input
        id="hsa-amount"
        name="hsaContributionAmount"
        inputMode="decimal"
        value={amount}
        onChange={(event) => setAmount(event.currentTarget.value.trim())}
        aria-invalid={error ? true : undefined}
        aria-describedby={['hsa-limit', error ? 'hsa-error' : null].filter(Boolean).join(' ')}
        className={cx(inputClass, 'max-w-xs')}
      />
      <FieldError id="hsa-error" errors={error ? [error] : undefined} />
      <p id="hsa-limit" className="mt-2 text-sm text-slate-700">
        {`Your annual limit is ${usd(limits.limit)} (${limits.coverage} coverage ${usd(limits.coverage === 'single' ? limits.data.single : limits.data.family)}${
          limits.catchUpEligible ? `, plus a catch-up of ${usd(limits.data.catchup)} at age 55 or older` : ''
        }${employer > 0 ? `, less your employer's ${formatUsd(employer)}` : ''}).`}
      </p>
      {limits.medicareWarning ? (
        <p role="note" className="mt-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
          Once you enroll in Medicare Part A or B, pre-tax contributions to your HSA must stop. You may still withdraw from it tax-free for qualified medical expenses.
        </p>
      ) : null}
    </div>
  );
}

/** Voluntary life: amounts per member, the spouse and child maxima and the EOI note (document 2 section 5). */
function VoluntaryLifeForm({
  limits,
  dependents,
  current,
  eoi,
  error,
  onChange,
}: {
  limits: VolLifeLimits;
  dependents: Dependent[];
  current: { employee: string | null; spouse: string | null; children: string | null };
  eoi: string[];
  error: string | null;
  onChange: (query: string) => void;
}) {
  const hasSpouse = dependents.some((d) => d.relationshipTypeId === RelationshipTypeIds.Spouse || d.relationshipTypeId === RelationshipTypeIds.DomesticPartner);
  const hasChild = dependents.some((d) => d.relationshipTypeId === RelationshipTypeIds.Child);
  const [employee, setEmployee] = useState(current.employee ?? '');
  const [spouse, setSpouse] = useState(current.spouse ?? '');
  const [children, setChildren] = useState(current.children ?? '');
  const employeeCents = parseMoney(employee) ?? 0;
  const toOptions = (list: VolLifeLimits['spouseAmounts']) => list.map((o) => ({ originalCents: parseMoney(o.original) ?? 0, reducedCents: parseMoney(o.reduced) ?? 0 }));
  const spouseMax = limits.spouseAmountPercent !== null ? maximumOption(toOptions(limits.spouseAmounts), employeeCents, limits.spouseAmountPercent) : null;
  const childMax = limits.childAmountPercent !== null ? maximumOption(toOptions(limits.childrenAmounts), employeeCents, limits.childAmountPercent) : null;
  const overGi = (chosen: string, gi: string | null) => gi !== null && (parseMoney(chosen) ?? 0) > (parseMoney(gi) ?? 0);
  const needsEoi = eoi.length > 0 || overGi(employee, limits.employeeGiAmount) || overGi(spouse, limits.spouseGiAmount) || overGi(children, limits.childGiAmount);

  useEffect(() => {
    onChange(`employee=${employee}&spouse=${hasSpouse ? spouse : ''}&child=${hasChild ? children : ''}`);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reported when the amounts change, not on every render
  }, [employee, spouse, children, hasSpouse, hasChild]);

  const select = (
    id: string,
    name: string,
    label: string,
    value: string,
    set: (v: string) => void,
    options: VolLifeLimits['employeeAmounts'],
    currentAmount: string | null,
    max: { originalCents: number } | null,
    capped: boolean,
    fieldError: string | null,
  ): ReactNode => {
    const currentCents = parseMoney(currentAmount);
    const noteId = `${id}-note`;
    return (
      <div>
        <label htmlFor={id} className={labelClass}>
          {label}
        </label>
        <select
          id={id}
          name={name}
          value={value}
          onChange={(event) => set(event.currentTarget.value)}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={capped || fieldError ? noteId : undefined}
          className={inputClass}
        >
          <option value="">{name === 'coverage.employee' ? 'Choose an amount' : 'No coverage'}</option>
          {options.map((o) => {
            const cents = parseMoney(o.original) ?? 0;
            const tooHigh = capped && (max === null || cents > max.originalCents);
            return (
              <option key={o.original} value={o.original} disabled={tooHigh}>
                {amountOptionLabel(cents, currentCents)}
                {o.reduced !== o.original ? ` (reduced to ${usd(o.reduced)})` : ''}
              </option>
            );
          })}
        </select>
        {fieldError ? <FieldError id={noteId} errors={[fieldError]} /> : null}
        {capped && !fieldError ? (
          <p id={noteId} className="mt-1 text-sm text-slate-700">
            {ContributionMessages.maximumAmount(max?.originalCents ?? 0)}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <fieldset>
      <input type="hidden" name="volLifeShown" value="1" />
      <legend className="text-sm font-semibold text-slate-900">Coverage amounts</legend>
      <div className="mt-2 grid gap-4 sm:grid-cols-3">
        {select('vl-employee', 'coverage.employee', 'Employee', employee, setEmployee, limits.employeeAmounts, current.employee, null, false, error)}
        {hasSpouse ? select('vl-spouse', 'coverage.spouse', 'Spouse', spouse, setSpouse, limits.spouseAmounts, current.spouse, spouseMax, true, null) : null}
        {hasChild ? select('vl-children', 'coverage.children', 'Children', children, setChildren, limits.childrenAmounts, current.children, childMax, true, null) : null}
      </div>
      {needsEoi ? (
        <p role="note" className="mt-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
          {ContributionMessages.eoiRequired}
        </p>
      ) : null}
    </fieldset>
  );
}

// ---------------------------------------------------------------------------------------------------------
// Decline

const DECLINE_LABELS = { do_not_have_coverage: 'I do not have other coverage', have_other_coverage: 'I have other coverage' } as const;
const MEMBER_LABELS = { self: 'Self', spouse: 'My spouse', other: 'Other' } as const;

/** The Decline Coverage form (document 2 section 5), validated by the shared schema here and in the action. */
function DeclineForm({ data, closeTo, lastResult }: { data: EnrollDialogData; closeTo: string; lastResult: SubmissionResult<string[]> | undefined }) {
  const hydrated = useHydrated();
  const busy = useNavigation().state === 'submitting';
  const waivable = isWaivable(data.enrollment.planTypeId);
  const w = data.enrollment.waiver;
  const [form, fields] = useForm({
    id: `decline-${data.enrollment.id}`,
    lastResult,
    defaultValue: w
      ? {
          declineReason: 'have_other_coverage',
          waiverReason: w.reasonId === null ? undefined : String(w.reasonId),
          insuranceCompany: w.carrierName ?? undefined,
          policyNumber: w.policyNumber ?? undefined,
          reasonOther: w.reasonOther ?? undefined,
          member: w.member ?? undefined,
          firstName: w.firstName ?? undefined,
          lastName: w.lastName ?? undefined,
        }
      : data.enrollment.status === '-2' && !data.enrollment.isNewOE
        ? { declineReason: 'do_not_have_coverage' }
        : undefined,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ZDeclineForm }),
  });
  const [reason, setReason] = useState<string>(String(fields.declineReason.initialValue ?? ''));
  const [waiverReason, setWaiverReason] = useState<string>(String(fields.waiverReason.initialValue ?? ''));
  const [member, setMember] = useState<string>(String(fields.member.initialValue ?? ''));
  const other = !hydrated || reason === 'have_other_coverage';
  const isOther = !hydrated || waiverReason === String(WAIVER_REASON_OTHER);
  const memberOther = !hydrated || member === 'other';
  const chooseFirst = waivable && hydrated && reason === '';

  const text = (meta: typeof fields.insuranceCompany, label: string) => (
    <div>
      <label htmlFor={meta.id} className={labelClass}>
        {label}
      </label>
      <input {...getInputProps(meta, { type: 'text' })} className={inputClass} />
      <FieldError id={meta.errorId} errors={meta.errors} />
    </div>
  );

  return (
    <Form method="post" preventScrollReset {...getFormProps(form)}>
      <input type="hidden" name="screen" value="decline" />
      <input type="hidden" name="enrollmentId" value={data.enrollment.id} />
      <input type="hidden" name="planTypeId" value={data.enrollment.planTypeId} />
      <h3 className="text-sm font-semibold text-slate-900">Decline Coverage</h3>
      {waivable ? (
        <div className="mt-3 space-y-4">
          <fieldset aria-describedby={fields.declineReason.errors ? fields.declineReason.errorId : undefined}>
            <legend className={labelClass}>Reason</legend>
            <div className="mt-2 space-y-2">
              {(['do_not_have_coverage', 'have_other_coverage'] as const).map((value) => (
                <label key={value} className="flex items-center gap-2 text-sm text-slate-900">
                  <input
                    type="radio"
                    name={fields.declineReason.name}
                    value={value}
                    defaultChecked={fields.declineReason.initialValue === value}
                    onChange={() => setReason(value)}
                    className="h-4 w-4"
                  />
                  {DECLINE_LABELS[value]}
                </label>
              ))}
            </div>
            <FieldError id={fields.declineReason.errorId} errors={fields.declineReason.errors} />
          </fieldset>
          {other ? (
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="sm:col-span-2">
                <label htmlFor={fields.waiverReason.id} className={labelClass}>
                  Reason for waiving
                </label>
                <select {...getSelectProps(fields.waiverReason)} onChange={(event) => setWaiverReason(event.currentTarget.value)} className={inputClass}>
                  <option value="">Choose a reason</option>
                  {data.waiverReasons.map((o) => (
                    <option key={o.id} value={o.id}>
                      {o.text}
                    </option>
                  ))}
                </select>
                <FieldError id={fields.waiverReason.errorId} errors={fields.waiverReason.errors} />
              </div>
              {text(fields.insuranceCompany, 'Insurance company')}
              {text(fields.policyNumber, 'Policy number')}
              {isOther ? (
                <>
                  <div className="sm:col-span-2">{text(fields.reasonOther, 'Other reason')}</div>
                  <fieldset className="sm:col-span-2" aria-describedby={fields.member.errors ? fields.member.errorId : undefined}>
                    <legend className={labelClass}>Who has the other coverage?</legend>
                    <div className="mt-2 flex flex-wrap gap-4">
                      {(['self', 'spouse', 'other'] as const).map((value) => (
                        <label key={value} className="inline-flex items-center gap-2 text-sm text-slate-900">
                          <input type="radio" name={fields.member.name} value={value} defaultChecked={fields.member.initialValue === value} onChange={() => setMember(value)} className="h-4 w-4" />
                          {MEMBER_LABELS[value]}
                        </label>
                      ))}
                    </div>
                    <FieldError id={fields.member.errorId} errors={fields.member.errors} />
                  </fieldset>
                  {memberOther ? (
                    <>
                      {text(fields.firstName, 'First name')}
                      {text(fields.lastName, 'Last name')}
                    </>
                  ) : null}
                </>
              ) : null}
            </div>
          ) : null}
        </div>
      ) : (
        <>
          <input type="hidden" name={fields.declineReason.name} value="do_not_have_coverage" />
          <p className="mt-2 text-sm text-slate-700">{`You are declining ${data.enrollment.planType}. You can change this until the enrollment period ends.`}</p>
        </>
      )}
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <Link to={closeTo} preventScrollReset className={secondaryButtonClass}>
          Cancel
        </Link>
        <button type="submit" disabled={busy || chooseFirst} className={primaryButtonClass}>
          {chooseFirst ? EnrollmentMessages.pleaseChooseReason : 'Decline'}
        </button>
      </div>
    </Form>
  );
}
