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
import { FilesService } from '../files/files.service';
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
 * The actions.sign job (documents worker), one per action of an approval: stamps HR's signature, name and
 * date onto every PDF form of the action with pdf-lib and stores each signed copy as a personal file of the
 * employee. Each copy is recorded once per action and form (action_signed_form's primary key, the copy's
 * fixed storage key), so a retried job, a second worker, or a run after a worker was killed mid-job signs
 * only what is missing. The action becomes Approved when its forms are signed; the approval is done (and
 * audited, once) when its last action is.
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
    private readonly files: FilesService,
  ) {}

  @OnJob('actions.sign')
  async handleSigningJob(data: JobPayloads['actions.sign'], run: JobRun): Promise<{ signed: number }> {
    if (![data.approvalId, data.actionId, data.clientId].every(Number.isSafeInteger)) throw new UnrecoverableError('approvalId, actionId and clientId must be ids');
    try {
      return await this.sign(data.approvalId, data.actionId);
    } catch (err) {
      // The last attempt gives the actions back to HR (pending, no approval) and tells the overlay it failed.
      if (err instanceof UnrecoverableError || run.attemptsMade + 1 >= run.attempts) await this.fail(data.approvalId, err);
      throw err;
    }
  }

  /** The re-drive sweep: the pending actions of approvals still signing long after they were made are queued again, same job ids. */
  async redriveStalled(graceSeconds: number): Promise<number> {
    const rows: Array<{ approval_id: number; action_id: number; client_id: number; approved_by: number | null }> = await this.dataSource.query(
      `SELECT ap.id AS approval_id, a.id AS action_id, ap.client_id, ap.approved_by
         FROM action_approval ap JOIN action a ON a.approval_id = ap.id AND a.status = 'pending'
        WHERE ap.status = 'signing' AND ap.created_at < now() - make_interval(secs => $1) ORDER BY ap.id, a.id LIMIT 500`,
      [graceSeconds],
    );
    for (const r of rows) {
      await this.jobs.queue(
        'actions.sign',
        { approvalId: r.approval_id, actionId: r.action_id, clientId: r.client_id, requestedBy: r.approved_by },
        { jobId: JobIds.actionSigning(r.approval_id, r.action_id) },
      );
    }
    return rows.length;
  }

  async sign(approvalId: number, actionId: number): Promise<{ signed: number }> {
    const [approval] = await this.db.query<ApprovalRow>(
      `SELECT ap.id, ap.employee_id, ap.status, ap.approver_name, ap.approved_by, ap.created_at, f.storage_key AS signature_key, e.first_name, e.last_name
         FROM action_approval ap JOIN file f ON f.id = ap.signature_file_id JOIN employee e ON e.id = ap.employee_id
        WHERE ap.id = $1 AND ap.client_id = $client`,
      [approvalId],
    );
    if (!approval) throw new UnrecoverableError(`approval ${approvalId} not found`);
    // Done, or failed (its actions went back to HR): nothing for this job to do.
    if (approval.status !== 'signing') return { signed: 0 };
    const [action] = await this.db.query<{ id: number; status: string; summary_missing: boolean }>(
      `SELECT a.id, a.status, (a.signature_id IS NOT NULL AND s.summary_file_id IS NULL) AS summary_missing
         FROM action a LEFT JOIN signature s ON s.id = a.signature_id
        WHERE a.id = $1 AND a.approval_id = $2 AND a.client_id = $client`,
      [actionId, approvalId],
    );
    if (!action) throw new UnrecoverableError(`action ${actionId} is not part of approval ${approvalId}`);
    // The signed summary is written by its own job; signing before it exists would leave it unsigned. Retry later.
    if (action.status === 'pending' && action.summary_missing) throw new Error(`action ${actionId}: the signed summary PDF is not written yet`);
    const all = (await this.db.query<{ id: number }>(`SELECT id FROM action WHERE approval_id = $1 AND client_id = $client ORDER BY id`, [approvalId])).map((r) => r.id);
    const forms = await this.actions.filesOf(all);
    const pdfsOf = (id: number) => (forms.get(id) ?? []).filter((f) => f.contentType === 'application/pdf');
    const signedSoFar = async () =>
      (
        await this.db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM action_signed_form sf JOIN action a ON a.id = sf.action_id AND a.client_id = $client WHERE a.approval_id = $1',
          [approvalId],
        )
      )[0]!.n;
    // Approved actions list their signed copies (the same count); pending ones the forms still to sign.
    await this.db.query('UPDATE action_approval SET forms_total = $2, forms_signed = $3 WHERE id = $1 AND client_id = $client', [
      approvalId,
      all.reduce((n, id) => n + pdfsOf(id).length, 0),
      await signedSoFar(),
    ]);
    let signed = 0;
    if (action.status === 'pending') {
      const already = new Set(
        (await this.db.query<{ source_file_id: number }>('SELECT sf.source_file_id FROM action_signed_form sf JOIN action a ON a.id = sf.action_id AND a.client_id = $client WHERE sf.action_id = $1', [actionId])).map(
          (r) => r.source_file_id,
        ),
      );
      const png = await this.storage.read(approval.signature_key);
      const approvedOn = toUsDate(approval.created_at.toISOString().slice(0, 10)) ?? '';
      for (const form of pdfsOf(actionId)) {
        if (already.has(form.id)) continue;
        const bytes = Buffer.from(await stampApproval(await this.storage.read(form.storageKey), { approverName: approval.approver_name, approvedOn, signaturePng: png }));
        // A fixed key: a run after a crash between these two steps overwrites the same object and finds the same row.
        const key = `employees/${approval.employee_id}/actions/${actionId}/${form.id}-signed.pdf`;
        await this.storage.put(key, bytes);
        await this.db.transaction(async () => {
          const fileId = await this.files.add({ employeeId: approval.employee_id, title: `${form.title} (signed)`, fileType: 'personal', storageKey: key, contentType: 'application/pdf', sizeBytes: bytes.length }, true);
          await this.db.query(
            'INSERT INTO action_signed_form (action_id, source_file_id, signed_file_id) SELECT a.id, $2, $3 FROM action a WHERE a.id = $1 AND a.client_id = $client ON CONFLICT DO NOTHING',
            [actionId, form.id, fileId],
          );
          await this.db.query('UPDATE action_approval SET forms_signed = $2 WHERE id = $1 AND client_id = $client', [approvalId, await signedSoFar()]);
        });
        signed += 1;
      }
    }
    await this.db.transaction(async () => {
      // The approval row first: the jobs of one approval finish one after the other here, so exactly one sees the last action approved.
      const locked = await this.db.query<{ status: string }>('SELECT status FROM action_approval WHERE id = $1 AND client_id = $client FOR UPDATE', [approvalId]);
      if (locked[0]?.status !== 'signing') return;
      await this.db.query(
        `UPDATE action SET status = 'approved', decided_at = now(), decided_by = $3 WHERE id = $1 AND approval_id = $2 AND client_id = $client AND status = 'pending'`,
        [actionId, approvalId, approval.approved_by],
      );
      const pending = await this.db.query<{ plan_type_id: number | null }>(`SELECT plan_type_id FROM action WHERE approval_id = $1 AND client_id = $client AND status = 'pending'`, [approvalId]);
      if (pending.length > 0) return;
      await this.db.query(`UPDATE action_approval SET status = 'done', finished_at = now() WHERE id = $1 AND client_id = $client`, [approvalId]);
      const types = await this.db.query<{ plan_type_id: number | null }>(`SELECT plan_type_id FROM action WHERE approval_id = $1 AND client_id = $client ORDER BY id`, [approvalId]);
      await this.audit.record(
        {
          employeeId: approval.employee_id,
          eventType: 'Action',
          actionType: 'update',
          description: this.actions.describeApproval({ firstName: approval.first_name, lastName: approval.last_name }, types.map((t) => t.plan_type_id)),
          data: [
            { title: 'Approved by', oldValue: null, newValue: approval.approver_name, changed: true },
            { title: 'Signed forms', oldValue: null, newValue: String(await signedSoFar()), changed: true },
          ],
        },
      );
    });
    this.logger.log({ approvalId, actionId, signed }, 'action forms signed');
    return { signed };
  }

  private async fail(approvalId: number, err: unknown): Promise<void> {
    await this.db.transaction(async () => {
      await this.db.query(
        `UPDATE action_approval SET status = 'failed', error = $2, finished_at = now() WHERE id = $1 AND client_id = $client AND status = 'signing'`,
        [approvalId, (err instanceof Error ? err.message : String(err)).slice(0, 500)],
      );
      await this.db.query(`UPDATE action SET approval_id = NULL WHERE approval_id = $1 AND client_id = $client AND status = 'pending'`, [approvalId]);
    });
  }
}
