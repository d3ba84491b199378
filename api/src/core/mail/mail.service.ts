import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Queue } from 'bullmq';
import type { DataSource, EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { SecuredDataCipher } from '../crypto/secured-data';
import { QueueName } from '../queues/queue-names';
import { EmailRenderer } from './email-renderer';
import type { EmailTemplateData, EmailTemplateName } from './email-templates';

/** The only thing an email job carries: the row id. Addresses and links stay in PostgreSQL (sealed). */
export interface EmailJobData {
  messageId: number;
}

export interface EnqueueEmail<T extends EmailTemplateName> {
  template: T;
  to: string;
  data: EmailTemplateData[T];
  /** Same key, same email: a repeated request or a retried caller never queues a second message. */
  idempotencyKey: string;
  clientId?: number | null;
}

export const EMAIL_JOB_NAME = 'send';
export const EMAIL_JOB_ATTEMPTS = 6;

export function emailJobId(messageId: number): string {
  return `email-${messageId}`;
}

/** Base delay of the exponential backoff; tests set it to a few ms. */
function backoffMs(env: NodeJS.ProcessEnv): number {
  const n = Number(env.EMAIL_BACKOFF_MS ?? 5000);
  return Number.isInteger(n) && n > 0 ? n : 5000;
}

@Injectable()
export class MailService {
  private readonly logger = new Logger(MailService.name);
  private readonly backoffDelay: number;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectQueue(QueueName.Email) private readonly queue: Queue<EmailJobData>,
    private readonly cipher: SecuredDataCipher,
    private readonly renderer: EmailRenderer,
    // Injected so that ./.env has been loaded (loadConfig) before EMAIL_BACKOFF_MS is read.
    @Inject(APP_CONFIG) _config: AppConfig,
  ) {
    this.backoffDelay = backoffMs(process.env);
  }

  /**
   * Records the email and queues its sending; answers the email_message id. Idempotent per key: an existing
   * row answers its id, and is queued again only while still 'queued' (the job id makes that a no-op when
   * the job exists). 'sent' and 'failed' rows are final; a deliberate resend uses a new key.
   *
   * With `manager` the row joins the caller's transaction. The job is then added before that commit, so the
   * worker may run before the row is visible: it retries with backoff, and gives up if the row never appears.
   */
  async enqueue<T extends EmailTemplateName>(input: EnqueueEmail<T>, manager: EntityManager = this.dataSource.manager): Promise<number> {
    const to = input.to.trim();
    if (!/^[^\s@<>]+@[^\s@<>]+$/.test(to)) throw new Error('invalid recipient address');
    if (!input.idempotencyKey) throw new Error('idempotencyKey is required');

    // Rendered now so the row is readable in admin listings without unsealing the data.
    const subject = this.renderer.renderSubject(input.template, input.data);
    const inserted: Array<{ id: number }> = await manager.query(
      `INSERT INTO email_message (idempotency_key, client_id, to_address, template, subject, data_enc, status, attempts)
       VALUES ($1, $2, $3, $4, $5, $6, 'queued', 0)
       ON CONFLICT (idempotency_key) DO NOTHING
       RETURNING id`,
      [input.idempotencyKey, input.clientId ?? null, to, input.template, subject, this.cipher.encrypt(JSON.stringify(input.data))],
    );
    let id = inserted[0]?.id;
    if (id === undefined) {
      const existing: Array<{ id: number; status: string }> = await manager.query(
        'SELECT id, status FROM email_message WHERE idempotency_key = $1',
        [input.idempotencyKey],
      );
      const row = existing[0];
      if (!row) throw new Error('email_message conflict without a row');
      id = row.id;
      if (row.status !== 'queued') return id;
    }
    await this.queue.add(
      EMAIL_JOB_NAME,
      { messageId: id },
      { jobId: emailJobId(id), attempts: EMAIL_JOB_ATTEMPTS, backoff: { type: 'exponential', delay: this.backoffDelay } },
    );
    this.logger.log({ emailId: id, template: input.template }, 'email queued');
    return id;
  }
}
