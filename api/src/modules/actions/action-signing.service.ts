import { Inject, Injectable, Logger } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import { DataSource } from 'typeorm';
import { toUsDate } from '../../contracts/formats';
import { AuditService } from '../../core/audit/audit.service';
import { TenantDb } from '../../core/database/tenant-db';
import { JobIds, type JobPayloads, type JobRun } from '../../core/jobs/job-registry';
import { JobsService } from '../../core/jobs/jobs.service';
import { OnJob } from '../../core/jobs/on-job.decorator';
import { FILE_STORAGE, type FileStorage } from '../files/file-storage';
import { ActionsService } from './actions.service';
import { stampApproval } from './stamp-pdf';

interface ApprovalRow {
  id: number;
  employee_id: number;
  status: 'signing' | 'done' | 'failed';
  approver_name: string;
  approved_by: number | null;
  created_at: Date;
  signature_key: string;
  first_name: string;
  last_name: string;
}

/**
 * The actions.sign job (documents worker): stamps HR's signature, name and date onto every PDF form of an
 * approval's actions with pdf-lib and stores each signed copy as a personal file of the employee. Each copy
 * is recorded once per action and form (action_signed_form's primary key, the copy's fixed storage key),
 * so a retried job, a second worker, or a run after a worker was killed mid-job signs only what is missing.
 * The actions become Approved when every form is signed, in one transaction with the audit entry.
 */
@Injectable()
export class ActionSigningService {
  private readonly logger = new Logger(ActionSigningService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly db: TenantDb,
    private readonly audit: AuditService,
    private readonly actions: ActionsService,
    private readonly jobs: JobsService,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  @OnJob('actions.sign')
  async handleSigningJob(data: JobPayloads['actions.sign'], run: JobRun): Promise<{ signed: number }> {
    if (!Number.isSafeInteger(data.approvalId) || !Number.isSafeInteger(data.clientId)) throw new UnrecoverableError('approvalId and clientId must be ids');
    try {
      return await this.sign(data.approvalId);
    } catch (err) {
      // The last attempt gives the actions back to HR (pending, no approval) and tells the overlay it failed.
      if (err instanceof UnrecoverableError || run.attemptsMade + 1 >= run.attempts) await this.fail(data.approvalId, err);
      throw err;
    }
  }

  /** The re-drive sweep: approvals still signing long after they were made are queued again, same job id. */
  async redriveStalled(graceSeconds: number): Promise<number> {
    const rows: Array<{ id: number; client_id: number; approved_by: number | null }> = await this.dataSource.query(
      `SELECT id, client_id, approved_by FROM action_approval WHERE status = 'signing' AND created_at < now() - make_interval(secs => $1) ORDER BY id LIMIT 500`,
      [graceSeconds],
    );
    for (const r of rows) await this.jobs.queue('actions.sign', { approvalId: r.id, clientId: r.client_id, requestedBy: r.approved_by }, { jobId: JobIds.actionSigning(r.id) });
    return rows.length;
  }

  async sign(approvalId: number): Promise<{ signed: number }> {
    const [approval] = await this.db.query<ApprovalRow>(
      `SELECT ap.id, ap.employee_id, ap.status, ap.approver_name, ap.approved_by, ap.created_at, f.storage_key AS signature_key, e.first_name, e.last_name
         FROM action_approval ap JOIN file f ON f.id = ap.signature_file_id JOIN employee e ON e.id = ap.employee_id
        WHERE ap.id = $1 AND ap.client_id = $client`,
      [approvalId],
    );
    if (!approval) throw new UnrecoverableError(`approval ${approvalId} not found`);
    if (approval.status !== 'signing') return { signed: 0 };
    const actions = await this.db.query<{ id: number; plan_type_id: number | null; summary_missing: boolean }>(
      `SELECT a.id, a.plan_type_id, (a.signature_id IS NOT NULL AND s.summary_file_id IS NULL) AS summary_missing
         FROM action a LEFT JOIN signature s ON s.id = a.signature_id
        WHERE a.approval_id = $1 AND a.client_id = $client AND a.status = 'pending' ORDER BY a.id`,
      [approvalId],
    );
    // The signed summary is written by its own job; signing before it exists would leave it unsigned. Retry later.
    if (actions.some((a) => a.summary_missing)) throw new Error(`approval ${approvalId}: a signed summary PDF is not written yet`);
    const ids = actions.map((a) => a.id);
    const forms = await this.actions.filesOf(ids);
    const pdfs = ids.flatMap((actionId) => (forms.get(actionId) ?? []).filter((f) => f.contentType === 'application/pdf').map((f) => ({ actionId, form: f })));
    const already = new Set(
      (
        await this.db.query<{ action_id: number; source_file_id: number }>(
          'SELECT sf.action_id, sf.source_file_id FROM action_signed_form sf JOIN action a ON a.id = sf.action_id AND a.client_id = $client WHERE sf.action_id = ANY($1::int[])',
          [ids],
        )
      ).map(
        (r) => `${r.action_id}:${r.source_file_id}`,
      ),
    );
    await this.db.query('UPDATE action_approval SET forms_total = $2, forms_signed = $3 WHERE id = $1 AND client_id = $client', [approvalId, pdfs.length, already.size]);
    const png = await this.storage.read(approval.signature_key);
    const approvedOn = toUsDate(approval.created_at.toISOString().slice(0, 10)) ?? '';
    let signed = 0;
    for (const { actionId, form } of pdfs) {
      if (already.has(`${actionId}:${form.id}`)) continue;
      const bytes = Buffer.from(await stampApproval(await this.storage.read(form.storageKey), { approverName: approval.approver_name, approvedOn, signaturePng: png }));
      // A fixed key: a run after a crash between these two steps overwrites the same object and finds the same row.
      const key = `employees/${approval.employee_id}/actions/${actionId}/${form.id}-signed.pdf`;
      await this.storage.put(key, bytes);
      await this.db.transaction(async (m) => {
        const [file] = await this.db.query<{ id: number }>(
          `INSERT INTO file (client_id, employee_id, title, file_type, storage_key, content_type, size_bytes)
           VALUES ($client, $1, $2, 'personal', $3, 'application/pdf', $4)
           ON CONFLICT (storage_key) DO UPDATE SET size_bytes = EXCLUDED.size_bytes RETURNING id`,
          [approval.employee_id, `${form.title} (signed)`, key, bytes.length],
          m,
        );
        await this.db.query(
          'INSERT INTO action_signed_form (action_id, source_file_id, signed_file_id) SELECT a.id, $2, $3 FROM action a WHERE a.id = $1 AND a.client_id = $client ON CONFLICT DO NOTHING',
          [actionId, form.id, file!.id],
          m,
        );
        await this.db.query(
          `UPDATE action_approval SET forms_signed = (SELECT count(*) FROM action_signed_form WHERE action_id = ANY($2::int[])) WHERE id = $1 AND client_id = $client`,
          [approvalId, ids],
          m,
        );
      });
      signed += 1;
    }
    await this.db.transaction(async (m) => {
      const done = await this.db.query<{ id: number }>(
        `UPDATE action_approval SET status = 'done', finished_at = now() WHERE id = $1 AND client_id = $client AND status = 'signing' RETURNING id`,
        [approvalId],
        m,
      );
      if (!done[0]) return;
      await this.db.query(
        `UPDATE action SET status = 'approved', decided_at = now(), decided_by = $2 WHERE approval_id = $1 AND client_id = $client AND status = 'pending'`,
        [approvalId, approval.approved_by],
        m,
      );
      await this.audit.record(
        {
          employeeId: approval.employee_id,
          eventType: 'Action',
          actionType: 'update',
          description: this.actions.describeApproval({ firstName: approval.first_name, lastName: approval.last_name }, actions.map((a) => a.plan_type_id)),
          data: [
            { title: 'Approved by', oldValue: null, newValue: approval.approver_name, changed: true },
            { title: 'Signed forms', oldValue: null, newValue: String(pdfs.length), changed: true },
          ],
        },
        m,
      );
    });
    this.logger.log({ approvalId, forms: pdfs.length, signed }, 'action forms signed');
    return { signed };
  }

  private async fail(approvalId: number, err: unknown): Promise<void> {
    await this.db.transaction(async (m) => {
      await this.db.query(
        `UPDATE action_approval SET status = 'failed', error = $2, finished_at = now() WHERE id = $1 AND client_id = $client AND status = 'signing'`,
        [approvalId, (err instanceof Error ? err.message : String(err)).slice(0, 500)],
        m,
      );
      await this.db.query(`UPDATE action SET approval_id = NULL WHERE approval_id = $1 AND client_id = $client AND status = 'pending'`, [approvalId], m);
    });
  }
}
