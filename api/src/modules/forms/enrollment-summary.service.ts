import { Inject, Injectable, Logger } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import { DataSource } from 'typeorm';
import { AuditService } from '../../core/audit/audit.service';
import { TenantDb } from '../../core/database/tenant-db';
import { JobIds, type JobPayloads } from '../../core/jobs/job-registry';
import { JobsService } from '../../core/jobs/jobs.service';
import { OnJob } from '../../core/jobs/on-job.decorator';
import { FILE_STORAGE, type FileStorage } from '../files/file-storage';
import { FilesService } from '../files/files.service';
import { signatureTable } from './signature.table';
import { renderSignedSummaryPdf } from './signed-summary';

/**
 * Renders the signed enrollment summary of a signature (documents worker) and stores it as a personal
 * file of the employee. Idempotent: a signature that already has its PDF answers that file, so a retried
 * or repeated job never writes a second one.
 */
@Injectable()
export class EnrollmentSummaryService {
  private readonly logger = new Logger(EnrollmentSummaryService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly db: TenantDb,
    private readonly audit: AuditService,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly files: FilesService,
    private readonly jobs: JobsService,
  ) {}

  /** The documents.enrollment-summary job. */
  @OnJob('documents.enrollment-summary')
  async handleSummaryJob(data: JobPayloads['documents.enrollment-summary']): Promise<{ fileId: number }> {
    if (!Number.isSafeInteger(data.signatureId) || !Number.isSafeInteger(data.clientId)) throw new UnrecoverableError('signatureId and clientId must be ids');
    // The workers run it in the payload's client context (its client and requester, never a signed-in user).
    return { fileId: await this.generate(data.signatureId) };
  }

  /** The re-drive sweep (every client: system work): signatures older than `graceSeconds` without their PDF are queued again, same job id. */
  async redriveMissing(graceSeconds: number): Promise<number> {
    const rows: Array<{ id: number; client_id: number; employee_id: number }> = await this.dataSource.query(
      `SELECT id, client_id, employee_id FROM signature WHERE summary_file_id IS NULL AND signed_at < now() - make_interval(secs => $1) ORDER BY id LIMIT 500`,
      [graceSeconds],
    );
    for (const r of rows) {
      await this.jobs.queue('documents.enrollment-summary', { signatureId: r.id, clientId: r.client_id, requestedBy: null }, { jobId: JobIds.enrollmentSummary(r.id) });
    }
    return rows.length;
  }

  async generate(signatureId: number): Promise<number> {
    return this.db.transaction(async () => {
      const [signature] = await this.db.rows(signatureTable, 's', 's.id = $1', [signatureId], { lock: true });
      // A signature that does not exist will not appear on a retry.
      if (!signature) throw new UnrecoverableError(`signature ${signatureId} not found`);
      if (signature.summaryFileId !== null) return signature.summaryFileId;
      const images = await this.db.query<{ storage_key: string }>('SELECT storage_key FROM file WHERE id = $1 AND client_id = $client', [signature.imageFileId]);
      if (!images[0]) throw new UnrecoverableError(`signature ${signatureId} has no image file`);
      const pdf = await renderSignedSummaryPdf(signature.summary, await this.storage.read(images[0].storage_key));
      const key = `employees/${signature.employeeId}/signatures/${signature.id}-enrollment-summary.pdf`;
      await this.storage.put(key, Buffer.from(pdf));
      const signedOn = signature.summary.signedAt.slice(0, 10).split('-');
      const fileId = await this.files.add(
        {
          employeeId: signature.employeeId,
          title: `${signature.kind === 'life_event' ? 'Signed Life Event Summary' : 'Signed Enrollment Summary'} ${signedOn[1]}/${signedOn[2]}/${signedOn[0]}`,
          fileType: 'personal',
          storageKey: key,
          contentType: 'application/pdf',
          sizeBytes: pdf.length,
        },
        true,
      );
      await this.db.update(signatureTable, signature.id, { summaryFileId: fileId });
      // Written by the workers for the job's requester (the person who signed; null when the sweep re-drove it).
      await this.audit.record(
        {
          employeeId: signature.employeeId,
          eventType: 'Signature',
          actionType: 'create',
          description: 'Signed enrollment summary stored',
          data: [{ title: 'File', oldValue: null, newValue: String(fileId), changed: true }],
        },
      );
      this.logger.log({ signatureId, fileId: fileId }, 'signed enrollment summary stored');
      return fileId;
    });
  }
}
