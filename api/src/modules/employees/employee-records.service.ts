import { Injectable } from '@nestjs/common';
import type { MidyearChangesData } from '../../contracts/life-events';
import { SecuredDataCipher } from '../../core/crypto/secured-data';
import { TenantDb } from '../../core/database/tenant-db';

/** An employee's address and phones as stored. */
export interface EmployeeContact {
  address1: string | null;
  address2: string | null;
  zip: string | null;
  city: string | null;
  state: string | null;
  officePhone: string | null;
  homePhone: string | null;
  cellPhone: string | null;
}

/** The census form's address and phones as stored: a field left out is none. */
export function employeeContactOf(form: { [K in keyof EmployeeContact]?: string | null }): EmployeeContact {
  return {
    address1: form.address1 ?? null,
    address2: form.address2 ?? null,
    zip: form.zip ?? null,
    city: form.city ?? null,
    state: form.state ?? null,
    officePhone: form.officePhone ?? null,
    homePhone: form.homePhone ?? null,
    cellPhone: form.cellPhone ?? null,
  };
}

/** A new employee's census values; SSN and income in clear (sealed here), dates as ISO dates. */
export interface NewEmployeeRecord extends EmployeeContact {
  firstName: string;
  middleName: string | null;
  lastName: string;
  email: string;
  groupId: number | null;
  employmentId: number;
  employmentType: number | null;
  officeId: number | null;
  title: string | null;
  hireDate: string | null;
  birthDate: string | null;
  gender: number | null;
  maritalStatusId: number | null;
  ssn: string | null;
  income: string | null;
  workHours: number | null;
  enableOnboarding: boolean;
  onboardingI9: boolean;
  onboardingW4: boolean;
  onboardingPayroll: boolean;
  onboardingEeo: boolean;
}

/** The census form's fields of an existing employee, as Edit Employee stores them. */
export interface EmployeeCensusFields extends EmployeeContact {
  firstName: string;
  middleName: string | null;
  lastName: string;
  email: string | null;
  groupId: number | null;
  employmentId: number | null;
  employmentType: number | null;
  officeId: number | null;
  title: string | null;
  hireDate: string | null;
  birthDate: string | null;
  gender: number | null;
  maritalStatusId: number | null;
  workHours: string | null;
  enableOnboarding: boolean;
}

/**
 * The employee table's writes that other modules ask for (the census, life events). Each runs on the request's
 * open transaction (TenantDb.transaction put it in the context), so the caller's change and its audit entry
 * commit with it; SSN and income are sealed here, where the row is written.
 */
@Injectable()
export class EmployeeRecords {
  constructor(
    private readonly db: TenantDb,
    private readonly cipher: SecuredDataCipher,
  ) {}

  /** Adds an employee of the acting client; hired within the 30 days before `today` (the client's) is a new hire. */
  async add(r: NewEmployeeRecord, today: string): Promise<{ id: number; individualId: number }> {
    const [row] = await this.db.query<{ id: number; individual_id: number }>(
      `INSERT INTO employee (client_id, first_name, middle_name, last_name, email, group_id, employment_id, employment_type, office_id, title,
                             hire_date, birth_date, gender, marital_status_id, ssn_enc, income_enc, work_hours, address1, address2, zip, city, state,
                             office_phone, home_phone, cell_phone, new_hire, eligibility_date, enable_onboarding,
                             onboarding_i9, onboarding_w4, onboarding_payroll, onboarding_eeo)
       VALUES ($client, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, coalesce($13, 1), $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24,
               $10::date >= $30::date - 30, $10, $25, $26, $27, $28, $29)
       RETURNING id, individual_id`,
      [
        r.firstName,
        r.middleName,
        r.lastName,
        r.email,
        r.groupId,
        r.employmentId,
        r.employmentType,
        r.officeId,
        r.title,
        r.hireDate,
        r.birthDate,
        r.gender,
        r.maritalStatusId,
        this.cipher.encrypt(r.ssn),
        this.cipher.encrypt(r.income),
        r.workHours,
        r.address1,
        r.address2,
        r.zip,
        r.city,
        r.state,
        r.officePhone,
        r.homePhone,
        r.cellPhone,
        r.enableOnboarding,
        r.onboardingI9,
        r.onboardingW4,
        r.onboardingPayroll,
        r.onboardingEeo,
        today,
      ],
    );
    return { id: row!.id, individualId: row!.individual_id };
  }

  /**
   * add() for many employees in one statement (a census file's chunk: one row at a time cost ~95 ms a person
   * under load). Answers their ids in the order given; the addresses must differ (the caller checked).
   */
  async addMany(records: readonly NewEmployeeRecord[], today: string): Promise<number[]> {
    const inserted = await this.db.query<{ id: number; email: string }>(
      `INSERT INTO employee (client_id, first_name, middle_name, last_name, email, group_id, employment_id, employment_type, office_id, title,
                             hire_date, birth_date, gender, marital_status_id, ssn_enc, income_enc, work_hours, address1, address2, zip, city, state,
                             office_phone, home_phone, cell_phone, new_hire, eligibility_date, enable_onboarding,
                             onboarding_i9, onboarding_w4, onboarding_payroll, onboarding_eeo)
       SELECT $client::int, r.first_name, r.middle_name, r.last_name, r.email, r.group_id, r.employment_id, r.employment_type, r.office_id, r.title,
              r.hire_date, r.birth_date, r.gender, coalesce(r.marital_status_id, 1), r.ssn_enc, r.income_enc, r.work_hours, r.address1, r.address2, r.zip,
              r.city, r.state, r.office_phone, r.home_phone, r.cell_phone, r.hire_date >= $2::date - 30, r.hire_date, r.enable_onboarding,
              r.onboarding_i9, r.onboarding_w4, r.onboarding_payroll, r.onboarding_eeo
         FROM jsonb_to_recordset($1::jsonb) AS r(first_name text, middle_name text, last_name text, email text, group_id int, employment_id int,
              employment_type int, office_id int, title text, hire_date date, birth_date date, gender smallint, marital_status_id int, ssn_enc text,
              income_enc text, work_hours numeric, address1 text, address2 text, zip text, city text, state text, office_phone text, home_phone text,
              cell_phone text, enable_onboarding boolean, onboarding_i9 boolean, onboarding_w4 boolean, onboarding_payroll boolean, onboarding_eeo boolean)
       RETURNING id, lower(email) AS email`,
      [
        JSON.stringify(
          records.map((r) => ({
            first_name: r.firstName,
            middle_name: r.middleName,
            last_name: r.lastName,
            email: r.email,
            group_id: r.groupId,
            employment_id: r.employmentId,
            employment_type: r.employmentType,
            office_id: r.officeId,
            title: r.title,
            hire_date: r.hireDate,
            birth_date: r.birthDate,
            gender: r.gender,
            marital_status_id: r.maritalStatusId,
            ssn_enc: this.cipher.encrypt(r.ssn),
            income_enc: this.cipher.encrypt(r.income),
            work_hours: r.workHours,
            address1: r.address1,
            address2: r.address2,
            zip: r.zip,
            city: r.city,
            state: r.state,
            office_phone: r.officePhone,
            home_phone: r.homePhone,
            cell_phone: r.cellPhone,
            enable_onboarding: r.enableOnboarding,
            onboarding_i9: r.onboardingI9,
            onboarding_w4: r.onboardingW4,
            onboarding_payroll: r.onboardingPayroll,
            onboarding_eeo: r.onboardingEeo,
          })),
        ),
        today,
      ],
    );
    // RETURNING's order is not promised: matched back by address.
    const idOf = new Map(inserted.map((r) => [r.email, r.id]));
    return records.map((r) => idOf.get(r.email.toLowerCase())!);
  }

  /**
   * Edit Employee's fields of an employee of the acting client. `ssn` and `income` (clear) are written only when
   * given, so an unchanged value keeps its ciphertext; null clears it.
   */
  async updateCensusFields(id: number, f: EmployeeCensusFields, secrets: { ssn?: string | null; income?: string | null }): Promise<void> {
    await this.db.query(
      `UPDATE employee SET first_name = $2, middle_name = $3, last_name = $4, email = $5, group_id = $6, employment_id = $7, employment_type = $8,
              office_id = $9, title = $10, hire_date = $11, birth_date = $12, gender = $13, marital_status_id = $14,
              ssn_enc = CASE WHEN $15 THEN $16 ELSE ssn_enc END, income_enc = CASE WHEN $17 THEN $18 ELSE income_enc END, work_hours = $19, enable_onboarding = $28,
              address1 = $20, address2 = $21, zip = $22, city = $23, state = $24, office_phone = $25, home_phone = $26, cell_phone = $27, updated_at = now()
        WHERE id = $1 AND client_id = $client`,
      [
        id,
        f.firstName,
        f.middleName,
        f.lastName,
        f.email,
        f.groupId,
        f.employmentId,
        f.employmentType,
        f.officeId,
        f.title,
        f.hireDate,
        f.birthDate,
        f.gender,
        f.maritalStatusId,
        secrets.ssn !== undefined,
        this.cipher.encrypt(secrets.ssn),
        secrets.income !== undefined,
        this.cipher.encrypt(secrets.income),
        f.workHours,
        f.address1,
        f.address2,
        f.zip,
        f.city,
        f.state,
        f.officePhone,
        f.homePhone,
        f.cellPhone,
        f.enableOnboarding,
      ],
    );
  }

  /** The employee leaves on `terminationDate` (ISO), with COBRA continuation or not. */
  async markTerminated(id: number, cobra: boolean, terminationDate: string): Promise<void> {
    await this.db.query(`UPDATE employee SET terminated = true, cobra = $2, termination_date = $3, updated_at = now() WHERE id = $1 AND client_id = $client`, [
      id,
      cobra,
      terminationDate,
    ]);
  }

  /** The life-event wizard's copy on the employee (the dashboard reads it); null when no event is open. */
  async saveMidyearChanges(employeeId: number, data: MidyearChangesData | null): Promise<void> {
    await this.db.query('UPDATE employee SET midyear_changes_data = $2 WHERE id = $1 AND client_id = $client', [employeeId, data === null ? null : JSON.stringify(data)]);
  }
}
