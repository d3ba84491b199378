import { useEffect, useRef, useState, type ReactNode } from 'react';
import * as Accordion from '@radix-ui/react-accordion';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigate, useNavigation, useSearchParams, useSubmit } from '@remix-run/react';
import { parseWithZod } from '@conform-to/zod/v4';
import {
  ENROLLMENT_STATUS_TEXT,
  EMPLOYEE_GROUPS,
  FileMessages,
  canSaveFile,
  OPTION_LISTS,
  fullName,
  isEntityBeneficiary,
  EMPLOYEE_GROUP_TITLES,
  Messages,
  ZBeneficiaryList,
  ZDependentList,
  ZEmployeeFileList,
  ZEmployeeListPage,
  ZCensusEmployee,
  ZNewEmployeeForm,
  ZEmployeeUpdate,
  ZNewEmployeeResponse,
  ZTerminationRequest,
  ZTerminationResponse,
  CensusMessages,
  TERMINATION_QUALIFYING_EVENT_IDS,
  ZEnrollmentIssueList,
  ZEnrollmentList,
  ZJwtResponse,
  ZPlanEnrollmentSummaryList,
  type Beneficiary,
  type Dependent,
  type EmployeeFile,
  type EmployeeGroup,
  type CensusEmployee,
  type EnrollmentIssue,
  type PlanEnrollmentSummary,
} from '@bp/api/contracts';
import { Alert, inputClass, labelClass, Modal, primaryButtonClass, ScrollRegion, secondaryButtonClass, Toast, useHydrated } from '~/components/ui';
import { EmployeeForm } from '~/components/census/EmployeeForm';
import { PlanSummaryModal } from '~/components/enrollment/PlanSummaryModal';
import { loadPlanSummary, type PlanSummaryData } from '~/lib/enrollment.server';
import { SignatureForm } from '~/components/wizard/SignatureStep';
import { fieldErrorsOf } from '~/lib/account.server';
import { apiCall } from '~/lib/api.server';
import { cx } from '~/lib/cx';
import { sitePath } from '~/lib/site';
import { useWithParams } from '~/lib/address';
import { usd } from '~/lib/usd';
import { pageTitle } from '~/lib/meta';
import { commitSession } from '~/lib/session.server';
import { requireUser, throwOnSessionFailure } from '~/lib/shell.server';
import { unlockForEmployee } from '~/lib/secured.server';
import { SecuredValues } from '~/components/SecuredValues';

export { RouteErrorBoundary as ErrorBoundary } from '~/components/RouteErrorBoundary';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'Employee Census') }];

/** The detail's tabs (document 3 section 2.1); links, so each works without scripts and can be linked to. */
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

const CENSUS_TEXTS = {
  noDependents: "This employee doesn't have any dependents",
  noBeneficiaries: "This employee doesn't have any beneficiaries",
  notEnrolled: 'This employee is not enrolled in any plans',
  notDeclined: "This employee didn't decline any plans",
  issues: 'This employee has enrollment issues',
} as const;

/** The census list, one server page per group (document 3 section 2.1): `?search=` narrows it, `?{group}Page=` pages it, `?employee=` selects one. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, token } = await requireUser(request, context);
  const url = new URL(request.url);
  const search = url.searchParams.get('search')?.trim() ?? '';
  const pageOf = (group: EmployeeGroup) => {
    const n = Number(url.searchParams.get(`${group}Page`));
    return Number.isInteger(n) && n > 0 && n <= 100_000 ? n : 1;
  };
  const pages = await Promise.all(
    EMPLOYEE_GROUPS.map((group) =>
      apiCall(ZEmployeeListPage, `/employees?${new URLSearchParams({ group, page: String(pageOf(group)), ...(search ? { search } : {}) }).toString()}`, { token, request, context }),
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
    selectedId: detail ? asked : null,
    notFound,
    detail,
    tab,
    // 'Log in as employee' is hidden for test users and for oneself (document 3 section 2.1).
    canImpersonate: user.permissions.includes('impersonate'),
    canUpload: user.permissions.includes('employees:update'),
    canEdit: user.permissions.includes('employees:update'),
    // Add, Edit and Terminate open as dialogs named in the address, so they work before scripts load.
    planSummary,
    dialog: (['add', 'edit', 'terminate'] as const).find((d) => d === url.searchParams.get('dialog')) ?? null,
    workHoursRequired: user.workHoursRequired,
    // The lock asks no password of a test user or an impersonating session (document 3 section 2.1).
    skipPrompt: user.testUser || user.impersonatingUserId !== null,
    selfId: user.employeeId,
  };
}

/**
 * 'Log in as employee': GET /employees/{id}/impersonate. The employee's token goes on top of the
 * administrator's own in the session, and the administrator comes back to the census when done.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const url = new URL(request.url);
  const formData = await request.formData();
  // The secured-data lock of a tab posts here with ?unlock= and the employee in the address.
  const unlock = url.searchParams.get('unlock');
  if (unlock === 'personal' || unlock === 'dependents' || unlock === 'beneficiaries') {
    const employee = Number(url.searchParams.get('employee'));
    if (!Number.isInteger(employee) || employee <= 0) return data({ values: null, error: Messages.noEmployeeFound }, { status: 404 });
    return unlockForEmployee(unlock, employee, formData, request, context);
  }
  const { token, session } = await requireUser(request, context);
  // The dialogs name themselves: the forms by `intent`, the termination's signature form by `screen` (its Next button posts intent=next).
  const screen = formData.get('screen');
  const intent = screen === 'terminate' ? screen : formData.get('intent');
  if (intent === 'add' || intent === 'edit' || intent === 'terminate') return censusWrite(intent, formData, url, token, request, context);
  const employeeId = Number(formData.get('employeeId'));
  if (!Number.isInteger(employeeId) || employeeId <= 0) return data({ error: Messages.noEmployeeFound }, { status: 400 });
  const result = await apiCall(ZJwtResponse, `/employees/${employeeId}/impersonate`, { token, request, context });
  if (!result.ok) {
    await throwOnSessionFailure(result);
    return data({ error: result.error.message }, { status: result.status });
  }
  session.set('impersonationToken', result.data.jwt);
  session.set('returnTo', '/employees-census');
  return redirect('/', {
    headers: { 'Set-Cookie': await commitSession(session) },
  });
}

/** The fields each dialog may get back from the API's 400 answer. */
const FORM_FIELDS = {
  add: Object.keys(ZNewEmployeeForm.shape),
  edit: Object.keys(ZEmployeeUpdate.shape),
  terminate: ['terminationDate', 'totalDisability', 'disabilityStartDate', 'qualifyingEventId', 'cobraElection', 'notes', 'signature'],
} as const;

/** Add New Employee (POST /employees), Edit (PUT /employees/{id}) and Terminate (PUT /employees/{id}/terminate), parsed with the contracts' schemas first. */
async function censusWrite(intent: 'add' | 'edit' | 'terminate', formData: FormData, url: URL, token: string, request: Request, context: ActionFunctionArgs['context']) {
  const employee = Number(url.searchParams.get('employee'));
  const failure = { add: CensusMessages.employeeCreateFailed, edit: CensusMessages.employeeUpdateFailed, terminate: CensusMessages.employeeTerminationFailed }[intent];
  if (intent === 'terminate') {
    const parsed = ZTerminationRequest.safeParse(Object.fromEntries(formData));
    if (!parsed.success) return data({ terminateError: parsed.error.issues[0]?.message ?? failure }, { status: 400 });
    const result = await apiCall(ZTerminationResponse, `/employees/${employee}/terminate`, { method: 'PUT', body: parsed.data, token, request, context });
    if (!result.ok) {
      await throwOnSessionFailure(result);
      return data({ terminateError: result.error.errors?.[0]?.message ?? result.error.message ?? failure }, { status: result.status });
    }
    const next = new URLSearchParams(url.searchParams);
    next.delete('dialog');
    next.set('done', 'terminated');
    return redirect(`/employees-census?${next.toString()}`);
  }
  const submission = parseWithZod(formData, { schema: intent === 'add' ? ZNewEmployeeForm : ZEmployeeUpdate });
  if (submission.status !== 'success') return data({ intent, result: submission.reply(), error: null }, { status: 400 });
  const result =
    intent === 'add'
      ? await apiCall(ZNewEmployeeResponse, '/employees', { method: 'POST', body: submission.value, token, request, context })
      : await apiCall(ZCensusEmployee, `/employees/${employee}`, { method: 'PUT', body: submission.value, token, request, context });
  if (!result.ok) {
    await throwOnSessionFailure(result);
    const fieldErrors = fieldErrorsOf(result.error.errors, FORM_FIELDS[intent]);
    const reply = Object.keys(fieldErrors).length ? submission.reply({ fieldErrors }) : submission.reply({ formErrors: [failure] });
    return data({ intent, result: reply, error: null }, { status: result.status >= 400 && result.status < 600 ? result.status : 500 });
  }
  const next = new URLSearchParams(url.searchParams);
  next.delete('dialog');
  if (intent === 'add' && 'individualId' in result.data) next.set('employee', String(result.data.id));
  next.set('done', intent === 'add' ? 'created' : 'updated');
  return redirect(`/employees-census?${next.toString()}`);
}

const DONE_TEXT: Record<string, string> = {
  created: CensusMessages.employeeCreated,
  updated: CensusMessages.employeeUpdated,
  terminated: CensusMessages.employeeTerminated,
};

export default function EmployeesCensusRoute() {
  const { groups, search, selectedId, canImpersonate, canUpload, canEdit, selfId, notFound, detail, tab, skipPrompt, dialog, workHoursRequired, planSummary } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const [term, setTerm] = useState(search);
  const [searchParams] = useSearchParams();
  const submitting = useNavigation().state === 'submitting';
  const submit = useSubmit();
  const navigate = useNavigate();
  const done = searchParams.get('done');
  const formAnswer = (intent: 'add' | 'edit') => (answer && 'intent' in answer && answer.intent === intent && answer.result ? answer.result : undefined);
  const searchTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(searchTimer.current), []);

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
      {/* The list beside the detail from 960 px (document 3 section 9), above it below. */}
      <div className="mt-6 grid gap-6 min-[960px]:grid-cols-[320px_1fr]">
        <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <Form
            method="get"
            role="search"
            aria-label="Employees"
            onChange={(event) => {
              // With JavaScript the server's search runs as the person types; without it, on Enter.
              const form = event.currentTarget;
              window.clearTimeout(searchTimer.current);
              searchTimer.current = window.setTimeout(() => submit(form, { replace: true, preventScrollReset: true }), 300);
            }}
          >
            <label htmlFor="census-search" className="sr-only">
              Search employees
            </label>
            {selectedId !== null ? <input type="hidden" name="employee" value={selectedId} /> : null}
            <input
              id="census-search"
              type="search"
              name="search"
              value={term}
              onChange={(event) => setTerm(event.currentTarget.value)}
              placeholder="Search"
              autoComplete="off"
              className={cx(inputClass, 'mt-0')}
            />
          </Form>
          {canEdit ? (
            <Link to={withParams({ dialog: 'add' })} preventScrollReset className={cx(primaryButtonClass, 'mt-3 w-full justify-center')}>
              Add New Employee
            </Link>
          ) : null}
          <Accordion.Root type="multiple" defaultValue={[...EMPLOYEE_GROUPS]} className="mt-4 space-y-2">
            {groups.map(({ group, result: members, page, perPage, totalCount }) => {
              const pages = Math.max(1, Math.ceil(totalCount / perPage));
              return (
                <Accordion.Item key={group} value={group} className="rounded-lg border border-slate-200">
                  <Accordion.Header>
                    <Accordion.Trigger className="group flex w-full items-center justify-between rounded-lg px-3 py-2 text-left text-sm font-semibold text-slate-900 hover:bg-slate-50">
                      <span>
                        {EMPLOYEE_GROUP_TITLES[group]} <span className="font-normal text-slate-600">({totalCount.toLocaleString('en-US')})</span>
                      </span>
                      <svg
                        aria-hidden="true"
                        viewBox="0 0 20 20"
                        className="h-4 w-4 transition-transform group-data-[state=open]:rotate-180"
                        fill="currentColor"
                      >
                        <path d="M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.06l3.71-3.83a.75.75 0 1 1 1.08 1.04l-4.25 4.39a.75.75 0 0 1-1.08 0L5.21 8.27a.75.75 0 0 1 .02-1.06Z" />
                      </svg>
                    </Accordion.Trigger>
                  </Accordion.Header>
                  <Accordion.Content className="border-t border-slate-100 px-1 py-1">
                    {members.length === 0 ? (
                      <p className="px-2 py-1.5 text-sm text-slate-600">No employees</p>
                    ) : (
                      <ul>
                        {members.map((e) => (
                          <li key={e.id}>
                            <Link
                              to={withParams({ employee: String(e.id), dialog: null })}
                              preventScrollReset
                              aria-current={e.id === selectedId ? 'true' : undefined}
                              className={cx(
                                'block rounded-md px-2 py-1.5 text-sm',
                                e.id === selectedId ? 'bg-brand-50 font-semibold text-brand-900' : 'text-slate-800 hover:bg-slate-100'
                              )}
                            >
                              {e.lastName}, {e.firstName}
                            </Link>
                          </li>
                        ))}
                      </ul>
                    )}
                    {pages > 1 ? (
                      <nav aria-label={`${EMPLOYEE_GROUP_TITLES[group]} pages`} className="flex items-center justify-between gap-2 px-2 py-1.5 text-sm">
                        {page > 1 ? (
                          <Link to={withParams({ [`${group}Page`]: String(page - 1) })} preventScrollReset className="font-medium text-brand-800 underline">
                            Previous
                          </Link>
                        ) : (
                          <span />
                        )}
                        <span className="text-slate-600">{`${((page - 1) * perPage + 1).toLocaleString('en-US')}–${Math.min(page * perPage, totalCount).toLocaleString('en-US')} of ${totalCount.toLocaleString('en-US')}`}</span>
                        {page < pages ? (
                          <Link to={withParams({ [`${group}Page`]: String(page + 1) })} preventScrollReset className="font-medium text-brand-800 underline">
                            Next
                          </Link>
                        ) : (
                          <span />
                        )}
                      </nav>
                    ) : null}
                  </Accordion.Content>
                </Accordion.Item>
              );
            })}
          </Accordion.Root>
        </div>

        <div className="min-w-0 rounded-xl border border-slate-200 bg-white p-6 shadow-sm" aria-live="polite">
          {selected ? (
            <>
              <div className="flex flex-wrap items-center justify-between gap-3">
                <h2 className="text-xl font-semibold text-slate-900">
                  {selected.firstName} {selected.lastName}
                </h2>
                <div className="flex flex-wrap gap-2">
                {canEdit && detail ? (
                  <Link to={withParams({ dialog: 'edit' })} preventScrollReset className={secondaryButtonClass}>
                    Edit
                  </Link>
                ) : null}
                {/* Terminate: only for an active employee, never for oneself (document 3 section 2.1). */}
                {canEdit && detail && !detail.profile.terminated && !detail.profile.cobra && selected.id !== selfId ? (
                  <Link to={withParams({ dialog: 'terminate' })} preventScrollReset className={secondaryButtonClass}>
                    Terminate
                  </Link>
                ) : null}
                {canImpersonate && selected.id !== selfId ? (
                  // A full page load: the whole app restarts as the employee.
                  <Form method="post" reloadDocument>
                    <input type="hidden" name="employeeId" value={selected.id} />
                    <button type="submit" disabled={submitting} className={primaryButtonClass}>
                      Log in as employee
                    </button>
                  </Form>
                ) : null}
                </div>
              </div>
              {detail && (detail.profile.terminated || detail.profile.cobra) ? (
                <p className="mt-2 text-sm text-slate-700">
                  {`${detail.profile.cobra ? 'COBRA/Continuation' : 'Terminated'} on ${detail.profile.terminationDate ?? '—'}${detail.profile.coverageEndDate ? `; coverage ends ${detail.profile.coverageEndDate}` : ''}`}
                </p>
              ) : null}
              {answer && 'error' in answer && !('values' in answer) && !('intent' in answer) && answer.error ? (
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
      {done && DONE_TEXT[done] ? <Toast tone="success" text={DONE_TEXT[done]!} resetKey={done} /> : null}
      {dialog === 'add' && canEdit ? (
        <Modal open title="Add New Employee" wide xl onOpenChange={() => navigate(withParams({ dialog: null }), { preventScrollReset: true })}>
          <EmployeeForm mode="add" employee={null} lastResult={formAnswer('add')} closeTo={withParams({ dialog: null })} workHoursRequired={workHoursRequired} />
        </Modal>
      ) : null}
      {dialog === 'edit' && canEdit && detail ? (
        <Modal open title={`Edit ${fullName(detail.profile)}`} wide xl onOpenChange={() => navigate(withParams({ dialog: null }), { preventScrollReset: true })}>
          <EmployeeForm mode="edit" employee={detail.profile} lastResult={formAnswer('edit')} closeTo={withParams({ dialog: null })} workHoursRequired={workHoursRequired} />
        </Modal>
      ) : null}
      {dialog === 'terminate' && canEdit && detail && !detail.profile.terminated && !detail.profile.cobra && selected?.id !== selfId ? (
        <Modal open title={`Terminate ${fullName(detail.profile)}`} wide xl onOpenChange={() => navigate(withParams({ dialog: null }), { preventScrollReset: true })}>
          <SignatureForm
            title="HR signature"
            instructions="Coverage ends on the last day of the month of the termination date, and the employee's sign-in ends after that date. Sign to confirm."
            error={answer && 'terminateError' in answer ? answer.terminateError : null}
            backTo={withParams({ dialog: null })}
            screen="terminate"
            formFields={<TerminationFields />}
          />
        </Modal>
      ) : null}
    </section>
  );
}

/** The Enrollments tab: plans elected and plans declined (document 3 section 2.1), as HR sees them. */
function CensusEnrollments({ summary, summaryOf }: { summary: PlanEnrollmentSummary[]; summaryOf: (planId: number) => string }) {
  const elected = summary.filter((r) => r.status === '1');
  const declined = summary.filter((r) => r.status === '-1' || r.status === '-2');
  const table = (caption: string, rows: PlanEnrollmentSummary[], empty: string) => (
    <ScrollTable
      caption={caption}
      headers={['Plan', 'Status', 'Dependents', 'Effective From', 'Effective To', 'Policy number', 'Member number', 'Per paycheck']}
    >
      {rows.length === 0
        ? emptyRow(8, empty)
        : rows.map((r) => (
            <tr key={r.enrollmentId}>
              <th scope="row" className={cx(cellClass, 'text-left font-medium text-slate-900')}>
                {r.status === '1' && r.planId !== null ? (
                  <Link to={summaryOf(r.planId)} preventScrollReset className="text-brand-800 underline">
                    {r.planName}
                  </Link>
                ) : r.status === '1' ? (
                  r.planName
                ) : (
                  r.planType
                )}
                {r.status === '1' ? <span className="block text-xs font-normal text-slate-600">{r.planType}</span> : null}
              </th>
              <td className={cellClass}>{ENROLLMENT_STATUS_TEXT[r.status]}</td>
              <td className={cellClass}>{r.dependents.join(', ') || '—'}</td>
              <td className={cellClass}>{r.eligibilityDate ?? '—'}</td>
              <td className={cellClass}>{r.effectiveToDate ?? '—'}</td>
              <td className={cellClass}>{r.policyNumber ?? '—'}</td>
              <td className={cellClass}>{r.memberNumber ?? '—'}</td>
              <td className={cx(cellClass, 'tabular-nums')}>{r.status === '1' ? usd(r.contributionAmount) : '—'}</td>
            </tr>
          ))}
    </ScrollTable>
  );
  return (
    <div>
      {table('Plans elected', elected, CENSUS_TEXTS.notEnrolled)}
      {table('Plans declined', declined, CENSUS_TEXTS.notDeclined)}
    </div>
  );
}

const optionText = (list: ReadonlyArray<{ id: number; text: string }>, id: number | null | undefined) =>
  id === null || id === undefined ? null : list.find((o) => o.id === id)?.text ?? null;

/** The Personal tab: the employee's record, the SSN masked (unlocking it comes with the rest of the census). */
function CensusPersonal({ profile: p, lock, skipPrompt }: { profile: CensusEmployee; lock: string; skipPrompt: boolean }) {
  const rows: Array<[string, string | null]> = [
    ['Name', fullName({ firstName: p.firstName, lastName: p.lastName }) || null],
    ['Email', p.email],
    ['Date of birth', p.birthDate],
    ['Gender', optionText(OPTION_LISTS.gender, p.gender)],
    ['Marital status', optionText(OPTION_LISTS.maritalStatus, p.maritalStatusId)],
    ['Address', [p.address1, p.address2, [p.city, p.state].filter(Boolean).join(', '), p.zip].filter(Boolean).join(' · ') || null],
    ['Cell phone', p.cellPhone],
    ['Home phone', p.homePhone],
    ['Office phone', p.officePhone],
    ['Title', p.title],
    ['Hire date', p.hireDate],
    ['Employment status', optionText(OPTION_LISTS.employmentStatus, p.employmentId)],
    ['Pay type', p.employmentType === 2 ? 'Wage/hour' : p.employmentType === null ? null : 'Salary'],
    ['Work hours', p.workHours],
    ['Eligibility date', p.eligibilityDate],
    ['New hire', p.newHire ? 'Yes' : 'No'],
  ];
  return (
    <div>
      <dl className="mt-5 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-slate-600">{label}</dt>
            <dd className="text-slate-900">{value ?? '—'}</dd>
          </div>
        ))}
      </dl>
      <SecuredSection title="Secured data">
        <SecuredValues
          action={lock}
          skipPrompt={skipPrompt}
          items={[
            { key: 'ssn', label: 'SSN', masked: p.ssn ?? 'XXX-XX-XXXX' },
            { key: 'income', label: 'Income', masked: 'Hidden' },
          ]}
        />
      </SecuredSection>
    </div>
  );
}

function SecuredSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="mt-6 rounded-lg border border-slate-200 p-4">
      <h3 className="mb-3 text-sm font-semibold text-slate-900">{title}</h3>
      {children}
    </section>
  );
}

/** A table that scrolls on its own (focusable for the keyboard) when it is wider than the panel. */
function ScrollTable({ caption, headers, children }: { caption: string; headers: readonly string[]; children: ReactNode }) {
  return (
    <ScrollRegion label={caption} className="mt-5 overflow-x-auto">
      <table className="w-full min-w-[40rem] border-collapse text-sm">
        <caption className="pb-2 text-left text-base font-semibold text-slate-900">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-300 bg-slate-50 text-left text-slate-800">
            {headers.map((h) => (
              <th key={h} scope="col" className="px-3 py-2 font-semibold">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">{children}</tbody>
      </table>
    </ScrollRegion>
  );
}

const cellClass = 'px-3 py-2 align-top';
const emptyRow = (span: number, text: string) => (
  <tr>
    <td colSpan={span} className="px-3 py-4 text-slate-700">
      {text}
    </td>
  </tr>
);

function CensusDependents({ dependents, lock, skipPrompt }: { dependents: Dependent[]; lock: string; skipPrompt: boolean }) {
  return (
    <>
      <ScrollTable caption="Dependents" headers={['Name', 'Relationship', 'Date of birth', 'Gender', 'SSN']}>
        {dependents.length === 0
          ? emptyRow(5, CENSUS_TEXTS.noDependents)
          : dependents.map((d) => (
              <tr key={d.id}>
                <th scope="row" className={cx(cellClass, 'text-left font-medium text-slate-900')}>
                  {[d.firstName, d.lastName].filter(Boolean).join(' ') || '—'}
                </th>
                <td className={cellClass}>{d.relationshipType ?? '—'}</td>
                <td className={cellClass}>{d.birthDate ?? '—'}</td>
                <td className={cellClass}>{optionText(OPTION_LISTS.gender, d.gender) ?? '—'}</td>
                <td className={cx(cellClass, 'font-mono')}>{d.ssn ?? '—'}</td>
              </tr>
            ))}
      </ScrollTable>
      {dependents.some((d) => d.ssn) ? (
        <SecuredSection title="Social Security Numbers">
          <SecuredValues
            action={lock}
            skipPrompt={skipPrompt}
            items={dependents
              .filter((d) => d.ssn)
              .map((d) => ({
                key: `ssn-${d.id}`,
                label: [d.firstName, d.lastName].filter(Boolean).join(' '),
                masked: d.ssn!,
              }))}
          />
        </SecuredSection>
      ) : null}
    </>
  );
}

function CensusBeneficiaries({ beneficiaries, lock, skipPrompt }: { beneficiaries: Beneficiary[]; lock: string; skipPrompt: boolean }) {
  const secured = beneficiaries.flatMap((b) => {
    const entity = isEntityBeneficiary(b.relationshipTypeId);
    const masked = entity ? b.taxId : b.ssn;
    return masked
      ? [
          {
            key: `${entity ? 'taxId' : 'ssn'}-${b.id}`,
            label: fullName(b),
            masked,
          },
        ]
      : [];
  });
  return (
    <>
      <ScrollTable caption="Beneficiaries" headers={['Name', 'Relationship', 'Type', 'Share', 'Date of birth', 'SSN or tax id']}>
        {beneficiaries.length === 0
          ? emptyRow(6, CENSUS_TEXTS.noBeneficiaries)
          : beneficiaries.map((b) => (
              <tr key={b.id}>
                <th scope="row" className={cx(cellClass, 'text-left font-medium text-slate-900')}>
                  {fullName(b)}
                </th>
                <td className={cellClass}>{b.relationshipType ?? '—'}</td>
                <td className={cellClass}>{b.beneficiaryTypeName}</td>
                <td className={cellClass}>{`${b.share}%`}</td>
                <td className={cellClass}>{b.birthDate ?? '—'}</td>
                <td className={cx(cellClass, 'font-mono')}>{(isEntityBeneficiary(b.relationshipTypeId) ? b.taxId : b.ssn) ?? '—'}</td>
              </tr>
            ))}
      </ScrollTable>
      {secured.length ? (
        <SecuredSection title="Social Security Numbers and tax ids">
          <SecuredValues action={lock} skipPrompt={skipPrompt} items={secured} />
        </SecuredSection>
      ) : null}
    </>
  );
}

/**
 * The Files tab (document 3 sections 2.1 and 5): the employee's files, each opening in a new window, and
 * one upload at a time with its title. Save waits for a file and a title (canSaveFile); the type is read
 * from the bytes on the server.
 */
function CensusFiles({ files, employeeId, canUpload }: { files: EmployeeFile[]; employeeId: number; canUpload: boolean }) {
  const [hasFile, setHasFile] = useState(false);
  const [title, setTitle] = useState('');
  const navigation = useNavigation();
  const uploading = navigation.state === 'submitting' && navigation.formAction?.includes('/census-upload') === true;
  const hydrated = useHydrated();
  return (
    <div>
      {files.length === 0 ? (
        <p className="mt-5 text-sm text-slate-700">{FileMessages.noFiles}</p>
      ) : (
        <ul aria-label="Files" className="mt-5 divide-y divide-slate-200 rounded-lg border border-slate-200">
          {files.map((f) => (
            <li key={f.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
              <a href={sitePath(`/files/${f.id}`)} target="_blank" rel="noopener noreferrer" className="font-medium text-brand-800 underline">
                {f.title}
                <span className="sr-only"> (opens in a new window)</span>
              </a>
              <span className="text-slate-600">{`${f.createdOn.slice(0, 10)} · ${Math.max(1, Math.round(f.sizeBytes / 1024))} KB`}</span>
            </li>
          ))}
        </ul>
      )}
      {canUpload ? (
        <Form
          method="post"
          encType="multipart/form-data"
          action={`/census-upload?employee=${employeeId}`}
          className="mt-5 grid gap-3 rounded-lg border border-slate-200 p-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
        >
          <div>
            <label htmlFor="file-title" className="block text-sm font-medium text-slate-800">
              Title
            </label>
            <input id="file-title" name="title" required value={title} onChange={(e) => setTitle(e.currentTarget.value)} className={inputClass} />
          </div>
          <div>
            <label htmlFor="file-input" className="block text-sm font-medium text-slate-800">
              File (up to 10 MB)
            </label>
            <input id="file-input" name="file" type="file" required onChange={(e) => setHasFile((e.currentTarget.files?.length ?? 0) > 0)} className="mt-1 block text-sm" />
          </div>
          <button type="submit" disabled={hydrated && !canSaveFile({ hasFile, title, uploading })} className={primaryButtonClass}>
            Save
          </button>
        </Form>
      ) : null}
    </div>
  );
}

/** The termination's own fields (document 3 sections 3 and 5), posted with HR's signature. */
function TerminationFields() {
  const [disabled, setDisabled] = useState(false);
  const events = OPTION_LISTS.qualifyingEvent.filter((o) => TERMINATION_QUALIFYING_EVENT_IDS.includes(o.id));
  return (
    <div className="mt-4 grid gap-4 sm:grid-cols-2">
      <div>
        <label htmlFor="termination-date" className={labelClass}>
          Termination date (MM/DD/YYYY)
        </label>
        <input id="termination-date" name="terminationDate" required placeholder="MM/DD/YYYY" inputMode="numeric" className={inputClass} />
      </div>
      <div>
        <label htmlFor="qualifying-event" className={labelClass}>
          Qualifying event
        </label>
        <select id="qualifying-event" name="qualifyingEventId" required defaultValue="" className={inputClass}>
          <option value="" disabled>
            Select
          </option>
          {events.map((o) => (
            <option key={o.id} value={o.id}>
              {o.text}
            </option>
          ))}
        </select>
      </div>
      <label className="inline-flex items-center gap-2 text-sm font-medium text-slate-800">
        <input type="checkbox" name="cobraElection" className="h-4 w-4 rounded border-slate-400" />
        COBRA election (moves to COBRA/Continuation)
      </label>
      <label className="inline-flex items-center gap-2 text-sm font-medium text-slate-800">
        <input type="checkbox" name="totalDisability" onChange={(e) => setDisabled(e.currentTarget.checked)} className="h-4 w-4 rounded border-slate-400" />
        Total disability
      </label>
      <div>
        <label htmlFor="disability-start" className={labelClass}>
          Disability start date (MM/DD/YYYY)
        </label>
        <input id="disability-start" name="disabilityStartDate" required={disabled} placeholder="MM/DD/YYYY" inputMode="numeric" className={inputClass} />
      </div>
      <div className="sm:col-span-2">
        <label htmlFor="termination-notes" className={labelClass}>
          Notes
        </label>
        <textarea id="termination-notes" name="notes" rows={3} maxLength={2000} className={inputClass} />
      </div>
    </div>
  );
}
