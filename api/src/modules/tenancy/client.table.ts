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
  },
  false,
  null,
);

