import { z } from 'zod';
import { ZFileIssue } from '../common';

/**
 * What an uploaded workbook is once read (sheets of text rows), the import messages, and the list that
 * collects each problem with its place. Shared by the rate sheet and the census import.
 */

/** One problem of an uploaded file: where (sheet, Excel row, column heading, cell) and why. */
export const ZImportIssue = ZFileIssue;
export type ImportIssue = z.infer<typeof ZImportIssue>;

/** A data row of a sheet as the reader gives it: its Excel row number and each column's text by heading. */
export interface SheetRow {
  row: number;
  cells: Record<string, string>;
}
/** A sheet as read: its headings in order (to name columns and cells) and its non-empty data rows. */
export interface ReadSheet {
  headings: string[];
  rows: SheetRow[];
}
export type ReadWorkbook = Record<string, ReadSheet>;

export const ImportMessages = {
  sheetMissing: 'This sheet is missing from the workbook',
  columnMissing: 'This column is missing from the heading row',
  required: 'Required',
  notAmount: 'Enter an amount such as 125.50',
  rateTooHigh: 'Enter a rate of $1,000,000.00 or less',
  notWholeNumber: 'Enter a whole number',
  notPercent: 'Enter a whole percent from 0 to 100',
  notDate: 'Enter a date as MM/DD/YYYY',
  notYesNo: 'Enter Yes or No',
  oneOf: (values: readonly string[]) => `Enter one of: ${values.join(', ')}`,
  planYearRows: 'Enter exactly one plan year',
  planYearEnd: 'The plan year must end after it starts, within a year',
  duplicatePlan: 'Another row already has a plan of this name',
  unknownPlan: 'No plan of this name on the Plans sheet',
  wrongKind: (sheet: string) => `This plan's type has no rows on the ${sheet} sheet`,
  noRates: 'The plan has no rates on the Rates sheet',
  missingTierRate: (tier: string) => `No rate for ${tier} on the Rates sheet`,
  notATier: (allowed: readonly string[]) => `Enter a tier of the plan's structure: ${allowed.join(', ')}`,
  duplicateRate: 'Another row already prices this tier and age band',
  agesMixed: "Give ages on every rate row of an age-banded plan, or on none",
  agesOrder: 'The maximum age is below the minimum age',
  employerAmountMissing: (tier: string) => `Enter the employer's share for ${tier}`,
  noVoluntaryLife: 'A voluntary life plan needs an Employee row on the Voluntary life sheet',
  duplicateMember: 'Another row already sets up this member',
  memberRange: 'The maximum is below the minimum, or the increment is not above 0',
  percentNeeded: 'Enter the percent of the employee amount for a spouse or child',
  childAmounts: 'Enter the child amounts as amounts separated by commas',
  reductions: 'Enter age reductions as age:percent pairs separated by commas, e.g. 65:35, 70:50',
  noAccounts: 'An FSA plan needs at least one account on the FSA sheet',
  duplicateAccount: 'Another row already sets up this account',
  oneRowNeeded: (sheet: string) => `The plan needs exactly one row on the ${sheet} sheet`,
  hsaPlan: 'Name an HSA plan of this sheet (its plan type must be HSA)',
  hsaNotQualified: 'Only an HSA-qualified medical plan can be paired with an HSA',
  employerOverLimit: 'The employer contribution is above the annual limit',
  maxBenefitNeeded: 'Enter the maximum benefit of a disability plan',
  notClean: 'The file has problems: nothing was imported',
  notAWorkbook: 'The file is not an xlsx workbook',
} as const;

/** Excel's column letters: 0 -> A, 26 -> AA. */
export function columnLetter(index: number): string {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/** Collects problems with their place; `cell` is the column's letter and the row (B7). */
export class IssueList {
  readonly issues: ImportIssue[] = [];
  constructor(private readonly workbook: ReadWorkbook) {}

  add(sheet: string, row: number, column: string, message: string): void {
    const index = this.workbook[sheet]?.headings.indexOf(column) ?? -1;
    this.issues.push({ sheet, row, column, cell: index >= 0 ? `${columnLetter(index)}${row}` : '', message });
  }

  /** Checks a row with its schema; answers the parsed row or null after noting each column's first problem. */
  parse<S extends z.ZodType>(sheet: string, schema: S, row: SheetRow): z.output<S> | null {
    const result = schema.safeParse(row.cells);
    if (result.success) return result.data;
    const seen = new Set<string>();
    for (const issue of result.error.issues) {
      const column = String(issue.path[0] ?? '');
      if (seen.has(column)) continue;
      seen.add(column);
      this.add(sheet, row.row, column, issue.message);
    }
    return null;
  }

  /** Problems in reading order: sheet as given, then row, then column. */
  sorted(order: readonly string[]): ImportIssue[] {
    const rank = (s: string) => (order.includes(s) ? order.indexOf(s) : order.length);
    return [...this.issues].sort((a, b) => rank(a.sheet) - rank(b.sheet) || a.row - b.row || a.cell.localeCompare(b.cell, 'en', { numeric: true }));
  }
}

/** Sheets and headings present: a missing sheet or column is one problem each, before any row is read. */
export function checkLayout(workbook: ReadWorkbook, layout: ReadonlyArray<readonly [string, readonly string[]]>, issues: IssueList, optionalSheets: readonly string[] = []): boolean {
  let ok = true;
  for (const [sheet, columns] of layout) {
    const read = workbook[sheet];
    if (!read) {
      if (!optionalSheets.includes(sheet)) {
        issues.add(sheet, 1, '', ImportMessages.sheetMissing);
        ok = false;
      }
      continue;
    }
    for (const c of columns) {
      if (!read.headings.includes(c)) {
        issues.add(sheet, 1, c, ImportMessages.columnMissing);
        ok = false;
      }
    }
  }
  return ok;
}
