import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { censusChoiceIssues } from '../../contracts/census-choices';
import { fullName } from '../../contracts/common';
import type { NewEmployee, NewEmployeeResponse } from '../../contracts/employees';
import { isMaskedSsn, toIsoDate } from '../../contracts/formats';
import { Messages } from '../../contracts/messages';
import { AuditService } from '../../core/audit/audit.service';
import { auditChanges } from '../../core/audit/field-changes';
import { ClientCalendar } from '../../core/clock/client-calendar';
import { SecuredDataCipher } from '../../core/crypto/secured-data';
import { TenantDb } from '../../core/database/tenant-db';
import { fieldErrors } from '../../core/http/field-errors';
import { EnrollmentsService } from '../enrollments/enrollments.service';
import { RegistrationService } from '../registration/registration.service';
import { CENSUS_AUDIT_FIELDS, CensusRecordsService, incomeText } from './census-records.service';

/** Employees written per INSERT by createMany (30 values each: one JSON parameter, a few hundred kB). */
const CREATE_MANY_CHUNK = 500;

/** createMany's refusal of one row (its index in the input), with the field error createIn would give. */
export class BulkRowRefused extends Error {
  constructor(
    readonly index: number,
    readonly path: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Add New Employee: one from the form, or many from a census file (the imports module's commit), with their
 * enrollment rows and, when asked, the welcome email with the registration link. SSN and income are sealed;
 * every employee added is audited in its transaction.
 */
@Injectable()
export class CensusAddService {
  constructor(
    private readonly db: TenantDb,
    private readonly cipher: SecuredDataCipher,
    private readonly audit: AuditService,
    private readonly registration: RegistrationService,
    private readonly enrollments: EnrollmentsService,
    private readonly calendar: ClientCalendar,
    private readonly records: CensusRecordsService,
  ) {}

  /** POST /employees: the new employee, their enrollment rows, and (sendEmail) the welcome email, in one transaction. */
  async create(body: NewEmployee): Promise<NewEmployeeResponse> {
    return this.db.transaction((m) => this.createIn(body, m));
  }

  /** Add New Employee inside the caller's transaction: a census file adds all of its rows or none. */
  async createIn(body: NewEmployee, m: EntityManager): Promise<NewEmployeeResponse> {
    await this.records.checkWorkHours(body.workHours, m);
    const offered = censusChoiceIssues(await this.records.choices(m), body);
    if (offered.length > 0) throw fieldErrors(offered);
    await this.records.checkAddressFree(body.email, null, 'email', m);
    const hire = toIsoDate(body.hireDate)!;
    const [row] = await this.db.query<{ id: number; individual_id: number }>(
      `INSERT INTO employee (client_id, first_name, middle_name, last_name, email, group_id, employment_id, employment_type, office_id, title,
                             hire_date, birth_date, gender, marital_status_id, ssn_enc, income_enc, work_hours, address1, address2, zip, city, state,
                             office_phone, home_phone, cell_phone, new_hire, eligibility_date, enable_onboarding,
                             onboarding_i9, onboarding_w4, onboarding_payroll, onboarding_eeo)
       VALUES ($client, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, coalesce($13, 1), $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24,
               $10::date >= $30::date - 30, $10, $25, $26, $27, $28, $29)
       RETURNING id, individual_id`,
      [
        body.firstName,
        body.middleName ?? null,
        body.lastName,
        body.email,
        body.groupId ?? null,
        body.employmentId,
        body.employmentType ?? null,
        body.officeId ?? null,
        body.title ?? null,
        hire,
        toIsoDate(body.birthDate),
        body.gender ?? null,
        body.maritalStatusId ?? null,
        body.ssn && !isMaskedSsn(body.ssn) ? this.cipher.encrypt(body.ssn) : null,
        body.income !== undefined ? this.cipher.encrypt(incomeText(body.income)) : null,
        body.workHours ?? null,
        body.address1 ?? null,
        body.address2 ?? null,
        body.zip ?? null,
        body.city ?? null,
        body.state ?? null,
        body.officePhone ?? null,
        body.homePhone ?? null,
        body.cellPhone ?? null,
        body.enableOnboarding,
        body.onboardingI9,
        body.onboardingW4,
        body.onboardingPayroll,
        body.onboardingEeo,
        // A new hire: hired within the last 30 days of the client's calendar.
        await this.calendar.today(m),
      ],
      m,
    );
    const id = row!.id;
    await this.audit.record(
      {
        employeeId: id,
        eventType: 'Employee',
        actionType: 'create',
        description: `Employee ${fullName(body)} added`,
        data: auditChanges(CENSUS_AUDIT_FIELDS, null, { ...body, ssn: body.ssn ?? null, income: body.income ?? null }),
      },
      m,
    );
    // The rows the new employee enrolls in exist from the start (GET /enrollments only reads).
    await this.enrollments.prepareRows(id, m);
    // The welcome email (registration link) is queued with the record: both or neither.
    if (body.sendEmail) await this.registration.sendWelcome(id, m);
    return { id, individualId: row!.individual_id, firstName: body.firstName, lastName: body.lastName };
  }

  /**
   * Add New Employee for many people inside the caller's transaction (a census file): the same
   * employee rows, audit entries, enrollment rows and welcome emails as createIn for each, but what createIn reads
   * per person (the client's rules and today, the address check) is read once, and the employees and their audit
   * entries are written CHUNK at a time: one row at a time cost ~95 ms a person under load. A row createIn would
   * refuse throws BulkRowRefused with its index and the same field error, so the caller rolls everything back.
   */
  async createMany(bodies: readonly NewEmployee[], m: EntityManager, onProgress?: (done: number) => Promise<void>): Promise<number[]> {
    if (bodies.length === 0) return [];
    await this.checkMany(bodies, m);
    const today = await this.calendar.today(m);
    // The client's access groups and offices (checked at upload too; the agent may have changed them since).
    const choices = await this.records.choices(m);
    for (const [i, body] of bodies.entries()) {
      const [wrong] = censusChoiceIssues(choices, body);
      if (wrong) throw new BulkRowRefused(i, wrong.path, wrong.message);
    }
    const ids: number[] = [];
    for (let start = 0; start < bodies.length; start += CREATE_MANY_CHUNK) {
      const chunk = bodies.slice(start, start + CREATE_MANY_CHUNK);
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
            chunk.map((body) => ({
              first_name: body.firstName,
              middle_name: body.middleName ?? null,
              last_name: body.lastName,
              email: body.email,
              group_id: body.groupId ?? null,
              employment_id: body.employmentId,
              employment_type: body.employmentType ?? null,
              office_id: body.officeId ?? null,
              title: body.title ?? null,
              hire_date: toIsoDate(body.hireDate),
              birth_date: toIsoDate(body.birthDate),
              gender: body.gender ?? null,
              marital_status_id: body.maritalStatusId ?? null,
              ssn_enc: body.ssn && !isMaskedSsn(body.ssn) ? this.cipher.encrypt(body.ssn) : null,
              income_enc: body.income !== undefined ? this.cipher.encrypt(incomeText(body.income)) : null,
              work_hours: body.workHours ?? null,
              address1: body.address1 ?? null,
              address2: body.address2 ?? null,
              zip: body.zip ?? null,
              city: body.city ?? null,
              state: body.state ?? null,
              office_phone: body.officePhone ?? null,
              home_phone: body.homePhone ?? null,
              cell_phone: body.cellPhone ?? null,
              enable_onboarding: body.enableOnboarding,
              onboarding_i9: body.onboardingI9,
              onboarding_w4: body.onboardingW4,
              onboarding_payroll: body.onboardingPayroll,
              onboarding_eeo: body.onboardingEeo,
            })),
          ),
          today,
        ],
        m,
      );
      // RETURNING's order is not promised: matched back by address (unique in the file, checked above).
      const idOf = new Map(inserted.map((r) => [r.email, r.id]));
      const chunkIds = chunk.map((b) => idOf.get(b.email.toLowerCase())!);
      await this.audit.recordMany(
        chunk.map((body, i) => ({
          employeeId: chunkIds[i]!,
          eventType: 'Employee',
          actionType: 'create' as const,
          description: `Employee ${fullName(body)} added`,
          data: auditChanges(CENSUS_AUDIT_FIELDS, null, { ...body, ssn: body.ssn ?? null, income: body.income ?? null }),
        })),
        m,
      );
      // The enrollment rows of the whole chunk in a few statements (prepareRows for each, set-based).
      await this.enrollments.prepareMany(chunkIds, m);
      for (const [i, id] of chunkIds.entries()) {
        if (chunk[i]!.sendEmail) await this.registration.sendWelcome(id, m);
      }
      ids.push(...chunkIds);
      await onProgress?.(ids.length);
    }
    return ids;
  }

  /**
   * What createIn checks before writing, for many rows at once (createMany, and a census commit before its first
   * chunk): the client's work-hours rule and addresses no one signs in with; a repeat within the rows is taken by
   * its first. Throws BulkRowRefused for the first row refused.
   */
  async checkMany(bodies: readonly NewEmployee[], m: EntityManager): Promise<void> {
    if (bodies.length === 0) return;
    const [c] = await this.db.query<{ work_hours_required: boolean }>('SELECT work_hours_required FROM client WHERE id = $client', [], m);
    const lacksHours = c?.work_hours_required ? bodies.findIndex((b) => b.workHours === undefined) : -1;
    if (lacksHours >= 0) throw new BulkRowRefused(lacksHours, 'workHours', Messages.fieldRequired);
    // The address check of createIn for every row at once; a repeat within the file is taken by its first row.
    const lower = bodies.map((b) => b.email.toLowerCase());
    const taken = new Set(
      (
        await m.query<Array<{ address: string }>>(
          `SELECT lower(email) AS address FROM account WHERE lower(email) = ANY ($1) UNION SELECT lower(username) FROM account WHERE lower(username) = ANY ($1)
           UNION SELECT lower(email) FROM employee WHERE lower(email) = ANY ($1)`,
          [lower],
        )
      ).map((r) => r.address),
    );
    lower.forEach((address, i) => {
      if (taken.has(address)) throw new BulkRowRefused(i, 'email', Messages.emailInUse);
      taken.add(address);
    });
  }
}
