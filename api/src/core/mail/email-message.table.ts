import { SqlTable } from '../database/sql-table';

export type EmailStatus = 'queued' | 'sent' | 'failed';

/** One row per message: the idempotency key makes a retried job or a repeated request send once. */
export interface EmailMessage {
  id: number;
  idempotencyKey: string;
  clientId: number | null;
  toAddress: string;
  /** Where answers go (the employee who wrote through the contact page); null: nowhere special. */
  replyTo: string | null;
  template: string;
  subject: string;
  /** Template data sealed like secured data: it can hold registration and reset links. */
  dataEnc: string | null;
  status: EmailStatus;
  attempts: number;
  lastError: string | null;
  smtpMessageId: string | null;
  sentAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export const emailMessageTable = new SqlTable<EmailMessage>(
  'email_message',
  {
    id: { name: 'id', generated: true },
    idempotencyKey: 'idempotency_key',
    clientId: 'client_id',
    toAddress: 'to_address',
    replyTo: 'reply_to',
    template: 'template',
    subject: 'subject',
    dataEnc: { name: 'data_enc', secret: true },
    status: 'status',
    attempts: 'attempts',
    lastError: 'last_error',
    smtpMessageId: 'smtp_message_id',
    sentAt: 'sent_at',
    createdAt: { name: 'created_at', generated: true },
    updatedAt: { name: 'updated_at', generated: true },
  },
  false,
  'updated_at',
);

