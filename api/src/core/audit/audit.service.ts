import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { insertRow } from '../database/sql-table';
import { auditEntryTable, type AuditActionType, type AuditFieldChange } from './audit-entry.table';
import { RequestContext } from '../context/request-context';

export interface AuditRecord {
  employeeId?: number | null;
  eventType: string;
  actionType: AuditActionType;
  planTypeId?: number | null;
  description: string;
  data?: AuditFieldChange[];
}

/** Who an entry is written for when no one is signed in yet (a login, a registration or reset link). */
export interface AuditActor {
  clientId: number | null;
  accountId: number | null;
  onBehalfOf?: number | null;
  /** Why the account acts on behalf of the other (an impersonation's reason). */
  impersonationReason?: string | null;
}

/**
 * Writes audit entries. The client, the acting and on-behalf-of accounts, the reason for acting as the
 * employee and the address come from the request context (or the job's). The entry is written in the change's
 * transaction (the one TenantDb.transaction put in the context), so the entry and the change commit or fail
 * together.
 */
@Injectable()
export class AuditService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly context: RequestContext,
  ) {}

  /** An entry of the signed-in request (or the job) doing the change. */
  record(entry: AuditRecord): Promise<void> {
    const acting = this.context.acting;
    return this.write({ clientId: acting.clientId, accountId: acting.accountId, onBehalfOf: acting.onBehalfOf, impersonationReason: acting.reason }, entry);
  }

  /**
   * Entries of the signed-in request (or the job) as one INSERT: a bulk change (a census file's employees)
   * writes the same rows record() would, one per entry, without a round trip each.
   */
  async recordMany(entries: readonly AuditRecord[]): Promise<void> {
    if (entries.length === 0) return;
    const a = this.context.acting;
    await (this.context.transaction ?? this.dataSource.manager).query(
      `INSERT INTO audit_log (client_id, employee_id, performed_by, on_behalf_of, impersonation_reason, event_type, action_type, plan_type_id, description, data, ip)
       SELECT $1::int, e.employee_id, $2::int, $3::int, $4::text, e.event_type, e.action_type, e.plan_type_id, e.description, e.data, $5::text
         FROM jsonb_to_recordset($6::jsonb) AS e(employee_id int, event_type text, action_type text, plan_type_id int, description text, data jsonb)`,
      [
        a.clientId,
        a.accountId,
        a.onBehalfOf ?? null,
        a.onBehalfOf ? (a.reason ?? null) : null,
        this.context.ip,
        JSON.stringify(entries.map((e) => ({ employee_id: e.employeeId ?? null, event_type: e.eventType, action_type: e.actionType, plan_type_id: e.planTypeId ?? null, description: e.description, data: e.data ?? [] }))),
      ],
    );
  }

  /** An entry for an actor the context does not name: before sign-in, or the account a link belongs to. */
  recordAs(actor: AuditActor, entry: AuditRecord): Promise<void> {
    return this.write(actor, entry);
  }

  private async write(actor: AuditActor, entry: AuditRecord): Promise<void> {
    await insertRow(this.context.transaction ?? this.dataSource.manager, auditEntryTable, {
      clientId: actor.clientId,
      employeeId: entry.employeeId ?? null,
      performedBy: actor.accountId,
      onBehalfOf: actor.onBehalfOf ?? null,
      // Only beside an on-behalf-of account: a reason alone would say someone acted for no one.
      impersonationReason: actor.onBehalfOf ? (actor.impersonationReason ?? null) : null,
      eventType: entry.eventType,
      actionType: entry.actionType,
      planTypeId: entry.planTypeId ?? null,
      description: entry.description,
      data: entry.data ?? [],
      ip: this.context.ip,
    });
  }
}

/** Field-level changes between two flat records, with the spec's changed flag. */
export function diffFields(
  titles: Record<string, string>,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  mask: (field: string, value: unknown) => string | null = (_f, v) => (v === null || v === undefined ? null : String(v)),
): AuditFieldChange[] {
  return Object.entries(titles).map(([field, title]) => {
    const oldValue = before ? mask(field, before[field]) : null;
    const newValue = after ? mask(field, after[field]) : null;
    return { title, oldValue, newValue, changed: oldValue !== newValue };
  });
}
