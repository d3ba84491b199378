import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { AuditEntry, type AuditActionType, type AuditFieldChange } from './audit-entry.entity';
import type { AuthUser } from '../auth/auth-user';

export interface AuditRecord {
  clientId: number | null;
  employeeId?: number | null;
  eventType: string;
  actionType: AuditActionType;
  planTypeId?: number | null;
  description: string;
  data?: AuditFieldChange[];
  ip?: string | null;
}

/**
 * Writes audit entries. Pass the EntityManager of the change's transaction so the entry and the change
 * commit or fail together.
 */
@Injectable()
export class AuditService {
  constructor(private readonly dataSource: DataSource) {}

  async record(actor: AuthUser | { accountId: number | null; impersonatorId: number | null }, entry: AuditRecord, manager?: EntityManager): Promise<void> {
    const repo = (manager ?? this.dataSource.manager).getRepository(AuditEntry);
    // While impersonating, the change is performed by the administrator on behalf of the employee.
    const performedBy = actor.impersonatorId ?? actor.accountId;
    const onBehalfOf = actor.impersonatorId !== null ? actor.accountId : null;
    await repo.insert({
      clientId: entry.clientId,
      employeeId: entry.employeeId ?? null,
      performedBy,
      onBehalfOf,
      eventType: entry.eventType,
      actionType: entry.actionType,
      planTypeId: entry.planTypeId ?? null,
      description: entry.description,
      data: entry.data ?? [],
      ip: entry.ip ?? null,
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
