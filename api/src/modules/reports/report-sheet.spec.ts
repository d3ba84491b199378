import ExcelJS from 'exceljs';
import { PassThrough } from 'node:stream';
import { HEADER_ROW, ReportSheet, type SheetColumn } from './report-sheet';

/** Writes a sheet with the streaming writer into memory and reads it back as a spreadsheet program would. */
async function written(columns: SheetColumn[], rows: Array<Record<string, string | number | null>>): Promise<ExcelJS.Worksheet> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const sheet = ReportSheet.open(book, { clientName: 'Acme Corp', title: 'Enrollments: by plan', runAt: '03/05/2026 09:14 AM PST' }, columns);
  for (const row of rows) sheet.add(row);
  sheet.close();
  await book.commit();
  const bytes = Buffer.concat(chunks);
  const read = new ExcelJS.Workbook();
  await read.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  return read.worksheets[0]!;
}

describe('ReportSheet', () => {
  const columns: SheetColumn[] = [
    { key: 'name', label: 'Last Name', kind: 'text' },
    { key: 'from', label: 'Effective From', kind: 'date' },
    { key: 'cost', label: 'Per Paycheck', kind: 'money' },
  ];

  it('title rows, a frozen header with its filter, widths and typed cells', async () => {
    const sheet = await written(columns, [
      { name: 'Doe', from: '2026-01-01', cost: '25.5' },
      { name: 'Roe', from: null, cost: 0 },
    ]);
    expect(sheet.name).toBe('Enrollments by plan');
    expect([1, 2, 3].map((r) => sheet.getCell(r, 1).value)).toEqual(['Acme Corp', 'Enrollments: by plan', 'Run on 03/05/2026 09:14 AM PST']);
    expect(sheet.getRow(HEADER_ROW).values).toEqual([undefined, 'Last Name', 'Effective From', 'Per Paycheck']);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: HEADER_ROW });
    expect(sheet.autoFilter).toBe(`A${HEADER_ROW}:C${HEADER_ROW + 2}`);
    const first = sheet.getRow(HEADER_ROW + 1);
    expect(first.getCell(2).value).toEqual(new Date('2026-01-01T00:00:00Z'));
    expect(first.getCell(2).numFmt).toBe('mm/dd/yyyy');
    expect(first.getCell(3).value).toBe(25.5);
    expect(first.getCell(3).numFmt).toBe('"$"#,##0.00');
    expect(sheet.getRow(HEADER_ROW + 2).getCell(2).value).toBeNull();
    expect(sheet.columns.map((c) => c.width)).toEqual([18, 18, 16]);
  });

  it('an empty report still has its header under the filter', async () => {
    const sheet = await written(columns, []);
    expect(sheet.autoFilter).toBe(`A${HEADER_ROW}:C${HEADER_ROW}`);
    expect(sheet.rowCount).toBe(HEADER_ROW);
  });
});
