import { useState } from 'react';
import { Form, Link, useNavigation } from '@remix-run/react';
import type { SubmissionResult } from '@conform-to/react';
import { cheapestContributionCents, EnrollmentMessages, EnrollmentStatus, formatUsd, isDecided, parseMoney, perPeriodToAnnual, undecidedPlanTypes, type Enrollment } from '@bp/api/contracts';
import { Alert, Toast } from '~/components/ui';
import { WizardActions } from '~/components/wizard/WizardActions';
import { cx } from '~/lib/cx';
import {
  actionLabel,
  allDecided,
  canOpenDialog,
  isChosen,
  isPlanGroup,
  noPlansOffered,
  rowNotice,
  statusText,
  totalContributionCents,
  usd,
  type DialogTab,
} from '~/lib/enrollment-rules';
import type { EnrollmentStepData, PlanListEntry } from '~/lib/enrollment.server';
import { ENROLLMENT_INDEX, WIZARD_STEPS, wizardPath } from '~/lib/registration-steps';
import { ComparePlansDialog } from './ComparePlansDialog';
import { EnrollmentDialog } from './EnrollmentDialog';
import { PlanSummaryModal } from './PlanSummaryModal';

const linkClass = 'font-semibold text-brand-700 underline decoration-1 underline-offset-2 hover:text-brand-800';
const smallButtonClass =
  'inline-flex items-center justify-center rounded-md border border-brand-700 bg-white px-3 py-1.5 text-sm font-semibold text-brand-800 hover:bg-brand-50';

/** Responsive table: a real table from 600 px, stacked blocks with labelled cells below. */
const cellClass = 'block px-4 py-2 sm:table-cell sm:py-3 sm:align-top';

/**
 * Registration step 4, Benefits Enrollment: one block per plan type with
 * its status, Info and Select or Modify, the total per paycheck, and Next, which is held until every plan
 * type is decided. Dialogs open from the address (?enroll=, ?summary=, ?compare=) and need no script.
 */
export function EnrollmentStep({
  data,
  eoi,
  selectionError,
  dialogMessage,
  declineResult,
  stepPath = wizardPath(ENROLLMENT_INDEX),
  title = WIZARD_STEPS[ENROLLMENT_INDEX],
  backTo = wizardPath(ENROLLMENT_INDEX - 1),
  nextScreen = 'enrollments',
  requireAllDecided = true,
  nextFields = {},
  hideNegative = false,
  openTab,
}: {
  /** Life events 7 to 9: plan groups with a negative status (waived, declined) are left out. */
  hideNegative?: boolean;
  /** The tab the dialogs open on (life event 9 opens Decline first). */
  openTab?: DialogTab;
  /** Fields posted with Next (the life-event wizard's next step). */
  nextFields?: Record<string, string>;
  /** The page the step lives on (the registration wizard's by default; the life-event wizard's too). */
  stepPath?: string;
  title?: string;
  /** Where Back goes (null: the page has its own Back). */
  backTo?: string | null;
  /** The screen Next posts to the page's action. */
  nextScreen?: string;
  /** Registration needs every plan type decided; a life event changes only what it is about. */
  requireAllDecided?: boolean;
  data: EnrollmentStepData;
  eoi: boolean;
  /** From the action: Next was pressed with undecided plans. */
  selectionError: string | null;
  dialogMessage: string | null;
  declineResult: SubmissionResult<string[]> | undefined;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const join = (params: Record<string, string | number>) => `${stepPath}${stepPath.includes('?') ? '&' : '?'}${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString()}`;
  const [pressed, setPressed] = useState(false);
  const { plans, previousPlans } = data;
  const enrollments = hideNegative ? data.enrollments.filter((e) => !(isPlanGroup(e.planTypeId) && Number(e.status) < 0)) : data.enrollments;
  const none = !data.enabled || (data.loadError === null && noPlansOffered(enrollments));
  const decided = !requireAllDecided || allDecided(enrollments);
  const error = data.enabled && !none && ((pressed && !decided) || selectionError !== null) && !decided ? EnrollmentMessages.selectAllPlans : null;

  // The summary shows its skeleton while the page loads it.
  const pending = navigation.state === 'loading' ? new URLSearchParams(navigation.location.search) : null;
  const loadingSummary = pending?.get('summary') !== undefined && pending?.get('summary') !== null && !data.summary;

  return (
    <div>
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {data.loadError ? (
        <Alert tone="error" className="mt-4">
          {data.loadError}
        </Alert>
      ) : null}

      {none ? (
        <div className="mt-6 rounded-xl border border-slate-200 px-6 py-10 text-center">
          <p className="text-base font-semibold text-slate-900">{EnrollmentMessages.notEligibleForAny}</p>
          <p className="mt-2 text-sm text-slate-700">{EnrollmentMessages.pressNext}</p>
        </div>
      ) : (
        <table className="mt-6 block w-full border-collapse text-sm sm:table">
          <caption className="sr-only">Your benefit elections</caption>
          <thead className="sr-only sm:not-sr-only sm:table-header-group">
            <tr className="border-b border-slate-300 bg-slate-50 text-left text-slate-800">
              <th scope="col" className="px-4 py-2 font-semibold sm:w-[45%]">
                Plan Name
              </th>
              <th scope="col" className="px-4 py-2 font-semibold">
                Enrollment
              </th>
              <th scope="col" className="px-4 py-2 text-right font-semibold">
                Contribution
              </th>
            </tr>
          </thead>
          {enrollments.map((e) => (
            <EnrollmentRow
              key={e.id}
              enrollment={e}
              plans={plans.filter((p) => p.planTypeId === e.planTypeId)}
              hasPreviousPlan={previousPlans.some((p) => p.planTypeId === e.planTypeId)}
              join={openTab ? (params) => join('enroll' in params ? { ...params, tab: openTab } : params) : join}
              markUndecided={error !== null}
              payPeriods={data.payPeriods}
            />
          ))}
          <tfoot className="block sm:table-footer-group">
            <tr className="block border-t-2 border-slate-300 sm:table-row">
              <th scope="row" colSpan={2} className={cx(cellClass, 'text-left text-base font-semibold text-slate-900')}>
                Total contribution
              </th>
              <td className={cx(cellClass, 'text-base font-semibold text-slate-900 sm:text-right')} data-testid="total-contribution">
                {formatUsd(totalContributionCents(enrollments))}
                <span className="block text-xs font-normal text-slate-700">per paycheck</span>
              </td>
            </tr>
          </tfoot>
        </table>
      )}

      {error ? (
        <Alert tone="error" id="enrollment-selection-error" className="mt-6">
          {error}
          <span className="mt-1 block font-normal">{EnrollmentMessages.stillToChoose(undecidedPlanTypes(enrollments))}</span>
        </Alert>
      ) : null}

      <Form
        method="post"
        onSubmit={(event) => {
          // Known undecided rows stop here; the action checks the fresh list again.
          setPressed(true);
          if (data.enabled && !none && !decided) event.preventDefault();
        }}
      >
        <input type="hidden" name="screen" value={nextScreen} />
        {Object.entries(nextFields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <WizardActions backTo={backTo ?? undefined} busy={busy} nextDescribedBy={error ? 'enrollment-selection-error' : undefined} />
      </Form>

      {data.notice ? <Toast tone="error" text={data.notice} resetKey={data} /> : null}
      {data.dialog ? (
        <EnrollmentDialog
          key={`${data.dialog.enrollment.id}-${data.dialog.planId}-${data.dialog.tab}`}
          data={data.dialog}
          closeTo={stepPath}
          compareTo={data.dialog.plans.length > 1 || data.dialog.currentPlan ? join({ compare: data.dialog.enrollment.id }) : null}
          tabTo={(tab: DialogTab) => join({ enroll: data.dialog?.enrollment.id ?? 0, tab })}
          message={dialogMessage}
          declineResult={declineResult}
        />
      ) : null}
      {data.compare ? (
        <ComparePlansDialog
          data={data.compare}
          closeTo={stepPath}
          selectTo={(planId) => join({ enroll: data.compare?.enrollment.id ?? 0, plan: planId })}
          tierTo={(tier) => join({ compare: data.compare?.enrollment.id ?? 0, tier })}
        />
      ) : null}
      {data.summary || loadingSummary ? <PlanSummaryModal data={data.summary} eoi={eoi} closeTo={stepPath} /> : null}
    </div>
  );
}

function EnrollmentRow({
  enrollment: e,
  plans,
  hasPreviousPlan,
  join,
  markUndecided,
  payPeriods,
}: {
  enrollment: Enrollment;
  plans: PlanListEntry[];
  hasPreviousPlan: boolean;
  join: (params: Record<string, string | number>) => string;
  /** After Next was refused: a row still to choose says so. */
  markUndecided: boolean;
  payPeriods: number;
}) {
  const cheapest = cheapestContributionCents(plans);
  const group = isPlanGroup(e.planTypeId);
  const shownPlans = group ? plans : plans.filter((p) => e.planId === null || p.id === e.planId || plans.length === 1);
  const notice = rowNotice(e);
  const status = !e.selectable ? 'Enrolled' : e.restricted > 0 ? 'Not Available' : statusText(e);
  const label = actionLabel(e);
  const enrolled = e.status === EnrollmentStatus.Enrolled && status === 'Enrolled';
  const headingId = `enrollment-${e.id}`;

  return (
    <tbody className="block border-b border-slate-200 sm:table-row-group" aria-labelledby={headingId}>
      <tr className="block sm:table-row">
        <th id={headingId} scope="rowgroup" colSpan={3} className="block bg-slate-50/60 px-4 pt-3 text-left text-base font-semibold text-slate-900 sm:table-cell">
          {e.planType}
        </th>
      </tr>
      <tr className="block sm:table-row">
        <td className={cellClass}>
          <span className="text-xs font-semibold uppercase text-slate-700 sm:hidden">Plan Name</span>
          <ul className="space-y-1.5">
            {shownPlans.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center gap-2">
                <span className={cx('text-slate-900', p.id === e.planId && enrolled && 'font-semibold')}>
                  {p.title}
                  {p.id === e.planId && enrolled ? <span className="sr-only"> (your choice)</span> : null}
                </span>
                <Link to={join({ summary: p.id })} preventScrollReset aria-label={`Info: ${p.title}`} className="rounded border border-slate-300 px-1.5 py-0.5 text-xs font-semibold text-brand-800 hover:bg-slate-50">
                  Info
                </Link>
              </li>
            ))}
            {shownPlans.length === 0 && e.planName ? <li className="text-slate-900">{e.planName}</li> : null}
          </ul>
          {group && plans.length > 1 ? (
            <Link to={join({ compare: e.id })} preventScrollReset className={cx(linkClass, 'mt-2 inline-block')}>
              Compare plans
            </Link>
          ) : group && hasPreviousPlan ? (
            <Link to={join({ compare: e.id })} preventScrollReset className={cx(linkClass, 'mt-2 inline-block')}>
              Compare your current plan with the new plans
            </Link>
          ) : null}
          {group && e.dependentNames.length > 0 && enrolled ? (
            <ul aria-label={`Dependents covered by ${e.planType}`} className="mt-2 flex flex-wrap gap-1.5">
              {e.dependentNames.map((name, i) => (
                <li key={`${name}-${i}`} className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-900">
                  {name}
                </li>
              ))}
            </ul>
          ) : null}
        </td>
        <td className={cellClass}>
          <span className="text-xs font-semibold uppercase text-slate-700 sm:hidden">Enrollment</span>
          {status ? <p className="font-semibold text-slate-900">{status}</p> : <p className="text-slate-700">Not selected</p>}
          {markUndecided && !isDecided(e) ? (
            <p className="mt-1 flex items-center gap-1 font-semibold text-red-800">
              <span aria-hidden="true">!</span>
              {EnrollmentMessages.notChosenYet}
            </p>
          ) : null}
          {!e.selectable ? <p className="text-slate-700">Employer Paid</p> : null}
          {notice ? <p className="mt-1 text-slate-700">{notice}</p> : null}
          {canOpenDialog(e) ? (
            <Link to={join({ enroll: e.id })} preventScrollReset aria-label={`${label} ${e.planType}`} className={cx(smallButtonClass, 'mt-2')}>
              {label}
            </Link>
          ) : null}
        </td>
        <td className={cx(cellClass, 'sm:text-right')} data-testid={`contribution-${e.planTypeId}`}>
          <span className="text-xs font-semibold uppercase text-slate-700 sm:hidden">Contribution </span>
          {enrolled ? (
            <>
              <span className="font-semibold text-slate-900">{usd(e.contributionAmount)}</span>
              <span className="block text-xs text-slate-700">per paycheck</span>
              <span className="block text-xs text-slate-700">{formatUsd(perPeriodToAnnual(parseMoney(e.contributionAmount) ?? 0, payPeriods))} per year</span>
              {(parseMoney(e.employerContributionAmount) ?? 0) > 0 ? (
                <span className="block text-xs text-slate-700">
                  Employer pays {usd(e.employerContributionAmount)} per paycheck ({formatUsd(perPeriodToAnnual(parseMoney(e.employerContributionAmount) ?? 0, payPeriods))} per year)
                </span>
              ) : null}
            </>
          ) : cheapest !== null && !isChosen(e) && e.restricted === 0 ? (
            // Before a choice: what the cheapest option costs, not $0.00.
            <>
              <span className="font-semibold text-slate-900">from {formatUsd(cheapest)}</span>
              <span className="block text-xs text-slate-700">per paycheck</span>
            </>
          ) : (
            <>
              <span className="font-semibold text-slate-900">{usd(null)}</span>
              <span className="block text-xs text-slate-700">per paycheck</span>
            </>
          )}
        </td>
      </tr>
    </tbody>
  );
}
