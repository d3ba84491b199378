import { SqlTable } from '../database/sql-table';

export interface AuditFieldChange {
  title: string;
  oldValue: string | null;
  newValue: string | null;
  changed: boolean;
}

export type AuditActionType = 'create' | 'update' | 'delete' | 'login' | 'logout' | 'unlock' | 'impersonation-start' | 'impersonation-stop' | 'login-failed' | 'unlock-failed' | 'mfa-enrolled' | 'mfa-disabled' | 'mfa-reset' | 'mfa-failed' | 'mfa-recovery-code-used';

/** Append-only (a database trigger refuses UPDATE, DELETE and TRUNCATE). */
export interface AuditEntry {
  id: string;
  clientId: number | null;
  employeeId: number | null;
  performedBy: number | null;
  onBehalfOf: number | null;
  /** Why the performer acted as the employee (with onBehalfOf: contracts/impersonation.ts). */
  impersonationReason: string | null;
  eventType: string;
  actionType: AuditActionType;
  planTypeId: number | null;
  description: string;
  data: AuditFieldChange[];
  ip: string | null;
  createdAt: Date;
}

export const auditEntryTable = new SqlTable<AuditEntry>(
  'audit_log',
  {
    id: { name: 'id', generated: true },
    clientId: 'client_id',
    employeeId: 'employee_id',
    performedBy: 'performed_by',
    onBehalfOf: 'on_behalf_of',
    impersonationReason: 'impersonation_reason',
    eventType: 'event_type',
    actionType: 'action_type',
    planTypeId: 'plan_type_id',
    description: 'description',
    data: { name: 'data', json: true },
    ip: 'ip',
    createdAt: { name: 'created_at', generated: true },
  },
  false,
  null,
);

