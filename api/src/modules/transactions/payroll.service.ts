import { Inject, Injectable, Logger, NotFoundException, StreamableFile } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import ExcelJS from 'exceljs';
import { isoToUs, todayIn } from '../../contracts/engine/dates';
import { lifeEventEffectiveDate, type LifeEventType } from '../../contracts/life-events';
import { toIsoDate } from '../../contracts/formats';
import {
  DEDUCTION_COLUMNS,
  deductionRows,
  payPeriodOf,
  PayrollMessages,
  signedChanges,
  type ChangeSource,
  type ChangesQuery,
  type DeductionExport,
  type DeductionRequest,
  type DeductionRow,
  type ElectionVersion,
  type SignedChangeList,
} from '../../contracts/payroll';
import { TransactionMessages } from '../../contracts/transactions';
import { cellText } from '../../contracts/report-columns';
import { AuditService } from '../../core/audit/audit.service';
import { Clock } from '../../core/clock/clock';
import { RequestContext } from '../../core/context/request-context';
import { TenantDb } from '../../core/database/tenant-db';
import { JobIds, type JobPayloads, type JobRun } from '../../core/jobs/job-registry';
import { JobsService } from '../../core/jobs/jobs.service';
import { OnJob } from '../../core/jobs/on-job.decorator';
import { FILE_STORAGE, type FileStorage } from '../files/file-storage';
import { csvCell } from '../reports/csv';
import { ReportSheet, sheetHeading } from '../reports/report-sheet';

interface VersionRow {
  employee_id: number;
  first_name: string;
  last_name: string;
  plan_type_id: number;
  plan_id: number | null;
  plan_name: string | null;
  status: number;
  tier: number | null;
  dependents: string[];
  new_hire: boolean;
  period_id: number;
  contribution_cents: number;
  employer_contribution_cents: number;
  effective_date: string | null;
  effective_to_date: string | null;
  period_start: string | null;
  kind: 'signed' | 'modify' | 'open_enrollment' | 'life_event' | 'termination' | 'seeded';
  signed_at: string;
  event_type: LifeEventType | null;
  event_date: string | null;
}

const UTC_INSTANT = `'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`;

/**
 * Every signed state of the client's elections, in signing order: each enrollment summary signed (its
 * elections as signed: plan, status, people, effective date, per paycheck), each applied change set (a life
 * event at its approval), elections recorded with neither (an as-is renewal carried over, seeded data: as of
 * their creation; once a change set has overwritten such a row, the state the first change replaced, which that
 * change kept in before_state), and each termination (one per election enrolled when it was signed, ending on
 * its coverage end date). A signed summary keeps the employee's amount, not the employer's: that comes from the
 * election when it still has that plan.
 */
const VERSIONS_SQL = `
  WITH period_start AS (SELECT open_enrollment_period_id AS id, min(effective_date) AS starts FROM plan WHERE client_id = $client GROUP BY 1)
  SELECT sg.employee_id, e.first_name, e.last_name, e.new_hire, (x->>'planTypeId')::int AS plan_type_id, (x->>'planId')::int AS plan_id, x->>'planName' AS plan_name,
         (x->>'status')::int AS status, NULL::int AS tier, ARRAY(SELECT jsonb_array_elements_text(coalesce(x->'dependents', '[]'::jsonb))) AS dependents,
         coalesce(round(nullif(x->>'contributionAmount', '')::numeric * 100), 0)::int AS contribution_cents,
         CASE WHEN en.plan_id = (x->>'planId')::int THEN en.employer_contribution_cents ELSE 0 END AS employer_contribution_cents,
         to_date(nullif(x->>'effectiveDate', ''), 'MM/DD/YYYY')::text AS effective_date, pl.end_date::text AS effective_to_date,
         ps.starts::text AS period_start, coalesce(sg.open_enrollment_period_id, 0) AS period_id, 'signed' AS kind,
         to_char(sg.signed_at AT TIME ZONE 'UTC', ${UTC_INSTANT}) AS signed_at, NULL::int AS event_type, NULL::text AS event_date
    FROM signature sg CROSS JOIN LATERAL jsonb_array_elements(sg.summary->'elections') x
    JOIN employee e ON e.id = sg.employee_id AND e.client_id = sg.client_id
    LEFT JOIN plan pl ON pl.id = (x->>'planId')::int AND pl.client_id = sg.client_id
    LEFT JOIN enrollment en ON en.employee_id = sg.employee_id AND en.client_id = sg.client_id AND en.open_enrollment_period_id = sg.open_enrollment_period_id AND en.plan_type_id = (x->>'planTypeId')::int
    LEFT JOIN period_start ps ON ps.id = sg.open_enrollment_period_id
   WHERE sg.client_id = $client AND sg.kind = 'registration'
  UNION ALL
  SELECT s.employee_id, e.first_name, e.last_name, e.new_hire, ch.plan_type_id, ch.plan_id, p.name, ch.status, ch.tier::int,
         ARRAY(SELECT concat_ws(' ', d.first_name, d.last_name) FROM dependent d WHERE d.id = ANY(ch.dependent_ids) AND d.client_id = s.client_id),
         ch.contribution_cents, ch.employer_contribution_cents, ch.effective_date::text, ch.effective_to_date::text,
         ps.starts::text, s.open_enrollment_period_id, s.kind, to_char(s.closed_at AT TIME ZONE 'UTC', ${UTC_INSTANT}), l.event_type, l.event_date::text
    FROM election_change_set s JOIN enrollment_change ch ON ch.change_set_id = s.id AND ch.client_id = s.client_id
    JOIN employee e ON e.id = s.employee_id AND e.client_id = s.client_id
    LEFT JOIN plan p ON p.id = ch.plan_id AND p.client_id = s.client_id
    LEFT JOIN life_event l ON l.change_set_id = s.id AND l.client_id = s.client_id
    LEFT JOIN period_start ps ON ps.id = s.open_enrollment_period_id
   WHERE s.client_id = $client AND s.status = 'applied'
  UNION ALL
  SELECT en.employee_id, e.first_name, e.last_name, e.new_hire, en.plan_type_id, en.plan_id, p.name, en.status, en.tier::int,
         ARRAY(SELECT concat_ws(' ', d.first_name, d.last_name) FROM enrollment_dependent ed JOIN dependent d ON d.id = ed.dependent_id WHERE ed.enrollment_id = en.id),
         en.contribution_cents, en.employer_contribution_cents, en.effective_date::text, en.effective_to_date::text,
         ps.starts::text, en.open_enrollment_period_id, 'seeded', to_char(en.created_at AT TIME ZONE 'UTC', ${UTC_INSTANT}), NULL, NULL
    FROM enrollment en JOIN employee e ON e.id = en.employee_id AND e.client_id = en.client_id
    LEFT JOIN plan p ON p.id = en.plan_id AND p.client_id = en.client_id
    LEFT JOIN period_start ps ON ps.id = en.open_enrollment_period_id
   WHERE en.client_id = $client AND en.status <> 0
     AND NOT EXISTS (SELECT 1 FROM enrollment_change ch JOIN election_change_set s ON s.id = ch.change_set_id AND s.status = 'applied' WHERE ch.enrollment_id = en.id)
     AND NOT EXISTS (SELECT 1 FROM signature sg WHERE sg.employee_id = en.employee_id AND sg.kind = 'registration' AND sg.open_enrollment_period_id = en.open_enrollment_period_id)
  UNION ALL
  SELECT en.employee_id, e.first_name, e.last_name, e.new_hire, en.plan_type_id, b.plan_id, p.name, b.status, b.tier::int,
         ARRAY(SELECT concat_ws(' ', d.first_name, d.last_name) FROM dependent d WHERE d.id IN (SELECT jsonb_array_elements_text(ch.before_state->'dependent_ids')::int) AND d.client_id = en.client_id),
         b.contribution_cents, b.employer_contribution_cents, b.effective_date::text, b.effective_to_date::text,
         ps.starts::text, en.open_enrollment_period_id, 'seeded', to_char(en.created_at AT TIME ZONE 'UTC', ${UTC_INSTANT}), NULL, NULL
    FROM enrollment en JOIN employee e ON e.id = en.employee_id AND e.client_id = en.client_id
    JOIN LATERAL (SELECT ch.before_state FROM enrollment_change ch JOIN election_change_set s ON s.id = ch.change_set_id AND s.client_id = ch.client_id AND s.status = 'applied'
                   WHERE ch.enrollment_id = en.id AND ch.client_id = en.client_id AND ch.before_state IS NOT NULL ORDER BY s.closed_at, s.id LIMIT 1) ch ON true
    CROSS JOIN LATERAL jsonb_populate_record(NULL::enrollment, ch.before_state) b
    LEFT JOIN plan p ON p.id = b.plan_id AND p.client_id = en.client_id
    LEFT JOIN period_start ps ON ps.id = en.open_enrollment_period_id
   WHERE en.client_id = $client AND b.status <> 0
     AND NOT EXISTS (SELECT 1 FROM signature sg WHERE sg.employee_id = en.employee_id AND sg.kind = 'registration' AND sg.open_enrollment_period_id = en.open_enrollment_period_id)
  UNION ALL
  SELECT t.employee_id, e.first_name, e.last_name, e.new_hire, en.plan_type_id, en.plan_id, p.name, en.status, en.tier::int, '{}'::text[],
         en.contribution_cents, en.employer_contribution_cents, t.coverage_end_date::text, t.coverage_end_date::text,
         NULL, en.open_enrollment_period_id, 'termination', to_char(t.created_at AT TIME ZONE 'UTC', ${UTC_INSTANT}), NULL, NULL
    FROM termination t JOIN employee e ON e.id = t.employee_id AND e.client_id = t.client_id
    JOIN enrollment en ON en.employee_id = t.employee_id AND en.client_id = t.client_id AND en.status = 1 AND en.effective_to_date = t.coverage_end_date
    LEFT JOIN plan p ON p.id = en.plan_id AND p.client_id = en.client_id
   WHERE t.client_id = $client
  ORDER BY signed_at, plan_type_id`;

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const CSV = 'text/csv; charset=utf-8';
const missing = () => new NotFoundException({ statusCode: 404, message: PayrollMessages.exportMissing });
const fileName = (start: string, end: string, format: string) => `Payroll deductions ${start} to ${end}.${format}`;

/**
 * Signed changes with their effective dates and payroll deduction files per pay period
 * (item 3), both from the same signed history of the elections, priced when signed by the contribution engine
 * (enrollment_change.contribution_cents and employer_contribution_cents are the engine's per-paycheck figures).
 */
@Injectable()
export class PayrollService {
  private readonly logger = new Logger(PayrollService.name);

  constructor(
    private readonly db: TenantDb,
    private readonly context: RequestContext,
    private readonly clock: Clock,
    private readonly audit: AuditService,
    private readonly jobs: JobsService,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  private async client(): Promise<{ timeZone: string; payPeriods: number }> {
    const [c] = await this.db.query<{ time_zone: string; pay_periods: number }>('SELECT time_zone, pay_periods FROM client WHERE id = $client');
    if (!c) throw new Error('no acting client');
    return { timeZone: c.time_zone, payPeriods: c.pay_periods };
  }

  /** The client's signed election states in signing order. */
  async versions(): Promise<ElectionVersion[]> {
    const rows = await this.db.query<VersionRow>(VERSIONS_SQL);
    const firstAt = new Map<number, string>();
    return rows.map((r) => {
      // The first elections an employee signs as a new hire are the new hire's enrollment.
      if (!firstAt.has(r.employee_id)) firstAt.set(r.employee_id, r.signed_at);
      const first = firstAt.get(r.employee_id) === r.signed_at;
      const source: ChangeSource =
        r.kind === 'life_event' || r.kind === 'open_enrollment' || r.kind === 'termination'
          ? r.kind
          : r.kind === 'modify'
            ? first ? 'new_hire' : 'modify'
            : first && r.new_hire ? 'new_hire' : 'open_enrollment';
      const effective =
        r.kind === 'life_event' && r.event_type !== null && r.event_date !== null ? lifeEventEffectiveDate(r.event_type, r.event_date) : (r.effective_date ?? r.period_start ?? r.signed_at.slice(0, 10));
      return {
        employeeId: r.employee_id,
        employeeName: `${r.first_name} ${r.last_name}`,
        planTypeId: r.plan_type_id,
        planId: r.plan_id,
        planName: r.plan_name,
        status: r.status,
        tier: r.tier,
        dependents: r.dependents,
        employeeCents: r.contribution_cents,
        employerCents: r.employer_contribution_cents,
        effective,
        coverageEnd: r.effective_to_date,
        signedAt: r.signed_at,
        source,
        periodId: r.period_id,
        periodStart: r.period_start ?? effective,
      };
    });
  }

  /** GET /transactions/changes: an open enrollment so far (signed since it started, until it closed), or a range of the client's days. */
  async changes(query: ChangesQuery): Promise<SignedChangeList> {
    const { timeZone } = await this.client();
    let since: string | null = null;
    let until: string | null = null;
    if (query.periodId !== undefined) {
      const [p] = await this.db.query<{ started_at: string | null; closed_at: string | null }>(
        `SELECT to_char(started_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS started_at, to_char(closed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS closed_at
           FROM open_enrollment_period WHERE id = $1 AND client_id = $client AND started_at IS NOT NULL`,
        [query.periodId],
      );
      if (!p) throw new NotFoundException({ statusCode: 404, message: TransactionMessages.noPeriodData });
      since = p.started_at;
      until = p.closed_at;
    }
    const from = toIsoDate(query.from);
    const to = toIsoDate(query.to);
    const day = (instant: string) => todayIn(timeZone, new Date(instant));
    const keep = (v: ElectionVersion) => {
      if (since !== null && v.signedAt < since) return false;
      if (until !== null && v.signedAt > until) return false;
      const d = day(v.signedAt);
      return (from === null || d >= from) && (to === null || d <= to);
    };
    return { changes: signedChanges(await this.versions(), (i) => isoToUs(day(i))!, keep) };
  }

  /** POST /transactions/deductions: records the file for the pay period holding payDate and queues its job (fixed id). */
  async requestDeductions(body: DeductionRequest): Promise<DeductionExport> {
    const { payPeriods } = await this.client();
    const period = payPeriodOf(toIsoDate(body.payDate)!, payPeriods);
    const id = await this.db.transaction(async () => {
      const [row] = await this.db.query<{ id: number }>(
        `INSERT INTO payroll_deduction_export (client_id, period_start, period_end, format, requested_by) VALUES ($client, $1, $2, $3, $4) RETURNING id`,
        [period.start, period.end, body.format, this.context.acting.accountId],
      );
      await this.audit.record(
        { employeeId: null, eventType: 'Payroll deductions', actionType: 'create', description: `Payroll deduction file (${body.format}) requested for ${isoToUs(period.start)} to ${isoToUs(period.end)}` },
      );
      await this.jobs.queueAfterCommit('transactions.payroll-deductions', { exportId: row!.id, clientId: this.context.clientId, requestedBy: this.context.acting.accountId }, { jobId: JobIds.payrollDeductions(row!.id) });
      return row!.id;
    });
    return this.deductionStatus(id);
  }

  async deductionStatus(id: number): Promise<DeductionExport> {
    const [x] = await this.db.query<{ id: number; status: DeductionExport['status']; format: 'xlsx' | 'csv'; period_start: string; period_end: string; row_count: number | null }>(
      `SELECT id, status, format, period_start::text AS period_start, period_end::text AS period_end, row_count FROM payroll_deduction_export WHERE id = $1 AND client_id = $client`,
      [id],
    );
    if (!x) throw missing();
    const start = isoToUs(x.period_start)!;
    const end = isoToUs(x.period_end)!;
    return { id: x.id, status: x.status, format: x.format, periodStart: start, periodEnd: end, rows: x.row_count, fileName: fileName(start.replace(/\//g, '-'), end.replace(/\//g, '-'), x.format) };
  }

  /** GET /transactions/deductions/{id}/download: the written file, each download audited. */
  async downloadDeductions(id: number): Promise<StreamableFile> {
    const status = await this.deductionStatus(id);
    const [x] = await this.db.query<{ storage_key: string | null }>(`SELECT storage_key FROM payroll_deduction_export WHERE id = $1 AND client_id = $client AND status = 'done'`, [id]);
    if (!x?.storage_key) throw missing();
    await this.audit.record({ employeeId: null, eventType: 'Payroll deductions', actionType: 'create', description: `Payroll deduction file downloaded: ${status.fileName}` });
    return new StreamableFile(await this.storage.reader(x.storage_key), { type: status.format === 'csv' ? CSV : XLSX, disposition: `attachment; filename="${status.fileName}"` });
  }

  /** The re-drive sweep (every client: system work): files still queued after `graceSeconds` are queued again under their fixed id. */
  async redriveQueued(graceSeconds: number): Promise<number> {
    const rows: Array<{ id: number; client_id: number; requested_by: number | null }> = await this.db.manager.query(
      `SELECT id, client_id, requested_by FROM payroll_deduction_export WHERE status = 'queued' AND created_at < now() - make_interval(secs => $1) ORDER BY id LIMIT 500`,
      [graceSeconds],
    );
    for (const r of rows) await this.jobs.queue('transactions.payroll-deductions', { exportId: r.id, clientId: r.client_id, requestedBy: r.requested_by }, { jobId: JobIds.payrollDeductions(r.id) });
    return rows.length;
  }

  /** The workers' job: the pay period's rows (contracts' deductionRows) as xlsx with the reports' formatting, or CSV. */
  @OnJob('transactions.payroll-deductions')
  async writeDeductions(data: JobPayloads['transactions.payroll-deductions'], run: JobRun): Promise<{ rows: number }> {
    if (!Number.isSafeInteger(data.exportId) || !Number.isSafeInteger(data.clientId)) throw new UnrecoverableError('exportId and clientId must be ids');
    try {
      return await this.write(data.exportId);
    } catch (err) {
      if (err instanceof UnrecoverableError || run.attemptsMade + 1 >= run.attempts) {
        await this.db.query(`UPDATE payroll_deduction_export SET status = 'failed', error = $2, finished_at = now() WHERE id = $1 AND client_id = $client`, [
          data.exportId,
          (err instanceof Error ? err.message : String(err)).slice(0, 500),
        ]);
      }
      throw err;
    }
  }

  private async write(exportId: number): Promise<{ rows: number }> {
    const [x] = await this.db.query<{ status: string; format: 'xlsx' | 'csv'; period_start: string; period_end: string }>(
      `SELECT status, format, period_start::text AS period_start, period_end::text AS period_end FROM payroll_deduction_export WHERE id = $1 AND client_id = $client`,
      [exportId],
    );
    if (!x) throw new UnrecoverableError(`deduction file ${exportId} not found`);
    if (x.status === 'done') return { rows: 0 };
    await this.db.query(`UPDATE payroll_deduction_export SET status = 'running' WHERE id = $1 AND client_id = $client`, [exportId]);
    const { payPeriods } = await this.client();
    const rows = deductionRows(await this.versions(), { start: x.period_start, end: x.period_end }, payPeriods);
    // A fixed key per file: a retried job writes the same file again.
    const key = `payroll/${this.context.clientId}/deductions-${exportId}.${x.format}`;
    const out = await this.storage.writer(key);
    if (x.format === 'csv') {
      out.stream.write(`${DEDUCTION_COLUMNS.map((c) => csvCell(c.label)).join(',')}\r\n`);
      for (const r of rows) {
        const cells = fileCells(r);
        out.stream.write(`${DEDUCTION_COLUMNS.map((c) => csvCell(cellText(c.kind, cells[c.key] ?? null))).join(',')}\r\n`);
      }
      out.stream.end();
    } else {
      const heading = await sheetHeading(this.db, this.clock, `Payroll deductions ${isoToUs(x.period_start)} to ${isoToUs(x.period_end)}`);
      const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out.stream, useStyles: true });
      const sheet = ReportSheet.open(book, heading, DEDUCTION_COLUMNS, 'Deductions');
      for (const r of rows) sheet.add(fileCells(r));
      sheet.close();
      await book.commit();
    }
    await out.done();
    await this.db.query(`UPDATE payroll_deduction_export SET status = 'done', row_count = $2, storage_key = $3, finished_at = now() WHERE id = $1 AND client_id = $client`, [exportId, rows.length, key]);
    this.logger.log({ exportId, rows: rows.length }, 'payroll deductions written');
    return { rows: rows.length };
  }
}

/** A row as the writers take it (report-columns: dates as ISO text). */
function fileCells(r: DeductionRow): Record<string, string | number | null> {
  return { ...r, effectiveDate: toIsoDate(r.effectiveDate) };
}
