import { Clock } from '../../core/clock/clock';
import { Injectable, Logger } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import { DataSource } from 'typeorm';
import { toUsDate } from '../../contracts/formats';
import { AuditService } from '../../core/audit/audit.service';
import { RequestContext } from '../../core/context/request-context';
import { TenantDb } from '../../core/database/tenant-db';
import { JobIds, type JobPayloads } from '../../core/jobs/job-registry';
import { JobsService } from '../../core/jobs/jobs.service';
import { OnJob } from '../../core/jobs/on-job.decorator';
import { ENROLLMENT_SNAPSHOT_SQL } from './enrollment-snapshot.query';

/**
 * Closing an open-enrollment period, in the client's time zone: the period's last day ends at the
 * client's midnight. A delayed job per period and end date is the primary trigger; the hourly sweep closes
 * whatever a lost job left open and keeps the delayed jobs queued (so a changed end date gets its own).
 * The close is one transaction, idempotent: the period row locked FOR UPDATE (in-flight election writes
 * hold it FOR SHARE, so they finish first and later ones see it closed), the closed date, the end snapshot
 * of every employee's elections, the audit entry.
 */
@Injectable()
export class OpenEnrollmentCloseService {
  private readonly logger = new Logger(OpenEnrollmentCloseService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly db: TenantDb,
    private readonly audit: AuditService,
    private readonly jobs: JobsService,
    private readonly context: RequestContext,
    private readonly clock: Clock,
  ) {}

  /** The sweep, across clients (system work). */
  @OnJob('open-enrollment.close-expired-periods')
  async closeExpiredPeriods(data: JobPayloads['open-enrollment.close-expired-periods']): Promise<{ closing: number; scheduled: number }> {
    const periods: Array<{ id: number; client_id: number; end_date: string; today: string; ms_left: string }> = await this.dataSource.query(
      `SELECT p.id, p.client_id, p.end_date::text AS end_date, ($1::timestamptz AT TIME ZONE c.time_zone)::date::text AS today,
              floor(extract(epoch FROM ((p.end_date + 1)::timestamp AT TIME ZONE c.time_zone) - $1::timestamptz) * 1000)::bigint AS ms_left
         FROM open_enrollment_period p JOIN client c ON c.id = p.client_id
        WHERE p.closed_date IS NULL AND p.is_current
        ORDER BY p.id`,
      [this.clock.nowIso()],
    );
    let closing = 0;
    let scheduled = 0;
    const failed: number[] = [];
    for (const p of periods) {
      const msLeft = Number(p.ms_left);
      const payload = { periodId: p.id, endDate: p.end_date, clientId: p.client_id, requestedBy: null };
      // One period that cannot be queued does not leave the others open: each is tried, the failures reported at the end.
      try {
        if (msLeft <= 0) {
          await this.jobs.queue('open-enrollment.close-period', payload, { jobId: JobIds.periodCloseOn(p.id, p.today) });
          closing += 1;
        } else {
          await this.jobs.queue('open-enrollment.close-period', payload, { jobId: JobIds.periodCloseAtEnd(p.id, p.end_date), delay: msLeft });
          scheduled += 1;
        }
      } catch (err) {
        failed.push(p.id);
        this.logger.warn({ tick: data.tick, periodId: p.id, err: err instanceof Error ? err.message : String(err) }, 'could not queue the close of a period');
      }
    }
    this.logger.log({ tick: data.tick, closing, scheduled, failed: failed.length }, 'open-enrollment close sweep');
    // Failed, so the run is retried (its backoff) and shows in the failed jobs; the others are queued already.
    if (failed.length > 0) throw new Error(`could not queue the close of period(s) ${failed.join(', ')}`);
    return { closing, scheduled };
  }

  /** One period's close, in its client's context (the job's payload). */
  @OnJob('open-enrollment.close-period')
  async closePeriodJob(data: JobPayloads['open-enrollment.close-period']): Promise<{ closed: boolean }> {
    if (!Number.isSafeInteger(data.periodId) || !Number.isSafeInteger(data.clientId)) throw new UnrecoverableError('periodId and clientId must be ids');
    return { closed: await this.close(data.periodId, 'expired') };
  }

  /**
   * Closes the period: 'expired' only once its last day has ended in the client's time zone, 'now' at once
   * (HR's Close OE now). False when there was nothing to do (closed already, or not yet over).
   */
  close(periodId: number, reason: 'expired' | 'now'): Promise<boolean> {
    return this.db.transaction(() => this.closeWithin(periodId, reason));
  }

  /** The close inside the caller's transaction (Close OE now closes within its own change). */
  async closeWithin(periodId: number, reason: 'expired' | 'now'): Promise<boolean> {
    const [p] = await this.db.query<{ closed_date: string | null; over: boolean; today: string; title: string; started: boolean }>(
      `SELECT p.closed_date::text AS closed_date, p.title, p.end_date < ($2::timestamptz AT TIME ZONE c.time_zone)::date AS over,
              ($2::timestamptz AT TIME ZONE c.time_zone)::date::text AS today, p.started_at IS NOT NULL AS started
         FROM open_enrollment_period p JOIN client c ON c.id = p.client_id
        WHERE p.id = $1 AND p.client_id = $client
        FOR UPDATE OF p`,
      [periodId, this.clock.nowIso()],
    );
    if (!p || !p.started || p.closed_date !== null || (reason === 'expired' && !p.over)) return false;
    await this.db.query(`UPDATE open_enrollment_period SET closed_date = $2::date, closed_at = $3 WHERE id = $1 AND client_id = $client`, [periodId, p.today, this.clock.nowIso()]);
    await this.snapshot(periodId, 'end');
    await this.audit.record(
      {
        employeeId: null,
        eventType: 'Open Enrollment',
        actionType: 'update',
        description: `${p.title} closed${reason === 'now' ? ' by an administrator' : ' at the end of its last day'}`,
        data: [{ title: 'Closed date', oldValue: null, newValue: toUsDate(p.today), changed: true }],
      },
    );
    this.logger.log({ periodId, reason }, 'open-enrollment period closed');
    return true;
  }

  /** The period's delayed close at the end of its last day (client time zone); the sweep re-queues it if this fails. */
  async scheduleClose(periodId: number, endDate: string): Promise<void> {
    const [row] = await this.db.query<{ ms_left: string }>(
      `SELECT floor(extract(epoch FROM (($1::date + 1)::timestamp AT TIME ZONE c.time_zone) - $2::timestamptz) * 1000)::bigint AS ms_left FROM client c WHERE c.id = $client`,
      [endDate, this.clock.nowIso()],
    );
    await this.jobs.tryQueue(
      'open-enrollment.close-period',
      { periodId, endDate, clientId: this.context.clientId, requestedBy: this.context.acting.accountId },
      { jobId: JobIds.periodCloseAtEnd(periodId, endDate), delay: Math.max(0, Number(row?.ms_left ?? 0)) },
    );
  }

  /** Every employee's elections of the period as they stand now (start of the period, or its close). */
  async snapshot(periodId: number, kind: 'start' | 'end'): Promise<void> {
    await this.db.query(
      `INSERT INTO enrollment_snapshot (client_id, open_enrollment_period_id, kind, data)
       SELECT $client, $1, $2, (${ENROLLMENT_SNAPSHOT_SQL})
       ON CONFLICT (open_enrollment_period_id, kind) DO UPDATE SET data = EXCLUDED.data, taken_at = now()`,
      [periodId, kind],
    );
  }
}
