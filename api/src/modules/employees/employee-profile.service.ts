import { Injectable, NotFoundException } from '@nestjs/common';
import { isMaskedSsn, toIsoDate, toUsDate } from '../../contracts/formats';
import { Messages } from '../../contracts/messages';
import { ZEmployeeProfileRequest, type EmployeeProfile, type EmployeeProfileRequest } from '../../contracts/profile';
import { AuditService } from '../../core/audit/audit.service';
import { anyChanged, auditChanges, PERSON_AUDIT_FIELDS, type AuditedField } from '../../core/audit/field-changes';
import { RequestContext } from '../../core/context/request-context';
import { TenantDb } from '../../core/database/tenant-db';
import { maskSsn, SecuredDataCipher } from '../../core/crypto/secured-data';
import { fieldErrors } from '../../core/http/field-errors';
import { employeeTable, type Employee } from './employee.table';
import { DependentsService } from '../dependents/dependents.service';
import { fullName } from '../../contracts/common';

/** The address and phones of an employee, with the labels the profile and the census forms share. */
export const ADDRESS_AUDIT_FIELDS: Record<string, AuditedField> = {
  address1: { title: 'Home address' },
  address2: { title: 'Apt Number/Unit/Etc.' },
  zip: { title: 'Zip code' },
  city: { title: 'City' },
  state: { title: 'State' },
  officePhone: { title: 'Office phone' },
  homePhone: { title: 'Home phone' },
  cellPhone: { title: 'Cell phone' },
};

/** What the audit entry of a profile change lists, with the labels of the profile screen. */
export const PROFILE_AUDIT_FIELDS: Record<string, AuditedField> = {
  ...PERSON_AUDIT_FIELDS,
  maritalStatusId: { title: 'Marital status', kind: { option: 'maritalStatus' } },
  ssn: { title: 'Social Security Number', kind: 'ssn' },
  ...ADDRESS_AUDIT_FIELDS,
};

const ADDRESS_KEYS = ['address1', 'address2', 'zip', 'city', 'state'] as const;

const notFound = () => new NotFoundException({ statusCode: 404, message: Messages.noEmployeeFound });

/** The audited view of an employee: clear SSN (the audit masks it), dates as on screen. */
function auditView(e: Employee, ssn: string | null): Record<string, unknown> {
  return {
    firstName: e.firstName,
    middleName: e.middleName,
    lastName: e.lastName,
    maidenName: e.maidenName,
    birthDate: toUsDate(e.birthDate),
    gender: e.gender,
    smoker: e.smoker,
    maritalStatusId: e.maritalStatusId,
    ssn,
    address1: e.address1,
    address2: e.address2,
    zip: e.zip,
    city: e.city,
    state: e.state,
    officePhone: e.officePhone,
    homePhone: e.homePhone,
    cellPhone: e.cellPhone,
  };
}

/** GET/PUT /employee: the signed-in (or impersonated) employee's own profile. */
@Injectable()
export class EmployeeProfileService {
  constructor(
    private readonly db: TenantDb,
    private readonly context: RequestContext,
    private readonly cipher: SecuredDataCipher,
    private readonly audit: AuditService,
    private readonly dependents: DependentsService,
  ) {}

  /** The profile of the session's employee (or, for the registration checks, the given employee of the client). */
  async get(employeeId: number | null = this.context.user.employeeId): Promise<EmployeeProfile> {
    const e = await this.load(employeeId, false);
    return this.toProfile(e, this.cipher.decrypt(e.ssnEnc));
  }

  /** The profile fields still missing or invalid (the wizards' Employee Profile steps may not be left before). */
  async missingFields(employeeId: number): Promise<string[]> {
    const parsed = ZEmployeeProfileRequest.safeParse(await this.get(employeeId));
    return parsed.success ? [] : [...new Set(parsed.error.issues.map((i) => String(i.path[0] ?? 'profile')))];
  }

  async update(body: EmployeeProfileRequest): Promise<EmployeeProfile> {
    return this.db.transaction(async () => {
      const e = await this.load(this.context.user.employeeId, true);
      const storedSsn = this.cipher.decrypt(e.ssnEnc);
      // The mask the GET answered means "unchanged"; without a stored SSN there is nothing it could stand for.
      if (isMaskedSsn(body.ssn) && !storedSsn) throw fieldErrors([{ path: 'ssn', message: Messages.ssnInvalid }]);
      const ssn = isMaskedSsn(body.ssn) ? storedSsn! : body.ssn;

      const next = {
        firstName: body.firstName,
        middleName: body.middleName ?? null,
        lastName: body.lastName,
        maidenName: body.maidenName ?? null,
        birthDate: toIsoDate(body.birthDate),
        gender: body.gender,
        smoker: body.smoker,
        maritalStatusId: body.maritalStatusId,
        address1: body.address1,
        address2: body.address2 ?? null,
        zip: body.zip,
        city: body.city,
        state: body.state,
        officePhone: body.officePhone ?? null,
        homePhone: body.homePhone ?? null,
        cellPhone: body.cellPhone ?? null,
        // Indexes belong to the phone records: a form that does not send them leaves them alone.
        officePhoneIndex: body.officePhoneIndex ?? e.officePhoneIndex,
        homePhoneIndex: body.homePhoneIndex ?? e.homePhoneIndex,
        cellPhoneIndex: body.cellPhoneIndex ?? e.cellPhoneIndex,
      };
      const updated: Employee = { ...e, ...next };
      const changes = auditChanges(PROFILE_AUDIT_FIELDS, auditView(e, storedSsn), auditView(updated, ssn));
      const indexesChanged =
        next.officePhoneIndex !== e.officePhoneIndex || next.homePhoneIndex !== e.homePhoneIndex || next.cellPhoneIndex !== e.cellPhoneIndex;
      if (!anyChanged(changes) && !indexesChanged) return this.toProfile(e, storedSsn);

      // Re-seal only a changed SSN, so an unchanged one keeps its ciphertext (and its key id).
      await this.db.update(employeeTable, e.id, { ...next, ...(ssn !== storedSsn ? { ssnEnc: this.cipher.encrypt(ssn) } : {}) });
      if (ADDRESS_KEYS.some((k) => e[k] !== next[k])) {
        // Dependents living at the employee's address move with it.
        await this.dependents.followEmployeeAddress(e.id, { address1: next.address1, address2: next.address2, zip: next.zip, city: next.city, state: next.state, country: e.country });
      }
      if (anyChanged(changes)) {
        await this.audit.record(
          {
            employeeId: e.id,
            eventType: 'Employee Profile',
            actionType: 'update',
            description: `Employee profile of ${fullName(next)} updated`,
            data: changes,
          },
        );
      }
      return this.toProfile(updated, ssn);
    });
  }

  private async load(employeeId: number | null, lock: boolean): Promise<Employee> {
    if (employeeId === null) throw notFound();
    const [e] = await this.db.rows(employeeTable, 'e', 'e.id = $1', [employeeId], { secret: ['ssnEnc'], lock });
    if (!e) throw notFound();
    return e;
  }

  private toProfile(e: Employee, ssn: string | null): EmployeeProfile {
    return {
      id: e.id,
      individualId: e.individualId,
      firstName: e.firstName,
      middleName: e.middleName,
      lastName: e.lastName,
      maidenName: e.maidenName,
      email: e.email,
      birthDate: toUsDate(e.birthDate),
      gender: e.gender,
      smoker: e.smoker,
      maritalStatusId: e.maritalStatusId,
      ssn: maskSsn(ssn),
      address1: e.address1,
      address2: e.address2,
      zip: e.zip,
      city: e.city,
      state: e.state,
      country: e.country,
      officePhone: e.officePhone,
      homePhone: e.homePhone,
      cellPhone: e.cellPhone,
      officePhoneIndex: e.officePhoneIndex,
      homePhoneIndex: e.homePhoneIndex,
      cellPhoneIndex: e.cellPhoneIndex,
      title: e.title,
      hireDate: toUsDate(e.hireDate),
      employmentId: e.employmentId,
      employmentType: e.employmentType,
      officeId: e.officeId,
      groupId: e.groupId,
      workHours: e.workHours,
      newHire: e.newHire,
      eligibilityDate: toUsDate(e.eligibilityDate),
    };
  }
}
