import { Injectable } from '@nestjs/common';
import { censusChoiceIssues } from '../../contracts/census-choices';
import { fullName } from '../../contracts/common';
import type { CensusEmployee, EmployeeUpdate } from '../../contracts/employees';
import { isMaskedSsn, toIsoDate } from '../../contracts/formats';
import { Messages } from '../../contracts/messages';
import { AuditService } from '../../core/audit/audit.service';
import { anyChanged, auditChanges } from '../../core/audit/field-changes';
import { hashSecret } from '../../core/auth/passwords';
import { SessionStore } from '../../core/auth/session-store';
import { SecuredDataCipher } from '../../core/crypto/secured-data';
import { TenantDb } from '../../core/database/tenant-db';
import { fieldErrors } from '../../core/http/field-errors';
import { AccountsService } from '../accounts/accounts.service';
import { EmployeeRecords, employeeContactOf } from '../employees/employee-records.service';
import { CENSUS_AUDIT_FIELDS, CensusRecordsService, censusView, incomeText } from './census-records.service';

/**
 * Edit Employee: every field of the census form, and the account's sign-in address, names and (a temporary)
 * password with it. SSN and income are sealed; every change is audited in its transaction.
 */
@Injectable()
export class CensusEditService {
  constructor(
    private readonly db: TenantDb,
    private readonly cipher: SecuredDataCipher,
    private readonly audit: AuditService,
    private readonly accounts: AccountsService,
    private readonly sessions: SessionStore,
    private readonly records: CensusRecordsService,
    private readonly employees: EmployeeRecords,
  ) {}

  /** PUT /employees/{id}: every field of the edit form; the account's sign-in address and password with it. */
  async update(id: number, body: EmployeeUpdate): Promise<CensusEmployee> {
    // Hashing is slow: done before the transaction, so the rows are not locked meanwhile.
    const passwordHash = body.password ? await hashSecret(body.password) : null;
    const passwordOf = await this.db.transaction(async (): Promise<number | null> => {
      const e = await this.records.load(id);
      const byEmail = e.authentication_method !== 'username';
      if (byEmail && !body.email) throw fieldErrors([{ path: 'email', message: Messages.fieldRequired }]);
      await this.records.checkWorkHours(body.workHours);
      if (body.email && body.email.toLowerCase() !== (e.email ?? '').toLowerCase()) await this.records.checkAddressFree(body.email, e, 'email');
      const username = !byEmail && body.username ? body.username : e.username;
      if (!byEmail && username && username !== e.username) await this.records.checkAddressFree(username, e, 'username');
      const offered = censusChoiceIssues(await this.records.choices(), body, { groupId: e.group_id, officeId: e.office_id });
      if (offered.length > 0) throw fieldErrors(offered);

      const storedSsn = this.cipher.decrypt(e.ssn_enc);
      const storedIncome = this.cipher.decrypt(e.income_enc);
      if (body.ssn && isMaskedSsn(body.ssn) && !storedSsn) throw fieldErrors([{ path: 'ssn', message: Messages.ssnInvalid }]);
      const ssn = body.ssn === undefined ? null : isMaskedSsn(body.ssn) ? storedSsn : body.ssn;
      // Blank income keeps the stored one (the form never shows it in clear).
      const income = body.income === undefined ? storedIncome : incomeText(body.income);
      const before = { ...censusView(e), ssn: storedSsn, income: storedIncome, username: e.username };
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
        ...employeeContactOf(body),
        // Whether onboarding runs follows from this flag when they sign in (contracts/onboarding-start.ts): no step to rewrite.
        enableOnboarding: body.enableOnboarding ?? e.enable_onboarding,
      };
      const changes = auditChanges(CENSUS_AUDIT_FIELDS, before, after);
      if (anyChanged(changes)) {
        // Re-seal only what changed, so an unchanged value keeps its ciphertext.
        await this.employees.updateCensusFields(
          id,
          { ...after, hireDate: toIsoDate(after.hireDate), birthDate: toIsoDate(after.birthDate) },
          { ...(ssn !== storedSsn ? { ssn } : {}), ...(income !== storedIncome ? { income } : {}) },
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
        await this.audit.record({ employeeId: id, eventType: 'Employee', actionType: 'update', description: `Employee ${fullName(after)} updated`, data: changes });
      }
      if (passwordHash === null) return null;
      if (e.account_id === null) throw fieldErrors([{ path: 'password', message: Messages.employeeNotRegistered }]);
      // A password HR sets is a temporary one: the employee must choose their own at the next sign-in.
      await this.accounts.update(e.account_id, { passwordHash, passwordReset: true });
      await this.audit.record(
        { employeeId: id, eventType: 'Account', actionType: 'update', description: `Password of ${fullName(after)} set by an administrator; every session of the account ended` },
      );
      return e.account_id;
    });
    // Whoever knew the old password is signed out everywhere, once the new one is stored.
    if (passwordOf !== null) await this.sessions.revokeAllOf(passwordOf);
    return this.records.employee(id);
  }
}
