import { ConflictException, Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { UnrecoverableError } from 'bullmq';
import type { DataSource } from 'typeorm';
import { defaultSubject, EmailType } from '../../contracts/communications';
import { APP_CONFIG, type AppConfig } from '../../core/config/app-config';
import { RequestContext } from '../../core/context/request-context';
import { TenantDb } from '../../core/database/tenant-db';
import { JobDelay, JobIds, type JobPayloads, type JobRun } from '../../core/jobs/job-registry';
import { JobsService } from '../../core/jobs/jobs.service';
import { OnJob } from '../../core/jobs/on-job.decorator';
import { classifySendError, EmailDeliveryError, EmailNotReadyError, EmailSender } from '../../core/mail/email-sender';
import { EmailRenderer } from '../../core/mail/email-renderer';
import { RateLimiter } from '../../core/redis/rate-limiter';
import { RegistrationService } from '../registration/registration.service';
import { renderCustomEmail } from './custom-email';
import { type Outcome, RecipientLedger } from './recipient-ledger';

/** The most of a client's per-second allowance one process takes at once (a tenth of it, at most this). */
const RATE_BATCH = 20;

/** Recipients queued per addBulk round trip. */
const FAN_OUT_CHUNK = 1000;

interface CampaignInfo {
  emailType: EmailType;
  commentHtml: string | null;
  /** A custom email's subject as stored; null for other types and for campaigns made before subjects. */
  subject: string | null;
  clientName: string;
  headerColor: string | null;
  endDate: string | null;
}

/** A recipient with what its email needs, by (campaign, employee); the caller adds its lock. */
const RECIPIENT_SQL = `
  SELECT r.status, r.email_message_id, r.email, c.email_type, c.comment_html, e.first_name, cl.name AS client_name, cl.header_color,
         to_char(p.end_date, 'MM/DD/YYYY') AS end_date
    FROM campaign_recipient r
    JOIN campaign c ON c.id = r.campaign_id AND c.client_id = r.client_id
    JOIN employee e ON e.id = r.employee_id AND e.client_id = r.client_id
    JOIN client cl ON cl.id = r.client_id
    LEFT JOIN open_enrollment_period p ON p.id = c.open_enrollment_period_id AND p.client_id = c.client_id
   WHERE r.campaign_id = $1 AND r.employee_id = $2 AND r.client_id = $client`;

/** The enrollment reminder as each recipient receives it; the Status Dashboard's preview shows the same. */
export function renderReminder(
  renderer: EmailRenderer,
  publicUrl: string,
  r: { firstName: string | null; clientName: string; endDate: string; headerColor: string | null },
): { subject: string; html: string; text: string } {
  const data = { brand: { headerColor: r.headerColor }, firstName: r.firstName, clientName: r.clientName, endDate: r.endDate, loginUrl: `${publicUrl}/mbl/login` };
  const subject = renderer.renderSubject('enrollment-reminder', data);
  return { subject, ...renderer.render('enrollment-reminder', data, subject) };
}

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
 * the fixed id campaign-{campaign}-{employee}; a send job sends that recipient's email under the Message-ID of
 * the key campaign:{campaign}:{employee}, holding the recipient row's lock for the SMTP exchange and marking it
 * in the same commit. Retried, killed or duplicated jobs therefore send each email once.
 */
@Injectable()
export class CampaignSender {
  /** Emails of each client this process may still send in the current rate window. */
  private readonly allowance = new Map<number, { left: number; until: number }>();
  /** Campaigns being sent by this process (a few at a time; the oldest goes first past 100). */
  private readonly campaigns = new Map<string, CampaignInfo>();
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly db: TenantDb,
    private readonly context: RequestContext,
    private readonly jobs: JobsService,
    private readonly sender: EmailSender,
    private readonly renderer: EmailRenderer,
    private readonly registration: RegistrationService,
    private readonly rate: RateLimiter,
    private readonly ledger: RecipientLedger,
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
    const wait = await this.waitForRate(data.clientId);
    if (wait > 0) throw new JobDelay(wait + Math.floor(Math.random() * 250));
    const finalAttempt = run.attemptsMade + 1 >= run.attempts;
    const direct = await this.sendDirect(data, finalAttempt);
    return direct === 'welcome' ? this.sendWelcome(data, finalAttempt) : direct;
  }

  /**
   * 0 when this process may send one more email of the client now, else how long to wait (ms). The window's
   * allowance is shared in Redis; a process takes a few at a time and spends them locally until the window ends.
   */
  private async waitForRate(clientId: number): Promise<number> {
    const now = Date.now();
    const local = this.allowance.get(clientId);
    if (local && local.until > now && local.left > 0) {
      local.left -= 1;
      return 0;
    }
    const max = this.config.campaignRatePerSecond;
    const { granted, msLeft } = await this.rate.take(`campaign-rate:${clientId}`, Math.max(1, Math.min(RATE_BATCH, Math.floor(max / 10))), max, 1);
    if (granted === 0) return msLeft;
    this.allowance.set(clientId, { left: granted - 1, until: now + msLeft });
    return 0;
  }

  /**
   * Invites and custom emails: the recipient is held (RecipientLedger) for the SMTP exchange and marked sent in
   * a commit before it is let go, so a duplicate or retried job finds it held or finished. A process killed
   * between the server's acceptance and that commit resends it, under the same Message-ID.
   */
  private async sendDirect(data: JobPayloads['communications.send'], finalAttempt: boolean): Promise<'sent' | 'done' | 'welcome'> {
    const campaign = await this.campaignOf(data.campaignId);
    if (campaign.emailType === EmailType.Welcome) return 'welcome';
    const key = { campaignId: data.campaignId, employeeId: data.employeeId };
    if (!Number.isSafeInteger(key.campaignId) || !Number.isSafeInteger(key.employeeId)) throw new UnrecoverableError('bad job payload');
    const r = await this.ledger.claim(key);
    if (r === 'busy') throw new EmailNotReadyError(`campaign ${data.campaignId} recipient ${data.employeeId} is being sent elsewhere`);
    if (r === 'missing') throw new NotVisibleYet(`campaign ${data.campaignId} recipient ${data.employeeId} not visible yet`);
    if (r === 'finished') return 'done';
    let outcome: Outcome = null;
    try {
      const message = this.compose(campaign, r.firstName);
      if ('reason' in message) {
        outcome = { status: 'failed', reason: message.reason };
        throw new UnrecoverableError(message.reason);
      }
      try {
        await this.sender.deliver({ ...message, to: r.email, idempotencyKey: `campaign:${data.campaignId}:${data.employeeId}` });
      } catch (err) {
        const { permanent, reason } = classifySendError(err);
        const error = new EmailDeliveryError(`campaign ${data.campaignId} recipient ${data.employeeId}: ${reason}`);
        // A temporary failure with attempts left: nothing recorded, the retry sends it.
        if (permanent || finalAttempt) outcome = { status: 'failed', reason: `Mail server: ${reason}` };
        throw permanent ? new UnrecoverableError(error.message) : error;
      }
      outcome = { status: 'sent' };
      return 'sent';
    } finally {
      await this.ledger.release(key, outcome);
    }
  }

  /** What every email of a campaign shares, read once per campaign (it never changes once made). */
  private async campaignOf(campaignId: number): Promise<CampaignInfo> {
    const key = `${this.context.clientId}:${campaignId}`;
    const cached = this.campaigns.get(key);
    if (cached) return cached;
    const [c] = await this.db.query<{ email_type: EmailType; comment_html: string | null; subject: string | null; client_name: string; header_color: string | null; end_date: string | null }>(
      `SELECT c.email_type, c.comment_html, c.subject, cl.name AS client_name, cl.header_color, to_char(p.end_date, 'MM/DD/YYYY') AS end_date
         FROM campaign c JOIN client cl ON cl.id = c.client_id
         LEFT JOIN open_enrollment_period p ON p.id = c.open_enrollment_period_id AND p.client_id = c.client_id
        WHERE c.id = $1 AND c.client_id = $client`,
      [campaignId],
    );
    if (!c) throw new NotVisibleYet(`campaign ${campaignId} not visible yet`);
    const info: CampaignInfo = { emailType: c.email_type, commentHtml: c.comment_html, subject: c.subject, clientName: c.client_name, headerColor: c.header_color, endDate: c.end_date };
    if (this.campaigns.size >= 100) this.campaigns.delete(this.campaigns.keys().next().value!);
    this.campaigns.set(key, info);
    return info;
  }

  /** The rendered invite or custom email of a recipient, or why there is none. */
  private compose(c: CampaignInfo, firstName: string): { subject: string; html: string; text: string } | { reason: string } {
    const brand = { headerColor: c.headerColor };
    if (c.emailType === EmailType.EnrollmentReminder) {
      if (!c.endDate) return { reason: 'The open enrollment period is gone' };
      return renderReminder(this.renderer, this.config.publicUrl, { firstName, clientName: c.clientName, endDate: c.endDate, headerColor: c.headerColor });
    }
    if (c.emailType === EmailType.OpenEnrollmentInvite) {
      if (!c.endDate) return { reason: 'The open enrollment period is gone' };
      const data = { brand, firstName, clientName: c.clientName, endDate: c.endDate, loginUrl: `${this.config.publicUrl}/mbl/login` };
      const subject = this.renderer.renderSubject('open-enrollment-invite', data);
      return { subject, ...this.renderer.render('open-enrollment-invite', data, subject) };
    }
    return renderCustomEmail(this.renderer, { subject: c.subject ?? defaultSubject(c.clientName), commentHtml: c.commentHtml ?? '', clientName: c.clientName, headerColor: c.headerColor, firstName });
  }

  /**
   * The welcome email issues a registration token and goes through the outbox (email_message), like every
   * welcome email: recorded under the recipient's lock with the campaign's fixed key, then sent by EmailSender.
   */
  private async sendWelcome(data: JobPayloads['communications.send'], finalAttempt: boolean): Promise<'sent' | 'done' | 'failed'> {
    const prepared = await this.db.transaction(() => this.prepare(data));
    if (prepared === 'done') return 'done';
    if (typeof prepared === 'object') {
      await this.mark(data, 'failed', prepared.reason);
      return 'failed';
    }
    try {
      await this.sender.send(prepared, { finalAttempt });
    } catch (err) {
      if (err instanceof UnrecoverableError || finalAttempt) {
        const [row] = await this.dataSource.query('SELECT last_error FROM email_message WHERE id = $1', [prepared]);
        await this.mark(data, 'failed', `Mail server: ${(row as { last_error: string | null } | undefined)?.last_error ?? 'error'}`);
      }
      throw err;
    }
    await this.mark(data, 'sent', null);
    return 'sent';
  }

  /**
   * Under the recipient row's lock: the email_message row to send (recorded once, with the campaign's fixed
   * key), 'done' when the recipient is finished already, or why it cannot be sent at all.
   */
  private async prepare(data: JobPayloads['communications.send']): Promise<number | 'done' | { reason: string }> {
    const [r] = await this.db.query<RecipientRow>(`${RECIPIENT_SQL} FOR UPDATE OF r`, [data.campaignId, data.employeeId]);
    if (!r) throw new NotVisibleYet(`campaign ${data.campaignId} recipient ${data.employeeId} not visible yet`);
    if (r.status !== 'pending') return 'done';
    if (r.email_message_id !== null) return r.email_message_id;
    let messageId: number;
    try {
      messageId = await this.registration.sendWelcome(data.employeeId, { idempotencyKey: `campaign:${data.campaignId}:${data.employeeId}`, queue: false, brand: { headerColor: r.header_color } });
    } catch (err) {
      // Registered since the campaign was made: nothing to send (a fresh link would only confuse them).
      if (err instanceof ConflictException) return { reason: 'Already registered' };
      throw err;
    }
    await this.db.query('UPDATE campaign_recipient SET email_message_id = $3, updated_at = now() WHERE campaign_id = $1 AND employee_id = $2 AND client_id = $client', [data.campaignId, data.employeeId, messageId]);
    return messageId;
  }

  private async mark(data: JobPayloads['communications.send'], status: 'sent' | 'failed', reason: string | null): Promise<void> {
    await this.db.query(
      `UPDATE campaign_recipient SET status = $3, last_error = $4, updated_at = now() WHERE campaign_id = $1 AND employee_id = $2 AND client_id = $client AND status = 'pending'`,
      [data.campaignId, data.employeeId, status, reason],
    );
  }

  /**
   * The re-drive sweep (system work): campaigns whose fan-out never finished are fanned out again, and so are
   * the pending recipients of a campaign that has stalled (recipients left, none sent or failed for five times
   * the grace); both with their fixed ids, so live jobs are left alone. A long campaign that is still moving
   * (a slow rate, a big list) is not fanned out again every sweep.
   */
  async redrive(graceSeconds: number): Promise<number> {
    const campaigns: Array<{ id: number; client_id: number; created_by: number }> = await this.dataSource.query(
      `SELECT c.id, c.client_id, c.created_by FROM campaign c
        WHERE c.created_at < now() - make_interval(secs => $1)
          AND (c.fanned_out_at IS NULL
               OR (c.fanned_out_at < now() - make_interval(secs => $1 * 5)
                   AND EXISTS (SELECT 1 FROM campaign_recipient r WHERE r.campaign_id = c.id AND r.status = 'pending')
                   AND NOT EXISTS (SELECT 1 FROM campaign_recipient r WHERE r.campaign_id = c.id AND r.status <> 'pending' AND r.updated_at >= now() - make_interval(secs => $1 * 5))))
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
