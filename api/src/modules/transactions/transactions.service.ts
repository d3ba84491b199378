import { Injectable, NotFoundException } from '@nestjs/common';
import ExcelJS from 'exceljs';
import { PassThrough } from 'node:stream';
import { toUsDate } from '../../contracts/formats';
import {
  actionText,
  TRANSACTION_LAYOUT,
  TransactionMessages,
  transactionRows,
  ZSnapshot,
  type TransactionPeriod,
  type TransactionReport,
  type TransactionRow,
} from '../../contracts/transactions';
import { TenantDb } from '../../core/database/tenant-db';

const notFound = () => new NotFoundException({ statusCode: 404, message: TransactionMessages.noPeriodData });

/**
 * Transactions (document 3 section 2.7): the changes of an open enrollment between its start and its close,
 * read from the snapshots the open-enrollment module takes at those moments.
 */
@Injectable()
export class TransactionsService {
  constructor(private readonly db: TenantDb) {}

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
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
    const sheet = book.addWorksheet('Transactions');
    sheet.columns = report.layout.map((c) => ({ header: c.title, key: c.field, width: c.field === 'censusId' ? 12 : 24 }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    for (const r of report.rows) sheet.addRow(cells(r)).commit();
    sheet.commit();
    await book.commit();
    return { title: `${report.title} transactions`, data: Buffer.concat(chunks) };
  }
}

function cells(r: TransactionRow): Record<string, string | number | null> {
  return { ...r, actionType: actionText(r.actionType), costBefore: r.costBefore === null ? null : Number(r.costBefore), costAfter: r.costAfter === null ? null : Number(r.costAfter) };
}
