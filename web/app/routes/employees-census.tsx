import { useEffect, useRef } from 'react';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, Outlet, useActionData, useLoaderData, useSearchParams } from '@remix-run/react';
import {
  EMPLOYEE_GROUPS,
  Messages,
  ZBeneficiaryList,
  ZDependentList,
  ZEmployeeFileList,
  ZEmployeeListPage,
  ZCensusEmployee,
  CensusMessages,
  ZEnrollmentIssueList,
  ZEnrollmentList,
  ZCensusProgressState,
  ZPlanEnrollmentSummaryList,
  type Beneficiary,
  type Dependent,
  type EmployeeFile,
  type EmployeeGroup,
  type CensusEmployee,
  type EnrollmentIssue,
  type PlanEnrollmentSummary,
} from '@bp/api/contracts';
import { Alert, primaryButtonClass, secondaryButtonClass, Toast } from '~/components/ui';
import { CensusList } from '~/components/census/CensusList';
import { CENSUS_TEXTS, CensusBeneficiaries, CensusDependents, CensusEnrollments, CensusFiles, CensusPersonal } from '~/components/census/CensusTabs';
import { PlanSummaryModal } from '~/components/enrollment/PlanSummaryModal';
import { loadPlanSummary, type PlanSummaryData } from '~/lib/enrollment.server';
import { apiCall } from '~/lib/api.server';
import { cx } from '~/lib/cx';
import { useWithParams } from '~/lib/address';
import { pageTitle } from '~/lib/meta';
import { requireUser, throwOnSessionFailure } from '~/lib/shell.server';
import { unlockForEmployee } from '~/lib/secured.server';

export { RouteErrorBoundary as ErrorBoundary } from '~/components/RouteErrorBoundary';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'Employee Census') }];

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

/** The census list, one server page per group: `?search=` narrows it, `?{group}Page=` pages it, `?employee=` selects one. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, token } = await requireUser(request, context);
  const url = new URL(request.url);
  const search = url.searchParams.get('search')?.trim() ?? '';
  // The progress filter (contracts' states); anything else is no filter.
  const progress = ZCensusProgressState.safeParse(url.searchParams.get('progress')).data ?? null;
  const pageOf = (group: EmployeeGroup) => {
    const n = Number(url.searchParams.get(`${group}Page`));
    return Number.isInteger(n) && n > 0 && n <= 100_000 ? n : 1;
  };
  const pages = await Promise.all(
    EMPLOYEE_GROUPS.map((group) =>
      apiCall(ZEmployeeListPage, `/employees?${new URLSearchParams({ group, page: String(pageOf(group)), ...(search ? { search } : {}), ...(progress ? { progress } : {}) }).toString()}`, { token, request, context }),
    ),
  );
  const failed = pages.find((r) => !r.ok);
  if (failed && !failed.ok) {
    await throwOnSessionFailure(failed);
    throw new Response(Messages.serviceUnavailable, {
      status: failed.status >= 500 ? failed.status : 503,
    });
  }
  const groups = pages.flatMap((r, i) => (r.ok ? [{ group: EMPLOYEE_GROUPS[i]!, ...r.data }] : []));
  // A page past the end (an old link, or the last one emptied meanwhile) goes back to the last page there is.
  const pastEnd = groups.filter((g) => g.page > 1 && g.result.length === 0 && g.totalCount > 0);
  if (pastEnd.length > 0) {
    const next = new URLSearchParams(url.searchParams);
    for (const g of pastEnd) next.set(`${g.group}Page`, String(Math.max(1, Math.ceil(g.totalCount / g.perPage))));
    throw redirect(`/employees-census?${next.toString()}`);
  }
  // Add and Edit were `?dialog=add|edit` of this page; they are dialog routes of their own now, and old links still open them.
  const dialog = url.searchParams.get('dialog');
  if (dialog === 'add' || dialog === 'edit') {
    const next = new URLSearchParams(url.searchParams);
    next.delete('dialog');
    throw redirect(`/employees-census/${dialog}${next.size ? `?${next.toString()}` : ''}`);
  }
  // An employeeId arriving in the address (a link from elsewhere) selects that employee once, then leaves it.
  const arriving = url.searchParams.get('employeeId');
  if (arriving !== null) {
    const next = new URLSearchParams(url.searchParams);
    next.delete('employeeId');
    if (/^\d{1,10}$/.test(arriving)) next.set('employee', arriving);
    throw redirect(`/employees-census${next.size ? `?${next.toString()}` : ''}`);
  }
  const askedId = Number(url.searchParams.get('employee'));
  const asked = Number.isInteger(askedId) && askedId > 0 ? askedId : null;
  const tab = CENSUS_TABS.find((t) => t.id === url.searchParams.get('tab'))?.id ?? 'personal';
  // The detail is read for the employee asked for; when that fails (unknown, another client's) nobody is selected.
  let detail: CensusDetail | null = null;
  let notFound = false;
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
      notFound = true;
    }
  }
  return {
    groups,
    search,
    progress,
    selectedId: detail ? asked : null,
    notFound,
    detail,
    tab,
    // 'Log in as employee' is hidden for test users and for oneself.
    canImpersonate: user.permissions.includes('impersonate'),
    canUpload: user.permissions.includes('employees:update'),
    canEdit: user.permissions.includes('employees:update'),
    planSummary,
    workHoursRequired: user.workHoursRequired,
    // The lock asks no password of a test user or an impersonating session.
    skipPrompt: user.testUser || user.impersonatingUserId !== null,
    selfId: user.employeeId,
  };
}

/**
 * The secured-data lock of a tab (?unlock= with the employee in the address). It stays this page's action, not a
 * route of its own, because without JavaScript the lock posts as a page submission and the values are drawn by
 * this page's tabs from its action data. Add, Edit, Terminate, Resend invite and 'Log in as employee' post to
 * their own dialog routes (employees-census.add/edit/terminate.$step/resend-invite/impersonate.tsx).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const url = new URL(request.url);
  const unlock = url.searchParams.get('unlock');
  if (unlock !== 'personal' && unlock !== 'dependents' && unlock !== 'beneficiaries') return data({ values: null, error: Messages.noEmployeeFound }, { status: 400 });
  const employee = Number(url.searchParams.get('employee'));
  if (!Number.isInteger(employee) || employee <= 0) return data({ values: null, error: Messages.noEmployeeFound }, { status: 404 });
  return unlockForEmployee(unlock, employee, await request.formData(), request, context);
}

const DONE_TEXT: Record<string, string> = {
  created: CensusMessages.employeeCreated,
  updated: CensusMessages.employeeUpdated,
  terminated: CensusMessages.employeeTerminated,
};

/** What Resend invite did; it takes focus, as the dialog that did it is gone (employees-census.resend-invite.tsx). */
function InviteSent({ to }: { to: string | null }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} tabIndex={-1} role="status" className="mt-4 rounded-md border border-green-300 bg-green-50 px-3 py-2 text-sm font-medium text-green-900 outline-none focus-visible:ring-2 focus-visible:ring-brand-600">
      {CensusMessages.inviteSent(to)}
    </div>
  );
}

export default function EmployeesCensusRoute() {
  const { groups, search, progress, selectedId, canImpersonate, canUpload, canEdit, selfId, notFound, detail, tab, skipPrompt, planSummary } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const done = searchParams.get('done');

  // The list entry of the selected employee, or (paged or searched out of the list) the record itself.
  const selected =
    groups.flatMap((g) => g.result).find((e) => e.id === selectedId) ??
    (detail && selectedId !== null
      ? {
          id: selectedId,
          firstName: detail.profile.firstName,
          lastName: detail.profile.lastName,
        }
      : null);
  const withParams = useWithParams();
  // The lock posts to this page with what to unlock and for whom (the route's action).
  const lockOf = (what: string) => `/employees-census?employee=${selectedId}&tab=${tab}&unlock=${what}`;
  const tabTo = (id: string) => withParams({ tab: id });

  return (
    <section aria-labelledby="page-heading" className="mx-auto max-w-6xl">
      <h1 id="page-heading" className="text-2xl font-semibold tracking-tight text-slate-900">
        Employee Census
      </h1>
      {/* The list beside the detail from 960 px, above it below. */}
      <div className="mt-6 grid gap-6 min-[960px]:grid-cols-[320px_1fr]">
        <CensusList groups={groups} search={search} progress={progress} selectedId={selectedId} canEdit={canEdit} />

        <div className="min-w-0 rounded-xl border border-slate-200 bg-white p-6 shadow-sm" aria-live="polite">
          {selected ? (
            <>
              <div className="flex flex-wrap items-center justify-between gap-3">
                <div>
                  <h2 className="text-xl font-semibold text-slate-900">
                    {selected.firstName} {selected.lastName}
                  </h2>
                  {/* Someone who left: their state comes first, before anything HR might do. */}
                  {detail ? (
                    <p className="mt-1 text-sm text-slate-800" data-testid="employee-progress">
                      <span className="font-medium">Progress: </span>
                      {detail.profile.progress.text}
                    </p>
                  ) : null}
                  {detail && (detail.profile.terminated || detail.profile.cobra) ? (
                    <p className="mt-1 inline-block rounded-md border border-amber-300 bg-amber-50 px-2.5 py-1 text-sm font-semibold text-amber-950" data-testid="employee-state">
                      {`${detail.profile.cobra ? 'COBRA/Continuation' : 'Terminated'} on ${detail.profile.terminationDate ?? '—'}${detail.profile.coverageEndDate ? `; coverage ends ${detail.profile.coverageEndDate}` : ''}`}
                    </p>
                  ) : null}
                </div>
                <div className="flex flex-wrap gap-2">
                {canEdit && detail ? (
                  <Link to={`/employees-census/edit${withParams({ dialog: null, done: null, summary: null })}`} preventScrollReset className={secondaryButtonClass}>
                    Edit
                  </Link>
                ) : null}
                {/* Terminate: only for an active employee, never for oneself. */}
                {canEdit && detail && !detail.profile.terminated && !detail.profile.cobra && selected.id !== selfId ? (
                  // Details, a review of what will change, then the signature: dialog routes of their own (employees-census.terminate.$step.tsx).
                  <Link to={`/employees-census/terminate/details${withParams({ dialog: null, done: null, summary: null })}`} preventScrollReset className={secondaryButtonClass}>
                    Terminate
                  </Link>
                ) : null}
                {/* Resend invite: someone not registered yet who has an email; a confirmation route of its own. */}
                {canEdit && detail && !detail.profile.hasAccount && detail.profile.email && !detail.profile.terminated ? (
                  <Link to={`/employees-census/resend-invite${withParams({ dialog: null, done: null, summary: null })}`} preventScrollReset className={secondaryButtonClass}>
                    {detail.profile.progress.state === 'not-invited' ? 'Send invite' : 'Resend invite'}
                  </Link>
                ) : null}
                {canImpersonate && selected.id !== selfId ? (
                  // Asks for the reason first, in a dialog route of its own (employees-census.impersonate.tsx).
                  <Link
                    to={`/employees-census/impersonate${withParams({ dialog: null, done: null, summary: null })}`}
                    preventScrollReset
                    className={detail && (detail.profile.terminated || detail.profile.cobra) ? secondaryButtonClass : primaryButtonClass}
                  >
                    Log in as employee
                  </Link>
                ) : null}
                </div>
              </div>
              {done === 'invited' && detail ? <InviteSent to={detail.profile.email} /> : null}
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
                        className={cx(
                          'inline-flex items-center gap-1 border-b-2 px-3 py-2 text-sm font-medium',
                          tab === t.id ? 'border-brand-700 text-brand-900' : 'border-transparent text-slate-700 hover:border-slate-300'
                        )}
                      >
                        {t.label}
                        {t.id === 'enrollments' && detail && detail.issues.length > 0 ? (
                          <span role="img" aria-label={CENSUS_TEXTS.issues} className="text-amber-700">
                            ⚠
                          </span>
                        ) : null}
                      </Link>
                    </li>
                  ))}
                </ul>
              </nav>
              {detail && tab === 'personal' ? <CensusPersonal profile={detail.profile} lock={lockOf('personal')} skipPrompt={skipPrompt} /> : null}
              {detail && tab === 'dependents' ? (
                <CensusDependents dependents={detail.dependents ?? []} lock={lockOf('dependents')} skipPrompt={skipPrompt} />
              ) : null}
              {detail && tab === 'beneficiaries' ? (
                <CensusBeneficiaries beneficiaries={detail.beneficiaries ?? []} lock={lockOf('beneficiaries')} skipPrompt={skipPrompt} />
              ) : null}
              {detail && tab === 'enrollments' ? <CensusEnrollments summary={detail.summary ?? []} summaryOf={(planId) => withParams({ summary: String(planId) })} /> : null}
              {detail && tab === 'enrollments' && searchParams.get('summary') ? (
                <PlanSummaryModal data={planSummary} eoi={false} closeTo={withParams({ summary: null })} />
              ) : null}
              {detail && tab === 'files' && selectedId !== null ? <CensusFiles files={detail.files ?? []} employeeId={selectedId} canUpload={canUpload} /> : null}
            </>
          ) : notFound ? (
            <p role="alert" className="font-medium text-red-700">
              {Messages.noEmployeeFound}
            </p>
          ) : (
            <p className="text-slate-700">Select an employee from the list.</p>
          )}
        </div>
      </div>
      <Outlet />
      {done && DONE_TEXT[done] ? <Toast tone="success" text={DONE_TEXT[done]!} resetKey={done} /> : null}
    </section>
  );
}
