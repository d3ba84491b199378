import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

export interface AuditFieldChange {
  title: string;
  oldValue: string | null;
  newValue: string | null;
  changed: boolean;
}

export type AuditActionType = 'create' | 'update' | 'delete' | 'login' | 'logout' | 'unlock' | 'impersonation-start' | 'impersonation-stop' | 'login-failed' | 'unlock-failed';

/** Append-only (a database trigger refuses UPDATE, DELETE and TRUNCATE). */
@Entity('audit_log')
export class AuditEntry {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'BY DEFAULT', type: 'bigint' }) id!: string;
  @Column('integer', { name: 'client_id', nullable: true }) clientId!: number | null;
  @Column('integer', { name: 'employee_id', nullable: true }) employeeId!: number | null;
  @Column('integer', { name: 'performed_by', nullable: true }) performedBy!: number | null;
  @Column('integer', { name: 'on_behalf_of', nullable: true }) onBehalfOf!: number | null;
  @Column('text', { name: 'event_type' }) eventType!: string;
  @Column('text', { name: 'action_type' }) actionType!: AuditActionType;
  @Column('integer', { name: 'plan_type_id', nullable: true }) planTypeId!: number | null;
  @Column('text') description!: string;
  @Column('jsonb') data!: AuditFieldChange[];
  @Column('text', { nullable: true }) ip!: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
}
