import { Injectable } from '@nestjs/common';
import { censusChoiceIssues } from '../../contracts/census-choices';
import { fullName } from '../../contracts/common';
import type { NewEmployee, NewEmployeeResponse } from '../../contracts/employees';
import { isMaskedSsn, toIsoDate } from '../../contracts/formats';
import { Messages } from '../../contracts/messages';
import { AuditService } from '../../core/audit/audit.service';
import { auditChanges } from '../../core/audit/field-changes';
import { ClientCalendar } from '../../core/clock/client-calendar';
import { TenantDb } from '../../core/database/tenant-db';
import { fieldErrors } from '../../core/http/field-errors';
import { EmployeeRecords, employeeContactOf, type NewEmployeeRecord } from '../employees/employee-records.service';
import { EnrollmentsService } from '../enrollments/enrollments.service';
import { RegistrationService } from '../registration/registration.service';
import { CENSUS_AUDIT_FIELDS, CensusRecordsService, incomeText } from './census-records.service';

/** Employees written per INSERT by createMany (30 values each: one JSON parameter, a few hundred kB). */
const CREATE_MANY_CHUNK = 500;

/** createMany's refusal of one row (its index in the input), with the field error create would give. */
export class BulkRowRefused extends Error {
  constructor(
    readonly index: number,
    readonly path: string,
    message: string,
  ) {
    super(message);
  }
}

/** The employee row's values of the census form (the masked SSN of a form is no value). */
function recordOf(body: NewEmployee): NewEmployeeRecord {
  return {
    firstName: body.firstName,
    middleName: body.middleName ?? null,
    lastName: body.lastName,
    email: body.email,
    groupId: body.groupId ?? null,
    employmentId: body.employmentId,
    employmentType: body.employmentType ?? null,
    officeId: body.officeId ?? null,
    title: body.title ?? null,
    hireDate: toIsoDate(body.hireDate),
    birthDate: toIsoDate(body.birthDate),
    gender: body.gender ?? null,
    maritalStatusId: body.maritalStatusId ?? null,
    ssn: body.ssn && !isMaskedSsn(body.ssn) ? body.ssn : null,
    income: body.income !== undefined ? incomeText(body.income) : null,
    workHours: body.workHours ?? null,
    ...employeeContactOf(body),
    enableOnboarding: body.enableOnboarding,
    onboardingI9: body.onboardingI9,
    onboardingW4: body.onboardingW4,
    onboardingPayroll: body.onboardingPayroll,
    onboardingEeo: body.onboardingEeo,
  };
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
    private readonly employees: EmployeeRecords,
    private readonly audit: AuditService,
    private readonly registration: RegistrationService,
    private readonly enrollments: EnrollmentsService,
    private readonly calendar: ClientCalendar,
    private readonly records: CensusRecordsService,
  ) {}

  /** POST /employees: the new employee, their enrollment rows, and (sendEmail) the welcome email, in one transaction. */
  async create(body: NewEmployee): Promise<NewEmployeeResponse> {
    return this.db.transaction(async () => {
      await this.records.checkWorkHours(body.workHours);
      const offered = censusChoiceIssues(await this.records.choices(), body);
      if (offered.length > 0) throw fieldErrors(offered);
      await this.records.checkAddressFree(body.email, null, 'email');
      // A new hire: hired within the last 30 days of the client's calendar.
      const { id, individualId } = await this.employees.add(recordOf(body), await this.calendar.today());
      await this.audit.record({
        employeeId: id,
        eventType: 'Employee',
        actionType: 'create',
        description: `Employee ${fullName(body)} added`,
        data: auditChanges(CENSUS_AUDIT_FIELDS, null, { ...body, ssn: body.ssn ?? null, income: body.income ?? null }),
      });
      // The rows the new employee enrolls in exist from the start (GET /enrollments only reads).
      await this.enrollments.prepareRows(id);
      // The welcome email (registration link) is queued with the record: both or neither.
      if (body.sendEmail) await this.registration.sendWelcome(id);
      return { id, individualId, firstName: body.firstName, lastName: body.lastName };
    });
  }

  /**
   * Add New Employee for many people inside the caller's transaction (a census file's chunk): the same
   * employee rows, audit entries, enrollment rows and welcome emails as create for each, but what create reads
   * per person (the client's rules and today, the address check) is read once, and the employees and their audit
   * entries are written CHUNK at a time. A row create would refuse throws BulkRowRefused with its index and the
   * same field error, so the caller rolls everything back.
   */
  async createMany(bodies: readonly NewEmployee[], onProgress?: (done: number) => Promise<void>): Promise<number[]> {
    if (bodies.length === 0) return [];
    await this.checkMany(bodies);
    const today = await this.calendar.today();
    // The client's access groups and offices (checked at upload too; the agent may have changed them since).
    const choices = await this.records.choices();
    for (const [i, body] of bodies.entries()) {
      const [wrong] = censusChoiceIssues(choices, body);
      if (wrong) throw new BulkRowRefused(i, wrong.path, wrong.message);
    }
    const ids: number[] = [];
    for (let start = 0; start < bodies.length; start += CREATE_MANY_CHUNK) {
      const chunk = bodies.slice(start, start + CREATE_MANY_CHUNK);
      // The addresses are unique in the file (checked above), which addMany needs.
      const chunkIds = await this.employees.addMany(chunk.map(recordOf), today);
      await this.audit.recordMany(
        chunk.map((body, i) => ({
          employeeId: chunkIds[i]!,
          eventType: 'Employee',
          actionType: 'create' as const,
          description: `Employee ${fullName(body)} added`,
          data: auditChanges(CENSUS_AUDIT_FIELDS, null, { ...body, ssn: body.ssn ?? null, income: body.income ?? null }),
        })),
      );
      // The enrollment rows of the whole chunk in a few statements (prepareRows for each, set-based).
      await this.enrollments.prepareMany(chunkIds);
      for (const [i, id] of chunkIds.entries()) {
        if (chunk[i]!.sendEmail) await this.registration.sendWelcome(id);
      }
      ids.push(...chunkIds);
      await onProgress?.(ids.length);
    }
    return ids;
  }

  /**
   * What create checks before writing, for many rows at once (createMany, and a census commit before its first
   * chunk): the client's work-hours rule and addresses no one signs in with; a repeat within the rows is taken by
   * its first. Throws BulkRowRefused for the first row refused.
   */
  async checkMany(bodies: readonly NewEmployee[]): Promise<void> {
    if (bodies.length === 0) return;
    const [c] = await this.db.query<{ work_hours_required: boolean }>('SELECT work_hours_required FROM client WHERE id = $client');
    const lacksHours = c?.work_hours_required ? bodies.findIndex((b) => b.workHours === undefined) : -1;
    if (lacksHours >= 0) throw new BulkRowRefused(lacksHours, 'workHours', Messages.fieldRequired);
    // The address check of create for every row at once; a repeat within the file is taken by its first row.
    const lower = bodies.map((b) => b.email.toLowerCase());
    const taken = await this.records.takenAddresses(lower);
    lower.forEach((address, i) => {
      if (taken.has(address)) throw new BulkRowRefused(i, 'email', Messages.emailInUse);
      taken.add(address);
    });
  }
}
