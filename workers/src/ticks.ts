import { Injectable, Logger } from '@nestjs/common';
import { Cron } from '@nestjs/schedule';
import { JobIds, JobsService } from '@bp/api/server';

/**
 * Periodic work: @nestjs/schedule ticks here, in the workers only, and each tick just
 * queues a job whose id is fixed for that tick, so several worker replicas run it once. Off in tests
 * (WORKER_CRON=off), which drive the jobs themselves.
 */
@Injectable()
export class Ticks {
  private readonly logger = new Logger(Ticks.name);

  constructor(private readonly jobs: JobsService) {}

  /** Hourly: clients' days end at their own midnights, so the sweep looks every hour (the delayed close per period comes first). */
  @Cron('1 * * * *', { timeZone: 'UTC', name: 'open-enrollment-close' })
  async closeExpiredPeriods(now = new Date()): Promise<void> {
    await this.tick(() => this.jobs.queue('open-enrollment.close-expired-periods', { tick: now.toISOString() }, { jobId: JobIds.tick('open-enrollment.close-expired-periods', now, 'hour') }));
  }

  /** Hourly: each client's day turns at its own midnight; a signed life event still without its document 7 days on is reminded once. */
  @Cron('11 * * * *', { timeZone: 'UTC', name: 'life-event-proof-reminders' })
  async lifeEventProofReminders(now = new Date()): Promise<void> {
    await this.tick(() => this.jobs.queue('life-events.proof-reminders', { tick: now.toISOString() }, { jobId: JobIds.tick('life-events.proof-reminders', now, 'hour') }));
  }

  /** Hourly: a client's week turns at its own Monday midnight; each weekly carrier gets one file per week (fixed job id per carrier and week). */
  @Cron('21 * * * *', { timeZone: 'UTC', name: 'carrier-weekly-files' })
  async carrierWeeklyFiles(now = new Date()): Promise<void> {
    await this.tick(() => this.jobs.queue('carrier-feeds.weekly-files', { tick: now.toISOString() }, { jobId: JobIds.tick('carrier-feeds.weekly-files', now, 'hour') }));
  }

  @Cron('* * * * *', { name: 'redrive' })
  async redrive(now = new Date()): Promise<void> {
    await this.tick(() => this.jobs.queue('maintenance.redrive', { tick: now.toISOString() }, { jobId: JobIds.tick('maintenance.redrive', now, 'minute') }));
  }

  private async tick(queue: () => Promise<void>): Promise<void> {
    try {
      await queue();
    } catch (err) {
      // The next tick tries again; nothing is lost, the work is recorded in PostgreSQL.
      this.logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'tick could not queue its job');
    }
  }
}
