import { useEffect, useRef } from 'react';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { Link, Outlet, useActionData, useLoaderData, useRouteLoaderData, useSearchParams } from '@remix-run/react';
import {
  Messages,
  ZBeneficiaryList,
  ZDependentList,
  ZEmployeeFileList,
  ZCensusEmployee,
  CensusMessages,
  ZEnrollmentIssueList,
  ZEnrollmentList,
  ZPlanEnrollmentSummaryList,
  type Beneficiary,
  type Dependent,
  type EmployeeFile,
  type CensusEmployee,
  type EnrollmentIssue,
  type PlanEnrollmentSummary,
} from '@bp/api/contracts';
import { Alert, primaryButtonClass, secondaryButtonClass } from '~/components/ui';
import { CENSUS_TEXTS, CensusBeneficiaries, CensusDependents, CensusEnrollments, CensusFiles, CensusPersonal } from '~/components/census/CensusTabs';
import { PlanSummaryModal } from '~/components/enrollment/PlanSummaryModal';
import { loadPlanSummary, type PlanSummaryData } from '~/lib/enrollment.server';
import { apiCall } from '~/lib/api.server';
import { cx } from '~/lib/cx';
import { positiveInt, useWithParams } from '~/lib/address';
import { requireUser, throwOnSessionFailure } from '~/lib/shell.server';
import { unlockForEmployee } from '~/lib/secured.server';
import type { loader as censusLoader } from './employees-census';

export { RouteErrorBoundary as ErrorBoundary } from '~/components/RouteErrorBoundary';

/** The detail's tabs; links, so each works without scripts and can be linked to. */
const CENSUS_TABS = [
  { id: 'personal', label: 'Personal' },
  { id: 'dependents', label: 'Dependents' },
  { id: 'beneficiaries', label: 'Beneficiaries' },
  { id: 'enrollments', label: 'Enrollments' },
  { id: 'files', label: 'Files' },
] as const;

interface CensusDetail {
  profile: CensusEmployee;
  issues: EnrollmentIssue[];
  /** The open tab's data (null for the other tabs, or when its read failed: it then shows empty). */
  summary: PlanEnrollmentSummary[] | null;
  dependents: Dependent[] | null;
  beneficiaries: Beneficiary[] | null;
  files: EmployeeFile[] | null;
}

/**
 * One employee of the census at their own address (/employees-census/{id}), beside the list: `?tab=` opens a tab,
 * `?summary=` a plan's summary on the Enrollments tab. Edit, Terminate, Resend invite and 'Log in as employee'
 * are dialog routes under this one. An id the API does not give (unknown, another client's) selects nobody.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { user, token } = await requireUser(request, context);
  const url = new URL(request.url);
  const asked = positiveInt(params.employeeId ?? null);
  const tab = CENSUS_TABS.find((t) => t.id === url.searchParams.get('tab'))?.id ?? 'personal';
  let detail: CensusDetail | null = null;
  let planSummary: PlanSummaryData | null = null;
  if (asked !== null) {
    const caller = { token, request, context };
    // The employee's own record decides whether anyone is selected; the tab's data comes with it.
    const [profile, tasks, summary, dependents, beneficiaries] = await Promise.all([
      apiCall(ZCensusEmployee, `/employees/${asked}/employee`, caller),
      apiCall(ZEnrollmentIssueList, `/employees/${asked}/tasks`, caller),
      tab === 'enrollments' ? apiCall(ZPlanEnrollmentSummaryList, `/employees/${asked}/summary`, caller) : null,
      tab === 'dependents' ? apiCall(ZDependentList, `/employees/${asked}/dependents`, caller) : null,
      tab === 'beneficiaries' ? apiCall(ZBeneficiaryList, `/employees/${asked}/beneficiaries`, caller) : null,
    ]);
    const files = tab === 'files' && profile.ok ? await apiCall(ZEmployeeFileList, `/employees/${asked}/files`, caller) : null;
    // A plan of the Enrollments tab opens the Plan Summary the employee sees, priced for them (the -hr calls).
    const summaryPlan = Number(url.searchParams.get('summary'));
    if (tab === 'enrollments' && profile.ok && Number.isInteger(summaryPlan) && summaryPlan > 0) {
      const elections = await apiCall(ZEnrollmentList, `/employees/${asked}/enrollments`, caller);
      planSummary = await loadPlanSummary(`/plans-hr/${summaryPlan}/${asked}`, elections.ok ? elections.data : [], user.payPeriods ?? 26, caller);
    }
    if (profile.ok) {
      detail = {
        profile: profile.data,
        issues: tasks.ok ? tasks.data : [],
        summary: summary?.ok ? summary.data : null,
        dependents: dependents?.ok ? dependents.data : null,
        beneficiaries: beneficiaries?.ok ? beneficiaries.data : null,
        files: files?.ok ? files.data : null,
      };
    } else {
      await throwOnSessionFailure(profile);
    }
  }
  return { selectedId: detail ? asked : null, notFound: detail === null, detail, tab, planSummary };
}

/**
 * The secured-data lock of a tab (?unlock=). It stays this page's action, not a route of its own, because
 * without JavaScript the lock posts as a page submission and the values are drawn by this page's tabs from its
 * action data.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const url = new URL(request.url);
  const unlock = url.searchParams.get('unlock');
  if (unlock !== 'personal' && unlock !== 'dependents' && unlock !== 'beneficiaries') return data({ values: null, error: Messages.noEmployeeFound }, { status: 400 });
  const employee = positiveInt(params.employeeId ?? null);
  if (employee === null) return data({ values: null, error: Messages.noEmployeeFound }, { status: 404 });
  return unlockForEmployee(unlock, employee, await request.formData(), request, context);
}

/** What Resend invite did; it takes focus, as the dialog that did it is gone (employees-census.$employeeId.resend-invite.tsx). */
function InviteSent({ to }: { to: string | null }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} tabIndex={-1} role="status" className="mt-4 rounded-md border border-green-300 bg-green-50 px-3 py-2 text-sm font-medium text-green-900 outline-none focus-visible:ring-2 focus-visible:ring-brand-600">
      {CensusMessages.inviteSent(to)}
    </div>
  );
}

export default function CensusEmployeeRoute() {
  const census = useRouteLoaderData<typeof censusLoader>('routes/employees-census');
  const { selectedId, notFound, detail, tab, planSummary } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const done = searchParams.get('done');
  const withParams = useWithParams();
  if (!census) return null;
  const { canImpersonate, canUpload, canEdit, selfId, skipPrompt } = census;

  // The list entry of the selected employee, or (paged or searched out of the list) the record itself.
  const selected =
    census.groups.flatMap((g) => g.result).find((e) => e.id === selectedId) ??
    (detail && selectedId !== null ? { id: selectedId, firstName: detail.profile.firstName, lastName: detail.profile.lastName } : null);
  const here = `/employees-census/${selectedId}`;
  // The lock posts to this page with what to unlock (the route's action).
  const lockOf = (what: string) => `${here}?tab=${tab}&unlock=${what}`;
  const tabTo = (id: string) => withParams({ tab: id });
  const dialogTo = (path: string) => `${here}/${path}${withParams({ done: null, summary: null })}`;

  if (!selected || !detail) {
    return notFound ? (
      <p role="alert" className="font-medium text-red-700">
        {Messages.noEmployeeFound}
      </p>
    ) : null;
  }
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-xl font-semibold text-slate-900">
            {selected.firstName} {selected.lastName}
          </h2>
          <p className="mt-1 text-sm text-slate-800" data-testid="employee-progress">
            <span className="font-medium">Progress: </span>
            {detail.profile.progress.text}
          </p>
          {/* Someone who left: their state comes first, before anything HR might do. */}
          {detail.profile.terminated || detail.profile.cobra ? (
            <p className="mt-1 inline-block rounded-md border border-amber-300 bg-amber-50 px-2.5 py-1 text-sm font-semibold text-amber-950" data-testid="employee-state">
              {`${detail.profile.cobra ? 'COBRA/Continuation' : 'Terminated'} on ${detail.profile.terminationDate ?? '—'}${detail.profile.coverageEndDate ? `; coverage ends ${detail.profile.coverageEndDate}` : ''}`}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          {canEdit ? (
            <Link to={dialogTo('edit')} preventScrollReset className={secondaryButtonClass}>
              Edit
            </Link>
          ) : null}
          {/* Terminate: only for an active employee, never for oneself. */}
          {canEdit && !detail.profile.terminated && !detail.profile.cobra && selected.id !== selfId ? (
            // Details, a review of what will change, then the signature: dialog routes of their own (employees-census.$employeeId.terminate.$step.tsx).
            <Link to={dialogTo('terminate/details')} preventScrollReset className={secondaryButtonClass}>
              Terminate
            </Link>
          ) : null}
          {/* Resend invite: someone not registered yet who has an email; a confirmation route of its own. */}
          {canEdit && !detail.profile.hasAccount && detail.profile.email && !detail.profile.terminated ? (
            <Link to={dialogTo('resend-invite')} preventScrollReset className={secondaryButtonClass}>
              {detail.profile.progress.state === 'not-invited' ? 'Send invite' : 'Resend invite'}
            </Link>
          ) : null}
          {canImpersonate && selected.id !== selfId ? (
            // Asks for the reason first, in a dialog route of its own (employees-census.$employeeId.impersonate.tsx).
            <Link to={dialogTo('impersonate')} preventScrollReset className={detail.profile.terminated || detail.profile.cobra ? secondaryButtonClass : primaryButtonClass}>
              Log in as employee
            </Link>
          ) : null}
        </div>
      </div>
      {done === 'invited' ? <InviteSent to={detail.profile.email} /> : null}
      {answer && !answer.values && answer.error ? (
        <Alert tone="error" className="mt-4">
          {answer.error}
        </Alert>
      ) : null}
      <nav aria-label="Employee details" className="mt-5 border-b border-slate-200">
        <ul className="-mb-px flex flex-wrap gap-1">
          {CENSUS_TABS.map((t) => (
            <li key={t.id}>
              <Link
                to={tabTo(t.id)}
                preventScrollReset
                aria-current={tab === t.id ? 'page' : undefined}
                className={cx('inline-flex items-center gap-1 border-b-2 px-3 py-2 text-sm font-medium', tab === t.id ? 'border-brand-700 text-brand-900' : 'border-transparent text-slate-700 hover:border-slate-300')}
              >
                {t.label}
                {t.id === 'enrollments' && detail.issues.length > 0 ? (
                  <span role="img" aria-label={CENSUS_TEXTS.issues} className="text-amber-700">
                    ⚠
                  </span>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {tab === 'personal' ? <CensusPersonal profile={detail.profile} lock={lockOf('personal')} skipPrompt={skipPrompt} /> : null}
      {tab === 'dependents' ? <CensusDependents dependents={detail.dependents ?? []} lock={lockOf('dependents')} skipPrompt={skipPrompt} /> : null}
      {tab === 'beneficiaries' ? <CensusBeneficiaries beneficiaries={detail.beneficiaries ?? []} lock={lockOf('beneficiaries')} skipPrompt={skipPrompt} /> : null}
      {tab === 'enrollments' ? <CensusEnrollments summary={detail.summary ?? []} summaryOf={(planId) => withParams({ summary: String(planId) })} /> : null}
      {tab === 'enrollments' && searchParams.get('summary') ? <PlanSummaryModal data={planSummary} eoi={false} closeTo={withParams({ summary: null })} /> : null}
      {tab === 'files' && selectedId !== null ? <CensusFiles files={detail.files ?? []} employeeId={selectedId} canUpload={canUpload} /> : null}
      <Outlet />
    </>
  );
}
