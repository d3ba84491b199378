import type { CurrentUser } from '../../contracts/auth';
import type { Permission } from '../../contracts/permissions';
import { censusChoices } from '../../contracts/census-choices';
import { onboardingStepInForce } from '../../contracts/onboarding-start';
import { todayIn } from '../../contracts/engine/dates';
import { CLOSED_WINDOW, enrollmentWindow, toElectionWindow, type ElectionWindow } from '../../contracts/enrollment-window';

/**
 * The whole "Current user session" in one round trip. Shared with the benchmark's floor server, so both
 * run exactly the same SQL. $1 account, $2 employee; $client the acting client (core/database/tenant-db.ts).
 */
export const CURRENT_USER_STATEMENT = 'current-user';
export const CURRENT_USER_SQL = `
SELECT a.id AS account_id, a.role_type, a.test_user, a.password_reset, a.security_question_reset,
       a.privacy_policy_agreed_at >= coalesce(c.privacy_notice_revision_date, '-infinity'::date) AS privacy_agreed,
       a.registration_step, a.onboarding_step, a.registration_reopened_at IS NOT NULL AS registration_reopened, a.authentication_method,
       a.first_name AS account_first_name, a.last_name AS account_last_name,
       e.id AS employee_id, e.first_name, e.last_name, e.middle_name, e.cobra, e.new_hire,
       to_char(e.eligibility_date, 'MM/DD/YYYY') AS eligibility_date, e.eligibility_date::text AS eligibility_iso, e.hire_date::text AS hire_iso,
       e.eoi, e.marital_status_id, c.time_zone,
       e.midyear_changes_data, e.enable_onboarding AS employee_onboarding,
       c.name AS client_name, c.logo_url AS client_logo, c.website AS client_website, c.header_color, c.footer_color,
       c.pay_periods, c.payroll_enabled AND coalesce(e.onboarding_payroll, true) AS payroll_enabled, c.payroll_methods,
       c.eeo_enabled AND coalesce(e.onboarding_eeo, true) AS eeo_enabled, c.enrollments_enabled, c.require_ssn,
       c.enable_onboarding, c.links, c.i9_enabled AND coalesce(e.onboarding_i9, true) AS i9_enabled,
       c.w4_enabled AND coalesce(e.onboarding_w4, true) AS w4_enabled, c.work_hours_required, c.access_group_ids, c.office_ids, c.hide_document_warnings,
       c.enable_midyear_changes, to_char(c.privacy_notice_revision_date, 'MM/DD/YYYY') AS privacy_revision_date,
       c.privacy_notice_url,
       g.name AS agency_name, g.logo_url AS agency_logo, g.website AS agency_website,
       oe.id AS open_enrollment_id, to_char(oe.end_date, 'MM/DD/YYYY') AS open_enrollment_end_date,
       to_char(oe.closed_date, 'MM/DD/YYYY') AS open_enrollment_closed_date,
       oe.start_date::text AS oe_start_iso, oe.end_date::text AS oe_end_iso, oe.closed_date::text AS oe_closed_iso, oe.started_at IS NOT NULL AS oe_started,
       EXISTS (SELECT 1 FROM enrollment en
                WHERE en.employee_id = e.id AND en.open_enrollment_period_id = oe.id
                  AND en.plan_type_id = 1 AND en.status = 1) AS medical_enrolled,
       EXISTS (SELECT 1 FROM election_change_set s WHERE s.employee_id = e.id AND s.status = 'draft') AS unsigned_changes,
       EXISTS (SELECT 1 FROM election_change_set s WHERE s.employee_id = e.id AND s.status = 'draft' AND s.kind = 'life_event') AS life_event_in_progress
  FROM client c
  JOIN agency g ON g.id = c.agency_id
  JOIN account a ON a.id = $1
  LEFT JOIN employee e ON e.id = $2 AND e.client_id = c.id
  LEFT JOIN open_enrollment_period oe ON oe.client_id = c.id AND oe.is_current
 WHERE c.id = $client`;

export interface CurrentUserRow {
  account_id: number;
  role_type: number;
  test_user: boolean;
  password_reset: boolean;
  security_question_reset: boolean;
  privacy_agreed: boolean | null;
  registration_step: number;
  onboarding_step: number;
  registration_reopened: boolean;
  authentication_method: 'email' | 'username';
  account_first_name: string | null;
  account_last_name: string | null;
  employee_id: number | null;
  first_name: string | null;
  last_name: string | null;
  middle_name: string | null;
  cobra: boolean | null;
  new_hire: boolean | null;
  eligibility_date: string | null;
  eligibility_iso: string | null;
  hire_iso: string | null;
  time_zone: string;
  eoi: boolean | null;
  marital_status_id: number | null;
  midyear_changes_data: Record<string, unknown> | null;
  employee_onboarding: boolean | null;
  client_name: string;
  client_logo: string | null;
  client_website: string | null;
  header_color: string | null;
  footer_color: string | null;
  pay_periods: number;
  payroll_enabled: boolean;
  payroll_methods: number[];
  eeo_enabled: boolean;
  enrollments_enabled: boolean;
  require_ssn: boolean;
  enable_onboarding: boolean;
  links: { title: string; url: string }[];
  i9_enabled: boolean;
  w4_enabled: boolean;
  work_hours_required: boolean;
  access_group_ids: number[] | null;
  office_ids: number[] | null;
  hide_document_warnings: boolean;
  enable_midyear_changes: boolean;
  privacy_revision_date: string | null;
  privacy_notice_url: string | null;
  agency_name: string;
  agency_logo: string | null;
  agency_website: string | null;
  open_enrollment_id: number | null;
  open_enrollment_end_date: string | null;
  open_enrollment_closed_date: string | null;
  oe_start_iso: string | null;
  oe_end_iso: string | null;
  oe_closed_iso: string | null;
  oe_started: boolean | null;
  medical_enrolled: boolean;
  unsigned_changes: boolean;
  life_event_in_progress: boolean;
}

const STEP_CODES: Record<number, string> = {
  0: 'Finished',
  1: 'WelcomeEmail',
  2: 'Account',
  5: 'Profile',
  6: 'Dependents',
  7: 'Enrollments',
  8: 'Beneficiaries',
  9: 'AdditionalInfo',
  10: 'Signature',
};

export interface SessionFacts {
  impersonatorId: number | null;
  /** The reason given for acting as the employee (the token's), shown in the banner. */
  impersonationReason: string | null;
  agencyId: number | null;
  /** From the token, as the guard reads them (contracts/permissions.ts). */
  permissions: Permission[];
}

/** The election window of the row's employee on the client's today at `now` (an agent has none). */
function windowOf(row: CurrentUserRow, today: string): ElectionWindow {
  if (row.employee_id === null) return CLOSED_WINDOW;
  return toElectionWindow(
    enrollmentWindow({
      today,
      period: row.oe_start_iso && row.oe_end_iso ? { startDate: row.oe_start_iso, endDate: row.oe_end_iso, closedDate: row.oe_closed_iso, started: row.oe_started === true } : null,
      newHire: row.new_hire ?? false,
      eligibilityDate: row.eligibility_iso,
      hireDate: row.hire_iso,
      lifeEventInProgress: row.life_event_in_progress,
    }),
  );
}

/** `now` is the clock's (core/clock): the window is counted in the client's calendar. */
export function toCurrentUser(row: CurrentUserRow, session: SessionFacts, now: Date): CurrentUser {
  const today = todayIn(row.time_zone, now);
  return {
    id: row.employee_id ?? row.account_id,
    employeeId: row.employee_id,
    accountId: row.account_id,
    firstName: row.first_name ?? row.account_first_name,
    lastName: row.last_name ?? row.account_last_name,
    middleName: row.middle_name,
    agencyName: row.agency_name,
    agencyLogo: row.agency_logo,
    agencyWebsite: row.agency_website,
    clientName: row.client_name,
    clientLogo: row.client_logo,
    clientWebsite: row.client_website,
    openEnrollmentId: row.open_enrollment_id,
    openEnrollmentEndDate: row.open_enrollment_end_date,
    openEnrollmentClosedDate: row.open_enrollment_closed_date,
    payPeriods: row.pay_periods,
    payrollEnabled: row.payroll_enabled,
    payrollMethods: row.payroll_methods,
    roleType: row.role_type === 1 ? 1 : 0,
    registrationStep: row.registration_step,
    // The step in force, not the stored one: a pending onboarding the flags do not apply to reads as none.
    onboardingStep: onboardingStepInForce({
      clientEnabled: row.enable_onboarding,
      employeeEnabled: row.employee_onboarding,
      step: row.onboarding_step,
      registrationStep: row.registration_step,
      registrationReopened: row.registration_reopened,
    }),
    registrationStepCode: STEP_CODES[row.registration_step] ?? String(row.registration_step),
    cobra: row.cobra ?? false,
    impersonatingUserId: session.impersonatorId,
    impersonationReason: session.impersonationReason,
    testUser: row.test_user,
    passwordReset: row.password_reset,
    securityQuestionReset: row.security_question_reset,
    newHire: row.new_hire ?? false,
    eligibilityDate: row.eligibility_date,
    electionWindow: windowOf(row, today),
    today,
    authenticationMethod: row.authentication_method,
    eoi: row.eoi ?? false,
    eeoEnabled: row.eeo_enabled,
    enrollmentsEnabled: row.enrollments_enabled,
    requireSsn: row.require_ssn,
    colorConfiguration: { headerColor: row.header_color, footerColor: row.footer_color },
    // Onboarding runs for an employee only when the client has it on and the employee was enrolled in it.
    enableOnboarding: row.enable_onboarding && (row.employee_onboarding ?? false),
    links: row.links,
    i9Enabled: row.i9_enabled,
    w4Enabled: row.w4_enabled,
    workHoursRequired: row.work_hours_required,
    censusChoices: censusChoices({ accessGroupIds: row.access_group_ids, officeIds: row.office_ids }),
    hideDocumentWarnings: row.hide_document_warnings,
    maritalStatusId: row.marital_status_id,
    medicalEnrolled: row.medical_enrolled,
    unsignedChanges: row.unsigned_changes,
    midyearChangesData: row.midyear_changes_data,
    enableMidyearChanges: row.enable_midyear_changes,
    mblPrivacyPolicyAgreement: row.privacy_agreed === true,
    privacyNotice: { revisionDate: row.privacy_revision_date, mblUrl: row.privacy_notice_url },
    isAuthenticated: true,
    isAgent: session.agencyId !== null,
    permissions: session.permissions,
  };
}
