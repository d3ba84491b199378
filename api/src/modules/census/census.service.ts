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
} from '../../contracts/employees';
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
import { ActionsService } from '../actions/actions.service';
import { ADDRESS_AUDIT_FIELDS, EmployeeProfileService } from '../employees/employee-profile.service';
import { EnrollmentsService } from '../enrollments/enrollments.service';
import { FILE_STORAGE, type FileStorage } from '../files/file-storage';
import { RegistrationService } from '../registration/registration.service';
import { renderTerminationNotice } from './termination-notice';

/** What the audit entries of the census list, with the labels of the census forms. Income never shows its value. */
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

const notFound = () => new NotFoundException({ statusCode: 404, message: Messages.noEmployeeFound });
const today = () => new Date().toISOString().slice(0, 10);
/** Income as stored (sealed decimal text) from what HR typed. */
const incomeText = (typed: string | undefined) => (typed === undefined ? null : centsToDecimal(parseMoney(typed)!));

/**
 * The census's own writes (document 3 sections 2.1, 4 and 5): Add New Employee, Edit Employee and Terminate.
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
  ) {}

  /** GET /employees/{id}/employee: the profile plus what only HR sees (account, flags, termination). */
  async employee(id: number): Promise<CensusEmployee> {
    const profile = await this.profiles.get(id);
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
    };
  }

  /** POST /employees: the new employee, their enrollment rows, and (sendEmail) the welcome email, in one transaction. */
  async create(body: NewEmployee): Promise<NewEmployeeResponse> {
    return this.db.transaction(async (m) => {
      await this.checkWorkHours(body.workHours, m);
      await this.checkAddressFree(body.email, null, 'email', m);
      const hire = toIsoDate(body.hireDate)!;
      const [row] = await this.db.query<{ id: number; individual_id: number }>(
        `INSERT INTO employee (client_id, first_name, middle_name, last_name, email, group_id, employment_id, employment_type, office_id, title,
                               hire_date, birth_date, gender, marital_status_id, ssn_enc, income_enc, work_hours, address1, address2, zip, city, state,
                               office_phone, home_phone, cell_phone, new_hire, eligibility_date, enable_onboarding,
                               onboarding_i9, onboarding_w4, onboarding_payroll, onboarding_eeo)
         VALUES ($client, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, coalesce($13, 1), $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24,
                 $10::date >= current_date - 30, $10, $25, $26, $27, $28, $29)
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
    });
  }

  /** PUT /employees/{id}: every field of the edit form; the account's sign-in address and password with it. */
  async update(id: number, body: EmployeeUpdate): Promise<CensusEmployee> {
    await this.db.transaction(async (m) => {
      const e = await this.load(id, m);
      const byEmail = e.authentication_method !== 'username';
      if (byEmail && !body.email) throw fieldErrors([{ path: 'email', message: Messages.fieldRequired }]);
      await this.checkWorkHours(body.workHours, m);
      if (body.email && body.email.toLowerCase() !== (e.email ?? '').toLowerCase()) await this.checkAddressFree(body.email, e, 'email', m);
      const username = !byEmail && body.username ? body.username : e.username;
      if (!byEmail && username && username !== e.username) await this.checkAddressFree(username, e, 'username', m);

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
      };
      const changes = auditChanges(CENSUS_AUDIT_FIELDS, before, after);
      if (anyChanged(changes)) {
        await this.db.query(
          `UPDATE employee SET first_name = $2, middle_name = $3, last_name = $4, email = $5, group_id = $6, employment_id = $7, employment_type = $8,
                  office_id = $9, title = $10, hire_date = $11, birth_date = $12, gender = $13, marital_status_id = $14,
                  ssn_enc = CASE WHEN $15 THEN $16 ELSE ssn_enc END, income_enc = CASE WHEN $17 THEN $18 ELSE income_enc END, work_hours = $19,
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
          ],
          m,
        );
        if (e.account_id !== null) {
          // The account signs in with the email (email accounts) or the username; its names follow the record.
          await m.query(
            `UPDATE account SET first_name = $2, last_name = $3, email = CASE WHEN $4 THEN $5 ELSE email END, username = $6, updated_at = now() WHERE id = $1`,
            [e.account_id, after.firstName, after.lastName, byEmail, after.email, byEmail ? (after.email ?? e.username) : username],
          );
        }
        await this.audit.record({ employeeId: id, eventType: 'Employee', actionType: 'update', description: `Employee ${fullName(after)} updated`, data: changes }, m);
      }
      if (body.password) {
        if (e.account_id === null) throw fieldErrors([{ path: 'password', message: Messages.employeeNotRegistered }]);
        // A password HR sets is a temporary one: the employee must choose their own at the next sign-in.
        await m.query('UPDATE account SET password_hash = $2, password_reset = true, updated_at = now() WHERE id = $1', [e.account_id, await hashSecret(body.password)]);
        await this.audit.record({ employeeId: id, eventType: 'Account', actionType: 'update', description: `Password of ${fullName(after)} set by an administrator` }, m);
      }
    });
    return this.employee(id);
  }

  /** PUT /employees/{id}/terminate: never oneself, only an active employee; coverage ends at the end of the month. */
  async terminate(id: number, body: TerminationRequest, png: Buffer): Promise<TerminationResponse> {
    if (this.context.user.employeeId === id) throw new ForbiddenException({ statusCode: 403, message: CensusMessages.cannotTerminateSelf });
    const terminationDate = toIsoDate(body.terminationDate)!;
    const coverageEnd = coverageEndFor(terminationDate);
    const signatureKey = `employees/${id}/terminations/${randomUUID()}-signature.png`;
    const noticeKey = `employees/${id}/terminations/${randomUUID()}-notice.pdf`;
    const result = await this.db.transaction(async (m) => {
      const e = await this.load(id, m);
      if (e.terminated || e.cobra) throw new ConflictException({ statusCode: 409, message: CensusMessages.onlyActiveCanBeTerminated });
      const enrolled = await this.db.query<{ plan_type_id: number; plan_id: number; plan_name: string }>(
        `SELECT en.plan_type_id, en.plan_id, p.name AS plan_name
           FROM enrollment en JOIN plan p ON p.id = en.plan_id JOIN open_enrollment_period oe ON oe.id = en.open_enrollment_period_id
          WHERE en.employee_id = $1 AND en.client_id = $client AND en.status = 1 AND oe.is_current
          ORDER BY en.plan_type_id`,
        [id],
        m,
      );
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
      const files = await this.db.query<{ id: number }>(
        `INSERT INTO file (client_id, employee_id, title, file_type, storage_key, content_type, size_bytes)
         VALUES ($client, $1, 'Termination signature', 'personal', $2, 'image/png', $3), ($client, $1, $4, 'personal', $5, 'application/pdf', $6)
         RETURNING id`,
        [id, signatureKey, png.length, `Termination notice ${body.terminationDate}`, noticeKey, notice.length],
        m,
      );
      const [t] = await this.db.query<{ id: number }>(
        `INSERT INTO termination (client_id, employee_id, termination_date, total_disability, disability_start_date, qualifying_event_id, cobra_election, notes,
                                  signature_file_id, notice_file_id, coverage_end_date, terminated_by)
         VALUES ($client, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
        [id, terminationDate, body.totalDisability, toIsoDate(body.disabilityStartDate), body.qualifyingEventId, body.cobraElection, body.notes ?? null, files[0]!.id, files[1]!.id, coverageEnd, this.context.acting.accountId],
        m,
      );
      await this.db.query(
        `UPDATE employee SET terminated = true, cobra = $2, termination_date = $3, updated_at = now() WHERE id = $1 AND client_id = $client`,
        [id, body.cobraElection, terminationDate],
        m,
      );
      // Coverage of the current elections ends on the rule's date (shown as Effective To).
      await this.db.query(
        `UPDATE enrollment en SET effective_to_date = $2, updated_at = now()
           FROM open_enrollment_period oe
          WHERE oe.id = en.open_enrollment_period_id AND oe.is_current AND en.employee_id = $1 AND en.client_id = $client AND en.status = 1
            AND (en.effective_to_date IS NULL OR en.effective_to_date > $2)`,
        [id, coverageEnd],
        m,
      );
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
      return { actionIds, accountId: e.account_id, group: employeeGroup({ terminated: true, cobra: body.cobraElection }) };
    });
    // Sign-in ends with the termination date (its last day included): a date already past ends the sessions now,
    // and the login refuses any later sign-in (AccountsService.accessEnded).
    if (result.accountId !== null && terminationDate < today()) await this.sessions.revokeAllOf(result.accountId);
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

  /** 'Field is required' for work hours when the client requires them (document 3 section 5). */
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
