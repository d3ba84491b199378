import ExcelJS from 'exceljs';
import type { Readable, Writable } from 'node:stream';
import { CENSUS_COLUMNS, CENSUS_SHEET } from '../../contracts/census-import';
import { toUsDate } from '../../contracts/formats';
import { RATE_SHEET_COLUMNS, RATE_SHEET_NAMES, RATE_PERIOD_VALUES, TIERS_VALUES, EMPLOYER_CONTRIBUTION_VALUES, type ReadSheet, type ReadWorkbook } from '../../contracts/rate-sheet';
import { PLAN_TYPE_NAMES } from '../../contracts/engine/plan-types';
import { FSA_ACCOUNT_NAMES } from '../../contracts/engine/contribution-engine';

/** A cell as the text a person sees: dates as MM/DD/YYYY, formulas by their result, rich text joined. */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return toUsDate(value.toISOString().slice(0, 10)) ?? '';
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : String(Math.round(value * 1e6) / 1e6);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') return value.trim();
  if ('richText' in value) return value.richText.map((r) => r.text).join('').trim();
  if ('result' in value) return cellText((value.result ?? null) as ExcelJS.CellValue);
  if ('text' in value) return String(value.text).trim();
  if ('error' in value) return '';
  return '';
}

/**
 * A row's cells by heading, a later column of the same heading winning as before. Built whole by
 * Object.fromEntries, not by assigning heading after heading: V8 turns an object given more than a dozen
 * properties one keyed store at a time into a hash table (~1.5 kB for a census row's 24 columns, ~0.5 kB this way),
 * which for a 10,000-row census was 19 MB of cells and as much garbage promoted while it was built.
 */
function rowCells(entries: Array<[string, string]>): Record<string, string> {
  return Object.fromEntries(entries) as Record<string, string>;
}

/** A sheet's rows as text under their headings (row 1), skipping rows with nothing in them. */
async function readSheet(rows: AsyncIterable<ExcelJS.Row> | Iterable<ExcelJS.Row>): Promise<ReadSheet> {
  const headings: string[] = [];
  const out: ReadSheet['rows'] = [];
  for await (const row of rows) {
    if (row.number === 1) {
      row.eachCell({ includeEmpty: true }, (cell, col) => {
        headings[col - 1] = cellText(cell.value);
      });
      for (let i = 0; i < headings.length; i++) headings[i] ??= '';
      continue;
    }
    const entries: Array<[string, string]> = [];
    let any = false;
    // The row's values by column (1-based, none where a cell is empty): row.getCell() would add a cell object
    // to the row for each empty column.
    const values = row.values as ExcelJS.CellValue[];
    headings.forEach((h, i) => {
      if (!h) return;
      const text = cellText(values[i + 1]);
      if (text !== '') any = true;
      entries.push([h, text]);
    });
    if (any) out.push({ row: row.number, cells: rowCells(entries) });
  }
  return { headings, rows: out };
}

/** What the streaming reader learns from xl/workbook.xml: each sheet's name (set on the sheet it reads once it knows it). */
interface ReaderModel {
  model?: { sheets?: Array<{ name: string }> };
}

/**
 * The sheets with exceljs's streaming WorkbookReader, a row at a time; null when it cannot. It only knows a
 * sheet's name when xl/workbook.xml comes before the sheet in the zip, and exceljs 4.4's reader loses entries
 * (then throws) on some files that put it last, as exceljs's own writer does: those are read whole.
 */
async function streamXlsx(stream: Readable): Promise<ReadWorkbook | null> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(stream, { worksheets: 'emit', sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', entries: 'ignore' });
  const out: ReadWorkbook = {};
  try {
    for await (const ws of reader) {
      const named = (reader as unknown as ReaderModel).model?.sheets?.length ?? 0;
      if (named === 0) return null;
      const { name } = ws as unknown as { name: string };
      out[name.trim()] = await readSheet(ws);
    }
  } catch {
    return null;
  } finally {
    // Given up half-way: the bytes are read again from the start.
    stream.destroy();
  }
  return (reader as unknown as ReaderModel).model?.sheets ? out : null;
}

/** The whole workbook model, then its sheets' text; null when the bytes are not a workbook. */
async function loadXlsx(stream: Readable): Promise<ReadWorkbook | null> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.read(stream);
  } catch {
    return null;
  }
  const out: ReadWorkbook = {};
  for (const ws of wb.worksheets) {
    const rows: ExcelJS.Row[] = [];
    ws.eachRow({ includeEmpty: false }, (row) => rows.push(row));
    out[ws.name.trim()] = await readSheet(rows);
  }
  return out;
}

/**
 * An xlsx workbook as text by sheet name; null when the bytes are not one exceljs can read. Streamed a row at a
 * time when exceljs's streaming reader can (the whole model keeps every cell as an object with its style: ~60
 * MB more for a 10,000-row census), else read whole. `open` gives the upload's bytes afresh for each try.
 */
export async function readXlsx(open: () => Promise<Readable>): Promise<ReadWorkbook | null> {
  return (await streamXlsx(await open())) ?? (await loadXlsx(await open()));
}

/** RFC 4180 CSV (quoted fields, doubled quotes, CRLF or LF) as the census sheet. */
export function readCsv(text: string, sheet: string): ReadWorkbook {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && body[i + 1] === '\n') i++;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  const headings = (records[0] ?? []).map((h) => h.trim());
  const rows: ReadSheet['rows'] = [];
  records.slice(1).forEach((r, i) => {
    const cells = rowCells(headings.flatMap((h, j): Array<[string, string]> => (h ? [[h, (r[j] ?? '').trim()]] : [])));
    if (Object.values(cells).some((v) => v !== '')) rows.push({ row: i + 2, cells });
  });
  return { [sheet]: { headings, rows } };
}

function headingRow(ws: ExcelJS.Worksheet, headings: readonly string[]): void {
  ws.columns = headings.map((h) => ({ header: h, key: h, width: Math.max(14, h.length + 4) }));
  ws.getRow(1).font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
}

/** A list of allowed values for a column's cells (Excel's drop-down), rows 2 to 500. */
function allowed(ws: ExcelJS.Worksheet, heading: string, values: readonly string[]): void {
  const col = ws.getColumn(heading);
  const list = `"${values.join(',')}"`;
  // Excel refuses inline lists over 255 characters: long lists are documented on the Instructions sheet instead.
  if (list.length > 255) return;
  for (let r = 2; r <= 500; r++) ws.getCell(r, col.number).dataValidation = { type: 'list', allowBlank: true, formulae: [list] };
}

/** The rate sheet template: every sheet and column, an example line-up, and what each column takes. */
export async function writeRateSheetTemplate(out: Writable): Promise<void> {
  const wb = new ExcelJS.Workbook();
  const info = wb.addWorksheet('Instructions');
  info.columns = [{ header: 'Sheet and column', key: 'c', width: 34 }, { header: 'What it takes', key: 'w', width: 110 }];
  info.getRow(1).font = { bold: true };
  const notes: Array<[string, string]> = [
    ['Plan year', 'One row: the first and last day of the plan year (MM/DD/YYYY). Every plan runs for the plan year.'],
    ['Plans: Plan type', Object.values(PLAN_TYPE_NAMES).join(', ')],
    ['Plans: Tiers', `${Object.keys(TIERS_VALUES).join('; ')} (voluntary life has no tiers)`],
    ['Plans: Rate period', `${Object.keys(RATE_PERIOD_VALUES).join(', ')} (the Rates sheet's amounts are for this period)`],
    ['Plans: Employer contribution', `${EMPLOYER_CONTRIBUTION_VALUES.join(', ')}; with Amount or Percent fill the four Employer columns for the tiers the plan has`],
    ['Plans: eligibility', 'Waiting period (days) after hire; Minimum work hours a week; Dependent age limit (children up to this age)'],
    ['Plans: HSA plan', "On an HSA-qualified medical plan: the name of the HSA plan it pairs with"],
    ['Plans: life and disability', 'Benefit amount and Guaranteed issue (life); Maximum benefit and Benefit period week or month (disability)'],
    ['Rates', "One row per tier (by the tier's name in the plan's structure), or per tier and age band (Minimum age, Maximum age) for age-banded rates. Voluntary life: Employee, Spouse or Child, per $10,000 of coverage by age band"],
    ['Voluntary life', 'Employee (required), Spouse and Child rows: amounts, increments, guaranteed issue, percent of the employee amount; Child amounts as a list; Age reductions on the Employee row as age:percent, e.g. 65:35, 70:50'],
    ['FSA', `One row per account offered (${Object.values(FSA_ACCOUNT_NAMES).join(', ')}): employee annual limit and the employer's annual contribution`],
    ['HSA', "One row: single, family and catch-up limits and the employer's yearly deposit for single and family medical coverage"],
    ['HRA', 'One row: the single and family amounts'],
  ];
  for (const [c, w] of notes) info.addRow({ c, w });

  const S = RATE_SHEET_NAMES;
  const C = RATE_SHEET_COLUMNS;
  const year = wb.addWorksheet(S.planYear);
  headingRow(year, C.planYear);
  year.addRow(['01/01/2027', '12/31/2027']);

  const plans = wb.addWorksheet(S.plans);
  headingRow(plans, C.plans);
  const four = 'Single / Husband/Wife / Parent/Child / Family';
  const rowOf = (v: Partial<Record<(typeof C.plans)[number], string | number>>) => C.plans.map((h) => v[h] ?? null);
  plans.addRow(rowOf({ 'Plan name': 'PPO 1000', 'Plan type': 'Group Medical', Carrier: 'Example Health', 'SBC file name': 'PPO 1000 SBC', Tiers: four, 'Employer contribution': 'Percent', 'Employer employee only': 80, 'Employer + spouse': 60, 'Employer + children': 60, 'Employer family': 50, 'Waiting period (days)': 30, 'Minimum work hours': 30, 'Dependent age limit': 26, 'HSA qualified': 'No' }));
  plans.addRow(rowOf({ 'Plan name': 'HDHP 3000', 'Plan type': 'Group Medical', Carrier: 'Example Health', Tiers: four, 'Employer contribution': 'Amount', 'Employer employee only': '400.00', 'Employer + spouse': '500.00', 'Employer + children': '500.00', 'Employer family': '600.00', 'Waiting period (days)': 30, 'Dependent age limit': 26, 'HSA qualified': 'Yes', 'HSA plan': 'HSA' }));
  plans.addRow(rowOf({ 'Plan name': 'Dental Basic', 'Plan type': 'Group Dental', Carrier: 'Example Dental', Tiers: four, 'Employer contribution': 'None', 'Dependent age limit': 26 }));
  plans.addRow(rowOf({ 'Plan name': 'Vision', 'Plan type': 'Group Vision', Carrier: 'Example Vision', Tiers: 'Single / Family' }));
  plans.addRow(rowOf({ 'Plan name': 'Basic Life', 'Plan type': 'Group Life', Carrier: 'Example Life', Tiers: 'Single / Family', 'Employer contribution': 'Employer paid', 'Benefit amount': '50000.00', 'Guaranteed issue': '50000.00' }));
  plans.addRow(rowOf({ 'Plan name': 'LTD', 'Plan type': 'LTD', Carrier: 'Example Life', Tiers: 'Single / Family', 'Employer contribution': 'Employer paid', 'Maximum benefit': '10000.00', 'Benefit period': 'month' }));
  plans.addRow(rowOf({ 'Plan name': 'Voluntary Life', 'Plan type': 'Voluntary Life', Carrier: 'Example Life' }));
  plans.addRow(rowOf({ 'Plan name': 'FSA', 'Plan type': 'FSA', Carrier: 'Example Admin' }));
  plans.addRow(rowOf({ 'Plan name': 'HSA', 'Plan type': 'HSA', Carrier: 'Example Admin' }));
  plans.addRow(rowOf({ 'Plan name': 'HRA', 'Plan type': 'HRA', Carrier: 'Example Admin' }));
  allowed(plans, 'Tiers', Object.keys(TIERS_VALUES));
  allowed(plans, 'Rate period', Object.keys(RATE_PERIOD_VALUES));
  allowed(plans, 'Employer contribution', EMPLOYER_CONTRIBUTION_VALUES);
  allowed(plans, 'HSA qualified', ['Yes', 'No']);
  allowed(plans, 'Benefit period', ['week', 'month']);

  const rates = wb.addWorksheet(S.rates);
  headingRow(rates, C.rates);
  const rate = (plan: string, tier: string, amount: string, min?: number, max?: number) => rates.addRow([plan, tier, min ?? null, max ?? null, amount]);
  for (const [t, a] of [['Single', '600.00'], ['Husband/Wife', '1200.00'], ['Parent/Child', '1100.00'], ['Family', '1700.00']] as const) rate('PPO 1000', t, a);
  for (const [t, a] of [['Single', '450.00'], ['Husband/Wife', '900.00'], ['Parent/Child', '850.00'], ['Family', '1300.00']] as const) rate('HDHP 3000', t, a);
  for (const [t, a] of [['Single', '30.00'], ['Husband/Wife', '60.00'], ['Parent/Child', '65.00'], ['Family', '95.00']] as const) rate('Dental Basic', t, a);
  rate('Vision', 'Single', '8.00');
  rate('Vision', 'Family', '20.00');
  rate('Basic Life', 'Single', '9.00');
  rate('LTD', 'Single', '25.00');
  for (const [min, max, a] of [[0, 39, '0.80'], [40, 49, '1.50'], [50, 150, '3.50']] as const) {
    rate('Voluntary Life', 'Employee', a, min, max);
    rate('Voluntary Life', 'Spouse', a, min, max);
  }
  rate('Voluntary Life', 'Child', '0.50', 0, 150);

  const vl = wb.addWorksheet(S.voluntaryLife);
  headingRow(vl, C.voluntaryLife);
  vl.addRow(['Voluntary Life', 'Employee', '10000.00', '500000.00', '10000.00', '150000.00', null, null, '65:35, 70:50']);
  vl.addRow(['Voluntary Life', 'Spouse', '5000.00', '250000.00', '5000.00', '50000.00', 50, null, null]);
  vl.addRow(['Voluntary Life', 'Child', null, null, null, '10000.00', 20, '5000.00, 10000.00', null]);
  allowed(vl, 'Member', ['Employee', 'Spouse', 'Child']);

  const fsa = wb.addWorksheet(S.fsa);
  headingRow(fsa, C.fsa);
  fsa.addRow(['FSA', 'Health', '3300.00', '0.00']);
  fsa.addRow(['FSA', 'Dependent Care', '5000.00', '0.00']);
  allowed(fsa, 'Account', Object.values(FSA_ACCOUNT_NAMES));

  const hsa = wb.addWorksheet(S.hsa);
  headingRow(hsa, C.hsa);
  hsa.addRow(['HSA', '4400.00', '8750.00', '1000.00', '500.00', '1000.00']);

  const hra = wb.addWorksheet(S.hra);
  headingRow(hra, C.hra);
  hra.addRow(['HRA', '1000.00', '2000.00']);
  await wb.xlsx.write(out);
}

/** The census template: the heading row and one example employee. */
export async function writeCensusTemplate(out: Writable, format: 'xlsx' | 'csv'): Promise<void> {
  const example: Record<string, string> = {
    'First name': 'Pat',
    'Last name': 'Example',
    Email: 'pat.example@example.com',
    'Access group': 'Full-Time Employees',
    'Employment status': 'Full-Time',
    'Employment type': 'Salary',
    Office: 'Headquarters',
    'Hire date': '01/15/2027',
    'Birth date': '05/20/1988',
    Gender: 'Female',
    'Marital status': 'Single',
    'Work hours': '40',
    State: 'CA',
    ZIP: '94105',
  };
  const headings = CENSUS_COLUMNS.map((c) => c[0]);
  if (format === 'csv') {
    const quote = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
    out.end(`${headings.map(quote).join(',')}\r\n${headings.map((h) => quote(example[h] ?? '')).join(',')}\r\n`);
    return;
  }
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(CENSUS_SHEET);
  headingRow(ws, headings);
  ws.addRow(headings.map((h) => example[h] ?? null));
  // Dates and ZIPs stay text, as typed: Excel would otherwise turn 01/15/2027 into a number of days.
  for (const h of ['Hire date', 'Birth date', 'ZIP', 'SSN']) ws.getColumn(h).numFmt = '@';
  await wb.xlsx.write(out);
}
