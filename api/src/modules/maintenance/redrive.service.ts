import { Injectable, Logger } from '@nestjs/common';
import type { JobPayloads } from '../../core/jobs/job-registry';
import { OnJob } from '../../core/jobs/on-job.decorator';
import { MailService } from '../../core/mail/mail.service';
import { ActionSigningService } from '../actions/action-signing.service';
import { CampaignSender } from '../communications/campaign-sender.service';
import { EnrollmentSummaryService } from '../forms/enrollment-summary.service';

/** Work older than this that is still not done was never queued (or its queueing failed). */
function graceSeconds(): number {
  const n = Number(process.env.REDRIVE_GRACE_SECONDS ?? 120);
  return Number.isFinite(n) && n >= 0 ? n : 120;
}

/**
 * The re-drive sweep (issue: "work recorded in PostgreSQL but not yet done"): emails still 'queued' and signed
 * summaries without their PDF, approvals still signing and campaigns not fanned out are queued again with their fixed job ids, so a job that exists is left alone
 * and a job that never reached Redis runs exactly once.
 */
@Injectable()
export class RedriveService {
  private readonly logger = new Logger(RedriveService.name);

  constructor(
    private readonly mail: MailService,
    private readonly summaries: EnrollmentSummaryService,
    private readonly signing: ActionSigningService,
    private readonly campaigns: CampaignSender,
  ) {}

  @OnJob('maintenance.redrive')
  async sweep(data: JobPayloads['maintenance.redrive']): Promise<{ emails: number; summaries: number; approvals: number; campaigns: number }> {
    const grace = graceSeconds();
    const result = {
      emails: await this.mail.redriveQueued(grace),
      summaries: await this.summaries.redriveMissing(grace),
      approvals: await this.signing.redriveStalled(grace),
      campaigns: await this.campaigns.redrive(grace),
    };
    if (result.emails + result.summaries + result.approvals + result.campaigns > 0) this.logger.log({ tick: data.tick, ...result }, 're-drove unfinished work');
    return result;
  }
}
