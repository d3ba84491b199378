import {
  carrierLinkItems,
  DraftMessages,
  Messages,
  ZElectionDraft,
  ZOkResponse,
  changeWindow,
  RegistrationStep,
  summaryTables,
  ZDashboardPage,
  EnrollmentMessages,
  type CarrierLinkItem,
  type ChangeWindow,
  type CurrentUser,
  type ElectionDraft,
  type EnrollmentIssue,
  type PlanEnrollmentSummary,
} from '@bp/api/contracts';
import { apiCall } from './api.server';
import { redirectWithNotice, saveRegistrationStep, type Caller } from './employee-data.server';
import { ENROLLMENT_INDEX, wizardIndexOf, wizardPath } from './registration-steps';
import type { AppSession } from './session.server';
import { throwOnSessionFailure } from './shell.server';

/** Server side of the employee dashboard. */

export interface DashboardData {
  elected: PlanEnrollmentSummary[];
  /** Offered plan types the employee is not enrolled in (declined, waived or not chosen). */
  notEnrolled: PlanEnrollmentSummary[];
  totalContribution: string;
  /** The same over a year, and what the employer pays toward the elected plans in a year. */
  annualTotalContribution: string;
  annualEmployerTotal: string;
  /** Paychecks a year (null before any election is read). */
  payPeriods: number | null;
  snapshotError: string | null;
  /** The snapshot row whose detail dialog the address opens (?plan={enrollmentId}). */
  detail: PlanEnrollmentSummary | null;
  /** Worked out on the server so the days left never differ between server and browser renders. */
  changeWindow: ChangeWindow;
  /** The Modify Selections confirmation (?modify=1). */
  confirmModify: boolean;
  /** Unsigned changes after Modify Selections (null when there are none), and the 'Cancel changes' confirmation (?cancelChanges=1). */
  draft: (ElectionDraft & { continueTo: string }) | null;
  confirmCancelChanges: boolean;
  issues: EnrollmentIssue[];
  carrierLinks: CarrierLinkItem[];
}

export async function loadDashboard(url: URL, user: CurrentUser, caller: Caller): Promise<DashboardData> {
  const { token, request, context } = caller;
  // The dashboard shows what is in force; unsigned changes are named beside it. One call answers the snapshot and
  // the side panels (GET /dashboard), so the page pays for one request instead of three.
  const [page, draft] = await Promise.all([
    apiCall(ZDashboardPage, '/dashboard', { token, request, context }),
    user.unsignedChanges ? apiCall(ZElectionDraft, '/enrollments/draft', { token, request, context }) : null,
  ]);
  if (draft && !draft.ok) {
    await throwOnSessionFailure(draft);
    console.error(`GET /enrollments/draft failed with ${draft.status}: ${draft.error.message}`);
  }
  if (!page.ok) {
    await throwOnSessionFailure(page);
    console.error(`GET /dashboard failed with ${page.status}: ${page.error.message}`);
  }
  const summary = page.ok ? { rows: page.data.summary, loadError: null } : { rows: [], loadError: EnrollmentMessages.cannotFetchEnrollments };
  const { elected, totalContribution, annualTotalContribution, annualEmployerTotal } = summaryTables(summary.rows);
  const notEnrolled = summary.rows.filter((r) => r.status !== '1');
  const window = changeWindow(user.electionWindow);
  const planParam = Number(url.searchParams.get('plan'));
  return {
    elected,
    notEnrolled,
    totalContribution,
    annualTotalContribution,
    annualEmployerTotal,
    payPeriods: summary.rows[0]?.payPeriods ?? null,
    snapshotError: summary.loadError,
    detail: summary.rows.find((r) => r.enrollmentId === planParam) ?? null,
    changeWindow: window,
    confirmModify: window.show && !user.unsignedChanges && url.searchParams.get('modify') === '1',
    // The card shows even if the draft's details could not be read: what matters is that changes are unsigned.
    draft: user.unsignedChanges
      ? { ...(draft?.ok ? draft.data : { open: true, openedAt: null, changedPlanTypes: [] }), continueTo: wizardPath(wizardIndexOf(user.registrationStep)) }
      : null,
    confirmCancelChanges: user.unsignedChanges && url.searchParams.get('cancelChanges') === '1',
    issues: page.ok ? page.data.tasks : [],
    carrierLinks: page.ok ? carrierLinkItems(page.data.carrierLinks) : [],
  };
}

/**
 * Modify Selections: saves the registration step as Enrollments minus one, so the wizard reopens at
 * Benefits Enrollment, and goes there. Only while the change window is open.
 */
export async function modifySelections(user: CurrentUser, caller: Caller, session: AppSession): Promise<Response> {
  if (!changeWindow(user.electionWindow).show) return redirectWithNotice(session, '/');
  const refused = await saveRegistrationStep(RegistrationStep.Dependents, caller);
  if (refused) return redirectWithNotice(session, '/', { type: 'error', text: refused });
  return redirectWithNotice(session, wizardPath(ENROLLMENT_INDEX));
}

/** 'Cancel changes': discards the unsigned changes; the signed elections stay in force. */
export async function cancelChanges(caller: Caller, session: AppSession): Promise<Response> {
  const { token, request, context } = caller;
  const result = await apiCall(ZOkResponse, '/enrollments/draft', { method: 'DELETE', token, request, context });
  if (result.ok || result.status === 404) return redirectWithNotice(session, '/', { type: 'success', text: DraftMessages.discarded });
  await throwOnSessionFailure(result);
  console.error(`DELETE /enrollments/draft failed with ${result.status}: ${result.error.message}`);
  return redirectWithNotice(session, '/', { type: 'error', text: Messages.serverError });
}
