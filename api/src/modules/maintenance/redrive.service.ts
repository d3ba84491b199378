import { Injectable, Logger } from '@nestjs/common';
import type { JobPayloads, SweptJobName } from '../../core/jobs/job-registry';
import { OnJob } from '../../core/jobs/on-job.decorator';
import { MailService } from '../../core/mail/mail.service';
import { ActionSigningService } from '../actions/action-signing.service';
import { CarrierFilesService } from '../carrier-feeds/carrier-files.service';
import { CampaignSender } from '../communications/campaign-sender.service';
import { EnrollmentSummaryService } from '../forms/enrollment-summary.service';
import { ImportsService } from '../imports/imports.service';
import { ReportsService } from '../reports/reports.service';
import { PayrollService } from '../transactions/payroll.service';

/** Work older than this that is still not done was never queued (or its queueing failed). */
function graceSeconds(): number {
  const n = Number(process.env.REDRIVE_GRACE_SECONDS ?? 120);
  return Number.isFinite(n) && n >= 0 ? n : 120;
}

/** Queues again the work of one job kind still undone after `graceSeconds`; answers how many it found. */
type Redrive = (graceSeconds: number) => Promise<number>;

/**
 * The re-drive sweep (issue: "work recorded in PostgreSQL but not yet done"): for every job the registry marks
 * `redrive: 'sweep'`, the work still undone is queued again with its fixed job id, so a job that exists is left
 * alone and a job that never reached Redis runs exactly once.
 */
@Injectable()
export class RedriveService {
  private readonly logger = new Logger(RedriveService.name);
  /** One re-drive per swept job of the registry: the type makes a job marked 'sweep' without one a compile error. */
  private readonly redrives: Readonly<Record<SweptJobName, Redrive>>;

  constructor(mail: MailService, summaries: EnrollmentSummaryService, signing: ActionSigningService, campaigns: CampaignSender, reports: ReportsService, payroll: PayrollService, imports: ImportsService, feeds: CarrierFilesService) {
    this.redrives = {
      'email.send': (grace) => mail.redriveQueued(grace),
      'documents.enrollment-summary': (grace) => summaries.redriveMissing(grace),
      'actions.sign': (grace) => signing.redriveStalled(grace),
      'reports.export': (grace) => reports.redriveQueued(grace),
      'communications.fan-out': (grace) => campaigns.redrive(grace),
      'transactions.payroll-deductions': (grace) => payroll.redriveQueued(grace),
      'carrier-feeds.file': (grace) => feeds.redriveQueued(grace),
      'imports.census-commit': (grace) => imports.redriveCensusCommits(grace),
    };
  }

  /** The jobs this sweep queues again. */
  get jobs(): SweptJobName[] {
    return Object.keys(this.redrives) as SweptJobName[];
  }

  @OnJob('maintenance.redrive')
  async sweep(data: JobPayloads['maintenance.redrive']): Promise<Partial<Record<SweptJobName, number>>> {
    const grace = graceSeconds();
    const found: Partial<Record<SweptJobName, number>> = {};
    const failed: string[] = [];
    for (const job of this.jobs) {
      // One kind that cannot be re-driven now (Redis refusing, a bad row) does not keep the others waiting.
      try {
        found[job] = await this.redrives[job](grace);
      } catch (err) {
        failed.push(`${job}: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    if (Object.values(found).some((n) => n > 0)) this.logger.log({ tick: data.tick, ...found }, 're-drove unfinished work');
    // Failed, so the run shows as a failed job; the next tick (a minute) tries again.
    if (failed.length > 0) throw new Error(`re-drive failed for ${failed.join('; ')}`);
    return found;
  }
}
