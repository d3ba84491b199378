import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { RequestContext } from '../context/request-context';
import { SecuredDataCipher } from '../crypto/secured-data';
import { JobIds } from '../jobs/job-registry';
import { JobsService } from '../jobs/jobs.service';
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
  replyTo?: string | null;
  /**
   * False: only record the row (the caller sends it itself, as a campaign's recipient job does); the re-drive
   * sweep still queues it if nobody does.
   */
  queue?: boolean;
}

export const emailJobId = JobIds.email;

@Injectable()
export class MailService {
  private readonly logger = new Logger(MailService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly jobs: JobsService,
    private readonly cipher: SecuredDataCipher,
    private readonly renderer: EmailRenderer,
    private readonly context: RequestContext,
    // Injected so that ./.env has been loaded (loadConfig) before EMAIL_BACKOFF_MS is read.
    @Inject(APP_CONFIG) _config: AppConfig,
  ) {}

  /**
   * Records the email and queues its sending; answers the email_message id. Idempotent per key: an existing
   * row answers its id, and is queued again only while still 'queued' (the job id makes that a no-op when
   * the job exists). 'sent' and 'failed' rows are final; a deliberate resend uses a new key.
   *
   * The row joins the current transaction (the request's or the job's), and the job is added once that
   * commits (never if it rolls back), so the worker always finds the row. A failure to queue never fails the
   * caller: the row stays 'queued' and the re-drive sweep queues it.
   */
  async enqueue<T extends EmailTemplateName>(input: EnqueueEmail<T>): Promise<number> {
    const manager = this.context.transaction ?? this.dataSource.manager;
    const to = input.to.trim();
    const address = /^[^\s@<>,;"]+@[^\s@<>,;"]+$/;
    if (!address.test(to)) throw new Error('invalid recipient address');
    const replyTo = input.replyTo?.trim() || null;
    if (replyTo !== null && !address.test(replyTo)) throw new Error('invalid reply-to address');
    if (!input.idempotencyKey) throw new Error('idempotencyKey is required');

    // Rendered now so the row is readable in admin listings without unsealing the data.
    const subject = this.renderer.renderSubject(input.template, input.data);
    const inserted: Array<{ id: number }> = await manager.query(
      `INSERT INTO email_message (idempotency_key, client_id, to_address, template, subject, data_enc, status, attempts, reply_to)
       VALUES ($1, $2, $3, $4, $5, $6, 'queued', 0, $7)
       ON CONFLICT (idempotency_key) DO NOTHING
       RETURNING id`,
      [input.idempotencyKey, input.clientId ?? null, to, input.template, subject, this.cipher.encrypt(JSON.stringify(input.data)), replyTo],
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
    if (input.queue === false) return id;
    // The row is the record: if Redis is unreachable now, the re-drive sweep queues it later, same job id.
    await this.jobs.queueAfterCommit('email.send', { messageId: id }, { jobId: emailJobId(id) }, manager);
    this.logger.log({ emailId: id, template: input.template }, 'email recorded');
    return id;
  }

  /** The re-drive sweep: rows still 'queued' after `graceSeconds` are queued again (a no-op while their job exists). */
  async redriveQueued(graceSeconds: number): Promise<number> {
    const rows: Array<{ id: number }> = await this.dataSource.query(
      `SELECT id FROM email_message WHERE status = 'queued' AND created_at < now() - make_interval(secs => $1) ORDER BY id LIMIT 500`,
      [graceSeconds],
    );
    for (const { id } of rows) await this.jobs.queue('email.send', { messageId: id }, { jobId: emailJobId(id) });
    return rows.length;
  }
}
