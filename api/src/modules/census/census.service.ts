import { ClientCalendar } from '../../core/clock/client-calendar';
import { ConflictException, ForbiddenException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { fullName } from '../../contracts/common';
import { centsToDecimal, parseMoney } from '../../contracts/engine/money';
import { PLAN_TYPE_NAMES, type PlanTypeId } from '../../contracts/engine/plan-types';
import {
  coverageEndFor,
  employeeGroup,
  type CensusEmployee,
  type EmployeeUpdate,
  type NewEmployee,
  type NewEmployeeResponse,
  type TerminationRequest,
  type TerminationResponse,
  type TerminationReview,
  type TerminationReviewQuery,
} from '../../contracts/employees';
import { censusChoiceIssues, censusChoices, type CensusChoices } from '../../contracts/census-choices';
import { isMaskedSsn, toIsoDate, toUsDate } from '../../contracts/formats';
import { CensusMessages, Messages } from '../../contracts/messages';
import { OPTION_LISTS } from '../../contracts/option-lists';
import { AuditService } from '../../core/audit/audit.service';
import { anyChanged, auditChanges, type AuditedField } from '../../core/audit/field-changes';
import { hashSecret } from '../../core/auth/passwords';
import { SessionStore } from '../../core/auth/session-store';
import { RequestContext } from '../../core/context/request-context';
import { SecuredDataCipher } from '../../core/crypto/secured-data';
import { TenantDb } from '../../core/database/tenant-db';
import { fieldErrors } from '../../core/http/field-errors';
import { AccountsService } from '../accounts/accounts.service';
import { ActionsService } from '../actions/actions.service';
import { ADDRESS_AUDIT_FIELDS, EmployeeProfileService } from '../employees/employee-profile.service';
import { EmployeesService } from '../employees/employees.service';
import { EnrollmentsService } from '../enrollments/enrollments.service';
import { MailService } from '../../core/mail/mail.service';
import { FILE_STORAGE, type FileStorage } from '../files/file-storage';
import { FilesService } from '../files/files.service';
import { RegistrationService } from '../registration/registration.service';
import { renderTerminationNotice } from './termination-notice';

/** What the audit entries of the census list, with the labels of the census forms. Income never shows its value. */
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

const CENSUS_AUDIT_FIELDS: Record<string, AuditedField> = {
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

interface EmployeeRow {
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
const noticeAddress = (e: Pick<EmployeeRow, 'email' | 'account_email'>): string | null => e.email?.trim() || e.account_email?.trim() || null;

const notFound = () => new NotFoundException({ statusCode: 404, message: Messages.noEmployeeFound });
/** Income as stored (sealed decimal text) from what HR typed. */
const incomeText = (typed: string | undefined) => (typed === undefined ? null : centsToDecimal(parseMoney(typed)!));

/**
 * The census's own writes: Add New Employee, Edit Employee and Terminate.
 * SSN and income are sealed; every change is audited in its transaction.
 */
@Injectable()
export class CensusService {
  constructor(
    private readonly db: TenantDb,
    private readonly context: RequestContext,
    private readonly cipher: SecuredDataCipher,
    private readonly audit: AuditService,
    private readonly registration: RegistrationService,
    private readonly enrollments: EnrollmentsService,
    private readonly actions: ActionsService,
    private readonly profiles: EmployeeProfileService,
    private readonly sessions: SessionStore,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly files: FilesService,
    private readonly accounts: AccountsService,
    private readonly calendar: ClientCalendar,
    private readonly mail: MailService,
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

  /** POST /employees: the new employee, their enrollment rows, and (sendEmail) the welcome email, in one transaction. */
  async create(body: NewEmployee): Promise<NewEmployeeResponse> {
    return this.db.transaction((m) => this.createIn(body, m));
  }

  /** Add New Employee inside the caller's transaction: a census file adds all of its rows or none. */
  async createIn(body: NewEmployee, m: EntityManager): Promise<NewEmployeeResponse> {
    await this.checkWorkHours(body.workHours, m);
    const offered = censusChoiceIssues(await this.choices(m), body);
    if (offered.length > 0) throw fieldErrors(offered);
    await this.checkAddressFree(body.email, null, 'email', m);
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
    const choices = await this.choices(m);
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

  /** PUT /employees/{id}: every field of the edit form; the account's sign-in address and password with it. */
  async update(id: number, body: EmployeeUpdate): Promise<CensusEmployee> {
    // Hashing is slow: done before the transaction, so the rows are not locked meanwhile.
    const passwordHash = body.password ? await hashSecret(body.password) : null;
    const passwordOf = await this.db.transaction(async (m): Promise<number | null> => {
      const e = await this.load(id, m);
      const byEmail = e.authentication_method !== 'username';
      if (byEmail && !body.email) throw fieldErrors([{ path: 'email', message: Messages.fieldRequired }]);
      await this.checkWorkHours(body.workHours, m);
      if (body.email && body.email.toLowerCase() !== (e.email ?? '').toLowerCase()) await this.checkAddressFree(body.email, e, 'email', m);
      const username = !byEmail && body.username ? body.username : e.username;
      if (!byEmail && username && username !== e.username) await this.checkAddressFree(username, e, 'username', m);
      const offered = censusChoiceIssues(await this.choices(m), body, { groupId: e.group_id, officeId: e.office_id });
      if (offered.length > 0) throw fieldErrors(offered);

      const storedSsn = this.cipher.decrypt(e.ssn_enc);
      const storedIncome = this.cipher.decrypt(e.income_enc);
      if (body.ssn && isMaskedSsn(body.ssn) && !storedSsn) throw fieldErrors([{ path: 'ssn', message: Messages.ssnInvalid }]);
      const ssn = body.ssn === undefined ? null : isMaskedSsn(body.ssn) ? storedSsn : body.ssn;
      // Blank income keeps the stored one (the form never shows it in clear).
      const income = body.income === undefined ? storedIncome : incomeText(body.income);
      const before = { ...this.view(e), ssn: storedSsn, income: storedIncome, username: e.username };
      const after = {
        ...before,
        firstName: body.firstName,
        middleName: body.middleName ?? null,
        lastName: body.lastName,
        email: body.email ?? null,
        username,
        groupId: body.groupId ?? null,
        employmentId: body.employmentId,
        employmentType: body.employmentType ?? null,
        officeId: body.officeId ?? null,
        title: body.title ?? null,
        hireDate: body.hireDate,
        birthDate: body.birthDate ?? null,
        gender: body.gender ?? null,
        maritalStatusId: body.maritalStatusId ?? e.marital_status_id,
        ssn,
        income,
        workHours: body.workHours === undefined ? null : String(body.workHours),
        address1: body.address1 ?? null,
        address2: body.address2 ?? null,
        zip: body.zip ?? null,
        city: body.city ?? null,
        state: body.state ?? null,
        officePhone: body.officePhone ?? null,
        homePhone: body.homePhone ?? null,
        cellPhone: body.cellPhone ?? null,
        // Whether onboarding runs follows from this flag when they sign in (contracts/onboarding-start.ts): no step to rewrite.
        enableOnboarding: body.enableOnboarding ?? e.enable_onboarding,
      };
      const changes = auditChanges(CENSUS_AUDIT_FIELDS, before, after);
      if (anyChanged(changes)) {
        await this.db.query(
          `UPDATE employee SET first_name = $2, middle_name = $3, last_name = $4, email = $5, group_id = $6, employment_id = $7, employment_type = $8,
                  office_id = $9, title = $10, hire_date = $11, birth_date = $12, gender = $13, marital_status_id = $14,
                  ssn_enc = CASE WHEN $15 THEN $16 ELSE ssn_enc END, income_enc = CASE WHEN $17 THEN $18 ELSE income_enc END, work_hours = $19, enable_onboarding = $28,
                  address1 = $20, address2 = $21, zip = $22, city = $23, state = $24, office_phone = $25, home_phone = $26, cell_phone = $27, updated_at = now()
            WHERE id = $1 AND client_id = $client`,
          [
            id,
            after.firstName,
            after.middleName,
            after.lastName,
            after.email,
            after.groupId,
            after.employmentId,
            after.employmentType,
            after.officeId,
            after.title,
            toIsoDate(after.hireDate),
            toIsoDate(after.birthDate),
            after.gender,
            after.maritalStatusId,
            // Re-seal only what changed, so an unchanged value keeps its ciphertext.
            ssn !== storedSsn,
            ssn === null ? null : this.cipher.encrypt(ssn),
            income !== storedIncome,
            income === null ? null : this.cipher.encrypt(income),
            after.workHours,
            after.address1,
            after.address2,
            after.zip,
            after.city,
            after.state,
            after.officePhone,
            after.homePhone,
            after.cellPhone,
            after.enableOnboarding,
          ],
          m,
        );
        if (e.account_id !== null) {
          // The account signs in with the email (email accounts) or the username; its names follow the record.
          await this.accounts.update(e.account_id, {
            firstName: after.firstName,
            lastName: after.lastName,
            ...(byEmail ? { email: after.email ?? null } : {}),
            username: (byEmail ? (after.email ?? e.username) : username) ?? undefined,
          });
        }
        await this.audit.record({ employeeId: id, eventType: 'Employee', actionType: 'update', description: `Employee ${fullName(after)} updated`, data: changes }, m);
      }
      if (passwordHash === null) return null;
      if (e.account_id === null) throw fieldErrors([{ path: 'password', message: Messages.employeeNotRegistered }]);
      // A password HR sets is a temporary one: the employee must choose their own at the next sign-in.
      await this.accounts.update(e.account_id, { passwordHash, passwordReset: true });
      await this.audit.record(
        { employeeId: id, eventType: 'Account', actionType: 'update', description: `Password of ${fullName(after)} set by an administrator; every session of the account ended` },
        m,
      );
      return e.account_id;
    });
    // Whoever knew the old password is signed out everywhere, once the new one is stored.
    if (passwordOf !== null) await this.sessions.revokeAllOf(passwordOf);
    return this.employee(id);
  }

  /** The current elections whose coverage a termination ends (enrolled, in the current period), by plan type. */
  private currentElections(id: number, m: EntityManager) {
    return this.db.query<{ plan_type_id: number; plan_id: number; plan_name: string }>(
      `SELECT en.plan_type_id, en.plan_id, p.name AS plan_name
         FROM enrollment en JOIN plan p ON p.id = en.plan_id JOIN open_enrollment_period oe ON oe.id = en.open_enrollment_period_id
        WHERE en.employee_id = $1 AND en.client_id = $client AND en.status = 1 AND oe.is_current
        ORDER BY en.plan_type_id`,
      [id],
      m,
    );
  }

  /** Who may be terminated: never oneself, only an active employee (the review refuses what the termination would). */
  private async terminable(id: number, m: EntityManager): Promise<EmployeeRow> {
    if (this.context.user.employeeId === id) throw new ForbiddenException({ statusCode: 403, message: CensusMessages.cannotTerminateSelf });
    const e = await this.load(id, m);
    if (e.terminated || e.cobra) throw new ConflictException({ statusCode: 409, message: CensusMessages.onlyActiveCanBeTerminated });
    return e;
  }

  /** GET /employees/{id}/termination-review: what PUT …/terminate would change, from the same rules; writes nothing. */
  async terminationReview(id: number, q: TerminationReviewQuery): Promise<TerminationReview> {
    const coverageEnd = toUsDate(coverageEndFor(toIsoDate(q.terminationDate)!))!;
    return this.db.transaction(async (m) => {
      const e = await this.terminable(id, m);
      const enrolled = await this.currentElections(id, m);
      return {
        employeeName: fullName({ firstName: e.first_name, lastName: e.last_name }),
        terminationDate: q.terminationDate,
        coverageEndDate: coverageEnd,
        qualifyingEvent: OPTION_LISTS.qualifyingEvent.find((o) => o.id === q.qualifyingEventId)!.text,
        cobraElection: q.cobraElection,
        plans: enrolled.map((p) => ({ planType: PLAN_TYPE_NAMES[p.plan_type_id as PlanTypeId] ?? 'Plan', planName: p.plan_name, coverageEnds: coverageEnd })),
        noticeTo: noticeAddress(e),
      };
    });
  }

  /** PUT /employees/{id}/terminate: never oneself, only an active employee; coverage ends at the end of the month. */
  async terminate(id: number, body: TerminationRequest, png: Buffer): Promise<TerminationResponse> {
    const terminationDate = toIsoDate(body.terminationDate)!;
    const coverageEnd = coverageEndFor(terminationDate);
    const signatureKey = `employees/${id}/terminations/${randomUUID()}-signature.png`;
    const noticeKey = `employees/${id}/terminations/${randomUUID()}-notice.pdf`;
    const result = await this.db.transaction(async (m) => {
      const e = await this.terminable(id, m);
      const enrolled = await this.currentElections(id, m);
      const [client] = await this.db.query<{ name: string }>('SELECT name FROM client WHERE id = $client', [], m);
      const [hr] = (await m.query(`SELECT concat_ws(' ', first_name, last_name) AS name FROM account WHERE id = $1`, [this.context.acting.accountId])) as Array<{ name: string }>;
      const event = OPTION_LISTS.qualifyingEvent.find((o) => o.id === body.qualifyingEventId)!.text;
      const notice = await renderTerminationNotice({
        clientName: client?.name ?? '',
        employeeName: fullName({ firstName: e.first_name, lastName: e.last_name }),
        terminationDate: body.terminationDate,
        coverageEndDate: toUsDate(coverageEnd)!,
        qualifyingEvent: event,
        cobraElection: body.cobraElection,
        totalDisability: body.totalDisability,
        disabilityStartDate: body.disabilityStartDate ?? null,
        notes: body.notes ?? null,
        plans: enrolled.map((p) => `${PLAN_TYPE_NAMES[p.plan_type_id as PlanTypeId] ?? 'Plan'}: ${p.plan_name}`),
        terminatedBy: hr?.name || 'HR administrator',
        signaturePng: png,
      });
      await this.storage.put(signatureKey, png);
      await this.storage.put(noticeKey, Buffer.from(notice));
      const files = [
        await this.files.add({ employeeId: id, title: 'Termination signature', fileType: 'personal', storageKey: signatureKey, contentType: 'image/png', sizeBytes: png.length }),
        await this.files.add({ employeeId: id, title: `Termination notice ${body.terminationDate}`, fileType: 'personal', storageKey: noticeKey, contentType: 'application/pdf', sizeBytes: notice.length }),
      ];
      const [t] = await this.db.query<{ id: number }>(
        `INSERT INTO termination (client_id, employee_id, termination_date, total_disability, disability_start_date, qualifying_event_id, cobra_election, notes,
                                  signature_file_id, notice_file_id, coverage_end_date, terminated_by)
         VALUES ($client, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
        [id, terminationDate, body.totalDisability, toIsoDate(body.disabilityStartDate), body.qualifyingEventId, body.cobraElection, body.notes ?? null, files[0], files[1], coverageEnd, this.context.acting.accountId],
        m,
      );
      await this.db.query(
        `UPDATE employee SET terminated = true, cobra = $2, termination_date = $3, updated_at = now() WHERE id = $1 AND client_id = $client`,
        [id, body.cobraElection, terminationDate],
        m,
      );
      // Coverage of the current elections ends on the rule's date (shown as Effective To).
      await this.enrollments.endCoverage(id, coverageEnd);
      const actionIds = await this.actions.createForTermination(
        id,
        t!.id,
        enrolled.map((p) => ({ planTypeId: p.plan_type_id, planId: p.plan_id, planName: p.plan_name })),
        toUsDate(coverageEnd)!,
        m,
      );
      await this.audit.record(
        {
          employeeId: id,
          eventType: 'Termination',
          actionType: 'update',
          description: `Employee ${fullName({ firstName: e.first_name, lastName: e.last_name })} terminated${body.cobraElection ? ' (COBRA continuation)' : ''}`,
          data: [
            { title: 'Termination date', oldValue: null, newValue: body.terminationDate, changed: true },
            { title: 'Qualifying event', oldValue: null, newValue: event, changed: true },
            { title: 'COBRA election', oldValue: null, newValue: body.cobraElection ? 'Yes' : 'No', changed: true },
            { title: 'Total disability', oldValue: null, newValue: body.totalDisability ? `Yes, since ${body.disabilityStartDate}` : 'No', changed: true },
            { title: 'Coverage ends', oldValue: null, newValue: toUsDate(coverageEnd), changed: true },
            { title: 'Notes', oldValue: null, newValue: body.notes ?? null, changed: body.notes !== undefined },
          ],
        },
        m,
      );
      // The employee's termination and COBRA notice, queued only if all of this commits.
      const to = noticeAddress(e);
      if (to !== null) {
        await this.mail.enqueue(
          {
            template: 'termination-notice',
            to,
            data: {
              firstName: e.first_name,
              clientName: client?.name ?? '',
              noticeDate: toUsDate(await this.calendar.today(m))!,
              terminationDate: body.terminationDate,
              coverageEndDate: toUsDate(coverageEnd)!,
              qualifyingEvent: event,
              plans: enrolled.map((p) => ({ planType: PLAN_TYPE_NAMES[p.plan_type_id as PlanTypeId] ?? 'Plan', planName: p.plan_name })),
              cobraElection: body.cobraElection,
            },
            // One notice per termination.
            idempotencyKey: `termination-notice:${t!.id}`,
            clientId: this.context.clientId,
          },
          m,
        );
      }
      return { actionIds, accountId: e.account_id, group: employeeGroup({ terminated: true, cobra: body.cobraElection }) };
    });
    // Sign-in ends with the termination date (its last day included): a date already past ends the sessions now,
    // and the login refuses any later sign-in (AccountsService.accessEnded).
    if (result.accountId !== null && terminationDate < (await this.calendar.today())) await this.sessions.revokeAllOf(result.accountId);
    return { group: result.group, terminationDate: body.terminationDate, coverageEndDate: toUsDate(coverageEnd)!, actionIds: result.actionIds };
  }

  private view(e: EmployeeRow): Record<string, unknown> {
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

  private async load(id: number, m: EntityManager): Promise<EmployeeRow> {
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
      m,
    );
    if (!e) throw notFound();
    return e;
  }

  /** 'Field is required' for work hours when the client requires them. */
  /** The access groups and offices the client's census offers (contracts/census-choices). */
  async choices(m?: EntityManager): Promise<CensusChoices> {
    const [c] = await this.db.query<{ access_group_ids: number[] | null; office_ids: number[] | null }>('SELECT access_group_ids, office_ids FROM client WHERE id = $client', [], m);
    return censusChoices({ accessGroupIds: c?.access_group_ids ?? null, officeIds: c?.office_ids ?? null });
  }

  private async checkWorkHours(workHours: number | undefined, m: EntityManager): Promise<void> {
    if (workHours !== undefined) return;
    const [c] = await this.db.query<{ work_hours_required: boolean }>('SELECT work_hours_required FROM client WHERE id = $client', [], m);
    if (c?.work_hours_required) throw fieldErrors([{ path: 'workHours', message: Messages.fieldRequired }]);
  }

  /** An address (email or username) no other account signs in with and no other employee record carries. */
  private async checkAddressFree(address: string, own: EmployeeRow | null, field: 'email' | 'username', m: EntityManager): Promise<void> {
    // Across clients on purpose: a sign-in address is unique in the whole product.
    const taken: unknown[] = await m.query(
      `SELECT 1 AS one FROM account WHERE (lower(email) = lower($1) OR lower(username) = lower($1)) AND id IS DISTINCT FROM $2
       UNION ALL SELECT 1 FROM employee WHERE lower(email) = lower($1) AND id IS DISTINCT FROM $3 AND $4
       LIMIT 1`,
      [address, own?.account_id ?? null, own?.id ?? null, field === 'email'],
    );
    if (taken.length) throw fieldErrors([{ path: field, message: field === 'email' ? Messages.emailInUse : Messages.usernameInUse }]);
  }
}
