import ExcelJS from 'exceljs';
import { RATE_SHEET_COLUMNS, RATE_SHEET_NAMES, type ReadWorkbook } from '../../api/src/contracts/rate-sheet';

/**
 * A clean rate sheet as rows of text per sheet (the shape the tests edit, and write as xlsx for the e2e):
 * medical with percent and amount shares and an HSA pair, dental, vision, employer-paid life and LTD,
 * voluntary life with age bands, FSA, HSA and HRA.
 */
export type SheetTable = Record<string, Array<Record<string, string>>>;

export function cleanRateSheet(): SheetTable {
  const four = 'Single / Husband/Wife / Parent/Child / Family';
  return {
    [RATE_SHEET_NAMES.planYear]: [{ 'Plan year starts': '01/01/2027', 'Plan year ends': '12/31/2027' }],
    [RATE_SHEET_NAMES.plans]: [
      { 'Plan name': 'PPO 1000', 'Plan type': 'Group Medical', Carrier: 'Example Health', Tiers: four, 'Employer contribution': 'Percent', 'Employer employee only': '80', 'Employer + spouse': '60', 'Employer + children': '60', 'Employer family': '50', 'Waiting period (days)': '30', 'Minimum work hours': '30', 'Dependent age limit': '26', 'SBC file name': 'PPO 1000 SBC' },
      { 'Plan name': 'HDHP 3000', 'Plan type': 'Group Medical', Carrier: 'Example Health', Tiers: four, 'Employer contribution': 'Amount', 'Employer employee only': '400.00', 'Employer + spouse': '500.00', 'Employer + children': '500.00', 'Employer family': '600.00', 'HSA qualified': 'Yes', 'HSA plan': 'HSA' },
      { 'Plan name': 'Dental Basic', 'Plan type': 'Group Dental', Carrier: 'Example Dental', Tiers: four },
      { 'Plan name': 'Vision', 'Plan type': 'Group Vision', Carrier: 'Example Vision', Tiers: 'Single / Family', 'Rate period': 'Per paycheck' },
      { 'Plan name': 'Basic Life', 'Plan type': 'Group Life', Tiers: 'Single / Family', 'Employer contribution': 'Employer paid', 'Benefit amount': '50000.00', 'Guaranteed issue': '50000.00' },
      { 'Plan name': 'LTD', 'Plan type': 'LTD', 'Employer contribution': 'Employer paid', 'Maximum benefit': '10000.00', 'Benefit period': 'month' },
      { 'Plan name': 'Voluntary Life', 'Plan type': 'Voluntary Life' },
      { 'Plan name': 'FSA', 'Plan type': 'FSA' },
      { 'Plan name': 'HSA', 'Plan type': 'HSA' },
      { 'Plan name': 'HRA', 'Plan type': 'HRA' },
    ],
    [RATE_SHEET_NAMES.rates]: [
      ...[['Single', '600.00'], ['Husband/Wife', '1200.00'], ['Parent/Child', '1100.00'], ['Family', '1700.00']].map(([t, a]) => ({ 'Plan name': 'PPO 1000', Tier: t!, 'Monthly rate': a! })),
      ...[['Single', '450.00'], ['Husband/Wife', '900.00'], ['Parent/Child', '850.00'], ['Family', '1300.00']].map(([t, a]) => ({ 'Plan name': 'HDHP 3000', Tier: t!, 'Monthly rate': a! })),
      ...[['Single', '30.00'], ['Husband/Wife', '60.00'], ['Parent/Child', '65.00'], ['Family', '95.00']].map(([t, a]) => ({ 'Plan name': 'Dental Basic', Tier: t!, 'Monthly rate': a! })),
      { 'Plan name': 'Vision', Tier: 'Single', 'Monthly rate': '4.00' },
      { 'Plan name': 'Vision', Tier: 'Family', 'Monthly rate': '10.00' },
      { 'Plan name': 'Basic Life', Tier: 'Single', 'Monthly rate': '9.00' },
      { 'Plan name': 'LTD', Tier: 'Single', 'Monthly rate': '25.00' },
      ...[['0', '39', '0.80'], ['40', '49', '1.50'], ['50', '150', '3.50']].flatMap(([min, max, a]) =>
        ['Employee', 'Spouse'].map((m) => ({ 'Plan name': 'Voluntary Life', Tier: m, 'Minimum age': min!, 'Maximum age': max!, 'Monthly rate': a! })),
      ),
      { 'Plan name': 'Voluntary Life', Tier: 'Child', 'Minimum age': '0', 'Maximum age': '150', 'Monthly rate': '0.50' },
    ],
    [RATE_SHEET_NAMES.voluntaryLife]: [
      { 'Plan name': 'Voluntary Life', Member: 'Employee', Minimum: '10000.00', Maximum: '500000.00', Increment: '10000.00', 'Guaranteed issue': '150000.00', 'Age reductions': '65:35, 70:50' },
      { 'Plan name': 'Voluntary Life', Member: 'Spouse', Minimum: '5000.00', Maximum: '250000.00', Increment: '5000.00', 'Guaranteed issue': '50000.00', 'Percent of employee amount': '50' },
      { 'Plan name': 'Voluntary Life', Member: 'Child', 'Guaranteed issue': '10000.00', 'Percent of employee amount': '20', 'Child amounts': '5000.00, 10000.00' },
    ],
    [RATE_SHEET_NAMES.fsa]: [
      { 'Plan name': 'FSA', Account: 'Health', 'Employee annual limit': '3300.00', 'Employer contribution': '500.00' },
      { 'Plan name': 'FSA', Account: 'Dependent Care', 'Employee annual limit': '5000.00' },
    ],
    [RATE_SHEET_NAMES.hsa]: [{ 'Plan name': 'HSA', 'Single limit': '4400.00', 'Family limit': '8750.00', 'Catch-up': '1000.00', 'Employer single': '500.00', 'Employer family': '1000.00' }],
    [RATE_SHEET_NAMES.hra]: [{ 'Plan name': 'HRA', 'Single amount': '1000.00', 'Family amount': '2000.00' }],
  };
}

const COLUMNS_BY_SHEET: Record<string, readonly string[]> = Object.fromEntries(
  (Object.keys(RATE_SHEET_NAMES) as Array<keyof typeof RATE_SHEET_NAMES>).map((k) => [RATE_SHEET_NAMES[k], RATE_SHEET_COLUMNS[k]]),
);

/** The table as the reader gives it: headings in the template's order, Excel rows from 2. */
export function asWorkbook(table: SheetTable): ReadWorkbook {
  return Object.fromEntries(
    Object.entries(table).map(([sheet, rows]) => {
      const headings = [...(COLUMNS_BY_SHEET[sheet] ?? Object.keys(rows[0] ?? {}))];
      return [sheet, { headings, rows: rows.map((cells, i) => ({ row: i + 2, cells: Object.fromEntries(headings.map((h) => [h, cells[h] ?? ''])) })) }];
    }),
  );
}

export function columnsOf(sheet: string): readonly string[] {
  return COLUMNS_BY_SHEET[sheet] ?? [];
}

/** The table as an xlsx file (exceljs), every value as the text a person would type. */
export async function toXlsx(table: SheetTable, headingsOf: (sheet: string) => readonly string[] = columnsOf): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  for (const [sheet, rows] of Object.entries(table)) {
    const ws = wb.addWorksheet(sheet);
    const headings = headingsOf(sheet).length > 0 ? headingsOf(sheet) : Object.keys(rows[0] ?? {});
    ws.addRow([...headings]);
    for (const r of rows) ws.addRow(headings.map((h) => r[h] ?? null));
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
