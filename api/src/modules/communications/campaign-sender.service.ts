import { ConflictException, Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { UnrecoverableError } from 'bullmq';
import type { DataSource, EntityManager } from 'typeorm';
import { EmailType } from '../../contracts/communications';
import { APP_CONFIG, type AppConfig } from '../../core/config/app-config';
import { RequestContext } from '../../core/context/request-context';
import { TenantDb } from '../../core/database/tenant-db';
import { JobDelay, JobIds, type JobPayloads, type JobRun } from '../../core/jobs/job-registry';
import { JobsService } from '../../core/jobs/jobs.service';
import { OnJob } from '../../core/jobs/on-job.decorator';
import { EmailSender } from '../../core/mail/email-sender';
import { MailService } from '../../core/mail/mail.service';
import { RateLimiter } from '../../core/redis/rate-limiter';
import { RegistrationService } from '../registration/registration.service';

/** Recipients queued per addBulk round trip. */
const FAN_OUT_CHUNK = 1000;

/** Retryable: the campaign's rows are not visible yet (the job was queued inside a transaction still open). */
class NotVisibleYet extends Error {}

interface RecipientRow {
  status: 'pending' | 'sent' | 'failed';
  email_message_id: number | null;
  email: string;
  email_type: 1 | 2 | 3;
  comment_html: string | null;
  first_name: string;
  client_name: string;
  header_color: string | null;
  end_date: string | null;
}

/**
 * The workers' half of communications: the fan-out job queues one send job per recipient in chunks, each with
 * the fixed id campaign-{campaign}-{employee}; a send job records the recipient's email_message row (its
 * idempotency key campaign:{campaign}:{employee} fixes the Message-ID) and sends it with EmailSender, which
 * locks the row for the SMTP exchange. Retried, killed or duplicated jobs therefore send each email once.
 */
@Injectable()
export class CampaignSender {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly db: TenantDb,
    private readonly context: RequestContext,
    private readonly jobs: JobsService,
    private readonly mail: MailService,
    private readonly sender: EmailSender,
    private readonly registration: RegistrationService,
    private readonly rate: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @OnJob('communications.fan-out')
  async fanOut(data: JobPayloads['communications.fan-out']): Promise<{ queued: number }> {
    const exists = await this.db.query('SELECT 1 FROM campaign WHERE id = $1 AND client_id = $client', [data.campaignId]);
    if (exists.length === 0) throw new NotVisibleYet(`campaign ${data.campaignId} not visible yet`);
    let after = 0;
    let queued = 0;
    for (;;) {
      const rows = await this.db.query<{ employee_id: number }>(
        `SELECT employee_id FROM campaign_recipient WHERE campaign_id = $1 AND client_id = $client AND status = 'pending' AND employee_id > $2 ORDER BY employee_id LIMIT ${FAN_OUT_CHUNK}`,
        [data.campaignId, after],
      );
      if (rows.length === 0) break;
      await this.jobs.queueBulk(
        'communications.send',
        rows.map((r) => ({ data: { campaignId: data.campaignId, employeeId: r.employee_id, clientId: data.clientId, requestedBy: data.requestedBy }, jobId: JobIds.campaignRecipient(data.campaignId, r.employee_id) })),
      );
      queued += rows.length;
      after = rows[rows.length - 1]!.employee_id;
    }
    await this.db.query('UPDATE campaign SET fanned_out_at = now() WHERE id = $1 AND client_id = $client AND fanned_out_at IS NULL', [data.campaignId]);
    return { queued };
  }

  @OnJob('communications.send')
  async send(data: JobPayloads['communications.send'], run: JobRun): Promise<'sent' | 'done' | 'failed'> {
    // The client's rate (emails per second, shared by every worker): over it, wait without spending an attempt.
    const allowed = await this.rate.attempt([{ key: `campaign-rate:${data.clientId}`, max: this.config.campaignRatePerSecond, windowSeconds: 1 }]);
    if (!allowed) throw new JobDelay(250 + Math.floor(Math.random() * 750));

    const prepared = await this.db.transaction((m) => this.prepare(data, m));
    if (prepared === 'done') return 'done';
    if (typeof prepared === 'object') {
      await this.finish(data, 'failed', prepared.reason);
      return 'failed';
    }
    const finalAttempt = run.attemptsMade + 1 >= run.attempts;
    try {
      await this.sender.send(prepared, { finalAttempt });
    } catch (err) {
      if (err instanceof UnrecoverableError || finalAttempt) {
        const [row] = await this.dataSource.query('SELECT last_error FROM email_message WHERE id = $1', [prepared]);
        await this.finish(data, 'failed', `Mail server: ${(row as { last_error: string | null } | undefined)?.last_error ?? 'error'}`);
      }
      throw err;
    }
    await this.finish(data, 'sent', null);
    return 'sent';
  }

  /**
   * Under the recipient row's lock: the email_message row to send (recorded once, with the campaign's fixed
   * key), 'done' when the recipient is finished already, or why it cannot be sent at all.
   */
  private async prepare(data: JobPayloads['communications.send'], m: EntityManager): Promise<number | 'done' | { reason: string }> {
    const [r] = await this.db.query<RecipientRow>(
      `SELECT r.status, r.email_message_id, r.email, c.email_type, c.comment_html, e.first_name, cl.name AS client_name, cl.header_color,
              to_char(p.end_date, 'MM/DD/YYYY') AS end_date
         FROM campaign_recipient r
         JOIN campaign c ON c.id = r.campaign_id AND c.client_id = r.client_id
         JOIN employee e ON e.id = r.employee_id AND e.client_id = r.client_id
         JOIN client cl ON cl.id = r.client_id
         LEFT JOIN open_enrollment_period p ON p.id = c.open_enrollment_period_id AND p.client_id = c.client_id
        WHERE r.campaign_id = $1 AND r.employee_id = $2 AND r.client_id = $client
        FOR UPDATE OF r`,
      [data.campaignId, data.employeeId],
      m,
    );
    if (!r) throw new NotVisibleYet(`campaign ${data.campaignId} recipient ${data.employeeId} not visible yet`);
    if (r.status !== 'pending') return 'done';
    if (r.email_message_id !== null) return r.email_message_id;

    const idempotencyKey = `campaign:${data.campaignId}:${data.employeeId}`;
    const brand = { headerColor: r.header_color };
    let messageId: number;
    if (r.email_type === EmailType.Welcome) {
      try {
        messageId = await this.registration.sendWelcome(data.employeeId, m, { idempotencyKey, queue: false, brand });
      } catch (err) {
        // Registered since the campaign was made: nothing to send (a fresh link would only confuse them).
        if (err instanceof ConflictException) return { reason: 'Already registered' };
        throw err;
      }
    } else if (r.email_type === EmailType.OpenEnrollmentInvite) {
      if (!r.end_date) return { reason: 'The open enrollment period is gone' };
      messageId = await this.mail.enqueue(
        {
          template: 'open-enrollment-invite',
          to: r.email,
          data: { brand, firstName: r.first_name, clientName: r.client_name, endDate: r.end_date, loginUrl: `${this.config.publicUrl}/mbl/login` },
          idempotencyKey,
          clientId: this.context.clientId,
          queue: false,
        },
        m,
      );
    } else {
      messageId = await this.mail.enqueue(
        { template: 'custom-message', to: r.email, data: { brand, firstName: r.first_name, clientName: r.client_name, bodyHtml: r.comment_html ?? '' }, idempotencyKey, clientId: this.context.clientId, queue: false },
        m,
      );
    }
    await this.db.query('UPDATE campaign_recipient SET email_message_id = $3, updated_at = now() WHERE campaign_id = $1 AND employee_id = $2 AND client_id = $client', [data.campaignId, data.employeeId, messageId], m);
    return messageId;
  }

  private async finish(data: JobPayloads['communications.send'], status: 'sent' | 'failed', reason: string | null): Promise<void> {
    await this.db.query(
      `UPDATE campaign_recipient SET status = $3, last_error = $4, updated_at = now() WHERE campaign_id = $1 AND employee_id = $2 AND client_id = $client AND status = 'pending'`,
      [data.campaignId, data.employeeId, status, reason],
    );
  }

  /**
   * The re-drive sweep (system work): campaigns whose fan-out never finished are fanned out again, and
   * recipients still pending long after it are queued again; both with their fixed ids, so live jobs are left alone.
   */
  async redrive(graceSeconds: number): Promise<number> {
    const campaigns: Array<{ id: number; client_id: number; created_by: number }> = await this.dataSource.query(
      `SELECT c.id, c.client_id, c.created_by FROM campaign c
        WHERE c.created_at < now() - make_interval(secs => $1)
          AND (c.fanned_out_at IS NULL OR EXISTS (SELECT 1 FROM campaign_recipient r WHERE r.campaign_id = c.id AND r.status = 'pending' AND r.updated_at < now() - make_interval(secs => $1 * 5)))
        ORDER BY c.id LIMIT 100`,
      [graceSeconds],
    );
    for (const c of campaigns) {
      const payload = { campaignId: c.id, clientId: c.client_id, requestedBy: c.created_by };
      // A finished fan-out job keeps its id in Redis, so a campaign already fanned out gets a fan-out of the stragglers.
      await this.context.runAs({ clientId: c.client_id, requestedBy: c.created_by }, async () => {
        const fanned = (await this.dataSource.query('SELECT fanned_out_at IS NOT NULL AS done FROM campaign WHERE id = $1', [c.id]))[0] as { done: boolean };
        if (!fanned.done) await this.jobs.queue('communications.fan-out', payload, { jobId: JobIds.campaignFanOut(c.id) });
        else await this.fanOut(payload);
      });
    }
    return campaigns.length;
  }
}
