import { ForbiddenException, HttpException, Inject, Injectable, Logger, NotFoundException, StreamableFile, UnprocessableEntityException } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import ExcelJS from 'exceljs';
import {
  REPORT_DATASETS,
  REPORT_VIEW_ROWS,
  ReportMessages,
  unknownReportFields,
  type ReportDataset,
  type ReportExport,
  type ReportFilter,
  type ReportListItem,
  type ReportSave,
  type ReportView,
} from '../../contracts/reports';
import { AuditService } from '../../core/audit/audit.service';
import { RequestContext } from '../../core/context/request-context';
import { TenantDb } from '../../core/database/tenant-db';
import { JobIds, type JobPayloads, type JobRun } from '../../core/jobs/job-registry';
import { JobsService } from '../../core/jobs/jobs.service';
import { OnJob } from '../../core/jobs/on-job.decorator';
import { FILE_STORAGE, type FileStorage } from '../files/file-storage';
import { ENROLLMENT_STATUS_TEXT } from '../../contracts/dashboard';
import { StatusDashboardService } from '../status-dashboard/status-dashboard.service';
import { cellText, type ReportColumn } from '../../contracts/report-columns';
import { Clock } from '../../core/clock/clock';
import { csvCell, type Cell } from './csv';
import { DATASET_SQL } from './report-datasets';
import { ReportSheet, sheetHeading, type SheetColumn } from './report-sheet';

interface ReportRow {
  id: number;
  client_id: number | null;
  title: string;
  dataset: ReportDataset;
  columns: string[];
  filters: ReportFilter[];
  order_by: string | null;
  order_direction: 'ASC' | 'DESC';
}

const notFound = () => new NotFoundException({ statusCode: 404, message: ReportMessages.infoFailed });
/** Rows per statement while exporting: memory stays flat whatever the report's size. */
const EXPORT_BATCH = 2000;

/** A refusal inside a job (an HTTP error meant for a person) as a failure BullMQ does not retry. */
function unrecoverable<T>(work: () => T): T {
  try {
    return work();
  } catch (err) {
    if (err instanceof HttpException) throw new UnrecoverableError(err.message);
    throw err;
  }
}
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const CSV = 'text/csv; charset=utf-8';
const fileNameOf = (title: string, format: 'xlsx' | 'csv' = 'xlsx') => `${title.replace(/[^A-Za-z0-9 ._-]/g, '').trim() || 'report'}.${format}`;
/** An export is of a report or of a period's status dashboard. */
const EXPORT_FROM = 'report_export x LEFT JOIN report r ON r.id = x.report_id LEFT JOIN open_enrollment_period p ON p.id = x.open_enrollment_period_id';
const EXPORT_TITLE = "coalesce(r.title, p.title || ' status')";
/** The Status Dashboard's own columns; one per plan type follows. */
const DASHBOARD_COLUMNS: readonly SheetColumn[] = [
  { key: 'lastName', label: 'Last Name', kind: 'text' },
  { key: 'firstName', label: 'First Name', kind: 'text' },
  { key: 'progress', label: 'Completion', kind: 'percent' },
  { key: 'signature', label: 'Signature', kind: 'text', width: 10 },
];

/**
 * HR reports: the stock reports (no client, read-only) and the client's own, their
 * data sorted on the server, and their xlsx written by the reports worker with exceljs's streaming
 * WorkbookWriter in batches, its progress recorded as it goes.
 */
@Injectable()
export class ReportsService {
  private readonly logger = new Logger(ReportsService.name);

  constructor(
    private readonly db: TenantDb,
    private readonly context: RequestContext,
    private readonly audit: AuditService,
    private readonly jobs: JobsService,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly dashboards: StatusDashboardService,
    private readonly clock: Clock,
  ) {}

  async list(search: string | undefined): Promise<ReportListItem[]> {
    const rows = await this.db.query<{ id: number; title: string; client_id: number | null }>(
      `SELECT id, title, client_id FROM report WHERE (client_id IS NULL OR client_id = $client) AND ($1::text IS NULL OR title ILIKE $1) ORDER BY client_id NULLS FIRST, lower(title), id`,
      [search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null],
    );
    return rows.map((r) => ({ id: r.id, title: r.title, editable: r.client_id === null ? '0' : '1' }));
  }

  /** The report's columns as declared for its dataset (checked by `runnable` first). */
  private columnsOf(r: ReportRow): SheetColumn[] {
    const declared: Record<string, ReportColumn> = REPORT_DATASETS[r.dataset].columns;
    return r.columns.map((key) => ({ key, ...declared[key]! }));
  }

  /**
   * The stored definition checked against its dataset's allow-list as the builder's save is, before any of its
   * names becomes an identifier in SQL: a column, sort or filter the dataset does not offer (a row changed
   * outside the builder, a column since dropped) is a 422 naming what to fix, never a statement.
   */
  private runnable(r: ReportRow): ReportRow {
    const unknown = unknownReportFields({ dataset: r.dataset, columns: r.columns, orderBy: r.order_by, filters: r.filters });
    if (r.columns.length === 0 && !unknown.includes('columns')) unknown.push('columns');
    if (unknown.length === 0) return r;
    const message = ReportMessages.unknownColumn;
    throw new UnprocessableEntityException({ statusCode: 422, message, errors: unknown.map((path) => ({ path, message })) });
  }

  private async report(id: number): Promise<ReportRow> {
    const [r] = await this.db.query<ReportRow>(
      'SELECT id, client_id, title, dataset, columns, filters, order_by, order_direction FROM report WHERE id = $1 AND (client_id IS NULL OR client_id = $client)',
      [id],
    );
    if (!r) throw notFound();
    return r;
  }

  /**
   * The report's statement: its filters (values as parameters $1..$n, fields only from the dataset's own
   * columns), its columns, ordered by a column of its own (else its saved sort), ties by key.
   */
  private statement(stored: ReportRow, orderBy: string | undefined, direction: 'ASC' | 'DESC' | undefined) {
    const r = this.runnable(stored);
    const sortField = orderBy && r.columns.includes(orderBy) ? orderBy : r.order_by && r.columns.includes(r.order_by) ? r.order_by : null;
    const dir = direction ?? (sortField === orderBy ? 'DESC' : r.order_direction);
    const columns = r.columns.map((c) => `"${c}"`).join(', ');
    const order = sortField ? `"${sortField}" ${dir} NULLS LAST, "_key"` : '"_key"';
    const allowed: Record<string, ReportColumn> = REPORT_DATASETS[r.dataset].columns;
    const filters = r.filters;
    const params = filters.map((f) => (f.op === 'contains' ? `%${f.value.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : f.value));
    // A filter reads a date as the report shows it (MM/DD/YYYY), not as the dataset keeps it for sorting.
    const shown = (field: string) => (allowed[field]?.kind === 'date' ? `to_char("${field}"::date, 'MM/DD/YYYY')` : `"${field}"::text`);
    const where = filters.length ? ` WHERE ${filters.map((f, i) => (f.op === 'contains' ? `${shown(f.field)} ILIKE $${i + 1}` : `lower(${shown(f.field)}) = lower($${i + 1})`)).join(' AND ')}` : '';
    const from = `(${DATASET_SQL[r.dataset]}) d${where}`;
    return { sql: `SELECT ${columns} FROM ${from} ORDER BY ${order}`, count: `SELECT count(*)::int AS n FROM ${from}`, params, sort: { orderBy: sortField, orderDirection: dir as 'ASC' | 'DESC' } };
  }

  async view(id: number, orderBy: string | undefined, orderDirection: 'ASC' | 'DESC' | undefined): Promise<ReportView> {
    const r = await this.report(id);
    const { sql, count: countSql, params, sort } = this.statement(r, orderBy, orderDirection);
    const [data, [count]] = await Promise.all([
      this.db.query<Record<string, Cell>>(`${sql} LIMIT ${REPORT_VIEW_ROWS}`, params),
      this.db.query<{ n: number }>(countSql, params),
    ]);
    const columns = this.columnsOf(r);
    return {
      id: r.id,
      title: r.title,
      editable: r.client_id === null ? '0' : '1',
      dataset: r.dataset,
      layout: columns.map((c) => ({ label: c.label, sortField: c.key })),
      data: data.map((row) => Object.fromEntries(columns.map((c) => [c.key, cellText(c.kind, row[c.key] ?? null)]))),
      totalRows: count?.n ?? 0,
      filters: r.filters,
      sort,
    };
  }

  /** The report builder's save (new, a copy of a stock report, or a change of the client's own). */
  async save(body: ReportSave, id: number | null): Promise<ReportListItem> {
    return this.db.transaction(async () => {
      if (id !== null) {
        const r = await this.report(id);
        if (r.client_id === null) throw new ForbiddenException({ statusCode: 403, message: ReportMessages.payAttention });
        await this.db.query(
          `UPDATE report SET title = $2, dataset = $3, columns = $4, order_by = $5, order_direction = $6, filters = $7 WHERE id = $1 AND client_id = $client`,
          [id, body.title, body.dataset, body.columns, body.orderBy ?? null, body.orderDirection, JSON.stringify(body.filters)],
        );
      }
      const saved =
        id ??
        (
          await this.db.query<{ id: number }>(
            `INSERT INTO report (client_id, title, dataset, columns, order_by, order_direction, created_by, filters) VALUES ($client, $1, $2, $3, $4, $5, $6, $7) RETURNING id`,
            [body.title, body.dataset, body.columns, body.orderBy ?? null, body.orderDirection, this.context.acting.accountId, JSON.stringify(body.filters)],
          )
        )[0]!.id;
      await this.audit.record({ employeeId: null, eventType: 'Report', actionType: id === null ? 'create' : 'update', description: `Report "${body.title}" saved` });
      return { id: saved, title: body.title, editable: '1' };
    });
  }

  async remove(id: number): Promise<{ success: boolean }> {
    const r = await this.report(id);
    if (r.client_id === null) throw new ForbiddenException({ statusCode: 403, message: ReportMessages.cannotDelete });
    await this.db.transaction(async () => {
      await this.db.query('DELETE FROM report WHERE id = $1 AND client_id = $client', [id]);
      await this.audit.record({ employeeId: null, eventType: 'Report', actionType: 'delete', description: `Report "${r.title}" deleted` });
    });
    return { success: true };
  }

  /** Download: records the export and queues the reports job (fixed id); the site follows its progress. */
  async startExport(id: number, orderBy: string | undefined, orderDirection: 'ASC' | 'DESC' | undefined): Promise<ReportExport> {
    this.runnable(await this.report(id));
    const [row] = await this.db.query<{ id: number }>(
      `INSERT INTO report_export (client_id, report_id, order_by, order_direction, requested_by) VALUES ($client, $1, $2, $3, $4) RETURNING id`,
      [id, orderBy ?? null, orderDirection ?? 'ASC', this.context.acting.accountId],
    );
    await this.jobs.tryQueue('reports.export', { exportId: row!.id, clientId: this.context.clientId, requestedBy: this.context.acting.accountId }, { jobId: JobIds.reportExport(row!.id) });
    return this.exportStatus(row!.id);
  }

  /** The Status Dashboard's Download (csv or xlsx), written by the same reports job. */
  async startDashboardExport(periodId: number, format: 'xlsx' | 'csv'): Promise<ReportExport> {
    await this.dashboards.dashboard(periodId);
    const [row] = await this.db.query<{ id: number }>(
      `INSERT INTO report_export (client_id, open_enrollment_period_id, format, requested_by) VALUES ($client, $1, $2, $3) RETURNING id`,
      [periodId, format, this.context.acting.accountId],
    );
    await this.jobs.tryQueue('reports.export', { exportId: row!.id, clientId: this.context.clientId, requestedBy: this.context.acting.accountId }, { jobId: JobIds.reportExport(row!.id) });
    return this.exportStatus(row!.id);
  }

  /**
   * The re-drive sweep (every client: system work): exports still 'queued' after `graceSeconds` are queued
   * again under their fixed id (a no-op while their job exists), so a download whose queueing failed does not
   * poll forever.
   */
  async redriveQueued(graceSeconds: number): Promise<number> {
    const rows: Array<{ id: number; client_id: number; requested_by: number | null }> = await this.db.manager.query(
      `SELECT id, client_id, requested_by FROM report_export WHERE status = 'queued' AND created_at < now() - make_interval(secs => $1) ORDER BY id LIMIT 500`,
      [graceSeconds],
    );
    for (const r of rows) {
      await this.jobs.queue('reports.export', { exportId: r.id, clientId: r.client_id, requestedBy: r.requested_by }, { jobId: JobIds.reportExport(r.id) });
    }
    return rows.length;
  }

  async exportStatus(exportId: number): Promise<ReportExport> {
    const [e] = await this.db.query<{ id: number; status: ReportExport['status']; rows_total: number | null; rows_written: number; title: string; format: 'xlsx' | 'csv' }>(
      `SELECT x.id, x.status, x.rows_total, x.rows_written, x.format, ${EXPORT_TITLE} AS title FROM ${EXPORT_FROM} WHERE x.id = $1 AND x.client_id = $client`,
      [exportId],
    );
    if (!e) throw new NotFoundException({ statusCode: 404, message: ReportMessages.downloadFailed });
    const progress = e.status === 'done' ? 100 : e.rows_total ? Math.min(99, Math.floor((e.rows_written * 100) / e.rows_total)) : 0;
    return { id: e.id, status: e.status, rowsTotal: e.rows_total, rowsWritten: e.rows_written, progress, fileName: fileNameOf(e.title, e.format) };
  }

  async download(exportId: number): Promise<StreamableFile> {
    const [e] = await this.db.query<{ storage_key: string | null; status: string; title: string; format: 'xlsx' | 'csv' }>(
      `SELECT x.storage_key, x.status, x.format, ${EXPORT_TITLE} AS title FROM ${EXPORT_FROM} WHERE x.id = $1 AND x.client_id = $client`,
      [exportId],
    );
    if (!e || e.status !== 'done' || !e.storage_key) throw new NotFoundException({ statusCode: 404, message: ReportMessages.downloadFailed });
    return new StreamableFile(await this.storage.reader(e.storage_key), { type: e.format === 'csv' ? CSV : XLSX, disposition: `attachment; filename="${fileNameOf(e.title, e.format)}"` });
  }

  /** The reports.export job: the rows in batches into the streaming workbook, progress recorded per batch. */
  @OnJob('reports.export')
  async handleExport(data: JobPayloads['reports.export'], run: JobRun): Promise<{ rows: number }> {
    if (!Number.isSafeInteger(data.exportId) || !Number.isSafeInteger(data.clientId)) throw new UnrecoverableError('exportId and clientId must be ids');
    try {
      return await this.writeExport(data.exportId);
    } catch (err) {
      if (err instanceof UnrecoverableError || run.attemptsMade + 1 >= run.attempts) {
        await this.db.query(`UPDATE report_export SET status = 'failed', error = $2, finished_at = now() WHERE id = $1 AND client_id = $client`, [
          data.exportId,
          (err instanceof Error ? err.message : String(err)).slice(0, 500),
        ]);
      }
      throw err;
    }
  }

  async writeExport(exportId: number): Promise<{ rows: number }> {
    const [x] = await this.db.query<{ report_id: number | null; period_id: number | null; format: 'xlsx' | 'csv'; order_by: string | null; order_direction: 'ASC' | 'DESC'; status: string }>(
      'SELECT report_id, open_enrollment_period_id AS period_id, format, order_by, order_direction, status FROM report_export WHERE id = $1 AND client_id = $client',
      [exportId],
    );
    if (!x) throw new UnrecoverableError(`export ${exportId} not found`);
    if (x.status === 'done') return { rows: 0 };
    if (x.report_id === null) return this.writeDashboard(exportId, x.period_id!, x.format);
    const r = await this.report(x.report_id);
    // A definition that no longer passes its allow-list fails the export once; a retry would not mend it.
    const { sql, count: countSql, params } = unrecoverable(() => this.statement(r, x.order_by ?? undefined, x.order_by ? x.order_direction : undefined));
    const [count] = await this.db.query<{ n: number }>(countSql, params);
    await this.db.query(`UPDATE report_export SET status = 'running', rows_total = $2, rows_written = 0 WHERE id = $1 AND client_id = $client`, [exportId, count?.n ?? 0]);
    // A fixed key per export: a retried job writes the same file again.
    const heading = await sheetHeading(this.db, this.clock, r.title);
    const key = `reports/${this.context.clientId}/export-${exportId}.xlsx`;
    const out = await this.storage.writer(key);
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out.stream, useStyles: true });
    const sheet = ReportSheet.open(book, heading, this.columnsOf(r));
    let written = 0;
    for (let offset = 0; ; offset += EXPORT_BATCH) {
      const rows = await this.db.query<Record<string, Cell>>(`${sql} LIMIT ${EXPORT_BATCH} OFFSET $${params.length + 1}`, [...params, offset]);
      for (const row of rows) sheet.add(row);
      written += rows.length;
      await this.db.query('UPDATE report_export SET rows_written = $2 WHERE id = $1 AND client_id = $client', [exportId, written]);
      if (rows.length < EXPORT_BATCH) break;
    }
    sheet.close();
    await book.commit();
    await out.done();
    await this.db.query(`UPDATE report_export SET status = 'done', storage_key = $2, finished_at = now() WHERE id = $1 AND client_id = $client`, [exportId, key]);
    this.logger.log({ exportId, rows: written }, 'report exported');
    return { rows: written };
  }

  /** A period's status dashboard as csv or xlsx: one row per employee, one column per plan type. */
  private async writeDashboard(exportId: number, periodId: number, format: 'xlsx' | 'csv'): Promise<{ rows: number }> {
    const board = await this.dashboards.dashboard(periodId);
    await this.db.query(`UPDATE report_export SET status = 'running', rows_total = $2, rows_written = 0 WHERE id = $1 AND client_id = $client`, [exportId, board.users.length]);
    const columns: SheetColumn[] = [
      ...DASHBOARD_COLUMNS,
      ...board.plans.map((p): SheetColumn => ({ key: `plan${p.planTypeId}`, label: p.planType, kind: 'text', width: 14 })),
    ];
    const rows = board.users.map(
      (u): Record<string, Cell> => ({
        lastName: u.lastName,
        firstName: u.firstName,
        progress: u.progress,
        signature: u.signature ? 'Yes' : 'No',
        ...Object.fromEntries(
          u.enrollments.map((e) => [`plan${e.planTypeId}`, e.available ? (ENROLLMENT_STATUS_TEXT[e.status as keyof typeof ENROLLMENT_STATUS_TEXT] ?? e.status) : null]),
        ),
      }),
    );
    const heading = format === 'xlsx' ? await sheetHeading(this.db, this.clock, `${board.title} status`) : null;
    const key = `reports/${this.context.clientId}/export-${exportId}.${format}`;
    const out = await this.storage.writer(key);
    if (!heading) {
      // Plain csv (no title rows): the same columns and the same text as the screen.
      out.stream.write(`${columns.map((c) => csvCell(c.label)).join(',')}\r\n`);
      for (const row of rows) out.stream.write(`${columns.map((c) => csvCell(cellText(c.kind, row[c.key] ?? null))).join(',')}\r\n`);
      out.stream.end();
    } else {
      const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out.stream, useStyles: true });
      const sheet = ReportSheet.open(book, heading, columns, 'Status');
      for (const row of rows) sheet.add(row);
      sheet.close();
      await book.commit();
    }
    await out.done();
    await this.db.query(`UPDATE report_export SET status = 'done', rows_written = $3, storage_key = $2, finished_at = now() WHERE id = $1 AND client_id = $client`, [exportId, key, rows.length]);
    return { rows: rows.length };
  }
}
