import { Injectable, Logger, NotFoundException } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import { DataSource } from 'typeorm';
import { CarrierFeedMessages, type Carrier, type CarrierFile, type CarrierFileRequest, type FeedKind } from '../../contracts/carrier-feeds';
import { AuditService } from '../../core/audit/audit.service';
import { Clock } from '../../core/clock/clock';
import { RequestContext } from '../../core/context/request-context';
import { SecuredDataCipher } from '../../core/crypto/secured-data';
import { TenantDb } from '../../core/database/tenant-db';
import { JobIds, type JobPayloads, type JobRun } from '../../core/jobs/job-registry';
import { JobsService } from '../../core/jobs/jobs.service';
import { OnJob } from '../../core/jobs/on-job.decorator';
import { CarrierFileWriterService, fileName } from './carrier-file-writer.service';
import { CarriersService, notFound } from './carriers.service';

export interface WrittenFile {
  fileId: number;
  name: string;
  edi: string;
  members: number;
}

/**
 * A carrier's files: asked for (a request the workers write, re-driven while queued), written weekly by the
 * workers' sweep, listed and downloaded (unsealed, audited).
 */
@Injectable()
export class CarrierFilesService {
  private readonly logger = new Logger(CarrierFilesService.name);

  constructor(
    private readonly db: TenantDb,
    private readonly dataSource: DataSource,
    private readonly context: RequestContext,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    private readonly cipher: SecuredDataCipher,
    private readonly jobs: JobsService,
    private readonly carriers: CarriersService,
    private readonly writer: CarrierFileWriterService,
  ) {}

  /** GET /carriers/{id}/files: the files written for the carrier, newest first. */
  async files(id: number): Promise<CarrierFile[]> {
    await this.carriers.get(id);
    const rows = await this.db.query<{ id: number; kind: FeedKind; control_number: number; member_count: number; week: string | null; created_at: string; sealed: boolean }>(
      `SELECT id, kind, control_number, member_count, week::text AS week, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at,
              content_enc IS NOT NULL AS sealed
         FROM carrier_file WHERE carrier_id = $1 AND client_id = $client ORDER BY id DESC LIMIT 100`,
      [id],
    );
    return rows.map((r) => ({ id: r.id, kind: r.kind, controlNumber: r.control_number, members: r.member_count, week: r.week, createdAt: r.created_at, downloadable: r.sealed }));
  }

  /**
   * POST /carriers/{id}/834: records the request and queues the job that writes the file (fixed id, re-driven by the
   * sweep while still queued). The workers write it sealed; it is downloaded, unsealed and audited, as its fileId.
   */
  async requestFile(id: number, kind: FeedKind): Promise<CarrierFileRequest> {
    const requestId = await this.db.transaction(async () => {
      const carrier = await this.carriers.get(id);
      const [row] = await this.db.query<{ id: number }>(
        `INSERT INTO carrier_file_request (client_id, carrier_id, kind, requested_by) VALUES ($client, $1, $2, $3) RETURNING id`,
        [id, kind, this.context.acting.accountId],
      );
      await this.audit.record({ eventType: 'Carrier file', actionType: 'create', description: `EDI 834 ${kind} file requested: ${carrier.name}`, data: [] });
      await this.jobs.queueAfterCommit('carrier-feeds.file', { requestId: row!.id, clientId: this.context.clientId, requestedBy: this.context.acting.accountId }, { jobId: JobIds.carrierFile(row!.id) });
      return row!.id;
    });
    return this.requestStatus(id, requestId);
  }

  /** GET /carriers/{id}/834/{requestId}: whether the workers have written the file yet. */
  async requestStatus(id: number, requestId: number): Promise<CarrierFileRequest> {
    await this.carriers.get(id);
    const [r] = await this.db.query<{ id: number; kind: FeedKind; status: CarrierFileRequest['status']; file_id: number | null; control_number: number | null; member_count: number | null }>(
      `SELECT r.id, r.kind, r.status, r.file_id, f.control_number, f.member_count
         FROM carrier_file_request r LEFT JOIN carrier_file f ON f.id = r.file_id
        WHERE r.id = $1 AND r.carrier_id = $2 AND r.client_id = $client`,
      [requestId, id],
    );
    if (!r) throw notFound(CarrierFeedMessages.noRequest);
    return { id: r.id, carrierId: id, kind: r.kind, status: r.status, fileId: r.file_id, controlNumber: r.control_number, members: r.member_count };
  }

  /** The re-drive sweep (system work, every client): requests still queued after `graceSeconds` are queued again under their fixed id. */
  async redriveQueued(graceSeconds: number): Promise<number> {
    const rows: Array<{ id: number; client_id: number; requested_by: number | null }> = await this.dataSource.query(
      `SELECT id, client_id, requested_by FROM carrier_file_request WHERE status = 'queued' AND created_at < now() - make_interval(secs => $1) ORDER BY id LIMIT 500`,
      [graceSeconds],
    );
    for (const r of rows) await this.jobs.queue('carrier-feeds.file', { requestId: r.id, clientId: r.client_id, requestedBy: r.requested_by }, { jobId: JobIds.carrierFile(r.id) });
    return rows.length;
  }

  /** The workers' job: the requested file, written once (the request row locked), sealed with the data key. */
  @OnJob('carrier-feeds.file')
  async writeRequestedFile(data: JobPayloads['carrier-feeds.file'], run: JobRun): Promise<{ fileId: number | null }> {
    if (!Number.isSafeInteger(data.requestId) || !Number.isSafeInteger(data.clientId)) throw new UnrecoverableError('requestId and clientId must be ids');
    try {
      return await this.db.transaction(async () => {
        const [r] = await this.db.query<{ carrier_id: number; kind: FeedKind; status: string; file_id: number | null }>(
          `SELECT carrier_id, kind, status, file_id FROM carrier_file_request WHERE id = $1 AND client_id = $client FOR UPDATE`,
          [data.requestId],
        );
        if (!r) throw new UnrecoverableError(`carrier file request ${data.requestId} not found`);
        if (r.status !== 'queued') return { fileId: r.file_id };
        const file = await this.writer.writeFile(r.carrier_id, r.kind, null);
        await this.db.query(`UPDATE carrier_file_request SET status = 'done', file_id = $2, finished_at = now() WHERE id = $1 AND client_id = $client`, [data.requestId, file.fileId]);
        await this.audit.record(
          { eventType: 'Carrier file', actionType: 'create', description: `EDI 834 ${r.kind} file written: ${file.carrierName} (control number ${file.controlNumber}, ${file.members} members)`, data: [] },
        );
        return { fileId: file.fileId };
      });
    } catch (err) {
      if (err instanceof UnrecoverableError || err instanceof NotFoundException || run.attemptsMade + 1 >= run.attempts) {
        await this.db.query(`UPDATE carrier_file_request SET status = 'failed', error = $2, finished_at = now() WHERE id = $1 AND client_id = $client AND status = 'queued'`, [
          data.requestId,
          (err instanceof Error ? err.message : String(err)).slice(0, 500),
        ]);
        if (err instanceof NotFoundException) throw new UnrecoverableError(err.message);
      }
      throw err;
    }
  }

  /** GET /carriers/{id}/files/{fileId}/download: a stored (sealed) file, unsealed for this download and audited. */
  async downloadStored(id: number, fileId: number): Promise<WrittenFile> {
    return this.db.transaction(async () => {
      const c = await this.carriers.get(id);
      const [row] = await this.db.query<{ content_enc: string | null; control_number: number; member_count: number; kind: FeedKind }>(
        `SELECT content_enc, control_number, member_count, kind FROM carrier_file WHERE id = $1 AND carrier_id = $2 AND client_id = $client`,
        [fileId, id],
      );
      const edi = row ? this.cipher.decrypt(row.content_enc) : null;
      if (!row || !edi) throw notFound(CarrierFeedMessages.noFile);
      await this.audit.record(
        { eventType: 'Carrier file', actionType: 'update', description: `EDI 834 ${row.kind} file downloaded: ${c.name} (control number ${row.control_number}, ${row.member_count} members)`, data: [] },
      );
      return { fileId, edi, members: row.member_count, name: fileName(c.name, row.kind, row.control_number) };
    });
  }

  /**
   * The sweep (the workers' hourly tick), across clients: each weekly carrier without its file for the current
   * week (Monday, in its client's zone by the clock) gets the job that writes it (one fixed id per carrier and week).
   */
  @OnJob('carrier-feeds.weekly-files')
  async queueWeeklyFiles(data: JobPayloads['carrier-feeds.weekly-files']): Promise<{ queued: number }> {
    const rows: Array<{ id: number; client_id: number; week: string }> = await this.dataSource.query(
      `SELECT c.id, c.client_id, w.week
         FROM carrier c JOIN client cl ON cl.id = c.client_id
        CROSS JOIN LATERAL (SELECT date_trunc('week', ($1::timestamptz AT TIME ZONE cl.time_zone))::date::text AS week) w
        WHERE c.schedule = 'weekly' AND c.deleted_at IS NULL
          AND NOT EXISTS (SELECT 1 FROM carrier_file f WHERE f.carrier_id = c.id AND f.week = w.week::date)
        ORDER BY c.id`,
      [this.clock.nowIso()],
    );
    for (const r of rows) {
      await this.jobs.queue('carrier-feeds.weekly-file', { carrierId: r.id, week: r.week, clientId: r.client_id, requestedBy: null }, { jobId: JobIds.carrierWeeklyFile(r.id, r.week) });
    }
    this.logger.log({ tick: data.tick, queued: rows.length }, 'carrier weekly file sweep');
    return { queued: rows.length };
  }

  /** One weekly changes file, once per carrier and week: written sealed into the carrier's files, audited. */
  @OnJob('carrier-feeds.weekly-file')
  async writeWeeklyFile(data: JobPayloads['carrier-feeds.weekly-file']): Promise<{ written: boolean }> {
    if (!Number.isSafeInteger(data.carrierId) || !/^\d{4}-\d{2}-\d{2}$/.test(data.week)) throw new UnrecoverableError('carrierId and week must be given');
    return this.db.transaction(async () => {
      let carrier: Carrier;
      try {
        carrier = await this.carriers.get(data.carrierId, true);
      } catch {
        return { written: false };
      }
      if (carrier.schedule !== 'weekly') return { written: false };
      const [done] = await this.db.query<{ id: number }>(`SELECT id FROM carrier_file WHERE carrier_id = $1 AND week = $2::date AND client_id = $client`, [data.carrierId, data.week]);
      if (done) return { written: false };
      const file = await this.writer.writeFile(data.carrierId, 'changes', data.week);
      await this.audit.record(
        { eventType: 'Carrier file', actionType: 'create', description: `Weekly EDI 834 changes file written: ${carrier.name} (week of ${data.week}, control number ${file.controlNumber}, ${file.members} members)`, data: [] },
      );
      return { written: true };
    });
  }
}
