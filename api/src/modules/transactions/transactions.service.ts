import { Injectable, NotFoundException } from '@nestjs/common';
import ExcelJS from 'exceljs';
import { PassThrough } from 'node:stream';
import { toUsDate } from '../../contracts/formats';
import {
  actionText,
  TRANSACTION_LAYOUT,
  TRANSACTION_COLUMN_KINDS,
  TransactionMessages,
  transactionRows,
  ZSnapshot,
  type TransactionPeriod,
  type TransactionReport,
  type TransactionRow,
} from '../../contracts/transactions';
import { Clock } from '../../core/clock/clock';
import { TenantDb } from '../../core/database/tenant-db';
import { ReportSheet, sheetHeading } from '../reports/report-sheet';

const notFound = () => new NotFoundException({ statusCode: 404, message: TransactionMessages.noPeriodData });

/**
 * Transactions: the changes of an open enrollment between its start and its close,
 * read from the snapshots the open-enrollment module takes at those moments.
 */
@Injectable()
export class TransactionsService {
  constructor(
    private readonly db: TenantDb,
    private readonly clock: Clock,
  ) {}

  /** GET /transactions: the client's periods, newest first; ready once the close snapshot exists. */
  async list(): Promise<TransactionPeriod[]> {
    const rows = await this.db.query<{ id: number; title: string; closed_date: string | null; ready: boolean }>(
      `SELECT p.id, p.title, p.closed_date::text AS closed_date,
              EXISTS (SELECT 1 FROM enrollment_snapshot s WHERE s.open_enrollment_period_id = p.id AND s.kind = 'end') AS ready
         FROM open_enrollment_period p WHERE p.client_id = $client AND p.started_at IS NOT NULL ORDER BY p.start_date DESC, p.id DESC`,
    );
    return rows.map((r) => ({ id: r.id, title: r.title, closedDate: toUsDate(r.closed_date), ready: r.ready }));
  }

  /** GET /transactions/{id}: the layout, both snapshots and the rows; 404 until the period has closed. */
  async report(id: number): Promise<TransactionReport> {
    const rows = await this.db.query<{ title: string; kind: 'start' | 'end'; data: unknown }>(
      `SELECT p.title, s.kind, s.data FROM open_enrollment_period p JOIN enrollment_snapshot s ON s.open_enrollment_period_id = p.id
        WHERE p.id = $1 AND p.client_id = $client`,
      [id],
    );
    const end = rows.find((r) => r.kind === 'end');
    if (!end) throw notFound();
    // A period started before snapshots existed has no start: every election then counts as added.
    const start = ZSnapshot.parse(rows.find((r) => r.kind === 'start')?.data ?? {});
    const last = ZSnapshot.parse(end.data);
    return { id, title: end.title, layout: [...TRANSACTION_LAYOUT], data: { start, end: last }, rows: transactionRows(start, last) };
  }

  /** GET /transactions/{id}/download: the rows as an xlsx workbook (exceljs's streaming writer). */
  async workbook(id: number): Promise<{ title: string; data: Buffer }> {
    const report = await this.report(id);
    const title = `${report.title} transactions`;
    const heading = await sheetHeading(this.db, this.clock, title);
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
    const columns = report.layout.map((c) => ({ key: c.field, label: c.title, kind: TRANSACTION_COLUMN_KINDS[c.field] ?? 'text', width: 24 }));
    const sheet = ReportSheet.open(book, heading, columns, 'Transactions');
    for (const r of report.rows) sheet.add(cells(r));
    sheet.close();
    await book.commit();
    return { title, data: Buffer.concat(chunks) };
  }
}

function cells(r: TransactionRow): Record<string, string | number | null> {
  return { ...r, actionType: actionText(r.actionType) };
}
