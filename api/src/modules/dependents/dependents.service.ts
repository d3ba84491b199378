import { Clock } from '../../core/clock/clock';
import { Injectable } from '@nestjs/common';
import { ZodValidationException } from 'nestjs-zod';
import {
  dependentSchema,
  ssnRuleFor,
  ZDependentAddressesUpdateRequest,
  ZDependentAddressRequest,
  type Dependent,
  type DependentAddress,
  type DependentAddressRequest,
  type DependentPersonal,
  type DependentRequest,
} from '../../contracts/dependents';
import { calendarDay, isMaskedSsn, ssnIssue } from '../../contracts/formats';
import { Messages } from '../../contracts/messages';
import { AuditService } from '../../core/audit/audit.service';
import { anyChanged, auditChanges } from '../../core/audit/field-changes';
import { SecuredDataCipher } from '../../core/crypto/secured-data';
import { fieldErrors } from '../../core/http/field-errors';
import { RequestContext } from '../../core/context/request-context';
import { TenantDb } from '../../core/database/tenant-db';
import { NOW } from '../../core/database/sql-table';
import { dependentTable, type DependentEntity } from './dependent.table';
import { fullName } from '../../contracts/common';
import { ADDRESS_AUDIT_FIELDS, auditView, addressOf, DEPENDENT_AUDIT_FIELDS, dependentNotFound, dependentView, employeeNotFound, relationText, toAddress, valuesOf, type Household, type HouseholdRow } from './dependent-household';

/**
 * Dependents of the token's employee (and the administrator's census view). Every query is scoped by
 * employee and client, so another employee's or client's dependent is simply not found (404).
 */
@Injectable()
export class DependentsService {
  constructor(
    private readonly db: TenantDb,
    private readonly context: RequestContext,
    private readonly cipher: SecuredDataCipher,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  /** The employee's address changed: dependents living at it (not flagged as elsewhere) move with it. */
  async followEmployeeAddress(employeeId: number, address: { address1: string | null; address2: string | null; zip: string | null; city: string | null; state: string | null; country: string | null }): Promise<void> {
    await this.db.query(
      `UPDATE dependent SET address1 = $1, address2 = $2, zip = $3, city = $4, state = $5, country = $6, updated_at = now()
        WHERE employee_id = $7 AND client_id = $client AND NOT dependent_different_address AND deleted_at IS NULL`,
      [address.address1, address.address2, address.zip, address.city, address.state, address.country, employeeId],
    );
  }

  async list(): Promise<Dependent[]> {
    const h = await this.household(this.context.ownEmployeeId());
    return this.listOf(h);
  }

  /** Census Dependents tab: an employee of the administrator's own client only. */
  async listForEmployee(employeeId: number): Promise<Dependent[]> {
    const h = await this.household(employeeId);
    return this.listOf(h);
  }

  async get(id: number): Promise<Dependent> {
    const h = await this.household(this.context.ownEmployeeId());
    return this.toDependent(await this.row(h, id, false), h);
  }

  async create(body: unknown): Promise<Dependent> {
    return this.db.transaction(async () => {
      const h = await this.household(this.context.ownEmployeeId());
      const req = this.parse(body, h);
      const ssn = this.resolveSsn(req, h, null);
      const id = await this.db.insert(dependentTable, { ...valuesOf(req, h), employeeId: h.employeeId, ssnEnc: this.cipher.encrypt(ssn) });
      const created = await this.row(h, id, false);
      await this.audit.record(
        {
          employeeId: h.employeeId,
          eventType: 'Dependent',
          actionType: 'create',
          description: `Dependent ${fullName(created)} (${relationText(created.relationshipTypeId)}) added`,
          data: auditChanges(DEPENDENT_AUDIT_FIELDS, null, auditView(created, ssn)),
        },
      );
      return this.toDependent(created, h);
    });
  }

  async update(id: number, body: unknown): Promise<Dependent> {
    return this.db.transaction(async () => {
      const h = await this.household(this.context.ownEmployeeId());
      const current = await this.row(h, id, true);
      const req = this.parse(body, h);
      const storedSsn = this.cipher.decrypt(current.ssnEnc);
      const ssn = this.resolveSsn(req, h, storedSsn);
      const next: DependentEntity = { ...current, ...valuesOf(req, h) };
      const changes = auditChanges(DEPENDENT_AUDIT_FIELDS, auditView(current, storedSsn), auditView(next, ssn));
      if (!anyChanged(changes)) return this.toDependent(current, h);
      // Re-seal only a changed SSN, so an unchanged one keeps its ciphertext (and its key id).
      await this.db.update(dependentTable, id, { ...valuesOf(req, h), ...(ssn !== storedSsn ? { ssnEnc: this.cipher.encrypt(ssn) } : {}) });
      await this.audit.record(
        {
          employeeId: h.employeeId,
          eventType: 'Dependent',
          actionType: 'update',
          description: `Dependent ${fullName(next)} (${relationText(next.relationshipTypeId)}) updated`,
          data: changes,
        },
      );
      return this.toDependent(await this.row(h, id, false), h);
    });
  }

  async remove(id: number): Promise<void> {
    await this.db.transaction(async () => {
      const h = await this.household(this.context.ownEmployeeId());
      const current = await this.row(h, id, true);
      // Soft: enrollments and the transaction report still name a removed dependent.
      await this.db.update(dependentTable, id, { deletedAt: NOW });
      await this.audit.record(
        {
          employeeId: h.employeeId,
          eventType: 'Dependent',
          actionType: 'delete',
          description: `Dependent ${fullName(current)} (${relationText(current.relationshipTypeId)}) removed`,
          data: auditChanges(DEPENDENT_AUDIT_FIELDS, auditView(current, this.cipher.decrypt(current.ssnEnc)), null),
        },
      );
    });
  }

  async addresses(): Promise<DependentAddress[]> {
    const h = await this.household(this.context.ownEmployeeId());
    return (await this.rows(h)).map((d) => toAddress(d, h));
  }

  /** The Dependents step's Next: the listed dependents' addresses in one transaction (others stay as they are). */
  async updateAddresses(body: unknown): Promise<DependentAddress[]> {
    const parsed = ZDependentAddressesUpdateRequest.safeParse(body);
    if (!parsed.success) throw new ZodValidationException(parsed.error);
    return this.db.transaction(async () => {
      const h = await this.household(this.context.ownEmployeeId());
      // One item per dependent: a repeated id takes its last value.
      const items = new Map(parsed.data.map((item) => [item.id, item]));
      const found = await this.lockedRows(h, [...items.keys()]);
      if (found.length !== items.size) throw dependentNotFound();
      for (const current of found) await this.applyAddress(h, current, items.get(current.id)!);
      return (await this.rows(h)).map((d) => toAddress(d, h));
    });
  }

  async updateAddress(id: number, body: unknown): Promise<Dependent> {
    const parsed = ZDependentAddressRequest.safeParse(body);
    if (!parsed.success) throw new ZodValidationException(parsed.error);
    return this.db.transaction(async () => {
      const h = await this.household(this.context.ownEmployeeId());
      const current = await this.row(h, id, true);
      await this.applyAddress(h, current, parsed.data);
      return this.toDependent(await this.row(h, id, false), h);
    });
  }

  /** Clear SSNs of the caller's dependents, after the unlock guard; every read is audited. */
  /** The dependents' clear SSNs (the token's employee, or a census employee of the acting client); audited. */
  async personal(employeeId: number = this.context.ownEmployeeId()): Promise<DependentPersonal> {
    const h = await this.household(employeeId);
    const rows = await this.rows(h);
    await this.audit.record({
      employeeId: h.employeeId,
      eventType: 'Personal data',
      actionType: 'unlock',
      // Names what was shown, never the values.
      description: `Secured data viewed (SSN) of the dependents of ${fullName(h)}`,
    });
    return rows.map((d) => ({ id: d.id, ssn: this.cipher.decrypt(d.ssnEnc) }));
  }

  // -------------------------------------------------------------------------------------------------------

  private async household(employeeId: number): Promise<Household> {
    const rows = await this.db.query<HouseholdRow>(
      `SELECT e.id, e.first_name, e.last_name, e.address1, e.address2, e.city, e.state, e.zip, e.country,
              c.require_ssn, c.hide_document_warnings, ($2::timestamptz AT TIME ZONE c.time_zone)::date::text AS today
         FROM employee e JOIN client c ON c.id = e.client_id
        WHERE e.id = $1 AND e.client_id = $client`,
      [employeeId, this.clock.nowIso()],
    );
    const r = rows[0];
    if (!r) throw employeeNotFound();
    return {
      employeeId: r.id,
      firstName: r.first_name,
      lastName: r.last_name,
      address: { address1: r.address1, address2: r.address2, city: r.city, state: r.state, zip: r.zip, country: r.country },
      requireSsn: r.require_ssn,
      hideDocumentWarnings: r.hide_document_warnings,
      today: calendarDay(r.today),
    };
  }

  /** The household's current (not removed) dependents matching `condition` ($2.. after the employee's $1). */
  private select(h: Household, condition: string, params: unknown[], options: { orderBy?: string; lock?: boolean }): Promise<DependentEntity[]> {
    return this.db.rows(dependentTable, 'd', `d.employee_id = $1 AND d.deleted_at IS NULL AND ${condition}`, [h.employeeId, ...params], { secret: ['ssnEnc'], ...options });
  }

  /** Spouse or partner first, then children from the oldest, then in the order they were added. */
  private rows(h: Household): Promise<DependentEntity[]> {
    return this.select(h, 'true', [], { orderBy: 'CASE WHEN d.relationship_type_id = 2 THEN 1 ELSE 0 END, d.birth_date NULLS LAST, d.id' });
  }

  private async row(h: Household, id: number, lock: boolean): Promise<DependentEntity> {
    const [found] = await this.select(h, 'd.id = $2', [id], { lock });
    if (!found) throw dependentNotFound();
    return found;
  }

  private lockedRows(h: Household, ids: number[]): Promise<DependentEntity[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.select(h, 'd.id = ANY($2::int[])', [ids], { orderBy: 'd.id', lock: true });
  }

  private async listOf(h: Household): Promise<Dependent[]> {
    return (await this.rows(h)).map((d) => this.toDependent(d, h));
  }

  private parse(body: unknown, h: Household): DependentRequest {
    const parsed = dependentSchema({ employeeLastName: h.lastName, requireSsn: h.requireSsn, today: h.today }).safeParse(body ?? {});
    if (!parsed.success) throw new ZodValidationException(parsed.error);
    return parsed.data;
  }

  /**
   * The SSN to store: the submitted one, or the stored one when the mask came back. The stored one is then
   * checked against today's rule (a newborn's 000-00-0000 stops being enough at age 1).
   */
  private resolveSsn(req: DependentRequest, h: Household, stored: string | null): string | null {
    if (req.ssn === undefined) return null;
    if (!isMaskedSsn(req.ssn)) return req.ssn;
    if (stored === null) throw fieldErrors([{ path: 'ssn', message: Messages.ssnInvalid }]);
    const issue = ssnIssue(stored, ssnRuleFor(req.relationshipTypeId, req.birthDate, h.requireSsn, h.today), h.requireSsn);
    if (issue) throw fieldErrors([{ path: 'ssn', message: issue }]);
    return stored;
  }

  private async applyAddress(h: Household, current: DependentEntity, req: DependentAddressRequest): Promise<void> {
    const address = addressOf(req, h);
    const next: DependentEntity = { ...current, ...address };
    const changes = auditChanges(ADDRESS_AUDIT_FIELDS, auditView(current, null), auditView(next, null));
    if (!anyChanged(changes)) return;
    await this.db.update(dependentTable, current.id, address);
    await this.audit.record(
      {
        employeeId: h.employeeId,
        eventType: 'Dependent',
        actionType: 'update',
        description: `Address of dependent ${fullName(current)} (${relationText(current.relationshipTypeId)}) updated`,
        data: changes,
      },
    );
  }

  private toDependent(d: DependentEntity, h: Household): Dependent {
    return dependentView(d, h, this.cipher.decrypt(d.ssnEnc));
  }
}
