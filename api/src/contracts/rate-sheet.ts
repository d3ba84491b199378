import { z } from 'zod';
import { ZFileIssue } from './common';
import { ContributionEngine, FSA_ACCOUNTS, FSA_ACCOUNT_NAMES, type EmployerContribution, type FsaAccount, type PricingPlan, type RatePeriod, type RateRow, type RateType } from './engine/contribution-engine';
import { centsToDecimal, parseMoney } from './engine/money';
import { DENTAL_TYPES, PLAN_TYPE_NAMES, PlanTypeIds, VISION_TYPES, isPlanTypeId, type PlanTypeId } from './engine/plan-types';
import { TIER_OPTIONS, type Tier, type TierStructure } from './engine/tiers';
import { isValidUsDate, toIsoDate } from './formats';
import type { PlanBenefits } from './plans';

/**
 * The rate sheet: one xlsx workbook describing a plan year's plans, read cell by cell into
 * text (the server's reader) and checked here, row by row (zod) and across rows. Every problem names its
 * sheet, row, column and reason; a sheet with any problem imports nothing. Framework-free: the API, the
 * template and the site read the same layout and messages.
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

export const RATE_SHEET_NAMES = {
  planYear: 'Plan year',
  plans: 'Plans',
  rates: 'Rates',
  voluntaryLife: 'Voluntary life',
  fsa: 'FSA',
  hsa: 'HSA',
  hra: 'HRA',
} as const;

/** Column headings per sheet, in the template's order (the reader finds them by heading, in any order). */
export const RATE_SHEET_COLUMNS = {
  planYear: ['Plan year starts', 'Plan year ends'],
  plans: [
    'Plan name',
    'Plan type',
    'Carrier',
    'Policy number',
    'SBC file name',
    'Tiers',
    'Rate period',
    'Employer contribution',
    'Employer employee only',
    'Employer + spouse',
    'Employer + children',
    'Employer family',
    'Waiting period (days)',
    'Minimum work hours',
    'Dependent age limit',
    'HSA qualified',
    'HSA plan',
    'Benefit amount',
    'Guaranteed issue',
    'Maximum benefit',
    'Benefit period',
  ],
  rates: ['Plan name', 'Tier', 'Minimum age', 'Maximum age', 'Monthly rate'],
  voluntaryLife: ['Plan name', 'Member', 'Minimum', 'Maximum', 'Increment', 'Guaranteed issue', 'Percent of employee amount', 'Child amounts', 'Age reductions'],
  fsa: ['Plan name', 'Account', 'Employee annual limit', 'Employer contribution'],
  hsa: ['Plan name', 'Single limit', 'Family limit', 'Catch-up', 'Employer single', 'Employer family'],
  hra: ['Plan name', 'Single amount', 'Family amount'],
} as const satisfies Record<keyof typeof RATE_SHEET_NAMES, readonly string[]>;

/** "Tiers" values: the tier structures by their tiers' names. */
export const TIERS_VALUES: Record<string, TierStructure> = {
  'Single / Family': 2,
  'Employee only / +1 / +2': 3,
  'Single / Husband/Wife / Parent/Child / Family': 4,
};
export const RATE_PERIOD_VALUES: Record<string, RatePeriod> = { Monthly: 'monthly', 'Per paycheck': 'pay_period' };
export const EMPLOYER_CONTRIBUTION_VALUES = ['None', 'Amount', 'Percent', 'Employer paid'] as const;
export const MEMBER_VALUES = { Employee: 1, Spouse: 2, Child: 3 } as const;
export const BENEFIT_PERIOD_VALUES = ['week', 'month'] as const;
const EMPLOYER_TIER_COLUMNS = ['Employer employee only', 'Employer + spouse', 'Employer + children', 'Employer family'] as const;

const DISABILITY_TYPES: readonly number[] = [PlanTypeIds.STD, PlanTypeIds.LTD, PlanTypeIds.StateStd, PlanTypeIds.VoluntarySTD, PlanTypeIds.VoluntaryLTD];
const LIFE_TYPES: readonly number[] = [PlanTypeIds.Life, PlanTypeIds.ADD, PlanTypeIds.VoluntaryADD];

// ---------------------------------------------------------------------------------------------------------
// Cell parsers: text in, a value or the cell's message out. Blank is absent (undefined).

const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const choice = <T>(values: Record<string, T>, message?: string) =>
  z.preprocess(
    blank,
    z.string({ error: ImportMessages.required }).transform((v, ctx) => {
      const key = Object.keys(values).find((k) => k.toLowerCase() === v.trim().toLowerCase());
      if (key === undefined) {
        ctx.addIssue({ code: 'custom', message: message ?? ImportMessages.oneOf(Object.keys(values)) });
        return z.NEVER;
      }
      return values[key]!;
    }),
  );
const optionalChoice = <T>(values: Record<string, T>) => z.preprocess(blank, choice(values).optional());
const money = z.string({ error: ImportMessages.required }).transform((v, ctx) => {
  const cents = parseMoney(v);
  if (cents === null || cents < 0) {
    ctx.addIssue({ code: 'custom', message: ImportMessages.notAmount });
    return z.NEVER;
  }
  return cents;
});
const requiredMoney = z.preprocess(blank, money);
const optionalMoney = z.preprocess(blank, money.optional());
const whole = (min: number, max: number) =>
  z.string({ error: ImportMessages.required }).transform((v, ctx) => {
    const n = /^\s*\d{1,6}\s*$/.test(v) ? Number(v) : NaN;
    if (!Number.isInteger(n) || n < min || n > max) {
      ctx.addIssue({ code: 'custom', message: ImportMessages.notWholeNumber });
      return z.NEVER;
    }
    return n;
  });
const percent = z.string().transform((v, ctx) => {
  const n = /^\s*\d{1,3}\s*%?\s*$/.test(v) ? Number(v.replace('%', '')) : NaN;
  if (!(n >= 0 && n <= 100)) {
    ctx.addIssue({ code: 'custom', message: ImportMessages.notPercent });
    return z.NEVER;
  }
  return n;
});
const usDate = z.preprocess(
  blank,
  z.string({ error: ImportMessages.required }).transform((v, ctx) => {
    if (!isValidUsDate(v.trim())) {
      ctx.addIssue({ code: 'custom', message: ImportMessages.notDate });
      return z.NEVER;
    }
    return toIsoDate(v.trim())!;
  }),
);
const yesNo = z.preprocess(blank, choice({ Yes: true, No: false, Y: true, N: false }, ImportMessages.notYesNo).optional());
const name = z.preprocess(blank, z.string({ error: ImportMessages.required }).trim().max(200));
const optionalText = (max: number) => z.preprocess(blank, z.string().trim().max(max).optional());

const planTypeByName: Record<string, PlanTypeId> = Object.fromEntries(Object.entries(PLAN_TYPE_NAMES).map(([id, n]) => [n, Number(id) as PlanTypeId]));

export const ZPlanYearRow = z.object({ 'Plan year starts': usDate, 'Plan year ends': usDate });

export const ZPlanRow = z.object({
  'Plan name': name,
  'Plan type': z.preprocess((v) => {
    // A type may be named ('Group Medical') or given by its id (1).
    const b = blank(v);
    if (typeof b === 'string' && /^\s*\d+\s*$/.test(b) && isPlanTypeId(Number(b))) return PLAN_TYPE_NAMES[Number(b) as PlanTypeId];
    return b;
  }, choice(planTypeByName)),
  Carrier: optionalText(200),
  'Policy number': optionalText(100),
  'SBC file name': optionalText(200),
  Tiers: optionalChoice(TIERS_VALUES),
  'Rate period': optionalChoice(RATE_PERIOD_VALUES),
  'Employer contribution': z.preprocess(blank, choice(Object.fromEntries(EMPLOYER_CONTRIBUTION_VALUES.map((v) => [v, v]))).optional()),
  'Employer employee only': optionalText(20),
  'Employer + spouse': optionalText(20),
  'Employer + children': optionalText(20),
  'Employer family': optionalText(20),
  'Waiting period (days)': z.preprocess(blank, whole(0, 365).optional()),
  'Minimum work hours': z.preprocess(blank, whole(0, 168).optional()),
  'Dependent age limit': z.preprocess(blank, whole(1, 99).optional()),
  'HSA qualified': yesNo,
  'HSA plan': optionalText(200),
  'Benefit amount': optionalMoney,
  'Guaranteed issue': optionalMoney,
  'Maximum benefit': optionalMoney,
  'Benefit period': z.preprocess(blank, choice({ week: 'week' as const, month: 'month' as const }).optional()),
});
export type PlanRow = z.output<typeof ZPlanRow>;

export const ZRateRow = z.object({
  'Plan name': name,
  Tier: z.preprocess(blank, z.string({ error: ImportMessages.required }).trim()),
  'Minimum age': z.preprocess(blank, whole(0, 150).optional()),
  'Maximum age': z.preprocess(blank, whole(0, 150).optional()),
  'Monthly rate': requiredMoney,
});

const reductionsText = z.string().transform((v, ctx) => {
  const pairs = v.split(/[,;]/).map((p) => p.trim()).filter(Boolean);
  const out: { age: number; percent: number }[] = [];
  for (const p of pairs) {
    const m = /^(\d{1,3})\s*:\s*(\d{1,3})\s*%?$/.exec(p);
    if (!m || Number(m[1]) > 120 || Number(m[2]) > 100) {
      ctx.addIssue({ code: 'custom', message: ImportMessages.reductions });
      return z.NEVER;
    }
    out.push({ age: Number(m[1]), percent: Number(m[2]) });
  }
  return out.sort((a, b) => a.age - b.age);
});
const amountsText = z.string().transform((v, ctx) => {
  const cents = v.split(/[;,]\s+|;/).map((p) => parseMoney(p.trim()));
  if (cents.some((c) => c === null || c <= 0)) {
    ctx.addIssue({ code: 'custom', message: ImportMessages.childAmounts });
    return z.NEVER;
  }
  return (cents as number[]).sort((a, b) => a - b);
});

export const ZVoluntaryLifeRow = z.object({
  'Plan name': name,
  Member: choice(MEMBER_VALUES),
  Minimum: optionalMoney,
  Maximum: optionalMoney,
  Increment: optionalMoney,
  'Guaranteed issue': requiredMoney,
  'Percent of employee amount': z.preprocess(blank, percent.optional()),
  'Child amounts': z.preprocess(blank, amountsText.optional()),
  'Age reductions': z.preprocess(blank, reductionsText.optional()),
});

const accountByName: Record<string, FsaAccount> = Object.fromEntries(FSA_ACCOUNTS.map((a) => [FSA_ACCOUNT_NAMES[a], a]));
export const ZFsaRow = z.object({ 'Plan name': name, Account: choice(accountByName), 'Employee annual limit': requiredMoney, 'Employer contribution': optionalMoney });
export const ZHsaRow = z.object({
  'Plan name': name,
  'Single limit': requiredMoney,
  'Family limit': requiredMoney,
  'Catch-up': optionalMoney,
  'Employer single': optionalMoney,
  'Employer family': optionalMoney,
});
export const ZHraRow = z.object({ 'Plan name': name, 'Single amount': requiredMoney, 'Family amount': requiredMoney });

// ---------------------------------------------------------------------------------------------------------
// The result: plans ready for the plans module to write.

export interface ImportedPlan {
  /** The Plans sheet's row, for the preview to point back at. */
  sheetRow: number;
  name: string;
  planTypeId: PlanTypeId;
  carrier: string | null;
  policyNumber: string | null;
  sbcFileName: string | null;
  tierStructure: TierStructure;
  rateType: RateType;
  ratePeriod: RatePeriod;
  /** 2: employer paid. */
  contributionType: 1 | 2;
  employerContribution: EmployerContribution;
  waitingPeriodDays: number;
  minWorkHours: number | null;
  dependentMaxAge: number | null;
  hsaPlanName: string | null;
  benefitAmountCents: number | null;
  guaranteedAmountCents: number | null;
  benefits: PlanBenefits;
  rates: RateRow[];
}

export interface RateSheet {
  planYear: { start: string; end: string };
  plans: ImportedPlan[];
}

export type RateSheetResult = { ok: true; sheet: RateSheet } | { ok: false; issues: ImportIssue[] };

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

const RATE_SHEET_ORDER = Object.values(RATE_SHEET_NAMES) as string[];
const RATE_LAYOUT = (Object.keys(RATE_SHEET_NAMES) as Array<keyof typeof RATE_SHEET_NAMES>).map((k) => [RATE_SHEET_NAMES[k], RATE_SHEET_COLUMNS[k]] as const);
/** Sheets a plan line-up without such plans may leave out. */
const OPTIONAL_SHEETS: readonly string[] = [RATE_SHEET_NAMES.voluntaryLife, RATE_SHEET_NAMES.fsa, RATE_SHEET_NAMES.hsa, RATE_SHEET_NAMES.hra];

function benefitKind(type: PlanTypeId): PlanBenefits['kind'] {
  if (type === PlanTypeIds.Medical) return 'medical';
  if (DENTAL_TYPES.includes(type)) return 'dental';
  if (VISION_TYPES.includes(type)) return 'vision';
  if (LIFE_TYPES.includes(type)) return 'life';
  if (DISABILITY_TYPES.includes(type)) return 'disability';
  if (type === PlanTypeIds.VoluntaryLife) return 'voluntaryLife';
  if (type === PlanTypeIds.FSA) return 'fsa';
  if (type === PlanTypeIds.HSA) return 'hsa';
  if (type === PlanTypeIds.HRA) return 'hra';
  return 'custom';
}

const nulls = <K extends string>(keys: readonly K[]): Record<K, null> => Object.fromEntries(keys.map((k) => [k, null])) as Record<K, null>;
const MEDICAL_TEXT = ['inDeductible', 'inCoinsurance', 'inMoop', 'inPcpCopay', 'inSpecialistCopay', 'inHospitalCopay', 'inEmergency', 'inLaboratory', 'inXray', 'inImaging', 'outDeductible', 'outCoinsurance', 'outMoop', 'outUcrLevel', 'rxRetail', 'rxRetailGeneric', 'rxRetailPreferred', 'rxRetailNonpreferred', 'rxRetailDeductible', 'rxMailOrderGeneric', 'rxMailOrderPreferred', 'rxMailOrderNonpreferred', 'rxMailOrderDeductible'] as const;
const DENTAL_TEXT = ['deductibleSingleIn', 'deductibleSingleOut', 'deductibleFamilyIn', 'deductibleFamilyOut', 'annualMaxIn', 'annualMaxOut', 'diagnosticIn', 'diagnosticOut', 'basicIn', 'basicOut', 'basicWait', 'majorIn', 'majorOut', 'majorWait', 'periodonticsIn', 'periodonticsOut', 'periodonticsWait', 'endodonticsIn', 'endodonticsOut', 'endodonticsWait', 'orthoIn', 'orthoOut', 'orthoWait', 'orthoMaxIn', 'orthoMaxOut', 'orthoMaxType'] as const;
const VISION_TEXT = ['examFrequency', 'examCopay', 'examAllowanceIn', 'examAllowanceOut', 'examDeductible', 'lensesFrequency', 'lensesCopay', 'lensesAllowanceIn', 'lensesAllowanceOut', 'lensesDeductible', 'framesFrequency', 'framesCopay', 'framesAllowanceIn', 'framesAllowanceOut', 'framesDeductible', 'contactsFrequency', 'contactsCopay', 'contactsAllowanceIn', 'contactsAllowanceOut', 'contactsDeductible'] as const;

const dec = (cents: number | undefined) => centsToDecimal(cents ?? 0);

/**
 * Reads a workbook's text into the plans of one plan year, or every problem it has. Row checks first
 * (each cell's format), then the rules across rows (names that must match, a rate per tier, one HSA row).
 */
export function parseRateSheet(workbook: ReadWorkbook): RateSheetResult {
  const issues = new IssueList(workbook);
  if (!checkLayout(workbook, RATE_LAYOUT, issues, OPTIONAL_SHEETS)) return { ok: false, issues: issues.sorted(RATE_SHEET_ORDER) };
  const rows = (sheet: string) => workbook[sheet]?.rows ?? [];
  const S = RATE_SHEET_NAMES;

  // Plan year: exactly one row.
  const yearRows = rows(S.planYear);
  let planYear: { start: string; end: string } | null = null;
  if (yearRows.length !== 1) issues.add(S.planYear, yearRows[1]?.row ?? 2, 'Plan year starts', ImportMessages.planYearRows);
  else {
    const y = issues.parse(S.planYear, ZPlanYearRow, yearRows[0]!);
    if (y) {
      const limit = `${Number(y['Plan year starts'].slice(0, 4)) + 1}${y['Plan year starts'].slice(4)}`;
      if (y['Plan year ends'] <= y['Plan year starts'] || y['Plan year ends'] >= limit) issues.add(S.planYear, yearRows[0]!.row, 'Plan year ends', ImportMessages.planYearEnd);
      else planYear = { start: y['Plan year starts'], end: y['Plan year ends'] };
    }
  }

  // Plans: each row alone, then names unique.
  interface Draft {
    row: number;
    p: PlanRow;
    structure: TierStructure;
  }
  const plans = new Map<string, Draft>();
  const key = (n: string) => n.trim().toLowerCase();
  for (const r of rows(S.plans)) {
    const p = issues.parse(S.plans, ZPlanRow, r);
    if (!p) continue;
    if (plans.has(key(p['Plan name']))) {
      issues.add(S.plans, r.row, 'Plan name', ImportMessages.duplicatePlan);
      continue;
    }
    const type = p['Plan type'];
    const structure: TierStructure = type === PlanTypeIds.VoluntaryLife ? 5 : (p.Tiers ?? (type === PlanTypeIds.HSA ? 4 : 2));
    plans.set(key(p['Plan name']), { row: r.row, p, structure });
  }
  const planOf = (sheet: string, r: SheetRow, kinds: readonly PlanBenefits['kind'][] | null): Draft | null => {
    const n = r.cells['Plan name']?.trim() ?? '';
    if (n === '') return null;
    const d = plans.get(key(n));
    if (!d) {
      // A row whose plan failed its own checks is not a second problem.
      if (!rows(S.plans).some((x) => key(x.cells['Plan name'] ?? '') === key(n))) issues.add(sheet, r.row, 'Plan name', ImportMessages.unknownPlan);
      return null;
    }
    if (kinds && !kinds.includes(benefitKind(d.p['Plan type']))) {
      issues.add(sheet, r.row, 'Plan name', ImportMessages.wrongKind(sheet));
      return null;
    }
    return d;
  };

  // A plan with a refused row elsewhere is not also told that the row is missing.
  const refused = new Set<string>();
  const noting = (r: SheetRow, work: () => void) => {
    const before = issues.issues.length;
    work();
    if (issues.issues.length > before) refused.add(key(r.cells['Plan name'] ?? ''));
  };

  // Rates: by plan; tiers named in the plan's structure; voluntary life by member.
  const rates = new Map<string, Array<RateRow & { sheetRow: number; aged: boolean }>>();
  const RATED: PlanBenefits['kind'][] = ['medical', 'dental', 'vision', 'life', 'disability', 'voluntaryLife', 'custom'];
  for (const r of rows(S.rates)) noting(r, () => {
    const parsed = issues.parse(S.rates, ZRateRow, r);
    const d = planOf(S.rates, r, RATED);
    if (!parsed || !d) return;
    const allowed = d.structure === 5 ? Object.keys(MEMBER_VALUES) : TIER_OPTIONS[d.structure].map((o) => o.label);
    const tierText = parsed.Tier.toLowerCase();
    const tier =
      d.structure === 5
        ? (Object.entries(MEMBER_VALUES).find(([k]) => k.toLowerCase() === tierText)?.[1] ?? null)
        : (TIER_OPTIONS[d.structure].find((o) => o.label.toLowerCase() === tierText || String(o.value) === tierText)?.value ?? null);
    if (tier === null) {
      issues.add(S.rates, r.row, 'Tier', ImportMessages.notATier(allowed));
      return;
    }
    const minAge = parsed['Minimum age'];
    const maxAge = parsed['Maximum age'];
    if (minAge !== undefined && maxAge !== undefined && maxAge < minAge) {
      issues.add(S.rates, r.row, 'Maximum age', ImportMessages.agesOrder);
      return;
    }
    const list = rates.get(key(d.p['Plan name'])) ?? [];
    const row = { tier, minAge: minAge ?? 0, maxAge: maxAge ?? 150, costCents: parsed['Monthly rate'], sheetRow: r.row, aged: minAge !== undefined || maxAge !== undefined };
    if (list.some((o) => o.tier === row.tier && o.minAge <= row.maxAge && row.minAge <= o.maxAge)) {
      issues.add(S.rates, r.row, 'Tier', ImportMessages.duplicateRate);
      return;
    }
    list.push(row);
    rates.set(key(d.p['Plan name']), list);
  });

  // Voluntary life members.
  const members = new Map<string, Map<number, { row: number; v: z.output<typeof ZVoluntaryLifeRow> }>>();
  for (const r of rows(S.voluntaryLife)) noting(r, () => {
    const v = issues.parse(S.voluntaryLife, ZVoluntaryLifeRow, r);
    const d = planOf(S.voluntaryLife, r, ['voluntaryLife']);
    if (!v || !d) return;
    const m = members.get(key(d.p['Plan name'])) ?? new Map();
    if (m.has(v.Member)) {
      issues.add(S.voluntaryLife, r.row, 'Member', ImportMessages.duplicateMember);
      return;
    }
    if (v.Member !== 3) {
      if (v.Minimum === undefined || v.Maximum === undefined || v.Increment === undefined) {
        for (const c of ['Minimum', 'Maximum', 'Increment'] as const) if (v[c] === undefined) issues.add(S.voluntaryLife, r.row, c, ImportMessages.required);
        return;
      }
      if (v.Maximum < v.Minimum || v.Increment <= 0) {
        issues.add(S.voluntaryLife, r.row, 'Maximum', ImportMessages.memberRange);
        return;
      }
    } else if (!v['Child amounts']?.length) {
      issues.add(S.voluntaryLife, r.row, 'Child amounts', ImportMessages.childAmounts);
      return;
    }
    if (v.Member !== 1 && v['Percent of employee amount'] === undefined) {
      issues.add(S.voluntaryLife, r.row, 'Percent of employee amount', ImportMessages.percentNeeded);
      return;
    }
    m.set(v.Member, { row: r.row, v });
    members.set(key(d.p['Plan name']), m);
  });

  // Accounts.
  const fsa = new Map<string, Partial<Record<FsaAccount, { ee: number; er: number }>>>();
  for (const r of rows(S.fsa)) noting(r, () => {
    const v = issues.parse(S.fsa, ZFsaRow, r);
    const d = planOf(S.fsa, r, ['fsa']);
    if (!v || !d) return;
    const accounts = fsa.get(key(d.p['Plan name'])) ?? {};
    if (accounts[v.Account]) {
      issues.add(S.fsa, r.row, 'Account', ImportMessages.duplicateAccount);
      return;
    }
    if ((v['Employer contribution'] ?? 0) > v['Employee annual limit']) {
      issues.add(S.fsa, r.row, 'Employer contribution', ImportMessages.employerOverLimit);
      return;
    }
    accounts[v.Account] = { ee: v['Employee annual limit'], er: v['Employer contribution'] ?? 0 };
    fsa.set(key(d.p['Plan name']), accounts);
  });
  const single = <S extends z.ZodType>(sheet: string, schema: S, kind: PlanBenefits['kind']) => {
    const out = new Map<string, z.output<S>>();
    const seen = new Set<string>();
    for (const r of rows(sheet)) {
      const v = issues.parse(sheet, schema, r);
      const d = planOf(sheet, r, [kind]);
      if (!d) continue;
      const k = key(d.p['Plan name']);
      if (seen.has(k)) {
        issues.add(sheet, r.row, 'Plan name', ImportMessages.oneRowNeeded(sheet));
        continue;
      }
      seen.add(k);
      if (v) out.set(k, v);
    }
    return { out, seen };
  };
  const hsa = single(S.hsa, ZHsaRow, 'hsa');
  const hra = single(S.hra, ZHraRow, 'hra');

  // Each plan whole: its rates per tier, employer shares, its kind's rows.
  const result: ImportedPlan[] = [];
  for (const [k, d] of plans) {
    const p = d.p;
    const type = p['Plan type'];
    const kind = benefitKind(type);
    const at = (column: string, message: string) => issues.add(S.plans, d.row, column, message);
    const planRates = rates.get(k) ?? [];
    // Its refused rows were reported already: what they leave missing is not a second problem.
    const told = refused.has(k);
    let ok = !told;
    let rateType: RateType = 0;
    if (kind === 'voluntaryLife') {
      rateType = 2;
      if (!told && !members.get(k)?.has(1)) {
        at('Plan name', ImportMessages.noVoluntaryLife);
        ok = false;
      }
      if (!told && !planRates.some((r) => r.tier === 1)) {
        at('Plan name', ImportMessages.missingTierRate('Employee'));
        ok = false;
      }
    } else if (!['fsa', 'hsa', 'hra'].includes(kind)) {
      const aged = planRates.filter((r) => r.aged).length;
      if (aged > 0 && aged < planRates.length) {
        issues.add(S.rates, planRates.find((r) => !r.aged)!.sheetRow, 'Minimum age', ImportMessages.agesMixed);
        ok = false;
      }
      rateType = aged > 0 ? 1 : 0;
      if (told) {
        // Nothing more to say about this plan's rates.
      } else if (planRates.length === 0) {
        at('Plan name', ImportMessages.noRates);
        ok = false;
      } else if (kind === 'medical' || kind === 'dental' || kind === 'vision') {
        // Each tier the structure offers needs a price; other kinds may price only the employee.
        for (const o of TIER_OPTIONS[d.structure]) {
          if (!planRates.some((r) => r.tier === o.value)) {
            at('Tiers', ImportMessages.missingTierRate(o.label));
            ok = false;
          }
        }
      }
    }

    // Employer contribution by tier (amount per rate period, or percent of the premium).
    const erKind = p['Employer contribution'] ?? 'None';
    let employerContribution: EmployerContribution = { kind: 'none', perTier: {} };
    if (erKind === 'Amount' || erKind === 'Percent') {
      const perTier: EmployerContribution['perTier'] = {};
      for (const o of TIER_OPTIONS[d.structure === 5 ? 2 : d.structure]) {
        const column = EMPLOYER_TIER_COLUMNS[o.value - 1]!;
        const raw = p[column];
        if (raw === undefined) {
          at(column, ImportMessages.employerAmountMissing(o.label));
          ok = false;
          continue;
        }
        const value = erKind === 'Amount' ? parseMoney(raw) : /^\s*\d{1,3}\s*%?\s*$/.test(raw) ? Number(raw.replace('%', '')) : null;
        if (value === null || value < 0 || (erKind === 'Percent' && value > 100)) {
          at(column, erKind === 'Amount' ? ImportMessages.notAmount : ImportMessages.notPercent);
          ok = false;
          continue;
        }
        perTier[String(o.value) as '1'] = value;
      }
      employerContribution = { kind: erKind === 'Amount' ? 'amount' : 'percent', perTier };
    }

    // HSA pairing of a medical plan.
    const hsaName = p['HSA plan'] ?? null;
    if (hsaName !== null) {
      const target = plans.get(key(hsaName));
      if (kind !== 'medical' || !target || target.p['Plan type'] !== PlanTypeIds.HSA) {
        at('HSA plan', ImportMessages.hsaPlan);
        ok = false;
      } else if (!p['HSA qualified']) {
        at('HSA qualified', ImportMessages.hsaNotQualified);
        ok = false;
      }
    }

    let benefits: PlanBenefits | null = null;
    switch (kind) {
      case 'medical':
        benefits = { kind, hsaQualified: p['HSA qualified'] ?? false, hraEligible: false, outOfNetwork: true, ...nulls(MEDICAL_TEXT) };
        break;
      case 'dental':
        benefits = { kind, ...nulls(DENTAL_TEXT) };
        break;
      case 'vision':
        benefits = { kind, ...nulls(VISION_TEXT) };
        break;
      case 'life':
        benefits = { kind, lifeType: null };
        break;
      case 'disability':
        if (p['Maximum benefit'] === undefined) {
          at('Maximum benefit', ImportMessages.maxBenefitNeeded);
          ok = false;
        } else benefits = { kind, eliminationPeriod: null, benefitPercentage: null, maxAmount: dec(p['Maximum benefit']), benefitPeriod: p['Benefit period'] ?? (type === PlanTypeIds.LTD || type === PlanTypeIds.VoluntaryLTD ? 'month' : 'week') };
        break;
      case 'voluntaryLife': {
        const m = members.get(k);
        const e = m?.get(1)?.v;
        if (e) {
          const member = (v: typeof e) => ({ min: dec(v.Minimum), max: dec(v.Maximum), increment: dec(v.Increment), guaranteedIssue: dec(v['Guaranteed issue']) });
          const s = m!.get(2)?.v;
          const c = m!.get(3)?.v;
          benefits = {
            kind,
            portability: '1',
            conversion: '1',
            employee: member(e),
            spouse: s ? { ...member(s), percent: s['Percent of employee amount'] ?? 0 } : null,
            child: c ? { percent: c['Percent of employee amount'] ?? 0, amounts: (c['Child amounts'] ?? []).map(dec), guaranteedIssue: dec(c['Guaranteed issue']) } : null,
            reductions: e['Age reductions'] ?? [],
          };
        }
        break;
      }
      case 'fsa': {
        const a = fsa.get(k);
        if (!a || Object.keys(a).length === 0) {
          if (!told) at('Plan name', ImportMessages.noAccounts);
          ok = false;
        } else {
          const acc = (x: FsaAccount) => ({ enabled: a[x] !== undefined, eeLimit: dec(a[x]?.ee), erAmount: dec(a[x]?.er) });
          benefits = { kind, accounts: { med: acc('med'), dep: acc('dep'), tra: acc('tra'), park: acc('park') }, fsaGracePeriod: null, fsaRollover: null };
        }
        break;
      }
      case 'hsa': {
        const h = hsa.out.get(k);
        if (!hsa.seen.has(k)) {
          at('Plan name', ImportMessages.oneRowNeeded(S.hsa));
          ok = false;
        } else if (h && planYear) {
          benefits = { kind, planYear: Number(planYear.start.slice(0, 4)), singleLimit: dec(h['Single limit']), familyLimit: dec(h['Family limit']), catchup: dec(h['Catch-up']) };
          // The employer's yearly HSA deposit by medical tier: single for employee only, family for the rest.
          const fam = h['Employer family'] ?? 0;
          if ((h['Employer single'] ?? 0) > 0 || fam > 0) employerContribution = { kind: 'amount', perTier: { '1': h['Employer single'] ?? 0, '2': fam, '3': fam, '4': fam } };
        }
        break;
      }
      case 'hra': {
        const h = hra.out.get(k);
        if (!hra.seen.has(k)) {
          at('Plan name', ImportMessages.oneRowNeeded(S.hra));
          ok = false;
        } else if (h) benefits = { kind, singleAmount: dec(h['Single amount']), familyAmount: dec(h['Family amount']), description: null };
        break;
      }
      case 'custom':
        benefits = { kind };
        break;
    }
    if (!ok || benefits === null) continue;
    result.push({
      sheetRow: d.row,
      name: p['Plan name'],
      planTypeId: type,
      carrier: p.Carrier ?? null,
      policyNumber: p['Policy number'] ?? null,
      sbcFileName: p['SBC file name'] ?? null,
      tierStructure: d.structure,
      rateType,
      ratePeriod: p['Rate period'] ?? 'monthly',
      // HRA money is the employer's by nature; 'Employer paid' makes any plan free to the employee.
      contributionType: erKind === 'Employer paid' || kind === 'hra' ? 2 : 1,
      employerContribution,
      waitingPeriodDays: p['Waiting period (days)'] ?? 0,
      minWorkHours: p['Minimum work hours'] ?? null,
      dependentMaxAge: p['Dependent age limit'] ?? null,
      hsaPlanName: hsaName,
      benefitAmountCents: p['Benefit amount'] ?? null,
      guaranteedAmountCents: p['Guaranteed issue'] ?? null,
      benefits,
      rates: planRates.map(({ tier, minAge, maxAge, costCents }) => ({ tier, minAge, maxAge, costCents })).sort((a, b) => a.tier - b.tier || a.minAge - b.minAge),
    });
  }
  if (plans.size === 0 && rows(S.plans).length === 0) issues.add(S.plans, 2, 'Plan name', ImportMessages.required);
  if (issues.issues.length > 0 || planYear === null) return { ok: false, issues: issues.sorted(RATE_SHEET_ORDER) };
  return { ok: true, sheet: { planYear, plans: result } };
}

// ---------------------------------------------------------------------------------------------------------
// Preview: what the plans will cost a sample employee, priced by the contribution engine.

export const ZPreviewTier = z.object({
  tier: z.number().int().nullable(),
  label: z.string(),
  /** Per paycheck. */
  premium: z.string(),
  employer: z.string(),
  employee: z.string(),
  /** Per year. */
  employeeAnnual: z.string(),
  employerAnnual: z.string(),
  /** 'from' prices (voluntary life at the smallest amount, FSA and HSA nothing chosen). */
  from: z.boolean(),
});
export type PreviewTier = z.infer<typeof ZPreviewTier>;

export const ZPreviewPlan = z.object({
  row: z.number().int(),
  name: z.string(),
  planType: z.string(),
  planTypeId: z.number().int(),
  carrier: z.string().nullable(),
  sbcFileName: z.string().nullable(),
  tierStructure: z.number().int(),
  waitingPeriodDays: z.number().int(),
  minWorkHours: z.number().int().nullable(),
  dependentMaxAge: z.number().int().nullable(),
  employerPaid: z.boolean(),
  tiers: z.array(ZPreviewTier),
});
export type PreviewPlan = z.infer<typeof ZPreviewPlan>;

/** The sample employee the preview prices for (age for age-banded rates). */
export const PREVIEW_SAMPLE_AGE = 40;

export function pricingOfImported(p: Pick<ImportedPlan, 'tierStructure' | 'rateType' | 'ratePeriod' | 'contributionType' | 'employerContribution' | 'rates'>): PricingPlan {
  return { tierStructure: p.tierStructure, rateType: p.rateType, ratePeriod: p.ratePeriod, contributionType: p.contributionType, employerContribution: p.employerContribution, rates: p.rates };
}

/** Each plan at each of its tiers for an employee of `age` paid `payPeriods` times a year. */
export function previewPlans(sheet: RateSheet, payPeriods: number, age: number = PREVIEW_SAMPLE_AGE): PreviewPlan[] {
  const engine = new ContributionEngine(payPeriods);
  const money = centsToDecimal;
  return sheet.plans.map((p) => {
    const pricing = pricingOfImported(p);
    let tiers: PreviewTier[] = [];
    if (p.benefits.kind === 'voluntaryLife') {
      const b = p.benefits;
      const cents = (t: string) => parseMoney(t) ?? 0;
      const rules = { employee: { minCents: cents(b.employee.min), maxCents: cents(b.employee.max), incrementCents: cents(b.employee.increment), giCents: cents(b.employee.guaranteedIssue) }, spouse: null, child: null, reductions: b.reductions };
      const price = engine.voluntaryLifeFromPrice(pricing, rules, age);
      if (price) tiers = [{ tier: null, label: `Employee ${money(rules.employee.minCents)}`, premium: money(price.employeeCents), employer: '0.00', employee: money(price.employeeCents), employeeAnnual: money(price.annualEmployeeCents), employerAnnual: '0.00', from: true }];
    } else if (p.benefits.kind === 'fsa' || p.benefits.kind === 'hsa') {
      const price = engine.chosenAmountFromPrice();
      tiers = [{ tier: null, label: 'Amount the employee chooses', premium: '0.00', employer: '0.00', employee: money(price.employeeCents), employeeAnnual: money(price.annualEmployeeCents), employerAnnual: '0.00', from: true }];
    } else {
      tiers = TIER_OPTIONS[p.tierStructure].flatMap((o) => {
        const cost = engine.tierCost(pricing, o.value as Tier, age);
        if (!cost) return [];
        return [
          {
            tier: o.value,
            label: o.label,
            premium: money(cost.premiumCents),
            employer: money(cost.employerCents),
            employee: money(cost.employeeCents),
            employeeAnnual: money(cost.employeeCents * payPeriods),
            employerAnnual: money(cost.employerCents * payPeriods),
            from: false,
          },
        ];
      });
    }
    return {
      row: p.sheetRow,
      name: p.name,
      planType: PLAN_TYPE_NAMES[p.planTypeId],
      planTypeId: p.planTypeId,
      carrier: p.carrier,
      sbcFileName: p.sbcFileName,
      tierStructure: p.tierStructure,
      waitingPeriodDays: p.waitingPeriodDays,
      minWorkHours: p.minWorkHours,
      dependentMaxAge: p.dependentMaxAge,
      employerPaid: p.contributionType === 2,
      tiers,
    };
  });
}
