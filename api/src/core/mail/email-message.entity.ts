import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export type EmailStatus = 'queued' | 'sent' | 'failed';

/** One row per message: the idempotency key makes a retried job or a repeated request send once. */
@Entity('email_message')
export class EmailMessage {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'BY DEFAULT' }) id!: number;
  @Column('text', { name: 'idempotency_key' }) idempotencyKey!: string;
  @Column('integer', { name: 'client_id', nullable: true }) clientId!: number | null;
  @Column('text', { name: 'to_address' }) toAddress!: string;
  @Column('text') template!: string;
  @Column('text') subject!: string;
  /** Template data sealed like secured data: it can hold registration and reset links. */
  @Column('text', { name: 'data_enc', nullable: true, select: false }) dataEnc!: string | null;
  @Column('text') status!: EmailStatus;
  @Column('integer') attempts!: number;
  @Column('text', { name: 'last_error', nullable: true }) lastError!: string | null;
  @Column('text', { name: 'smtp_message_id', nullable: true }) smtpMessageId!: string | null;
  @Column('timestamptz', { name: 'sent_at', nullable: true }) sentAt!: Date | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}
