import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import {
  CommunicationMessages,
  defaultSubject,
  EMAIL_TYPE_LABELS,
  EmailType,
  ProgressFlag,
  type CampaignPreview,
  type CampaignPreviewRequest,
  type CampaignProgress,
  type MessageBoard,
  type SendEmailsRequest,
  type SendEmailsResponse,
} from '../../contracts/communications';
import { AuditService } from '../../core/audit/audit.service';
import { RequestContext } from '../../core/context/request-context';
import { TenantDb } from '../../core/database/tenant-db';
import { sanitizeRichText, richTextIsEmpty } from '../../core/html/rich-text';
import { fieldErrors } from '../../core/http/field-errors';
import { JobIds } from '../../core/jobs/job-registry';
import { JobsService } from '../../core/jobs/jobs.service';
import { EmailRenderer } from '../../core/mail/email-renderer';
import { renderCustomEmail } from './custom-email';

/** Who may receive each type: an address always; the welcome email only before registering; an invite only with a period. */
const ELIGIBLE: Readonly<Record<EmailType, string>> = {
  1: 'x.email IS NOT NULL AND NOT x.registered',
  2: 'x.email IS NOT NULL',
  3: 'x.email IS NOT NULL',
  4: 'x.email IS NOT NULL',
};

/** The client's active employees with the address they are reached at and whether they registered. */
const PEOPLE = `
  SELECT e.id, e.first_name, e.last_name, nullif(coalesce(a.email, e.email), '') AS email, e.welcome_email_sent_at,
         (a.password_hash IS NOT NULL) AS registered,
         (SELECT max(t.used_at) FROM account_token t WHERE t.account_id = a.id AND t.purpose = 'registration') AS registered_at
    FROM employee e LEFT JOIN account a ON a.id = e.account_id
   WHERE e.client_id = $client AND NOT e.terminated`;

interface ProgressRow {
  id: number;
  email_type: EmailType;
  created_at: Date;
  subject: string | null;
  total: number;
  sent: number;
  failed: number;
}

/**
 * Communications: the message board and campaigns. Sending records a campaign and one
 * recipient row per employee in one transaction; the workers then fan out one job per recipient
 * (CampaignSender). Progress is read from the recipient rows, so HR sees it live and after a reload alike.
 */
@Injectable()
export class CampaignsService {
  constructor(
    private readonly db: TenantDb,
    private readonly context: RequestContext,
    private readonly jobs: JobsService,
    private readonly audit: AuditService,
    private readonly renderer: EmailRenderer,
  ) {}

  /** GET /message-board. */
  async messageBoard(): Promise<MessageBoard> {
    const people = await this.db.query<{ id: number; first_name: string; last_name: string; email: string | null; welcome_email_sent_at: Date | null; registered: boolean; registered_at: Date | null }>(
      `${PEOPLE} ORDER BY e.last_name, e.first_name, e.id`,
    );
    const period = await this.currentPeriod();
    let emails: Record<string, string> = {};
    if (period) {
      const invited = await this.db.query<{ employee_id: number; email: string }>(
        `SELECT DISTINCT ON (r.employee_id) r.employee_id, r.email FROM campaign_recipient r JOIN campaign c ON c.id = r.campaign_id
          WHERE c.client_id = $client AND c.email_type = 2 AND c.open_enrollment_period_id = $1 AND r.status = 'sent'
          ORDER BY r.employee_id, c.id DESC`,
        [period.id],
      );
      emails = Object.fromEntries(invited.map((r) => [String(r.employee_id), r.email]));
    }
    const newest = await this.db.query<{ id: number }>(
      `SELECT DISTINCT ON (email_type) id FROM campaign WHERE client_id = $client ORDER BY email_type, id DESC`,
    );
    const campaigns = await Promise.all(newest.map((c) => this.progress(c.id)));
    const client = await this.client();
    return {
      employees: people.map((p) => ({
        id: p.id,
        firstName: p.first_name,
        lastName: p.last_name,
        email: p.email,
        progressTracking: (p.welcome_email_sent_at ? ProgressFlag.WelcomeEmailSent : 0) | (p.registered ? ProgressFlag.AccountCreated : 0),
        welcomeEmailSentDate: p.welcome_email_sent_at?.toISOString() ?? null,
        registrationDate: p.registered_at?.toISOString() ?? null,
      })),
      openEnrollmentPeriod: period ? { id: period.id, endDate: period.end_date, emails } : null,
      userCounts: [people.length, people.filter((p) => p.registered).length, people.filter((p) => p.email === null).length],
      campaigns,
      defaultSubject: defaultSubject(client.name),
    };
  }

  /**
   * POST /send-emails. The chosen employees must be active employees of the client who can receive this type
   * (their address is the one on file, not the one sent). While a campaign of the same type is still sending,
   * a second request answers that one and sends nothing (the advisory lock makes two clicks at once wait for
   * each other). Inside a caller's transaction (open enrollment's Start) the campaign joins it.
   */
  async send(body: SendEmailsRequest): Promise<SendEmailsResponse> {
    const type = body.emailType as EmailType;
    const comment = type === EmailType.Custom ? sanitizeRichText(body.comment ?? '') : null;
    if (comment !== null && richTextIsEmpty(comment)) throw fieldErrors([{ path: 'comment', message: CommunicationMessages.commentRequired }]);
    const ids = body.all ? null : Object.keys(body.recipients).map(Number);

    return this.db.transaction(async (m): Promise<SendEmailsResponse> => {
      await m.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`campaign:${this.context.clientId}:${type}`]);
      const running = await this.db.query<{ id: number }>(
        `SELECT c.id FROM campaign c WHERE c.client_id = $client AND c.email_type = $1
            AND EXISTS (SELECT 1 FROM campaign_recipient r WHERE r.campaign_id = c.id AND r.status = 'pending')
          ORDER BY c.id DESC LIMIT 1`,
        [type],
      );
      if (running[0]) return { campaign: await this.progress(running[0].id), alreadyRunning: true };

      let periodId: number | null = null;
      if (type === EmailType.OpenEnrollmentInvite) {
        const period = await this.currentPeriod();
        if (!period || (body.periodId && body.periodId !== period.id)) throw new BadRequestException({ statusCode: 400, message: CommunicationMessages.noPeriod });
        periodId = period.id;
      }
      const people = await this.db.query<{ id: number }>(
        `SELECT x.id FROM (${PEOPLE}) x WHERE ${ELIGIBLE[type]} ${ids ? 'AND x.id = ANY ($1::int[])' : ''} ORDER BY x.id`,
        ids ? [ids] : [],
      );
      if (ids && people.length !== new Set(ids).size) throw fieldErrors([{ path: 'recipients', message: CommunicationMessages.unknownRecipients }]);
      if (people.length === 0) throw fieldErrors([{ path: 'recipients', message: CommunicationMessages.noRecipients }]);

      // Kept with the campaign, the default too: every email of it carries the same subject, whatever happens later.
      const subject = type === EmailType.Custom ? (body.subject ?? defaultSubject((await this.client()).name)) : null;
      const [campaign] = await this.db.query<{ id: number }>(
        `INSERT INTO campaign (client_id, email_type, open_enrollment_period_id, comment_html, subject, created_by, total) VALUES ($client, $1, $2, $3, $4, $5, $6) RETURNING id`,
        [type, periodId, comment, subject, this.context.acting.accountId, people.length],
      );
      const campaignId = campaign!.id;
      await this.db.query(
        `INSERT INTO campaign_recipient (campaign_id, employee_id, client_id, email, first_name)
         SELECT $1, x.id, $client, x.email, x.first_name FROM (${PEOPLE}) x WHERE x.id = ANY ($2::int[])`,
        [campaignId, people.map((p) => p.id)],
      );
      await this.audit.record(
        {
          eventType: 'Communications',
          actionType: 'create',
          description: `${EMAIL_TYPE_LABELS[type]} sent to ${people.length} ${people.length === 1 ? 'employee' : 'employees'}`,
          data: [{ title: 'Recipients', oldValue: null, newValue: String(people.length), changed: true }],
        },
      );
      await this.queueFanOut(campaignId);
      return { campaign: await this.progress(campaignId), alreadyRunning: false };
    });
  }

  /** GET /campaigns/{id}: sent, failed and pending out of the total, with why each failure failed. */
  async progress(campaignId: number): Promise<CampaignProgress> {
    const [row] = await this.db.query<ProgressRow>(
      `SELECT c.id, c.email_type, c.created_at, c.subject, c.total,
              count(*) FILTER (WHERE r.status = 'sent')::int AS sent, count(*) FILTER (WHERE r.status = 'failed')::int AS failed
         FROM campaign c JOIN campaign_recipient r ON r.campaign_id = c.id
        WHERE c.id = $1 AND c.client_id = $client GROUP BY c.id`,
      [campaignId],
    );
    if (!row) throw new NotFoundException({ statusCode: 404, message: CommunicationMessages.campaignNotFound });
    const failures =
      row.failed === 0
        ? []
        : await this.db.query<{ employee_id: number; first_name: string; last_name: string; last_error: string | null }>(
            `SELECT r.employee_id, e.first_name, e.last_name, r.last_error FROM campaign_recipient r JOIN employee e ON e.id = r.employee_id AND e.client_id = r.client_id
              WHERE r.campaign_id = $1 AND r.client_id = $client AND r.status = 'failed' ORDER BY e.last_name, e.first_name LIMIT 100`,
            [campaignId],
          );
    const pending = row.total - row.sent - row.failed;
    return {
      id: row.id,
      emailType: row.email_type,
      createdOn: row.created_at.toISOString(),
      subject: row.subject,
      total: row.total,
      sent: row.sent,
      failed: row.failed,
      pending,
      done: pending === 0,
      failures: failures.map((f) => ({ employeeId: f.employee_id, firstName: f.first_name, lastName: f.last_name, reason: f.last_error ?? 'Not sent' })),
    };
  }

  /**
   * POST /campaigns/preview: the custom email as it would reach one recipient (the one asked for, else the first
   * who can receive it), rendered by the same function the sender uses. Writes nothing.
   */
  async preview(body: CampaignPreviewRequest): Promise<CampaignPreview> {
    const comment = sanitizeRichText(body.comment ?? '');
    if (richTextIsEmpty(comment)) throw fieldErrors([{ path: 'comment', message: CommunicationMessages.commentRequired }]);
    const client = await this.client();
    const [recipient] = await this.db.query<{ id: number; first_name: string; last_name: string }>(
      `SELECT x.id, x.first_name, x.last_name FROM (${PEOPLE}) x WHERE ${ELIGIBLE[EmailType.Custom]} ${body.employeeId ? 'AND x.id = $1' : ''}
        ORDER BY x.last_name, x.first_name, x.id LIMIT 1`,
      body.employeeId ? [body.employeeId] : [],
    );
    if (!recipient && body.employeeId) throw new NotFoundException({ statusCode: 404, message: CommunicationMessages.recipientNotFound });
    const email = renderCustomEmail(this.renderer, {
      subject: body.subject ?? defaultSubject(client.name),
      commentHtml: comment,
      clientName: client.name,
      headerColor: client.header_color,
      firstName: recipient?.first_name ?? null,
    });
    return { ...email, recipient: recipient ? { employeeId: recipient.id, firstName: recipient.first_name, lastName: recipient.last_name } : null };
  }

  /** The acting client's name and header colour (a custom email's default subject and frame). */
  private async client(): Promise<{ name: string; header_color: string | null }> {
    const [row] = await this.db.query<{ name: string; header_color: string | null }>('SELECT name, header_color FROM client WHERE id = $client', []);
    if (!row) throw new Error('no acting client');
    return row;
  }

  /** Once the open transaction (the caller's too, when send joined one) commits, so the fan-out finds its rows; a failure to queue is left to the re-drive sweep. */
  private async queueFanOut(campaignId: number): Promise<void> {
    await this.jobs.queueAfterCommit('communications.fan-out', { campaignId, clientId: this.context.clientId, requestedBy: this.context.acting.accountId }, { jobId: JobIds.campaignFanOut(campaignId) });
  }

  /** The client's current period while it is active (started, not closed): the one invites are for. */
  private async currentPeriod(): Promise<{ id: number; end_date: string } | null> {
    const rows = await this.db.query<{ id: number; end_date: string }>(
      `SELECT id, to_char(end_date, 'MM/DD/YYYY') AS end_date FROM open_enrollment_period
        WHERE client_id = $client AND is_current AND started_at IS NOT NULL AND closed_date IS NULL`,
      [],
    );
    return rows[0] ?? null;
  }

  /**
   * The Status Dashboard's "Remind the unfinished": an Enrollment Reminder campaign of the
   * period to exactly these employees (the dashboard decides who has not finished), sent by the workers like
   * every campaign: fan-out and send jobs with fixed ids, the re-drive sweep for a fan-out that never ran. While
   * a reminder is still sending, a second one answers that one (alreadyRunning) and sends nothing.
   */
  async sendReminder(periodId: number, periodTitle: string, employeeIds: readonly number[]): Promise<SendEmailsResponse> {
    const type = EmailType.EnrollmentReminder;
    return this.db.transaction(async (m) => {
      await m.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`campaign:${this.context.clientId}:${type}`]);
      const [running] = await this.db.query<{ id: number }>(
        `SELECT c.id FROM campaign c WHERE c.client_id = $client AND c.email_type = $1
            AND EXISTS (SELECT 1 FROM campaign_recipient r WHERE r.campaign_id = c.id AND r.status = 'pending')
          ORDER BY c.id DESC LIMIT 1`,
        [type],
      );
      if (running) return { campaign: await this.progress(running.id), alreadyRunning: true };
      const people = await this.db.query<{ id: number }>(`SELECT x.id FROM (${PEOPLE}) x WHERE ${ELIGIBLE[type]} AND x.id = ANY ($1::int[]) ORDER BY x.id`, [[...employeeIds]]);
      if (people.length === 0) throw fieldErrors([{ path: 'recipients', message: CommunicationMessages.noRecipients }]);
      const [campaign] = await this.db.query<{ id: number }>(
        `INSERT INTO campaign (client_id, email_type, open_enrollment_period_id, created_by, total) VALUES ($client, $1, $2, $3, $4) RETURNING id`,
        [type, periodId, this.context.acting.accountId, people.length],
      );
      await this.db.query(
        `INSERT INTO campaign_recipient (campaign_id, employee_id, client_id, email, first_name)
         SELECT $1, x.id, $client, x.email, x.first_name FROM (${PEOPLE}) x WHERE x.id = ANY ($2::int[])`,
        [campaign!.id, people.map((p) => p.id)],
      );
      await this.audit.record(
        {
          eventType: 'Communications',
          actionType: 'create',
          description: `${EMAIL_TYPE_LABELS[type]} for ${periodTitle} sent to ${people.length} ${people.length === 1 ? 'employee' : 'employees'} who had not finished`,
          data: [{ title: 'Recipients', oldValue: null, newValue: String(people.length), changed: true }],
        },
      );
      await this.queueFanOut(campaign!.id);
      return { campaign: await this.progress(campaign!.id), alreadyRunning: false };
    });
  }
}
