import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
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
}

/**
 * Writes audit entries. The client, the acting and on-behalf-of accounts and the address come from the
 * request context (or the job's). Pass the EntityManager of the change's transaction so the entry and the
 * change commit or fail together.
 */
@Injectable()
export class AuditService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly context: RequestContext,
  ) {}

  /** An entry of the signed-in request (or the job) doing the change. */
  record(entry: AuditRecord, manager?: EntityManager): Promise<void> {
    const acting = this.context.acting;
    return this.write({ clientId: acting.clientId, accountId: acting.accountId, onBehalfOf: acting.onBehalfOf }, entry, manager);
  }

  /** An entry for an actor the context does not name: before sign-in, or the account a link belongs to. */
  recordAs(actor: AuditActor, entry: AuditRecord, manager?: EntityManager): Promise<void> {
    return this.write(actor, entry, manager);
  }

  private async write(actor: AuditActor, entry: AuditRecord, manager?: EntityManager): Promise<void> {
    await insertRow(manager ?? this.dataSource.manager, auditEntryTable, {
      clientId: actor.clientId,
      employeeId: entry.employeeId ?? null,
      performedBy: actor.accountId,
      onBehalfOf: actor.onBehalfOf ?? null,
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
