import { z } from 'zod';
import { ZNewEmployee, type NewEmployee } from './employees';
import { OPTION_LISTS, type OptionType } from './option-lists';
import { IssueList, checkLayout, type ImportIssue, type ReadWorkbook, type SheetRow } from './rate-sheet';

/**
 * The census file: one row per employee, each checked with the same rules as Add New
 * Employee (ZNewEmployee), so a clean file adds exactly what the form would. Option lists are named by
 * their texts ('Full-Time') or ids. The same row-level report as the rate sheet.
 */

export const CENSUS_SHEET = 'Employees';

/** Heading -> the Add New Employee field it fills; option columns name their list. */
export const CENSUS_COLUMNS = [
  ['First name', 'firstName'],
  ['Middle name', 'middleName'],
  ['Last name', 'lastName'],
  ['Email', 'email'],
  ['Access group', 'groupId', 'accessGroup'],
  ['Employment status', 'employmentId', 'employmentStatus'],
  ['Employment type', 'employmentType', 'employmentType'],
  ['Office', 'officeId', 'office'],
  ['Title', 'title'],
  ['Hire date', 'hireDate'],
  ['Birth date', 'birthDate'],
  ['Gender', 'gender', 'gender'],
  ['Marital status', 'maritalStatusId', 'maritalStatus'],
  ['SSN', 'ssn'],
  ['Income', 'income'],
  ['Work hours', 'workHours'],
  ['Address 1', 'address1'],
  ['Address 2', 'address2'],
  ['ZIP', 'zip'],
  ['City', 'city'],
  ['State', 'state'],
  ['Office phone', 'officePhone'],
  ['Home phone', 'homePhone'],
  ['Cell phone', 'cellPhone'],
] as const satisfies ReadonlyArray<readonly [string, keyof NewEmployee, OptionType?]>;

export const CENSUS_HEADINGS: readonly string[] = CENSUS_COLUMNS.map((c) => c[0]);
/** The headings a file must have; the others may be left out. */
export const CENSUS_REQUIRED_HEADINGS: readonly string[] = ['First name', 'Last name', 'Email', 'Access group', 'Employment status', 'Hire date'];

export const CensusImportMessages = {
  duplicateEmail: 'Another row of the file has this email',
  emailTaken: 'This email is already used by another account',
  noRows: 'The file has no employees',
  tooManyRows: (max: number) => `A file may add at most ${max} employees`,
} as const;

export const CENSUS_MAX_ROWS = 20_000;

export type CensusRow = NewEmployee & { sheetRow: number };
export type CensusResult = { ok: true; rows: CensusRow[] } | { ok: false; issues: ImportIssue[] };

/** An option's id from its text (any case) or its id; the text as given when it names none (the schema says why). */
function optionValue(type: OptionType, text: string): string {
  const t = text.trim().toLowerCase();
  const found = OPTION_LISTS[type].find((o) => o.text.toLowerCase() === t || String(o.id) === t);
  return found ? String(found.id) : text;
}

/** A census row's cells as Add New Employee's fields (welcome email and onboarding are chosen for the whole file). */
export function censusFields(row: SheetRow): Record<string, string | boolean> {
  const out: Record<string, string | boolean> = { sendEmail: false };
  for (const [heading, field, list] of CENSUS_COLUMNS as ReadonlyArray<readonly [string, string, OptionType?]>) {
    const v = row.cells[heading];
    if (v === undefined || v.trim() === '') continue;
    out[field] = list ? optionValue(list, v) : v;
  }
  return out;
}

const HEADING_OF: Record<string, string> = Object.fromEntries(CENSUS_COLUMNS.map(([h, f]) => [f, h]));

/** Every row checked as Add New Employee checks it, and the file's own rule: one row per email. */
export function parseCensus(workbook: ReadWorkbook): CensusResult {
  const issues = new IssueList(workbook);
  // Only the headings a row needs are required; the read sheet names the rest.
  if (!checkLayout(workbook, [[CENSUS_SHEET, CENSUS_REQUIRED_HEADINGS]], issues)) return { ok: false, issues: issues.sorted([CENSUS_SHEET]) };
  const rows = workbook[CENSUS_SHEET]!.rows;
  if (rows.length === 0) issues.add(CENSUS_SHEET, 2, 'First name', CensusImportMessages.noRows);
  if (rows.length > CENSUS_MAX_ROWS) issues.add(CENSUS_SHEET, CENSUS_MAX_ROWS + 2, 'First name', CensusImportMessages.tooManyRows(CENSUS_MAX_ROWS));
  const out: CensusRow[] = [];
  const emails = new Map<string, number>();
  for (const r of rows) {
    const parsed = ZNewEmployee.safeParse(censusFields(r));
    if (!parsed.success) {
      const seen = new Set<string>();
      for (const i of parsed.error.issues) {
        const heading = HEADING_OF[String(i.path[0])] ?? String(i.path[0]);
        if (seen.has(heading)) continue;
        seen.add(heading);
        issues.add(CENSUS_SHEET, r.row, heading, i.message);
      }
      continue;
    }
    const email = parsed.data.email.toLowerCase();
    if (emails.has(email)) {
      issues.add(CENSUS_SHEET, r.row, 'Email', CensusImportMessages.duplicateEmail);
      continue;
    }
    emails.set(email, r.row);
    out.push({ ...parsed.data, sheetRow: r.row });
  }
  if (issues.issues.length > 0) return { ok: false, issues: issues.sorted([CENSUS_SHEET]) };
  return { ok: true, rows: out };
}

export const ZCensusPreviewRow = z.object({ row: z.number().int(), firstName: z.string(), lastName: z.string(), email: z.string(), hireDate: z.string() });
