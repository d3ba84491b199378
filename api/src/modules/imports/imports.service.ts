import { BadRequestException, ConflictException, Inject, Injectable, Logger, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import { CENSUS_SHEET, CensusImportMessages, parseCensus, type CensusRow } from '../../contracts/census-import';
import { toUsDate } from '../../contracts/formats';
import { CENSUS_PREVIEW_ROWS, type CensusCommit, type CensusCommitProgress, type CensusPreview, type RateSheetCommitResult, type RateSheetPreview } from '../../contracts/imports';
import { Messages } from '../../contracts/messages';
import { censusChoiceIssues } from '../../contracts/census-choices';
import { PlanCatalogMessages } from '../../contracts/plan-catalog';
import { ImportMessages, IssueList, PREVIEW_SAMPLE_AGE, parseRateSheet, previewPlans, type ImportIssue, type RateSheet, type ReadWorkbook } from '../../contracts/rate-sheet';
import { AuditService } from '../../core/audit/audit.service';
import { RequestContext } from '../../core/context/request-context';
import { SecuredDataCipher } from '../../core/crypto/secured-data';
import { TenantDb } from '../../core/database/tenant-db';
import { JobIds, type JobPayloads, type JobRun } from '../../core/jobs/job-registry';
import { JobsService } from '../../core/jobs/jobs.service';
import { OnJob } from '../../core/jobs/on-job.decorator';
import { BulkRowRefused, CensusAddService } from '../census/census-add.service';
import { CensusRecordsService } from '../census/census-records.service';
import { FILE_STORAGE, type FileStorage } from '../files/file-storage';
import type { StoredUpload } from '../files/streaming-upload.interceptor';
import { PlanCatalogService } from '../plans/plan-catalog.service';
import { readCsv, readXlsx } from './workbook-io';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Census rows added per transaction by the commit's job (its progress moves by this much). */
const CENSUS_COMMIT_CHUNK = 500;
type Kind = 'rate-sheet' | 'census';

const problems = (issues: ImportIssue[]) => new UnprocessableEntityException({ statusCode: 422, message: ImportMessages.notClean, issues });
const notFound = () => new NotFoundException({ statusCode: 404, message: PlanCatalogMessages.importNotFound });

/**
 * The rate sheet and census imports. An upload is read (exceljs, or CSV for a census),
 * checked whole by the contracts' rules, and kept sealed as an import batch only when clean; the preview reads
 * it back; the commit writes it through the owners' services. A rate sheet's commit (PlanCatalogService) is one
 * transaction: all its plans or none. A census's commit is a workers job (the census's Add New Employee) that
 * checks every remaining row first, so an address taken since the upload adds nobody, then adds 500 rows per
 * transaction with its progress; a row refused only inside a later chunk (taken during the job itself) leaves the
 * chunks before it added and the import failed, naming that row.
 */
@Injectable()
export class ImportsService {
  private readonly logger = new Logger(ImportsService.name);

  constructor(
    private readonly db: TenantDb,
    private readonly context: RequestContext,
    private readonly cipher: SecuredDataCipher,
    private readonly audit: AuditService,
    private readonly catalog: PlanCatalogService,
    private readonly census: CensusAddService,
    private readonly censusRecords: CensusRecordsService,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly jobs: JobsService,
  ) {}

  /** The uploaded bytes as sheets of text; the upload itself is not kept (only the checked rows are). */
  private async read(file: StoredUpload | undefined, allowCsv: boolean): Promise<ReadWorkbook> {
    if (!file) throw new BadRequestException({ statusCode: 400, message: Messages.fieldRequired, errors: [{ path: 'file', message: Messages.fieldRequired }] });
    try {
      if (file.contentType === XLSX) {
        const wb = await readXlsx(() => this.storage.reader(file.storageKey));
        if (wb) return wb;
      } else if (allowCsv && file.contentType === 'text/plain') {
        return readCsv((await this.storage.read(file.storageKey)).toString('utf8'), CENSUS_SHEET);
      }
      const message = allowCsv ? `${ImportMessages.notAWorkbook} or a CSV file` : ImportMessages.notAWorkbook;
      throw new BadRequestException({ statusCode: 400, message, errors: [{ path: 'file', message }] });
    } finally {
      await this.storage.remove(file.storageKey);
    }
  }

  private async keep(kind: Kind, fileName: string, rows: number, payload: unknown): Promise<number> {
    const [row] = await this.db.query<{ id: number }>(
      `INSERT INTO import_batch (client_id, kind, file_name, row_count, payload_enc, created_by) VALUES ($client, $1, $2, $3, $4, $5) RETURNING id`,
      [kind, fileName.slice(0, 200) || 'upload', rows, this.sealJson(payload), this.context.acting.accountId],
    );
    return row!.id;
  }

  /**
   * encrypt(JSON.stringify(payload)), a list sealed in 64 kB pieces of its JSON: a 10,000-row census is 4 MB of
   * JSON, which whole was held at once as text, bytes, ciphertext and base64 (it set the API's peak RSS).
   */
  private sealJson(payload: unknown): string | null {
    if (!Array.isArray(payload)) return this.cipher.encrypt(JSON.stringify(payload));
    const sealer = this.cipher.sealer();
    let piece = '[';
    for (let i = 0; i < payload.length; i++) {
      // As JSON.stringify writes a list's items (what cannot be JSON is null).
      piece += `${i > 0 ? ',' : ''}${JSON.stringify(payload[i]) ?? 'null'}`;
      if (piece.length >= 1 << 16) {
        sealer.update(piece);
        piece = '';
      }
    }
    sealer.update(`${piece}]`);
    return sealer.final().sealed;
  }

  private async batch<T>(kind: Kind, id: number, lock = false): Promise<{ fileName: string; payload: T; committed: boolean }> {
    const [row] = await this.db.query<{ file_name: string; payload_enc: string; committed: boolean }>(
      `SELECT file_name, payload_enc, committed_at IS NOT NULL AS committed FROM import_batch WHERE id = $1 AND kind = $2 AND client_id = $client ${lock ? 'FOR UPDATE' : ''}`,
      [id, kind],
    );
    if (!row) throw notFound();
    return { fileName: row.file_name, payload: JSON.parse(this.cipher.decrypt(row.payload_enc)!) as T, committed: row.committed };
  }

  private async payPeriods(): Promise<number> {
    const [c] = await this.db.query<{ pay_periods: number }>('SELECT pay_periods FROM client WHERE id = $client');
    return c!.pay_periods;
  }

  // ------------------------------------------------------------------------------------------------------
  // Rate sheet

  async uploadRateSheet(file: StoredUpload | undefined): Promise<RateSheetPreview> {
    const name = file?.originalName ?? '';
    const result = parseRateSheet(await this.read(file, false));
    if (!result.ok) throw problems(result.issues);
    const id = await this.keep('rate-sheet', name, result.sheet.plans.length, result.sheet);
    return this.rateSheetPreview(id);
  }

  async rateSheetPreview(id: number, age: number = PREVIEW_SAMPLE_AGE): Promise<RateSheetPreview> {
    const { fileName, payload, committed } = await this.batch<RateSheet>('rate-sheet', id);
    const [period, payPeriods] = await Promise.all([this.catalog.draftPeriod(), this.payPeriods()]);
    const current = period ? await this.db.query<{ n: number }>('SELECT count(*)::int AS n FROM plan WHERE open_enrollment_period_id = $1 AND client_id = $client', [period.id]) : [{ n: 0 }];
    return {
      id,
      fileName,
      planYearStart: toUsDate(payload.planYear.start)!,
      planYearEnd: toUsDate(payload.planYear.end)!,
      period,
      replaces: current[0]!.n,
      payPeriods,
      sampleAge: age,
      plans: previewPlans(payload, payPeriods, age),
      committed,
    };
  }

  async commitRateSheet(id: number): Promise<RateSheetCommitResult> {
    return this.db.transaction(async () => {
      const { fileName, payload, committed } = await this.batch<RateSheet>('rate-sheet', id, true);
      if (committed) throw new ConflictException({ statusCode: 409, message: PlanCatalogMessages.alreadyCommitted });
      const done = await this.catalog.replaceDraft(payload, fileName);
      await this.db.query('UPDATE import_batch SET committed_at = now() WHERE id = $1 AND client_id = $client', [id]);
      return { periodId: done.period.id, periodTitle: done.period.title, plans: done.plans, sbcLinked: done.sbcLinked };
    });
  }

  // ------------------------------------------------------------------------------------------------------
  // Census

  async uploadCensus(file: StoredUpload | undefined): Promise<CensusPreview> {
    const name = file?.originalName ?? '';
    const rows = await this.checkedCensus(file);
    const preview = rows.slice(0, CENSUS_PREVIEW_ROWS).map((r) => ({ row: r.sheetRow, firstName: r.firstName, lastName: r.lastName, email: r.email, hireDate: r.hireDate }));
    const id = await this.keep('census', name, rows.length, rows);
    // The first rows sealed apart: the preview (polled while the commit runs) never opens the whole file again.
    await this.db.query('UPDATE import_batch SET preview_enc = $2 WHERE id = $1 AND client_id = $client', [id, this.cipher.encrypt(JSON.stringify(preview))]);
    return { id, fileName: name.slice(0, 200) || 'upload', count: rows.length, employees: preview, committed: false, progress: null };
  }

  /** The file's rows once every check passes; the read workbook goes out of scope here (a 10,000-row file's text). */
  private async checkedCensus(file: StoredUpload | undefined): Promise<CensusRow[]> {
    const workbook = await this.read(file, true);
    const result = parseCensus(workbook);
    if (!result.ok) throw problems(result.issues);
    const issues = await this.censusAgainstData(result.rows, new IssueList(workbook));
    if (issues.length > 0) throw problems(issues);
    return result.rows;
  }

  /** What only the data can tell: an email another account already signs in with, hours the client requires. */
  private async censusAgainstData(rows: CensusRow[], issues: IssueList): Promise<ImportIssue[]> {
    const emails = rows.map((r) => r.email.toLowerCase());
    // Sign-in addresses are unique across clients (as Add New Employee checks): not a query of one client.
    const taken = await this.censusRecords.takenAddresses(emails);
    const [c] = await this.db.query<{ work_hours_required: boolean }>('SELECT work_hours_required FROM client WHERE id = $client');
    const choices = await this.censusRecords.choices();
    for (const r of rows) {
      if (taken.has(r.email.toLowerCase())) issues.add(CENSUS_SHEET, r.sheetRow, 'Email', CensusImportMessages.emailTaken);
      if (c?.work_hours_required && r.workHours === undefined) issues.add(CENSUS_SHEET, r.sheetRow, 'Work hours', Messages.fieldRequired);
      // Only the access groups and offices the agent chose for the client (Add New Employee's rule).
      for (const wrong of censusChoiceIssues(choices, r)) issues.add(CENSUS_SHEET, r.sheetRow, wrong.path === 'groupId' ? 'Access group' : 'Office', wrong.message);
    }
    return issues.sorted([CENSUS_SHEET]);
  }

  async censusPreview(id: number): Promise<CensusPreview> {
    // One read of the row: the flag and the progress come from the same moment, never "done" beside "not committed".
    const [b] = await this.db.query<ProgressRow & { file_name: string; preview_enc: string | null; committed: boolean }>(
      `SELECT file_name, row_count, preview_enc, committed_at IS NOT NULL AS committed, status, rows_done, send_email, issues
         FROM import_batch WHERE id = $1 AND kind = 'census' AND client_id = $client`,
      [id],
    );
    if (!b) throw notFound();
    // Files kept before preview_enc existed: their first rows from the whole payload.
    const employees: CensusPreview['employees'] = b.preview_enc
      ? (JSON.parse(this.cipher.decrypt(b.preview_enc)!) as CensusPreview['employees'])
      : (await this.batch<CensusRow[]>('census', id)).payload
          .slice(0, CENSUS_PREVIEW_ROWS)
          .map((r) => ({ row: r.sheetRow, firstName: r.firstName, lastName: r.lastName, email: r.email, hireDate: r.hireDate }));
    return { id, fileName: b.file_name, count: b.row_count, employees, committed: b.committed, progress: censusProgress(b) };
  }

  /**
   * POST /census-imports/{id}/commit: records the choice and queues the commit's job (fixed id, after the
   * record commits; the re-drive sweep queues it again if Redis refused). Answers at once with the progress.
   */
  async commitCensus(id: number, body: CensusCommit): Promise<CensusPreview> {
    await this.db.transaction(async () => {
      const [row] = await this.db.query<{ status: string | null; committed: boolean }>(
        `SELECT status, committed_at IS NOT NULL AS committed FROM import_batch WHERE id = $1 AND kind = 'census' AND client_id = $client FOR UPDATE`,
        [id],
      );
      if (!row) throw notFound();
      // Once asked, a file is added by its job (a failed one is not asked again: its problem is the file's).
      if (row.committed || row.status !== null) throw new ConflictException({ statusCode: 409, message: PlanCatalogMessages.alreadyCommitted });
      await this.db.query(
        `UPDATE import_batch SET status = 'queued', rows_done = 0, send_email = $2, enable_onboarding = $3, requested_by = $4, queued_at = now() WHERE id = $1 AND client_id = $client`,
        [id, body.sendEmail, body.enableOnboarding, this.context.acting.accountId],
      );
      await this.jobs.queueAfterCommit('imports.census-commit', { importId: id, clientId: this.context.clientId, requestedBy: this.context.acting.accountId }, { jobId: JobIds.censusCommit(id) });
    });
    return this.censusPreview(id);
  }

  /** The re-drive sweep (every client: system work): commits queued or running past the grace, queued again under their fixed id. */
  async redriveCensusCommits(graceSeconds: number): Promise<number> {
    const rows: Array<{ id: number; client_id: number; requested_by: number | null }> = await this.db.manager.query(
      `SELECT id, client_id, requested_by FROM import_batch WHERE status IN ('queued', 'running') AND queued_at < now() - make_interval(secs => $1) ORDER BY id LIMIT 500`,
      [graceSeconds],
    );
    for (const r of rows) await this.jobs.queue('imports.census-commit', { importId: r.id, clientId: r.client_id, requestedBy: r.requested_by }, { jobId: JobIds.censusCommit(r.id) });
    return rows.length;
  }

  /**
   * The imports.census-commit job: Add New Employee for each row not added yet, CENSUS_COMMIT_CHUNK rows per
   * transaction. A chunk's employees, audit entries, enrollment rows, welcome emails and the batch's rows_done
   * commit together, and each chunk starts by locking the batch and re-reading rows_done, so a worker killed
   * mid-chunk adds nothing of it and a run again (retry, re-drive) skips what is added. Every remaining address
   * is checked before the first chunk: a file whose address was taken since the upload adds nobody.
   */
  @OnJob('imports.census-commit')
  async runCensusCommit(data: JobPayloads['imports.census-commit'], run: JobRun): Promise<{ added: number }> {
    if (!Number.isSafeInteger(data.importId) || !Number.isSafeInteger(data.clientId)) throw new UnrecoverableError('importId and clientId must be ids');
    try {
      return await this.addCensusRows(data.importId);
    } catch (err) {
      if (err instanceof BulkRowRefused) return { added: 0 };
      // The last attempt: the import says it failed rather than running forever (the job's log has the cause).
      if (err instanceof UnrecoverableError || run.attemptsMade + 1 >= run.attempts) {
        await this.db.query(`UPDATE import_batch SET status = 'failed' WHERE id = $1 AND client_id = $client AND status <> 'done'`, [data.importId]);
      }
      throw err;
    }
  }

  private async addCensusRows(id: number): Promise<{ added: number }> {
    const [b] = await this.db.query<{ status: string | null; rows_done: number; send_email: boolean; enable_onboarding: boolean }>(
      `SELECT status, rows_done, send_email, enable_onboarding FROM import_batch WHERE id = $1 AND kind = 'census' AND client_id = $client`,
      [id],
    );
    if (!b) throw new UnrecoverableError(`census import ${id} not found`);
    if (b.status !== 'queued' && b.status !== 'running') return { added: 0 };
    const { fileName, payload } = await this.batch<CensusRow[]>('census', id);
    const bodies = payload.map(({ sheetRow: _row, ...row }) => ({ ...row, sendEmail: b.send_email, enableOnboarding: b.enable_onboarding }));
    await this.db.query(`UPDATE import_batch SET status = 'running' WHERE id = $1 AND client_id = $client AND status = 'queued'`, [id]);
    const refused = async (err: BulkRowRefused, offset: number): Promise<never> => {
      const sheetRow = payload[offset + err.index]?.sheetRow ?? 0;
      const column = err.path === 'email' ? 'Email' : err.path === 'workHours' ? 'Work hours' : err.path;
      await this.db.query(`UPDATE import_batch SET status = 'failed', issues = $2 WHERE id = $1 AND client_id = $client`, [
        id,
        JSON.stringify([{ sheet: CENSUS_SHEET, row: sheetRow, column, cell: '', message: err.message }]),
      ]);
      throw err;
    };
    try {
      await this.census.checkMany(bodies.slice(b.rows_done));
    } catch (err) {
      if (err instanceof BulkRowRefused) await refused(err, b.rows_done);
      throw err;
    }
    for (;;) {
      const step = await this.db.transaction(async () => {
        const [now] = await this.db.query<{ rows_done: number; status: string }>('SELECT rows_done, status FROM import_batch WHERE id = $1 AND client_id = $client FOR UPDATE', [id]);
        if (!now || now.status !== 'running' || now.rows_done >= bodies.length) return { done: true, from: now?.rows_done ?? 0 };
        const chunk = bodies.slice(now.rows_done, now.rows_done + CENSUS_COMMIT_CHUNK);
        try {
          await this.census.createMany(chunk);
        } catch (err) {
          if (err instanceof BulkRowRefused) return { done: true, from: now.rows_done, refused: err };
          throw err;
        }
        await this.db.query('UPDATE import_batch SET rows_done = $2 WHERE id = $1 AND client_id = $client', [id, now.rows_done + chunk.length]);
        return { done: false, from: now.rows_done };
      });
      // Refused inside the chunk's transaction (rolled back): recorded outside it.
      if (step.refused) await refused(step.refused, step.from);
      if (step.done) break;
    }
    return this.db.transaction(async () => {
      const [now] = await this.db.query<{ rows_done: number; status: string }>('SELECT rows_done, status FROM import_batch WHERE id = $1 AND client_id = $client FOR UPDATE', [id]);
      if (now?.status !== 'running') return { added: 0 };
      await this.db.query(`UPDATE import_batch SET status = 'done', committed_at = now() WHERE id = $1 AND client_id = $client`, [id]);
      await this.audit.record(
        {
          employeeId: null,
          eventType: 'Employee',
          actionType: 'create',
          description: `Census file ${fileName} imported: ${now.rows_done} employee(s)${b.send_email ? ', welcome emails sent' : ''}`,
          data: [{ title: 'Employees', oldValue: null, newValue: String(now.rows_done), changed: true }],
        },
      );
      this.logger.log({ importId: id, rows: now.rows_done }, 'census file imported');
      return { added: now.rows_done };
    });
  }
}

type ProgressRow = { status: CensusCommitProgress['status'] | null; rows_done: number; row_count: number; send_email: boolean; issues: ImportIssue[] | null };

function censusProgress(r: ProgressRow): CensusCommitProgress | null {
  if (!r.status) return null;
  const percent = r.status === 'done' ? 100 : r.row_count > 0 ? Math.min(99, Math.floor((r.rows_done * 100) / r.row_count)) : 0;
  return { status: r.status, rowsDone: r.rows_done, rowsTotal: r.row_count, percent, sendEmail: r.send_email, issues: r.issues ?? [] };
}
