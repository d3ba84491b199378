import { Injectable, NotFoundException } from '@nestjs/common';
import { ZodValidationException } from 'nestjs-zod';
import {
  BENEFICIARY_TYPE_NAMES,
  BeneficiaryMessages,
  beneficiarySchema,
  beneficiaryShareTotals,
  isBeneficiaryType,
  LIFE_PLAN_TYPE_IDS,
  maskTaxId,
  type Beneficiary,
  type BeneficiaryPersonal,
  type BeneficiaryRequest,
} from '../../contracts/beneficiaries';
import { isMaskedSsn, toIsoDate, toUsDate } from '../../contracts/formats';
import { Messages } from '../../contracts/messages';
import { AuditService } from '../../core/audit/audit.service';
import { anyChanged, auditChanges, type AuditedField } from '../../core/audit/field-changes';
import { maskSsn, SecuredDataCipher } from '../../core/crypto/secured-data';
import { fieldErrors } from '../../core/http/field-errors';
import { RequestContext } from '../../core/context/request-context';
import { TenantDb } from '../../core/database/tenant-db';
import { OPTION_LISTS } from '../../contracts/option-lists';
import { beneficiaryTable, type BeneficiaryEntity } from './beneficiary.table';
import { fullName } from '../../contracts/common';
import { electionsCte, type ElectionView } from '../enrollments/elections';

interface Owner {
  employeeId: number;
  firstName: string;
  lastName: string;
}

/** The audit entry's fields, with the labels of the Add/Edit Beneficiary dialog. */
export const BENEFICIARY_AUDIT_FIELDS: Record<string, AuditedField> = {
  firstName: { title: 'First name' },
  lastName: { title: 'Last name' },
  relationshipTypeId: { title: 'Relationship', kind: { option: 'beneficiaryRelationshipType' } },
  relationshipId: { title: 'Dependent' },
  beneficiaryType: { title: 'Type of share', kind: { option: 'beneficiaryType' } },
  share: { title: 'Share (%)' },
  birthDate: { title: 'Date of birth' },
  ssn: { title: 'SSN', kind: 'ssn' },
  taxId: { title: 'Tax id', kind: 'taxId' },
};

const RELATIONSHIP_TEXT = new Map(OPTION_LISTS.beneficiaryRelationshipType.map((o) => [o.id, o.text]));

const employeeNotFound = () => new NotFoundException({ statusCode: 404, message: Messages.noEmployeeFound });
const beneficiaryNotFound = () => new NotFoundException({ statusCode: 404, message: BeneficiaryMessages.notFound });

const typeName = (type: number) => (isBeneficiaryType(type) ? BENEFICIARY_TYPE_NAMES[type] : String(type));

/** The audited view of a beneficiary: clear SSN and tax id (the audit masks them), dates as on screen. */
function auditView(b: Omit<BeneficiaryEntity, 'ssnEnc' | 'taxIdEnc'>, ssn: string | null, taxId: string | null): Record<string, unknown> {
  return {
    firstName: b.firstName,
    lastName: b.lastName,
    relationshipTypeId: b.relationshipTypeId,
    relationshipId: b.relationshipId,
    beneficiaryType: b.beneficiaryType,
    share: b.share,
    birthDate: toUsDate(b.birthDate),
    ssn,
    taxId,
  };
}

/**
 * Beneficiaries of the token's employee (and the administrator's census view). Every query is scoped by
 * employee and client, so another employee's or client's beneficiary is simply not found (404). Writes
 * lock the employee row first: two concurrent adds cannot both take the last share of a type.
 */
@Injectable()
export class BeneficiariesService {
  constructor(
    private readonly db: TenantDb,
    private readonly context: RequestContext,
    private readonly cipher: SecuredDataCipher,
    private readonly audit: AuditService,
  ) {}

  async list(): Promise<Beneficiary[]> {
    const owner = await this.owner(this.context.ownEmployeeId(), false);
    return (await this.rows(owner)).map((b) => this.toBeneficiary(b));
  }

  /** Census Beneficiaries tab: an employee of the administrator's own client only. */
  async listForEmployee(employeeId: number): Promise<Beneficiary[]> {
    const owner = await this.owner(employeeId, false);
    return (await this.rows(owner)).map((b) => this.toBeneficiary(b));
  }

  async get(id: number): Promise<Beneficiary> {
    const owner = await this.owner(this.context.ownEmployeeId(), false);
    return this.toBeneficiary(await this.row(owner, id));
  }

  async create(body: unknown): Promise<Beneficiary> {
    return this.db.transaction(async () => {
      const owner = await this.owner(this.context.ownEmployeeId(), true);
      const req = this.parse(body, await this.rows(owner), null);
      await this.checkDependent(owner, req.relationshipId);
      // A mask stands for a stored SSN or tax id, and a new beneficiary has none.
      if (req.ssn !== undefined && isMaskedSsn(req.ssn)) throw fieldErrors([{ path: 'ssn', message: Messages.ssnInvalid }]);
      if (req.taxId !== undefined && isMaskedSsn(req.taxId)) throw fieldErrors([{ path: 'taxId', message: BeneficiaryMessages.taxIdInvalid }]);
      const ssn = req.ssn ?? null;
      const taxId = req.taxId ?? null;
      const id = await this.db.insert(
        beneficiaryTable,
        { ...this.valuesOf(req), employeeId: owner.employeeId, ssnEnc: ssn === null ? null : this.cipher.encrypt(ssn), taxIdEnc: taxId === null ? null : this.cipher.encrypt(taxId) },
      );
      const created = await this.row(owner, id);
      await this.audit.record(
        {
          employeeId: owner.employeeId,
          eventType: 'Beneficiary',
          actionType: 'create',
          description: `Beneficiary ${fullName(created)} (${typeName(created.beneficiaryType)}, ${created.share}%) added`,
          data: auditChanges(BENEFICIARY_AUDIT_FIELDS, null, auditView(created, ssn, taxId)),
        },
      );
      return this.toBeneficiary(created);
    });
  }

  async update(id: number, body: unknown): Promise<Beneficiary> {
    return this.db.transaction(async () => {
      const owner = await this.owner(this.context.ownEmployeeId(), true);
      const all = await this.rows(owner);
      const current = all.find((b) => b.id === id);
      if (!current) throw beneficiaryNotFound();
      const req = this.parse(body, all, id);
      await this.checkDependent(owner, req.relationshipId);
      const storedSsn = this.cipher.decrypt(current.ssnEnc);
      const storedTaxId = this.cipher.decrypt(current.taxIdEnc);
      // A person keeps an SSN (the mask stands for the stored one); an organization has none, and maybe a tax id.
      let ssn: string | null = null;
      if (req.ssn !== undefined) {
        ssn = isMaskedSsn(req.ssn) ? storedSsn : req.ssn;
        if (ssn === null) throw fieldErrors([{ path: 'ssn', message: Messages.ssnInvalid }]);
      }
      let taxId: string | null = null;
      if (req.taxId !== undefined) {
        taxId = isMaskedSsn(req.taxId) ? storedTaxId : req.taxId;
        if (taxId === null) throw fieldErrors([{ path: 'taxId', message: BeneficiaryMessages.taxIdInvalid }]);
      }
      const next: BeneficiaryEntity = { ...current, ...this.valuesOf(req) };
      const changes = auditChanges(BENEFICIARY_AUDIT_FIELDS, auditView(current, storedSsn, storedTaxId), auditView(next, ssn, taxId));
      if (!anyChanged(changes)) return this.toBeneficiary(current);
      // Re-seal only a changed value, so an unchanged one keeps its ciphertext (and its key id).
      const seal = (value: string | null) => (value === null ? null : this.cipher.encrypt(value));
      await this.db.update(
        beneficiaryTable,
        id,
        { ...this.valuesOf(req), ...(ssn !== storedSsn ? { ssnEnc: seal(ssn) } : {}), ...(taxId !== storedTaxId ? { taxIdEnc: seal(taxId) } : {}) },
      );
      await this.audit.record(
        {
          employeeId: owner.employeeId,
          eventType: 'Beneficiary',
          actionType: 'update',
          description: `Beneficiary ${fullName(next)} (${typeName(next.beneficiaryType)}, ${next.share}%) updated`,
          data: changes,
        },
      );
      return this.toBeneficiary(await this.row(owner, id));
    });
  }

  async remove(id: number): Promise<void> {
    await this.db.transaction(async () => {
      const owner = await this.owner(this.context.ownEmployeeId(), true);
      const current = await this.row(owner, id);
      await this.db.delete(beneficiaryTable, id);
      await this.audit.record(
        {
          employeeId: owner.employeeId,
          eventType: 'Beneficiary',
          actionType: 'delete',
          description: `Beneficiary ${fullName(current)} (${typeName(current.beneficiaryType)}, ${current.share}%) removed`,
          data: auditChanges(BENEFICIARY_AUDIT_FIELDS, auditView(current, this.cipher.decrypt(current.ssnEnc), this.cipher.decrypt(current.taxIdEnc)), null),
        },
      );
    });
  }

  /** Clear SSNs of the caller's beneficiaries, after the unlock guard; every read is audited. */
  async personal(employeeId: number = this.context.ownEmployeeId()): Promise<BeneficiaryPersonal> {
    const owner = await this.owner(employeeId, false);
    const rows = await this.rows(owner);
    await this.audit.record({
      employeeId: owner.employeeId,
      eventType: 'Personal data',
      actionType: 'unlock',
      // Names what was shown, never the values.
      description: `Secured data viewed (SSN, tax id) of the beneficiaries of ${fullName(owner)}`,
    });
    return rows.map((b) => ({ id: b.id, ssn: this.cipher.decrypt(b.ssnEnc), taxId: this.cipher.decrypt(b.taxIdEnc) }));
  }

  /**
   * The three total rules' messages when the employee is enrolled in a life or voluntary life plan of the
   * current period (the Beneficiaries step's Next); empty otherwise.
   */
  async totalsIssues(employeeId: number, view: ElectionView): Promise<string[]> {
    const life = await this.db.query<{ n: number }>(
      `WITH elections AS (${electionsCte('$1', '$3')})
       SELECT count(*)::int AS n FROM elections en JOIN open_enrollment_period oe ON oe.id = en.open_enrollment_period_id AND oe.is_current
        WHERE en.status = 1 AND en.plan_type_id = ANY ($2)`,
      [employeeId, LIFE_PLAN_TYPE_IDS, view === 'draft'],
    );
    if ((life[0]?.n ?? 0) === 0) return [];
    const rows = await this.db.rows(beneficiaryTable, 'b', 'b.employee_id = $1', [employeeId]);
    return beneficiaryShareTotals(rows).errors;
  }

  // -------------------------------------------------------------------------------------------------------

  private async owner(employeeId: number, lock: boolean): Promise<Owner> {
    const rows = await this.db.query<{ id: number; first_name: string; last_name: string }>(
      `SELECT id, first_name, last_name FROM employee WHERE id = $1 AND client_id = $client${lock ? ' FOR UPDATE' : ''}`,
      [employeeId],
    );
    const r = rows[0];
    if (!r) throw employeeNotFound();
    return { employeeId: r.id, firstName: r.first_name, lastName: r.last_name };
  }

  /** The owner's beneficiaries matching `condition` ($2.. after the employee's $1), sealed SSN included. */
  private select(owner: Owner, condition: string, params: unknown[], orderBy?: string): Promise<BeneficiaryEntity[]> {
    return this.db.rows(beneficiaryTable, 'b', `b.employee_id = $1 AND ${condition}`, [owner.employeeId, ...params], { secret: ['ssnEnc', 'taxIdEnc'], orderBy });
  }

  /** Primary first, then contingent and tertiary; the largest share first within a type. */
  private rows(owner: Owner): Promise<BeneficiaryEntity[]> {
    return this.select(owner, 'true', [], 'b.beneficiary_type, b.share DESC, b.id');
  }

  private async row(owner: Owner, id: number): Promise<BeneficiaryEntity> {
    const [found] = await this.select(owner, 'b.id = $2', [id]);
    if (!found) throw beneficiaryNotFound();
    return found;
  }

  private parse(body: unknown, rows: readonly BeneficiaryEntity[], editingId: number | null): BeneficiaryRequest {
    const parsed = beneficiarySchema({ others: rows, editingId }).safeParse(body ?? {});
    if (!parsed.success) throw new ZodValidationException(parsed.error);
    return parsed.data;
  }

  /** A beneficiary named from the dependents must be a current dependent of this employee. */
  private async checkDependent(owner: Owner, dependentId: number | undefined): Promise<void> {
    if (dependentId === undefined) return;
    const rows = await this.db.query(`SELECT 1 FROM dependent WHERE id = $1 AND employee_id = $2 AND client_id = $client AND deleted_at IS NULL`, [dependentId, owner.employeeId]);
    if (rows.length === 0) throw fieldErrors([{ path: 'relationshipId', message: Messages.unknownOption }]);
  }

  private valuesOf(req: BeneficiaryRequest): Pick<BeneficiaryEntity, 'firstName' | 'lastName' | 'relationshipTypeId' | 'relationshipId' | 'beneficiaryType' | 'share' | 'birthDate'> {
    return {
      firstName: req.firstName,
      lastName: req.lastName,
      relationshipTypeId: req.relationshipTypeId,
      relationshipId: req.relationshipId ?? null,
      beneficiaryType: req.beneficiaryType,
      share: req.share,
      birthDate: toIsoDate(req.birthDate),
    };
  }

  private toBeneficiary(b: BeneficiaryEntity): Beneficiary {
    return {
      id: b.id,
      firstName: b.firstName,
      lastName: b.lastName,
      relationshipTypeId: b.relationshipTypeId,
      relationshipType: RELATIONSHIP_TEXT.get(b.relationshipTypeId) ?? null,
      relationshipId: b.relationshipId,
      beneficiaryType: b.beneficiaryType,
      beneficiaryTypeName: typeName(b.beneficiaryType),
      share: b.share,
      birthDate: toUsDate(b.birthDate),
      ssn: maskSsn(this.cipher.decrypt(b.ssnEnc)),
      taxId: maskTaxId(this.cipher.decrypt(b.taxIdEnc)),
    };
  }
}
