import { Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { totalContribution } from '../../contracts/dashboard';
import { toUsDate } from '../../contracts/formats';
import { FormMessages, type SignatureResponse } from '../../contracts/forms';
import { Messages } from '../../contracts/messages';
import { AuditService } from '../../core/audit/audit.service';
import { Clock } from '../../core/clock/clock';
import { RequestContext } from '../../core/context/request-context';
import { TenantDb } from '../../core/database/tenant-db';
import { JobIds } from '../../core/jobs/job-registry';
import { JobsService } from '../../core/jobs/jobs.service';
import { DashboardService } from '../dashboard/dashboard.service';
import { ElectionDrafts } from '../enrollments/election-drafts.service';
import { EnrollmentWindowService } from '../enrollments/enrollment-window.service';
import { FILE_STORAGE, type FileStorage } from '../files/file-storage';
import { FilesService } from '../files/files.service';
import { OPTION_LISTS } from '../../contracts/option-lists';
import { ActionsService } from '../actions/actions.service';
import { signatureTable, type SignatureEntity } from './signature.table';
import type { SignedSummary } from './signed-summary';
import { signaturePngOf } from './signature-png';
import { fullName } from '../../contracts/common';


const RELATIONSHIP_TEXT = new Map(OPTION_LISTS.relationshipType.map((o) => [o.id, o.text]));
const employeeNotFound = () => new NotFoundException({ statusCode: 404, message: Messages.noEmployeeFound });
const signatureNotFound = () => new NotFoundException({ statusCode: 404, message: FormMessages.signatureMissing });

const usDate = (d: Date) => toUsDate(d.toISOString().slice(0, 10)) ?? '';

/**
 * POST /forms (registration step 7): checks the drawing, stores it as a personal file of the employee,
 * fixes what is being signed (elections, dependents, cost) on the signature row, and queues the PDF. The
 * PDF is rendered by the documents worker: pdf-lib with an embedded image is CPU work that should not
 * hold an API request, and a failed render is retried there without asking the employee to sign again.
 */
@Injectable()
export class SignatureService {
  private readonly logger = new Logger(SignatureService.name);

  constructor(
    private readonly db: TenantDb,
    private readonly context: RequestContext,
    private readonly audit: AuditService,
    private readonly dashboard: DashboardService,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly files: FilesService,
    private readonly jobs: JobsService,
    private readonly drafts: ElectionDrafts,
    private readonly actions: ActionsService,
    private readonly window: EnrollmentWindowService,
    private readonly clock: Clock,
  ) {}

  async sign(body: unknown): Promise<SignatureResponse> {
    const png = signaturePngOf(body);
    const employeeId = await this.dashboard.employeeOf();
    const ip = this.context.ip;

    // Bytes before rows, under a fresh key: if the transaction then fails, an unreferenced file is all that is left.
    const key = `employees/${employeeId}/signatures/${randomUUID()}.png`;
    const saved = await this.db.transaction(async () => {
      const emp = await this.db.query<{ first_name: string; last_name: string; client_name: string; pay_periods: number; period_id: number | null; period_title: string | null }>(
        `SELECT e.first_name, e.last_name, c.name AS client_name, c.pay_periods, oe.id AS period_id, oe.title AS period_title
           FROM employee e JOIN client c ON c.id = e.client_id
           LEFT JOIN open_enrollment_period oe ON oe.client_id = c.id AND oe.is_current
          WHERE e.id = $1 AND e.client_id = $client FOR UPDATE OF e`,
        [employeeId],
      );
      const e = emp[0];
      if (!e) throw employeeNotFound();
      await this.storage.put(key, png);
      const signedAt = this.clock.now();
      const fileId = await this.files.add({ employeeId, title: `Signature ${usDate(signedAt)}`, fileType: 'personal', storageKey: key, contentType: 'image/png', sizeBytes: png.length });
      // Unsigned changes become the elections only inside the enrollment window; a signature of
      // the elections already in force changes nothing and is always possible.
      if ((await this.drafts.openId(employeeId, true)) !== null) await this.window.assertOpen(employeeId);
      const changeSetId = await this.drafts.apply(employeeId);
      const previous = await this.latestRow(employeeId);
      const summary = await this.snapshot(employeeId, e, signedAt, ip);
      const id = await this.db.insert(signatureTable, {
        employeeId,
        kind: 'registration',
        imageFileId: fileId,
        summaryFileId: null,
        openEnrollmentPeriodId: e.period_id,
        ip,
        summary,
        signedAt,
      });
      if (changeSetId !== null) await this.drafts.linkSignature(changeSetId, id);
      // HR's action center: one action per plan type this signature changed.
      await this.actions.createForSignature(employeeId, id, summary.elections, previous?.summary.elections ?? null);
      await this.audit.record(
        {
          employeeId,
          eventType: 'Signature',
          actionType: 'create',
          description: `Enrollment signed by ${fullName({ firstName: e.first_name, lastName: e.last_name })}`,
          data: [
            { title: 'Elected plans', oldValue: null, newValue: summary.elections.filter((x) => x.status === '1').map((x) => x.planName).join(', ') || null, changed: true },
            { title: 'Total per paycheck', oldValue: null, newValue: summary.totalContribution, changed: true },
          ],
        },
      );
      return { id, signedAt, imageFileId: fileId };
    });
    // After the commit, so the worker always finds the row; the job id makes a repeated add a no-op.
    // If Redis is unreachable now, the re-drive sweep finds the signature without its PDF and queues it.
    const queued = await this.jobs.tryQueue(
      'documents.enrollment-summary',
      { signatureId: saved.id, clientId: this.context.clientId, requestedBy: this.context.acting.accountId },
      { jobId: JobIds.enrollmentSummary(saved.id) },
    );
    this.logger.log({ signatureId: saved.id, employeeId, queued }, 'enrollment signed');
    return { id: saved.id, signedAt: saved.signedAt.toISOString(), imageFileId: saved.imageFileId, summaryFileId: null };
  }

  /**
   * A life event's signature, in the caller's transaction: the snapshot is of the elections as the
   * event's draft makes them (what HR is asked to approve); the summary PDF follows by the same job. Answers the
   * signature's id; the caller queues the PDF job after its commit.
   */
  async recordLifeEvent(employeeId: number, imageFileId: number): Promise<number> {
    const [e] = await this.db.query<{ first_name: string; last_name: string; client_name: string; pay_periods: number; period_id: number | null; period_title: string | null }>(
      `SELECT e.first_name, e.last_name, c.name AS client_name, c.pay_periods, oe.id AS period_id, oe.title AS period_title
         FROM employee e JOIN client c ON c.id = e.client_id
         LEFT JOIN open_enrollment_period oe ON oe.client_id = c.id AND oe.is_current
        WHERE e.id = $1 AND e.client_id = $client`,
      [employeeId],
    );
    if (!e) throw employeeNotFound();
    const signedAt = this.clock.now();
    const summary = await this.snapshot(employeeId, e, signedAt, this.context.ip, 'draft');
    return this.db.insert(signatureTable, { employeeId, kind: 'life_event', imageFileId, summaryFileId: null, openEnrollmentPeriodId: e.period_id, ip: this.context.ip, summary, signedAt });
  }

  /** The employee's latest registration signature (the site waits on summaryFileId for the PDF link). */
  async latest(): Promise<SignatureResponse> {
    const row = await this.latestRow(this.context.ownEmployeeId());
    if (!row) throw signatureNotFound();
    return { id: row.id, signedAt: row.signedAt.toISOString(), imageFileId: row.imageFileId, summaryFileId: row.summaryFileId };
  }

  async latestRow(employeeId: number): Promise<SignatureEntity | null> {
    const [row] = await this.db.rows(signatureTable, 's', "s.employee_id = $1 AND s.kind = 'registration'", [employeeId], { orderBy: 's.signed_at DESC, s.id DESC', limit: 1 });
    return row ?? null;
  }

  private async snapshot(
    employeeId: number,
    e: { first_name: string; last_name: string; client_name: string; pay_periods: number; period_title: string | null },
    signedAt: Date,
    ip: string | null,
    view: 'signed' | 'draft' = 'signed',
  ): Promise<SignedSummary> {
    // What is signed is the current period's elections (next year's during its open enrollment).
    const elections = await this.dashboard.summary(employeeId, view, 'current');
    const dependents = await this.db.query<{ name: string; relationship_type_id: number | null; birth_date: string | null }>(
      `SELECT concat_ws(' ', first_name, last_name) AS name, relationship_type_id, birth_date::text AS birth_date
         FROM dependent WHERE employee_id = $1 AND client_id = $client AND deleted_at IS NULL ORDER BY id`,
      [employeeId],
    );
    return {
      employeeName: fullName({ firstName: e.first_name, lastName: e.last_name }),
      clientName: e.client_name,
      periodTitle: e.period_title,
      payPeriods: e.pay_periods,
      elections: elections.map((x) => ({
        planTypeId: x.planTypeId,
        planId: x.planId,
        planType: x.planType,
        planName: x.planName,
        status: x.status,
        dependents: x.dependents,
        contributionAmount: x.contributionAmount,
        effectiveDate: x.eligibilityDate,
      })),
      dependents: dependents.map((d) => ({
        name: d.name,
        relationship: d.relationship_type_id === null ? '' : (RELATIONSHIP_TEXT.get(d.relationship_type_id) ?? ''),
        birthDate: toUsDate(d.birth_date),
      })),
      totalContribution: totalContribution(elections),
      signedAt: signedAt.toISOString(),
      ip,
    };
  }
}
