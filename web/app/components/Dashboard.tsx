import { Form, Link, useNavigate, useNavigation } from '@remix-run/react';
import { DashboardMessages, DraftMessages, ENROLLMENT_STATUS_TEXT, EnrollmentStatus, payFrequencyName, type CarrierLinkItem, type PlanEnrollmentSummary } from '@bp/api/contracts';
import type { DashboardData } from '~/lib/dashboard.server';
import { sitePath } from '~/lib/site';
import { usd } from '~/lib/usd';
import { Alert, Modal, primaryButtonClass, secondaryButtonClass } from './ui';

const card = 'rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6';
const th = 'px-3 py-2.5 text-left font-semibold';

/**
 * The employee dashboard: the Benefits Snapshot with its total and the plan
 * detail dialog, the change-window card with Modify Selections, enrollment issues and carrier links. The
 * dialogs open from the address (?plan=, ?modify=1) so they work without JavaScript too.
 */
export function Dashboard({ data, firstName }: { data: DashboardData; firstName: string | null }) {
  return (
    <section aria-labelledby="page-heading" className="mx-auto max-w-6xl">
      <h1 id="page-heading" className="text-2xl font-semibold tracking-tight text-slate-900">
        Dashboard
      </h1>
      {firstName ? <p className="mt-1 text-slate-700">Welcome, {firstName}.</p> : null}
      <div className="mt-6 grid gap-6 min-[980px]:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-6">
          <BenefitsSnapshot data={data} />
          <IssuesPanel issues={data.issues} />
        </div>
        <div className="min-w-0 space-y-6">
          {data.draft ? (
            <DraftCard draft={data.draft} confirmOpen={data.confirmCancelChanges} />
          ) : data.changeWindow.show ? (
            <ChangeCard message={data.changeWindow.message} confirmOpen={data.confirmModify} />
          ) : null}
          <CarrierLinks items={data.carrierLinks} />
        </div>
      </div>
      {data.detail ? <PlanDetail row={data.detail} /> : null}
    </section>
  );
}

function BenefitsSnapshot({ data }: { data: DashboardData }) {
  const { elected, notEnrolled, totalContribution, annualTotalContribution, annualEmployerTotal, payPeriods, snapshotError } = data;
  const row = (r: PlanEnrollmentSummary) => (
    <tr key={r.enrollmentId}>
      <th scope="row" className="px-3 py-2.5 text-left font-medium">
        <Link to={`?plan=${r.enrollmentId}`} preventScrollReset className="text-brand-800 underline decoration-brand-300 underline-offset-2 hover:decoration-brand-800">
          {r.status === EnrollmentStatus.Enrolled ? r.planName : r.planType}
        </Link>
        {r.status === EnrollmentStatus.Enrolled ? <span className="block text-xs font-normal text-slate-600">{r.planType}</span> : null}
        {/* Narrow screens fold the status column into the plan cell. */}
        <span className="block text-xs font-normal text-slate-700 sm:hidden">{ENROLLMENT_STATUS_TEXT[r.status]}</span>
      </th>
      <td className="hidden px-3 py-2.5 text-slate-800 sm:table-cell">{ENROLLMENT_STATUS_TEXT[r.status]}</td>
      <td className="px-3 py-2.5 text-right tabular-nums text-slate-900">{r.status === EnrollmentStatus.Enrolled ? usd(r.contributionAmount) : '—'}</td>
      <td className="px-3 py-2.5 text-right tabular-nums text-slate-900">{r.status === EnrollmentStatus.Enrolled ? usd(r.annualContributionAmount) : '—'}</td>
    </tr>
  );
  return (
    <article aria-labelledby="snapshot-heading" className={card}>
      <h2 id="snapshot-heading" className="text-lg font-semibold text-slate-900">
        Benefits Snapshot
      </h2>
      {snapshotError ? (
        <Alert tone="error" className="mt-4">
          {snapshotError}
        </Alert>
      ) : null}
      {elected.length === 0 ? <p className="mt-4 text-slate-700">{DashboardMessages.notEnrolledInAny}</p> : null}
      {elected.length + notEnrolled.length > 0 ? (
        <div className="relative mt-4 overflow-x-auto rounded-lg border border-slate-200">
          <table className="w-full text-sm">
            <caption className="sr-only">Your benefits: plans you are enrolled in and plans you are not, with the cost per paycheck and per year</caption>
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className={th}>
                  Plan
                </th>
                <th scope="col" className={`${th} hidden sm:table-cell`}>
                  Status
                </th>
                <th scope="col" className={`${th} text-right`}>
                  Per paycheck
                </th>
                <th scope="col" className={`${th} text-right`}>
                  Per year
                </th>
              </tr>
            </thead>
            {elected.length > 0 ? (
              <tbody className="divide-y divide-slate-200">
                <tr className="bg-white">
                  <th scope="colgroup" colSpan={2} className="px-3 pt-3 text-left text-xs font-semibold uppercase tracking-wide text-slate-700">
                    Enrolled
                  </th>
                  <td className="hidden sm:table-cell" />
                  <td />
                </tr>
                {elected.map(row)}
              </tbody>
            ) : null}
            {notEnrolled.length > 0 ? (
              <tbody className="divide-y divide-slate-200 border-t border-slate-200">
                <tr className="bg-white">
                  <th scope="colgroup" colSpan={2} className="px-3 pt-3 text-left text-xs font-semibold uppercase tracking-wide text-slate-700">
                    Not enrolled
                  </th>
                  <td className="hidden sm:table-cell" />
                  <td />
                </tr>
                {notEnrolled.map(row)}
              </tbody>
            ) : null}
            <tfoot className="border-t-2 border-slate-300 bg-slate-50 font-semibold text-slate-900">
              <tr>
                <th scope="row" className="px-3 py-2.5 text-left">
                  Total per paycheck
                </th>
                <td className="hidden sm:table-cell" />
                <td className="px-3 py-2.5 text-right tabular-nums" data-testid="snapshot-total">
                  {usd(totalContribution)}
                </td>
                <td className="px-3 py-2.5 text-right tabular-nums" data-testid="snapshot-annual-total">
                  {usd(annualTotalContribution)}
                </td>
              </tr>
            </tfoot>
          </table>
        </div>
      ) : null}
      {elected.length > 0 && payPeriods ? (
        <p className="mt-3 text-sm text-slate-700" data-testid="snapshot-employer">
          {Number(annualEmployerTotal) > 0 ? `Your employer pays ${usd(annualEmployerTotal)} a year toward these plans. ` : ''}
          Costs are taken from {payFrequencyName(payPeriods)}.
        </p>
      ) : null}
    </article>
  );
}

function PlanDetail({ row: r }: { row: PlanEnrollmentSummary }) {
  const navigate = useNavigate();
  const enrolled = r.status === EnrollmentStatus.Enrolled;
  const items: Array<[string, string]> = [
    ['Plan type', r.planType],
    ['Status', ENROLLMENT_STATUS_TEXT[r.status]],
    ...(enrolled
      ? ([
          ['Covered dependents', r.dependents.length > 0 ? r.dependents.join(', ') : 'Employee only'],
          ['Effective From', r.eligibilityDate ?? '—'],
          ['Effective To', r.effectiveToDate ?? '—'],
          ['Policy number', r.policyNumber ?? '—'],
          ['Member number', r.memberNumber ?? '—'],
          ['Your cost per paycheck', usd(r.contributionAmount)],
        ] as Array<[string, string]>)
      : []),
  ];
  return (
    <Modal open wide title={enrolled ? r.planName : r.planType} onOpenChange={(open) => (open ? undefined : navigate('/', { preventScrollReset: true }))}>
      <dl className="mt-4 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        {items.map(([label, value]) => (
          <div key={label}>
            <dt className="text-slate-600">{label}</dt>
            <dd className="font-medium text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-6 flex justify-end">
        <Link to="/" preventScrollReset className={secondaryButtonClass}>
          Close
        </Link>
      </div>
    </Modal>
  );
}

/**
 * 'You can still make changes to your benefits' with the days left and Modify Selections.
 * `closeTo` is the page it sits on (the dashboard or Change Benefits): its action takes intent=modify.
 */
export function ChangeCard({ message, confirmOpen, closeTo = '/' }: { message: string | null; confirmOpen: boolean; closeTo?: string }) {
  const navigate = useNavigate();
  const busy = useNavigation().state === 'submitting';
  return (
    <aside aria-labelledby="change-heading" className="rounded-xl border border-brand-100 bg-brand-50 p-5 text-brand-900 sm:p-6">
      <h2 id="change-heading" className="font-semibold">
        {DashboardMessages.canStillChange}
      </h2>
      {message ? <p className="mt-2 text-sm">{message}</p> : null}
      <Link to="?modify=1" preventScrollReset className={`${primaryButtonClass} mt-4`}>
        {DashboardMessages.modifySelections}
      </Link>
      <Modal
        open={confirmOpen}
        title={DashboardMessages.modifySelections}
        description="You will go back to the Benefits Enrollment step and through the following steps again, including your signature. Your signed elections stay in force until you sign your changes, and you can save and leave at any time. Do you want to continue?"
        onOpenChange={(open) => (open ? undefined : navigate(closeTo, { preventScrollReset: true }))}
      >
        <Form method="post" className="mt-6 flex justify-end gap-3">
          <input type="hidden" name="intent" value="modify" />
          <Link to={closeTo} preventScrollReset className={secondaryButtonClass}>
            Cancel
          </Link>
          <button type="submit" disabled={busy} className={primaryButtonClass}>
            Continue
          </button>
        </Form>
      </Modal>
    </aside>
  );
}

/**
 * Unsigned changes after Modify Selections: the snapshot beside it shows the signed
 * elections, still in force; the employee goes on with the changes or discards them.
 */
function DraftCard({ draft, confirmOpen }: { draft: NonNullable<DashboardData['draft']>; confirmOpen: boolean }) {
  const navigate = useNavigate();
  const busy = useNavigation().state === 'submitting';
  return (
    <aside aria-labelledby="draft-heading" className="rounded-xl border border-amber-300 bg-amber-50 p-5 text-amber-950 sm:p-6">
      <h2 id="draft-heading" className="font-semibold">
        {DraftMessages.unsignedChangesTitle}
      </h2>
      <p className="mt-2 text-sm">{DraftMessages.unsignedChanges}</p>
      {draft.changedPlanTypes.length > 0 ? <p className="mt-2 text-sm font-medium">{DraftMessages.changed(draft.changedPlanTypes)}</p> : null}
      <div className="mt-4 flex flex-wrap gap-3">
        <Link to={draft.continueTo} className={primaryButtonClass}>
          {DraftMessages.continueChanges}
        </Link>
        <Link to="?cancelChanges=1" preventScrollReset className={secondaryButtonClass}>
          {DraftMessages.cancelChanges}
        </Link>
      </div>
      <Modal
        open={confirmOpen}
        title={DraftMessages.cancelChanges}
        description={DraftMessages.cancelConfirm}
        onOpenChange={(open) => (open ? undefined : navigate('/', { preventScrollReset: true }))}
      >
        <Form method="post" className="mt-6 flex flex-wrap justify-end gap-3">
          <input type="hidden" name="intent" value="cancelChanges" />
          <Link to="/" preventScrollReset className={secondaryButtonClass}>
            {DraftMessages.keepChanges}
          </Link>
          <button type="submit" disabled={busy} className={primaryButtonClass}>
            {DraftMessages.cancelChanges}
          </button>
        </Form>
      </Modal>
    </aside>
  );
}

function IssuesPanel({ issues }: { issues: DashboardData['issues'] }) {
  return (
    <article aria-labelledby="issues-heading" className={card}>
      <h2 id="issues-heading" className="text-lg font-semibold text-slate-900">
        Enrollment issues
      </h2>
      {issues.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700">You have no open enrollment issues.</p>
      ) : (
        <ul className="mt-3 space-y-2">
          {issues.map((issue, index) => (
            <li key={`${index}-${issue.label}`} className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
              <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 h-4 w-4 shrink-0" fill="currentColor">
                <path fillRule="evenodd" d="M8.485 2.495c.673-1.167 2.357-1.167 3.03 0l6.28 10.875c.673 1.167-.17 2.625-1.516 2.625H3.72c-1.347 0-2.189-1.458-1.515-2.625L8.485 2.495ZM10 5a.75.75 0 0 1 .75.75v3.5a.75.75 0 0 1-1.5 0v-3.5A.75.75 0 0 1 10 5Zm0 9a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z" clipRule="evenodd" />
              </svg>
              <span>
                {issue.label}
                {issue.fileId !== null ? (
                  <>
                    {' '}
                    <a href={sitePath(`/files/${issue.fileId}`)} target="_blank" rel="noreferrer" className="font-semibold underline">
                      Open the form<span className="sr-only"> (opens in a new window)</span>
                    </a>
                  </>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}

/** Medical (with Rx), dental and vision directories, each shown by its host name. */
function CarrierLinks({ items }: { items: CarrierLinkItem[] }) {
  return (
    <article aria-labelledby="carrier-heading" className={card}>
      <h2 id="carrier-heading" className="text-lg font-semibold text-slate-900">
        Carrier links
      </h2>
      {items.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700">{DashboardMessages.noCarrierLinks}</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {items.map((item) => (
            <li key={`${item.label}-${item.url}`} className="text-sm">
              <span className="block text-slate-600">
                {item.label} <span className="sr-only">for </span>
                <span className="text-slate-500">({item.planName})</span>
              </span>
              <a href={item.url} target="_blank" rel="noreferrer noopener" className="break-all font-medium text-brand-800 underline decoration-brand-300 underline-offset-2 hover:decoration-brand-800">
                {item.host}
                <span className="sr-only"> (opens in a new window)</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
