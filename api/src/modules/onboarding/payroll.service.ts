import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { ZodValidationException } from 'nestjs-zod';
import {
  isMaskedNumber,
  isValidRoutingNumber,
  maskBankNumber,
  normalizePayroll,
  OnboardingMessages,
  payrollAmountText,
  payrollIssues,
  ZPayrollMethodRequest,
  ZPayrollSaveRequest,
  type PayrollMethod,
  type PayrollMethodRequest,
} from '../../contracts/onboarding';
import { AuditService } from '../../core/audit/audit.service';
import { auditChanges, type AuditedField } from '../../core/audit/field-changes';
import { RequestContext } from '../../core/context/request-context';
import { SecuredDataCipher } from '../../core/crypto/secured-data';
import { TenantDb } from '../../core/database/tenant-db';
import { fieldErrors } from '../../core/http/field-errors';

interface MethodRow {
  id: number;
  method: number;
  amount_type: number;
  amount: number;
  routing_number_enc: string | null;
  account_number_enc: string | null;
  account_type: number | null;
  sort_order: string;
}

const notFound = () => new NotFoundException({ statusCode: 404, message: OnboardingMessages.methodNotFound });

const AUDIT: Record<string, AuditedField> = {
  method: { title: 'Method', kind: { option: 'payrollMethod' } },
  amountType: { title: 'Amount type', kind: { option: 'payrollAmountType' } },
  amount: { title: 'Amount' },
  routingNumber: { title: 'Routing number', kind: 'ssn' },
  accountNumber: { title: 'Account number', kind: 'ssn' },
  accountType: { title: 'Account type', kind: { option: 'payrollAccountType' } },
  sortOrder: { title: 'Order' },
};

/**
 * Payroll methods of the employee (bank lookup, secured
 * data). Routing and account numbers are sealed at rest, answered masked, unlocked with the password
 * (audited) and never logged; the routing number must pass the ABA checksum.
 */
@Injectable()
export class PayrollService {
  constructor(
    private readonly db: TenantDb,
    private readonly context: RequestContext,
    private readonly cipher: SecuredDataCipher,
    private readonly audit: AuditService,
  ) {}

  /** GET /bank-lookup/{number}: 400 for a number that fails the checksum, null for a valid one the table does not know. */
  async bankName(routingNumber: string): Promise<{ bankName: string | null }> {
    if (!isValidRoutingNumber(routingNumber)) throw new BadRequestException({ statusCode: 400, message: OnboardingMessages.routingInvalid, errors: [{ path: 'routingNumber', message: OnboardingMessages.routingInvalid }] });
    // The bank table belongs to no client: a plain look-up.
    const rows = (await this.db.manager.query('SELECT name FROM bank WHERE routing_number = $1', [routingNumber])) as Array<{ name: string }>;
    return { bankName: rows[0]?.name ?? null };
  }

  async list(employeeId: number = this.context.ownEmployeeId()): Promise<PayrollMethod[]> {
    const rows = await this.rows(employeeId, false);
    return this.toMethods(rows);
  }

  /** POST /payroll: a new method, last in order unless a sort order is given. */
  async create(body: unknown): Promise<PayrollMethod> {
    const req = this.parse(body);
    const employeeId = this.context.ownEmployeeId();
    return this.db.transaction(async () => {
      const existing = await this.rows(employeeId, true);
      await this.checkOffered(req.method);
      const routing = this.keep(req.routingNumber, null, 'routingNumber');
      const account = this.keep(req.accountNumber, null, 'accountNumber');
      const sortOrder = req.sortOrder ?? String(existing.reduce((max, r) => Math.max(max, Number(r.sort_order) || 0), 0) + 1);
      const [row] = await this.db.query<{ id: number }>(
        `INSERT INTO payroll_method (client_id, employee_id, method, amount_type, amount, routing_number_enc, account_number_enc, account_type, sort_order)
         VALUES ($client, $1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
        [employeeId, req.method, req.amountType, req.amount, this.cipher.encrypt(routing), this.cipher.encrypt(account), req.accountType, sortOrder],
      );
      await this.audit.record({ employeeId, eventType: 'Payroll', actionType: 'create', description: 'Payroll method added', data: auditChanges(AUDIT, null, this.auditView({ ...req, routingNumber: routing, accountNumber: account, sortOrder })) });
      return (await this.toMethods((await this.rows(employeeId, false)).filter((r) => r.id === row!.id)))[0]!;
    });
  }

  /** PUT /payroll/{id}: a method changed; a mask sent back keeps the stored bank number. */
  async update(id: number, body: unknown): Promise<PayrollMethod> {
    const req = this.parse(body);
    const employeeId = this.context.ownEmployeeId();
    return this.db.transaction(async () => {
      const current = (await this.rows(employeeId, true)).find((r) => r.id === id);
      if (!current) throw notFound();
      await this.checkOffered(req.method);
      const routing = this.keep(req.routingNumber, current.routing_number_enc, 'routingNumber');
      const account = this.keep(req.accountNumber, current.account_number_enc, 'accountNumber');
      const sortOrder = req.sortOrder ?? current.sort_order;
      await this.db.query(
        `UPDATE payroll_method SET method = $2, amount_type = $3, amount = $4, routing_number_enc = $5, account_number_enc = $6, account_type = $7, sort_order = $8, updated_at = now()
          WHERE id = $1 AND client_id = $client`,
        [id, req.method, req.amountType, req.amount, this.reseal(routing, current.routing_number_enc), this.reseal(account, current.account_number_enc), req.accountType, sortOrder],
      );
      const changes = auditChanges(AUDIT, this.auditView(this.requestOf(current)), this.auditView({ ...req, routingNumber: routing, accountNumber: account, sortOrder }));
      await this.audit.record({ employeeId, eventType: 'Payroll', actionType: 'update', description: 'Payroll method changed', data: changes.filter((c) => c.changed) });
      return (await this.toMethods((await this.rows(employeeId, false)).filter((r) => r.id === id)))[0]!;
    });
  }

  /** DELETE /payroll/{id}: any method but the first. */
  async remove(id: number): Promise<void> {
    const employeeId = this.context.ownEmployeeId();
    await this.db.transaction(async () => {
      const rows = await this.rows(employeeId, true);
      const current = rows.find((r) => r.id === id);
      if (!current) throw notFound();
      if (rows[0]!.id === id) throw fieldErrors([{ path: 'id', message: OnboardingMessages.firstMethodKept }]);
      await this.db.query('DELETE FROM payroll_method WHERE id = $1 AND client_id = $client', [id]);
      await this.audit.record({ employeeId, eventType: 'Payroll', actionType: 'delete', description: 'Payroll method removed', data: auditChanges(AUDIT, this.auditView(this.requestOf(current)), null) });
    });
  }

  /**
   * PUT /payroll (the step's Save): the order of every method, then the conversions between methods
   * and the totals rule over all of them; refused with the rule's message when they do not hold.
   */
  async save(body: unknown): Promise<PayrollMethod[]> {
    const parsed = ZPayrollSaveRequest.safeParse(body ?? {});
    if (!parsed.success) throw new ZodValidationException(parsed.error);
    const employeeId = this.context.ownEmployeeId();
    return this.db.transaction(async () => {
      const rows = await this.rows(employeeId, true);
      const order = new Map(parsed.data.methods.map((x) => [x.id, x.sortOrder]));
      if (parsed.data.methods.some((x) => !rows.some((r) => r.id === x.id))) throw notFound();
      const ordered = rows.map((r) => ({ ...r, amountType: r.amount_type, sortOrder: order.get(r.id) ?? r.sort_order }));
      const normalized = normalizePayroll(ordered);
      const issues = payrollIssues(normalized);
      if (issues.length) throw fieldErrors(issues.map((message) => ({ path: 'methods', message })));
      for (const r of normalized) {
        if (r.amountType === r.amount_type && r.amount === ordered.find((o) => o.id === r.id)!.amount && r.sortOrder === r.sort_order) continue;
        await this.db.query('UPDATE payroll_method SET amount_type = $2, amount = $3, sort_order = $4, updated_at = now() WHERE id = $1 AND client_id = $client', [r.id, r.amountType, r.amount, r.sortOrder]);
      }
      await this.audit.record({ employeeId, eventType: 'Payroll', actionType: 'update', description: `Payroll methods saved (${normalized.length})` });
      return this.toMethods(await this.rows(employeeId, false));
    });
  }

  /** POST /payroll/personal: the clear bank numbers after the password prompt; the unlock is audited. */
  async personal(): Promise<Array<{ id: number; routingNumber: string | null; accountNumber: string | null }>> {
    const employeeId = this.context.ownEmployeeId();
    const rows = await this.rows(employeeId, false);
    await this.audit.record({ employeeId, eventType: 'Personal data', actionType: 'unlock', description: 'Secured data viewed (bank routing and account numbers)' });
    return rows.map((r) => ({ id: r.id, routingNumber: this.cipher.decrypt(r.routing_number_enc), accountNumber: this.cipher.decrypt(r.account_number_enc) }));
  }

  /** The totals rule on what is stored (the Payroll step's guard). */
  async issues(employeeId: number): Promise<string[]> {
    const rows = await this.rows(employeeId, false);
    return payrollIssues(rows.map((r) => ({ amountType: r.amount_type, amount: r.amount, sortOrder: r.sort_order })));
  }

  private parse(body: unknown): PayrollMethodRequest {
    const parsed = ZPayrollMethodRequest.safeParse(body ?? {});
    if (!parsed.success) throw new ZodValidationException(parsed.error);
    return parsed.data;
  }

  /** The client offers the method (client.payroll_methods). */
  private async checkOffered(method: number): Promise<void> {
    const rows = await this.db.query<{ offered: boolean }>('SELECT $1 = ANY (payroll_methods) AS offered FROM client WHERE id = $client', [method]);
    if (!rows[0]?.offered) throw fieldErrors([{ path: 'method', message: OnboardingMessages.methodNotOffered }]);
  }

  /** A new number, or for a mask the stored one (a mask with nothing stored is refused). */
  private keep(value: string | null, sealed: string | null, path: 'routingNumber' | 'accountNumber'): string | null {
    if (value === null || !isMaskedNumber(value)) return value;
    const stored = this.cipher.decrypt(sealed);
    if (stored === null) throw fieldErrors([{ path, message: path === 'routingNumber' ? OnboardingMessages.routingInvalid : OnboardingMessages.accountInvalid }]);
    return stored;
  }

  /** Re-seal only a changed number, so an unchanged one keeps its ciphertext. */
  private reseal(value: string | null, sealed: string | null): string | null {
    if (value === null) return null;
    return this.cipher.decrypt(sealed) === value ? sealed : this.cipher.encrypt(value);
  }

  private requestOf(r: MethodRow): PayrollMethodRequest {
    return {
      method: r.method as 1 | 2 | 3,
      amountType: r.amount_type as 1 | 2 | 3,
      amount: r.amount,
      routingNumber: this.cipher.decrypt(r.routing_number_enc),
      accountNumber: this.cipher.decrypt(r.account_number_enc),
      accountType: r.account_type as 1 | 2 | null,
      sortOrder: r.sort_order,
    };
  }

  private auditView(r: PayrollMethodRequest): Record<string, unknown> {
    return { ...r, amount: payrollAmountText(r.amount) };
  }

  private async rows(employeeId: number, lock: boolean): Promise<MethodRow[]> {
    const rows = await this.db.query<MethodRow>(
      `SELECT id, method, amount_type, amount, routing_number_enc, account_number_enc, account_type, sort_order
         FROM payroll_method WHERE employee_id = $1 AND client_id = $client ORDER BY id${lock ? ' FOR UPDATE' : ''}`,
      [employeeId],
    );
    // In the employee's order; the first of it is the method that cannot be deleted.
    return rows.sort((a, b) => Number(a.sort_order) - Number(b.sort_order) || a.id - b.id);
  }

  /** The methods as answered: numbers masked, each bank named, the banks read in one statement. */
  private async toMethods(rows: readonly MethodRow[]): Promise<PayrollMethod[]> {
    const routing = rows.map((r) => this.cipher.decrypt(r.routing_number_enc));
    const numbers = [...new Set(routing.filter((n): n is string => n !== null))];
    // The bank table belongs to no client: a plain look-up.
    const banks = numbers.length
      ? new Map(((await this.db.manager.query('SELECT routing_number, name FROM bank WHERE routing_number = ANY ($1)', [numbers])) as Array<{ routing_number: string; name: string }>).map((b) => [b.routing_number, b.name]))
      : new Map<string, string>();
    return rows.map((r, i) => ({
      id: r.id,
      method: r.method,
      amountType: r.amount_type,
      amount: payrollAmountText(r.amount),
      routingNumber: maskBankNumber(routing[i]),
      accountNumber: maskBankNumber(this.cipher.decrypt(r.account_number_enc)),
      accountType: r.account_type,
      bankName: routing[i] ? (banks.get(routing[i]!) ?? null) : null,
      sortOrder: r.sort_order,
    }));
  }
}
