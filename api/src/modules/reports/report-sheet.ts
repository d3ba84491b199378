import type ExcelJS from 'exceljs';
import { dateTimeIn } from '../../contracts/engine/dates';
import { COLUMN_NUM_FMT, columnWidth, xlsxValue, type RawCell, type ReportColumn } from '../../contracts/report-columns';
import type { Clock } from '../../core/clock/clock';
import type { TenantDb } from '../../core/database/tenant-db';

/** What the first rows say: who the report is of, what it is, and when it was run (client's zone, abbreviated). */
export interface SheetHeading {
  clientName: string;
  title: string;
  /** 'MM/DD/YYYY hh:mm AM PST' (dateTimeIn). */
  runAt: string;
}

/** The acting client's heading for a report run now (the Clock's now, in the client's time zone). */
export async function sheetHeading(db: TenantDb, clock: Clock, title: string): Promise<SheetHeading> {
  const [client] = await db.query<{ name: string; time_zone: string }>('SELECT name, time_zone FROM client WHERE id = $client');
  if (!client) throw new Error('no acting client');
  return { clientName: client.name, title, runAt: dateTimeIn(client.time_zone, clock.now()) };
}

export interface SheetColumn extends ReportColumn {
  key: string;
}

/**
 * The header's row: client, title and date run above it, then a blank row, so Excel's own sort and filter
 * (which take the region around the cursor) stop at the header instead of taking the title rows in.
 */
export const HEADER_ROW = 5;

/** Excel refuses a sheet name over 31 characters or with any of these. */
const sheetName = (name: string) =>
  name
    .replace(/[\\/?*[\]:]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 31)
    .trim() || 'Report';

/**
 * One worksheet of a written report, on exceljs's streaming writer: title rows, a frozen
 * header with an autofilter, widths, and typed cells with the number format of their column's kind. Rows are
 * committed as they come, so memory stays flat however long the report.
 */
export class ReportSheet {
  private last = HEADER_ROW;

  private constructor(
    private readonly sheet: ExcelJS.Worksheet,
    private readonly columns: readonly SheetColumn[],
  ) {}

  static open(book: ExcelJS.stream.xlsx.WorkbookWriter, heading: SheetHeading, columns: readonly SheetColumn[], name = heading.title): ReportSheet {
    // The streaming writer writes the views when the sheet opens: the frozen pane is set here or never.
    const sheet = book.addWorksheet(sheetName(name), { views: [{ state: 'frozen', xSplit: 0, ySplit: HEADER_ROW, topLeftCell: `A${HEADER_ROW + 1}`, activeCell: `A${HEADER_ROW + 1}` }] });
    sheet.columns = columns.map((c) => ({ key: c.key, width: columnWidth(c), ...(c.kind === 'text' ? {} : { style: { numFmt: COLUMN_NUM_FMT[c.kind] } }) }));
    const title = (text: string, font: Partial<ExcelJS.Font>) => {
      const row = sheet.addRow([text]);
      row.getCell(1).font = font;
      row.commit();
    };
    title(heading.clientName, { bold: true, size: 14 });
    title(heading.title, { bold: true, size: 12 });
    title(`Run on ${heading.runAt}`, { italic: true });
    sheet.addRow([]).commit();
    const header = sheet.addRow(columns.map((c) => c.label));
    header.eachCell((cell) => {
      cell.font = { bold: true };
      cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE2E8F0' } };
      cell.border = { bottom: { style: 'thin' } };
      // A header over a number column stays left, like the others.
      cell.alignment = { horizontal: 'left' };
      cell.numFmt = '@';
    });
    header.commit();
    return new ReportSheet(sheet, columns);
  }

  add(row: Readonly<Record<string, RawCell>>): void {
    this.sheet.addRow(this.columns.map((c) => xlsxValue(c.kind, row[c.key] ?? null))).commit();
    this.last += 1;
  }

  /** The autofilter over the header and every row (written at the end of the sheet, when the last row is known). */
  close(): void {
    this.sheet.autoFilter = { from: { row: HEADER_ROW, column: 1 }, to: { row: this.last, column: Math.max(1, this.columns.length) } };
    this.sheet.commit();
  }
}
