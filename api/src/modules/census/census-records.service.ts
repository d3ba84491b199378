import { Injectable, NotFoundException } from '@nestjs/common';
import { censusChoices, type CensusChoices } from '../../contracts/census-choices';
import type { CensusEmployee } from '../../contracts/employees';
import { centsToDecimal, parseMoney } from '../../contracts/engine/money';
import { toUsDate } from '../../contracts/formats';
import { Messages } from '../../contracts/messages';
import type { AuditedField } from '../../core/audit/field-changes';
import { TenantDb } from '../../core/database/tenant-db';
import { fieldErrors } from '../../core/http/field-errors';
import { ADDRESS_AUDIT_FIELDS, EmployeeProfileService } from '../employees/employee-profile.service';
import { EmployeesService } from '../employees/employees.service';

/**
 * What every census action reads: an employee as the census shows it (GET), the row an edit or a termination
 * locks, the client's choices and rules the forms are checked against, and the audit labels they share.
 */

/** What the audit entries of the census list, with the labels of the census forms. Income never shows its value. */
export const CENSUS_AUDIT_FIELDS: Record<string, AuditedField> = {
  firstName: { title: 'First name' },
  middleName: { title: 'Middle name' },
  lastName: { title: 'Last name' },
  email: { title: 'Email' },
  username: { title: 'Username' },
  groupId: { title: 'Access group', kind: { option: 'accessGroup' } },
  employmentId: { title: 'Employment status', kind: { option: 'employmentStatus' } },
  employmentType: { title: 'Pay type', kind: { option: 'employmentType' } },
  officeId: { title: 'Office', kind: { option: 'office' } },
  title: { title: 'Title' },
  hireDate: { title: 'Hire date' },
  birthDate: { title: 'Date of birth' },
  gender: { title: 'Gender', kind: { option: 'gender' } },
  maritalStatusId: { title: 'Marital status', kind: { option: 'maritalStatus' } },
  ssn: { title: 'Social Security Number', kind: 'ssn' },
  income: { title: 'Income', kind: 'secret' },
  workHours: { title: 'Work hours' },
  ...ADDRESS_AUDIT_FIELDS,
  enableOnboarding: { title: 'Onboarding', kind: 'flag' },
};

/** An employee row locked for a change, with the sign-in of its account. */
export interface EmployeeRow {
  id: number;
  individual_id: number;
  account_id: number | null;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  email: string | null;
  group_id: number | null;
  employment_id: number | null;
  employment_type: number | null;
  office_id: number | null;
  title: string | null;
  hire_date: string | null;
  birth_date: string | null;
  gender: number | null;
  marital_status_id: number;
  ssn_enc: string | null;
  income_enc: string | null;
  work_hours: string | null;
  address1: string | null;
  address2: string | null;
  zip: string | null;
  city: string | null;
  state: string | null;
  office_phone: string | null;
  home_phone: string | null;
  cell_phone: string | null;
  terminated: boolean;
  cobra: boolean;
  termination_date: string | null;
  enable_onboarding: boolean;
  username: string | null;
  account_email: string | null;
  authentication_method: 'email' | 'username' | null;
}

/** Where an employee's own emails go: the census address, else the account's. */
export const noticeAddress = (e: Pick<EmployeeRow, 'email' | 'account_email'>): string | null => e.email?.trim() || e.account_email?.trim() || null;

const notFound = () => new NotFoundException({ statusCode: 404, message: Messages.noEmployeeFound });
/** Income as stored (sealed decimal text) from what HR typed. */
export const incomeText = (typed: string | undefined) => (typed === undefined ? null : centsToDecimal(parseMoney(typed)!));

/** The row in the census form's terms, as the audit compares it. */
export function censusView(e: EmployeeRow): Record<string, unknown> {
  return {
    firstName: e.first_name,
    middleName: e.middle_name,
    lastName: e.last_name,
    email: e.email,
    groupId: e.group_id,
    employmentId: e.employment_id,
    employmentType: e.employment_type,
    officeId: e.office_id,
    title: e.title,
    hireDate: toUsDate(e.hire_date),
    birthDate: toUsDate(e.birth_date),
    gender: e.gender,
    maritalStatusId: e.marital_status_id,
    workHours: e.work_hours === null ? null : String(Number(e.work_hours)),
    address1: e.address1,
    address2: e.address2,
    zip: e.zip,
    city: e.city,
    state: e.state,
    officePhone: e.office_phone,
    homePhone: e.home_phone,
    cellPhone: e.cell_phone,
    enableOnboarding: e.enable_onboarding,
  };
}

@Injectable()
export class CensusRecordsService {
  constructor(
    private readonly db: TenantDb,
    private readonly profiles: EmployeeProfileService,
    private readonly employees: EmployeesService,
  ) {}

  /** GET /employees/{id}/employee: the profile plus what only HR sees (account, flags, termination). */
  async employee(id: number): Promise<CensusEmployee> {
    const [profile, progress] = await Promise.all([this.profiles.get(id), this.employees.progress(id)]);
    const [r] = await this.db.query<{
      username: string | null;
      authentication_method: 'email' | 'username' | null;
      has_account: boolean;
      terminated: boolean;
      cobra: boolean;
      termination_date: string | null;
      coverage_end_date: string | null;
      enable_onboarding: boolean;
      onboarding_i9: boolean;
      onboarding_w4: boolean;
      onboarding_payroll: boolean;
      onboarding_eeo: boolean;
    }>(
      `SELECT a.username, a.authentication_method, coalesce(a.password_hash IS NOT NULL, false) AS has_account, e.terminated, e.cobra,
              e.termination_date::text AS termination_date, t.coverage_end_date::text AS coverage_end_date, e.enable_onboarding,
              e.onboarding_i9, e.onboarding_w4, e.onboarding_payroll, e.onboarding_eeo
         FROM employee e LEFT JOIN account a ON a.id = e.account_id LEFT JOIN termination t ON t.employee_id = e.id
        WHERE e.id = $1 AND e.client_id = $client`,
      [id],
    );
    if (!r) throw notFound();
    return {
      ...profile,
      username: r.username,
      authenticationMethod: r.authentication_method,
      hasAccount: r.has_account,
      terminated: r.terminated,
      cobra: r.cobra,
      terminationDate: toUsDate(r.termination_date),
      coverageEndDate: toUsDate(r.coverage_end_date),
      enableOnboarding: r.enable_onboarding,
      onboardingI9: r.onboarding_i9,
      onboardingW4: r.onboarding_w4,
      onboardingPayroll: r.onboarding_payroll,
      onboardingEeo: r.onboarding_eeo,
      progress,
    };
  }

  /** The employee row of the open client, locked in the caller's transaction (TenantDb.transaction); 404 when there is none. */
  async load(id: number): Promise<EmployeeRow> {
    const [e] = await this.db.query<EmployeeRow>(
      `SELECT e.id, e.individual_id, e.account_id, e.first_name, e.middle_name, e.last_name, e.email, e.group_id, e.employment_id, e.employment_type,
              e.office_id, e.title, e.hire_date::text AS hire_date, e.birth_date::text AS birth_date, e.gender, e.marital_status_id, e.ssn_enc,
              e.income_enc, e.work_hours::text AS work_hours, e.address1, e.address2, e.zip, e.city, e.state, e.office_phone, e.home_phone,
              e.cell_phone, e.terminated, e.cobra, e.termination_date::text AS termination_date, e.enable_onboarding,
              a.username, a.email AS account_email, a.authentication_method
         FROM employee e LEFT JOIN account a ON a.id = e.account_id
        WHERE e.id = $1 AND e.client_id = $client
        FOR UPDATE OF e`,
      [id],
    );
    if (!e) throw notFound();
    return e;
  }

  /** The access groups and offices the client's census offers (contracts/census-choices). */
  async choices(): Promise<CensusChoices> {
    const [c] = await this.db.query<{ access_group_ids: number[] | null; office_ids: number[] | null }>('SELECT access_group_ids, office_ids FROM client WHERE id = $client');
    return censusChoices({ accessGroupIds: c?.access_group_ids ?? null, officeIds: c?.office_ids ?? null });
  }

  /** 'Field is required' for work hours when the client requires them. */
  async checkWorkHours(workHours: number | undefined): Promise<void> {
    if (workHours !== undefined) return;
    const [c] = await this.db.query<{ work_hours_required: boolean }>('SELECT work_hours_required FROM client WHERE id = $client');
    if (c?.work_hours_required) throw fieldErrors([{ path: 'workHours', message: Messages.fieldRequired }]);
  }

  /** An address (email or username) no other account signs in with and no other employee record carries. */
  /**
   * Of these addresses (lower case), those someone already signs in with or an employee record holds: the check of
   * checkAddressFree for many rows at once (a census file, a commit's chunk). Across clients on purpose.
   */
  async takenAddresses(lowerCase: readonly string[]): Promise<Set<string>> {
    const rows = await this.db.manager.query<Array<{ address: string }>>(
      `SELECT lower(email) AS address FROM account WHERE lower(email) = ANY ($1) UNION SELECT lower(username) FROM account WHERE lower(username) = ANY ($1)
       UNION SELECT lower(email) FROM employee WHERE lower(email) = ANY ($1)`,
      [lowerCase],
    );
    return new Set(rows.map((r) => r.address));
  }

  async checkAddressFree(address: string, own: EmployeeRow | null, field: 'email' | 'username'): Promise<void> {
    // Across clients on purpose: a sign-in address is unique in the whole product.
    const taken: unknown[] = await this.db.manager.query(
      `SELECT 1 AS one FROM account WHERE (lower(email) = lower($1) OR lower(username) = lower($1)) AND id IS DISTINCT FROM $2
       UNION ALL SELECT 1 FROM employee WHERE lower(email) = lower($1) AND id IS DISTINCT FROM $3 AND $4
       LIMIT 1`,
      [address, own?.account_id ?? null, own?.id ?? null, field === 'email'],
    );
    if (taken.length) throw fieldErrors([{ path: field, message: field === 'email' ? Messages.emailInUse : Messages.usernameInUse }]);
  }
}
