import { SqlTable } from '../../core/database/sql-table';

export interface ClientLink {
  title: string;
  url: string;
}

export interface Client {
  id: number;
  agencyId: number;
  name: string;
  logoUrl: string | null;
  website: string | null;
  headerColor: string | null;
  footerColor: string | null;
  version: 'full' | 'lite';
  enableOnboarding: boolean;
  i9Enabled: boolean;
  w4Enabled: boolean;
  payrollEnabled: boolean;
  eeoEnabled: boolean;
  enrollmentsEnabled: boolean;
  requireSsn: boolean;
  hideDocumentWarnings: boolean;
  enableMidyearChanges: boolean;
  workHoursRequired: boolean;
  payPeriods: number;
  payrollMethods: number[];
  links: ClientLink[];
  privacyNoticeRevisionDate: string | null;
  privacyNoticeUrl: string | null;
  /** IANA zone of the client's "today". */
  timeZone: string;
  /** The month whose first day starts each plan year (1 January .. 12 December). */
  planYearStartMonth: number;
  /** How the client's new accounts sign in. */
  authenticationMethod: 'email' | 'username';
  /** The access groups and offices (option lists) the client's census uses; null: never chosen, every option (contracts/census-choices). */
  accessGroupIds: number[] | null;
  officeIds: number[] | null;
  /** An uploaded logo's stored bytes (logoUrl is its public address). */
  logoStorageKey: string | null;
  logoContentType: string | null;
  logoSizeBytes: number | null;
}

export const clientTable = new SqlTable<Client>(
  'client',
  {
    id: { name: 'id', generated: true },
    agencyId: 'agency_id',
    name: 'name',
    logoUrl: 'logo_url',
    website: 'website',
    headerColor: 'header_color',
    footerColor: 'footer_color',
    version: 'version',
    enableOnboarding: 'enable_onboarding',
    i9Enabled: 'i9_enabled',
    w4Enabled: 'w4_enabled',
    payrollEnabled: 'payroll_enabled',
    eeoEnabled: 'eeo_enabled',
    enrollmentsEnabled: 'enrollments_enabled',
    requireSsn: 'require_ssn',
    hideDocumentWarnings: 'hide_document_warnings',
    enableMidyearChanges: 'enable_midyear_changes',
    workHoursRequired: 'work_hours_required',
    payPeriods: 'pay_periods',
    payrollMethods: 'payroll_methods',
    links: { name: 'links', json: true },
    privacyNoticeRevisionDate: { name: 'privacy_notice_revision_date', date: true },
    privacyNoticeUrl: 'privacy_notice_url',
    timeZone: 'time_zone',
    planYearStartMonth: 'plan_year_start_month',
    authenticationMethod: 'authentication_method',
    accessGroupIds: 'access_group_ids',
    officeIds: 'office_ids',
    logoStorageKey: 'logo_storage_key',
    logoContentType: 'logo_content_type',
    logoSizeBytes: 'logo_size_bytes',
  },
  false,
  'updated_at',
);

