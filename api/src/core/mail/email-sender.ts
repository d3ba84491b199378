import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { OnJob } from '../jobs/on-job.decorator';
import type { JobPayloads, JobRun } from '../jobs/job-registry';
import { InjectDataSource } from '@nestjs/typeorm';
import { UnrecoverableError } from 'bullmq';
import { createHash } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { createTransport, type Transporter } from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { DataSource, EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { SecuredDataCipher } from '../crypto/secured-data';
import { selectRows } from '../database/sql-table';
import { emailMessageTable, type EmailMessage } from './email-message.table';
import { EmailRenderer } from './email-renderer';
import { isEmailTemplateName, type EmailTemplateData } from './email-templates';

export type SendOutcome = 'sent' | 'already-sent' | 'already-failed';

export interface SendOptions {
  /** The job's last attempt: a temporary failure then becomes final ('failed'). */
  finalAttempt?: boolean;
}

/** Retryable: another sender holds the row, or the row is not (yet) visible. */
export class EmailNotReadyError extends Error {}

/** Retryable: a temporary SMTP or connection failure. */
export class EmailDeliveryError extends Error {}

/**
 * nodemailer's getSocket: the connection opened here with Nagle's algorithm off (nodemailer then speaks SMTP on it,
 * and upgrades it for smtps or STARTTLS). With Nagle on, the small write that ends a message waits for the
 * server's delayed ACK (about 40 ms), which capped a pooled connection at some 20 messages a second.
 */
export function noDelaySocket(options: { host?: string; port?: number; connectionTimeout?: number }, callback: (err: Error | null, socketOptions?: { connection: Socket }) => void): void {
  const connection = connect({ host: options.host ?? '127.0.0.1', port: options.port ?? 25 });
  connection.setNoDelay(true);
  const timer = setTimeout(() => connection.destroy(new Error('SMTP connection timed out')), options.connectionTimeout ?? 15_000);
  connection.once('connect', () => {
    clearTimeout(timer);
    connection.removeAllListeners('error');
    callback(null, { connection });
  });
  connection.once('error', (err) => {
    clearTimeout(timer);
    callback(err);
  });
}

/** smtp://user:pass@host:port or smtps://… as nodemailer's connection options. */
export function smtpServerOf(url: string): { host: string; port: number; secure: boolean; auth?: { user: string; pass: string } } {
  const u = new URL(url);
  if (u.protocol !== 'smtp:' && u.protocol !== 'smtps:') throw new Error('SMTP_URL must start with smtp:// or smtps://');
  const secure = u.protocol === 'smtps:';
  return {
    host: u.hostname,
    port: u.port ? Number(u.port) : secure ? 465 : 587,
    secure,
    ...(u.username ? { auth: { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) } } : {}),
  };
}

/** Mail from "Name <addr@domain>" or "addr@domain": the domain names our Message-IDs. */
function senderDomain(from: string): string {
  const match = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from);
  return match?.[1] ?? 'benefits.local';
}

/** Same key, same Message-ID: receiving systems and our dev sink can spot a duplicate delivery. */
export function messageIdFor(idempotencyKey: string, from: string): string {
  const hash = createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 32);
  return `<${hash}@${senderDomain(from)}>`;
}

interface SmtpError {
  code?: string;
  responseCode?: number;
}

function asSmtpError(err: unknown): SmtpError {
  if (typeof err !== 'object' || err === null) return {};
  const e = err as Record<string, unknown>;
  return {
    ...(typeof e.code === 'string' ? { code: e.code } : {}),
    ...(typeof e.responseCode === 'number' ? { responseCode: e.responseCode } : {}),
  };
}

/** Whether a failed send can heal by retrying (a 5xx reply or a rendering problem cannot), and a short reason. */
export function classifySendError(err: unknown): { permanent: boolean; reason: string } {
  const smtp = asSmtpError(err);
  const permanent = err instanceof UnrecoverableError || (smtp.responseCode ?? 0) >= 500;
  return { permanent, reason: err instanceof UnrecoverableError ? err.message : shortError(smtp) };
}

/** Codes only: the server's reply text can echo the recipient, and the message never goes into a column. */
function shortError(err: SmtpError): string {
  return [err.code ?? 'ERROR', err.responseCode ? `smtp ${err.responseCode}` : ''].filter(Boolean).join(' ');
}

/**
 * Sends one email_message row. Called by the workers' email processor.
 *
 * Never twice: the row is locked (FOR UPDATE SKIP LOCKED) for the whole SMTP exchange and marked 'sent'
 * in the same transaction with a conditional UPDATE, so a duplicate job running at the same time sees
 * either the lock (it retries later) or 'sent' (it stops). We do not mark the row before sending
 * (at-most-once): a crash between that mark and the SMTP reply would silently lose a registration or
 * reset link. The one remaining window (SMTP accepted, then the process dies before COMMIT) resends on
 * retry; that duplicate carries the same Message-ID, which mail systems use to collapse it.
 */
@Injectable()
export class EmailSender implements OnModuleDestroy {
  private readonly logger = new Logger(EmailSender.name);
  private transporter: Transporter<SMTPPool.SentMessageInfo> | undefined;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly cipher: SecuredDataCipher,
    private readonly renderer: EmailRenderer,
  ) {}

  /** The email.send job: one row, with the retry classification of the run's attempt. */
  @OnJob('email.send')
  handleSendJob(data: JobPayloads['email.send'], run: JobRun): Promise<SendOutcome> {
    return this.send(data.messageId, { finalAttempt: run.attemptsMade + 1 >= run.attempts });
  }

  async send(messageId: number, options: SendOptions = {}): Promise<SendOutcome> {
    const result = await this.dataSource.transaction(async (manager): Promise<{ outcome: SendOutcome } | { failure: Error; reason: string }> => {
      const [row] = await selectRows(manager, emailMessageTable, 'm', 'm.id = $1', [messageId], { secret: ['dataEnc'], lock: 'skip-locked' });
      if (!row) {
        const status = await this.statusOf(manager, messageId);
        if (status === 'sent') return { outcome: 'already-sent' };
        if (status === 'failed') return { outcome: 'already-failed' };
        throw new EmailNotReadyError(status ? `email ${messageId} is being sent elsewhere` : `email ${messageId} not found`);
      }
      if (row.status === 'sent') return { outcome: 'already-sent' };
      if (row.status === 'failed') return { outcome: 'already-failed' };

      try {
        const info = await this.transport().sendMail(this.compose(row));
        await manager.query(
          `UPDATE email_message
              SET status = 'sent', attempts = attempts + 1, sent_at = now(), smtp_message_id = $2, last_error = NULL, updated_at = now()
            WHERE id = $1 AND status <> 'sent'`,
          [row.id, info.messageId],
        );
        return { outcome: 'sent' };
      } catch (err) {
        const { permanent, reason } = classifySendError(err);
        // Recorded and committed here; thrown after the transaction so BullMQ retries (or not).
        await manager.query(
          `UPDATE email_message
              SET attempts = attempts + 1, last_error = $2, status = CASE WHEN $3 THEN 'failed' ELSE status END, updated_at = now()
            WHERE id = $1 AND status <> 'sent'`,
          [row.id, reason, permanent || options.finalAttempt === true],
        );
        // Our own short message: nodemailer's text quotes the server's reply, which can echo the recipient,
        // and BullMQ keeps it in Redis as the failed reason.
        return { failure: permanent ? new UnrecoverableError(`email ${row.id}: ${reason}`) : new EmailDeliveryError(`email ${row.id}: ${reason}`), reason };
      }
    });
    if ('failure' in result) {
      this.logger.warn({ emailId: messageId, reason: result.reason, final: result.failure instanceof UnrecoverableError }, 'email not sent');
      throw result.failure;
    }
    if (result.outcome === 'sent') this.logger.log({ emailId: messageId }, 'email sent');
    return result.outcome;
  }

  /**
   * One message straight to SMTP on the shared pool, for a caller that keeps its own record of it (a campaign's
   * recipient row, locked by the caller for the exchange). Throws what classifySendError reads.
   */
  async deliver(message: { to: string; subject: string; html: string; text: string; idempotencyKey: string }): Promise<void> {
    await this.transport().sendMail({ from: this.config.smtpFrom, to: message.to, subject: message.subject, html: message.html, text: message.text, messageId: messageIdFor(message.idempotencyKey, this.config.smtpFrom) });
  }

  async onModuleDestroy(): Promise<void> {
    this.transporter?.close();
    this.transporter = undefined;
  }

  private async statusOf(manager: EntityManager, id: number): Promise<string | undefined> {
    const rows: Array<{ status: string }> = await manager.query('SELECT status FROM email_message WHERE id = $1', [id]);
    return rows[0]?.status;
  }

  /** Rendering problems (unknown template, unreadable data) cannot heal by retrying: UnrecoverableError. */
  private compose(row: EmailMessage): SMTPTransport.Options {
    if (!isEmailTemplateName(row.template)) throw new UnrecoverableError(`unknown template "${row.template}"`);
    let data: EmailTemplateData[typeof row.template];
    let rendered: { html: string; text: string };
    try {
      data = JSON.parse(this.cipher.decrypt(row.dataEnc) ?? '{}') as EmailTemplateData[typeof row.template];
      rendered = this.renderer.render(row.template, data, row.subject);
    } catch (err) {
      throw new UnrecoverableError(`cannot render: ${err instanceof Error ? err.name : 'error'}`);
    }
    return {
      from: this.config.smtpFrom,
      to: row.toAddress,
      ...(row.replyTo ? { replyTo: row.replyTo } : {}),
      subject: row.subject,
      html: rendered.html,
      text: rendered.text,
      messageId: messageIdFor(row.idempotencyKey, this.config.smtpFrom),
    };
  }

  private transport(): Transporter<SMTPPool.SentMessageInfo> {
    // Timeouts well below the nodemailer defaults (minutes): the row stays locked while we talk to SMTP.
    // Pooled: a campaign sends thousands of messages, and a connection per message would cost a handshake each.
    const options = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000, pool: true, maxConnections: 5, maxMessages: 1000 } as const;
    // Connection fields from SMTP_URL, not `url`: nodemailer ignores every other option (the pool, the timeouts) beside a url.
    const server = this.config.smtpUrl ? smtpServerOf(this.config.smtpUrl) : { host: '127.0.0.1', port: this.config.devSmtpPort, secure: false, ignoreTLS: true };
    this.transporter ??= createTransport({ ...server, ...options, getSocket: noDelaySocket });
    return this.transporter;
  }
}
