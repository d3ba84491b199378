import { z } from 'zod';
import { addDays, isoToUs } from './engine/dates';
import { centsToDecimal } from './engine/money';
import { PLAN_TYPE_NAMES, PlanTypeIds, type PlanTypeId } from './engine/plan-types';
import { isValidUsDate, toIsoDate } from './formats';
import type { ColumnKind } from './report-columns';

/**
 * Payroll deductions per pay period and the signed changes behind them:
 * a deduction starts in the first pay period that BEGINS on or after the
 * coverage's effective date, so a change effective inside a pay period applies from the next pay period's
 * first day; it stops after the pay period in which coverage ends. Pure: the API, the workers and the tests
 * share these rules.
 */

export const PayrollMessages = {
  noPayPeriod: 'Enter the pay period as a date MM/DD/YYYY',
  exportMissing: "Sorry, we don't have this deduction file",
  invalidRange: 'The end date must be on or after the start date',
  /** The rule the file follows, word for word as the product states it. */
  rule: 'A deduction starts in the first pay period that begins on or after the coverage\'s effective date and stops after the pay period in which coverage ends.',
  noChanges: 'No signed changes yet.',
  fileFailed: 'The deduction file could not be written. Please try again.',
} as const;

/** A pay period, first and last day inclusive (ISO dates). */
export interface PayPeriod {
  start: string;
  end: string;
}

/** Weekly and biweekly schedules run from one fixed Monday, so a period never depends on the year it falls in. */
export const PAY_SCHEDULE_ANCHOR = '2024-01-01';

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (y: number, m: number, d: number) => `${String(y).padStart(4, '0')}-${pad(m)}-${pad(d)}`;
const lastDayOf = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
const dayNumber = (d: string) => Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10))) / 86_400_000;

/**
 * The pay period holding `date` for a client paid `payPeriods` times a year: 12 calendar months, 24 halves of
 * a month (1st-15th, 16th-last), 26 two weeks and 52 one week from PAY_SCHEDULE_ANCHOR.
 */
export function payPeriodOf(date: string, payPeriods: number): PayPeriod {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7));
  const d = Number(date.slice(8, 10));
  if (payPeriods === 12) return { start: iso(y, m, 1), end: iso(y, m, lastDayOf(y, m)) };
  if (payPeriods === 24) return d <= 15 ? { start: iso(y, m, 1), end: iso(y, m, 15) } : { start: iso(y, m, 16), end: iso(y, m, lastDayOf(y, m)) };
  const length = payPeriods === 52 ? 7 : payPeriods === 26 ? 14 : null;
  if (length === null) throw new Error(`unsupported pay periods per year: ${payPeriods}`);
  const offset = dayNumber(date) - dayNumber(PAY_SCHEDULE_ANCHOR);
  const start = addDays(PAY_SCHEDULE_ANCHOR, Math.floor(offset / length) * length);
  return { start, end: addDays(start, length - 1) };
}

/** The pay period before `p`. */
export const previousPayPeriod = (p: PayPeriod, payPeriods: number): PayPeriod => payPeriodOf(addDays(p.start, -1), payPeriods);

/** The first day a deduction is taken for coverage effective on `effective`: that day if a period starts on it, else the next period's first day. */
export function deductionStartsOn(effective: string, payPeriods: number): string {
  const p = payPeriodOf(effective, payPeriods);
  return p.start === effective ? effective : addDays(p.end, 1);
}

/** Whether coverage from `effective` to `coverageEnd` (null: open) is deducted in pay period `p`. */
export function deductedIn(p: PayPeriod, effective: string, coverageEnd: string | null, payPeriods: number): boolean {
  return deductionStartsOn(effective, payPeriods) <= p.start && (coverageEnd === null || p.start <= coverageEnd);
}

/** Pre-tax (Section 125, IRS Publication 15-B): medical, dental, vision, FSA, HSA, HRA; the rest (life, disability, ...) after tax. */
const PRE_TAX: ReadonlySet<number> = new Set<number>([
  PlanTypeIds.Medical,
  PlanTypeIds.Dental,
  PlanTypeIds.Vision,
  PlanTypeIds.FSA,
  PlanTypeIds.S125,
  PlanTypeIds.Pediatric,
  PlanTypeIds.HRA,
  PlanTypeIds.HSA,
  PlanTypeIds.VoluntaryDental,
  PlanTypeIds.VoluntaryVision,
  PlanTypeIds.WorksiteDental,
  PlanTypeIds.WorksiteVision,
]);
export type TaxTreatment = 'Pre-tax' | 'Post-tax';
export const taxTreatment = (planTypeId: number): TaxTreatment => (PRE_TAX.has(planTypeId) ? 'Pre-tax' : 'Post-tax');
export const planTypeName = (id: number): string => PLAN_TYPE_NAMES[id as PlanTypeId] ?? `Plan type ${id}`;

/**
 * One signed state of an election (employee and plan type), in the order it was signed: what the employee
 * chose, per paycheck as the contribution engine priced it, from when and until when.
 */
export interface ElectionVersion {
  employeeId: number;
  employeeName: string;
  planTypeId: number;
  planId: number | null;
  planName: string | null;
  /** 1 enrolled, 0 not selected, -1 waived, -2 declined. */
  status: number;
  /** Null when the signed record does not say (an election signed on the enrollment summary). */
  tier: number | null;
  /** Names of the covered dependents. */
  dependents: readonly string[];
  employeeCents: number;
  employerCents: number;
  /** ISO; the day the state takes effect. */
  effective: string;
  /** ISO; the last day of coverage (plan year end, or a termination), null when open. */
  coverageEnd: string | null;
  /** ISO instant of the signature (or the approval). */
  signedAt: string;
  source: ChangeSource;
  /** The open-enrollment period (plan year) the election belongs to. */
  periodId: number;
  /** ISO; the first day of that plan year, the later one winning once both are deducted. */
  periodStart: string;
}
export const CHANGE_SOURCES = ['open_enrollment', 'new_hire', 'life_event', 'modify', 'termination'] as const;
export type ChangeSource = (typeof CHANGE_SOURCES)[number];
export const CHANGE_SOURCE_TEXT: Record<ChangeSource, string> = {
  open_enrollment: 'Open enrollment',
  new_hire: 'New hire',
  life_event: 'Life event',
  modify: 'Change of selections',
  termination: 'Termination',
};

export const CHANGE_KINDS = ['New enrollment', 'Plan change', 'Tier or dependent change', 'Termination of coverage', 'Decline'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/**
 * What a signed state changed against the one before it (null: nothing a carrier or payroll sees).
 * Enrolled after not enrolled is a new enrollment; not enrolled after enrolled a decline (or a termination
 * when it came from one); both enrolled: another plan, or another tier or other covered dependents (one kind, as the issue names it).
 */
export function changeKind(before: Pick<ElectionVersion, 'status' | 'planId' | 'tier' | 'dependents'> | null, after: Pick<ElectionVersion, 'status' | 'planId' | 'tier' | 'dependents' | 'source'>): ChangeKind | null {
  const was = before !== null && before.status === 1;
  if (after.source === 'termination') return was ? 'Termination of coverage' : null;
  if (after.status === 1) {
    if (!was) return 'New enrollment';
    if (before.planId !== after.planId) return 'Plan change';
    if (before.tier !== null && after.tier !== null && before.tier !== after.tier) return 'Tier or dependent change';
    const a = [...before.dependents].sort().join('\n');
    const b = [...after.dependents].sort().join('\n');
    return a === b ? null : 'Tier or dependent change';
  }
  if (after.status < 0 && (before === null || before.status !== after.status)) return 'Decline';
  return was ? 'Decline' : null;
}

export const ZSignedChange = z.object({
  employeeId: z.number().int(),
  employeeName: z.string(),
  planType: z.string(),
  change: z.enum(CHANGE_KINDS),
  source: z.string(),
  planBefore: z.string().nullable(),
  planAfter: z.string().nullable(),
  /** MM/DD/YYYY: when the change takes effect (a termination: the last day of coverage). */
  effectiveDate: z.string(),
  /** MM/DD/YYYY in the client's time zone. */
  signedDate: z.string(),
  /** Per paycheck after the change, decimal string. */
  costAfter: z.string().nullable(),
});
export type SignedChange = z.infer<typeof ZSignedChange>;

/**
 * Every signed change of each election, oldest first within an employee, employees by name. `versions` are
 * the signed states in signing order; `signedDay` turns an instant into the client's MM/DD/YYYY; `keep` says
 * which changes the report asks for (by their signing instant).
 */
export function signedChanges(versions: readonly ElectionVersion[], signedDay: (instant: string) => string, keep: (v: ElectionVersion) => boolean): SignedChange[] {
  const last = new Map<string, ElectionVersion>();
  const out: Array<SignedChange & { at: string }> = [];
  for (const v of versions) {
    const key = `${v.employeeId}:${v.planTypeId}`;
    const before = last.get(key) ?? null;
    if (v.source !== 'termination') last.set(key, v);
    const kind = changeKind(before, v);
    if (!kind || !keep(v)) continue;
    const termination = v.source === 'termination';
    out.push({
      employeeId: v.employeeId,
      employeeName: v.employeeName,
      planType: planTypeName(v.planTypeId),
      change: kind,
      source: CHANGE_SOURCE_TEXT[v.source],
      planBefore: before?.status === 1 ? before.planName : null,
      planAfter: v.status === 1 && !termination ? v.planName : null,
      effectiveDate: isoToUs(termination ? (v.coverageEnd ?? v.effective) : v.effective)!,
      signedDate: signedDay(v.signedAt),
      costAfter: v.status === 1 && !termination ? centsToDecimal(v.employeeCents) : null,
      at: v.signedAt,
    });
  }
  out.sort((a, b) => a.employeeName.localeCompare(b.employeeName) || a.employeeId - b.employeeId || a.at.localeCompare(b.at));
  return out.map(({ at: _at, ...c }) => c);
}

/**
 * The state of each election deducted in pay period `p`. Within one plan year the last signed state whose
 * deduction has started is in force (a life event signed after the open enrollment supersedes it); across plan
 * years the latest year with such a state wins; coverage stops after the period holding its end or a termination's.
 */
export function inForceIn(versions: readonly ElectionVersion[], p: PayPeriod, payPeriods: number): Map<string, ElectionVersion> {
  const perYear = new Map<string, ElectionVersion>();
  // A termination ends the coverage signed before it on its last day of coverage.
  const ended = new Map<string, string>();
  for (const v of versions) {
    const key = `${v.employeeId}:${v.planTypeId}`;
    if (v.source === 'termination') {
      const end = v.coverageEnd ?? v.effective;
      if (!ended.has(key) || end < ended.get(key)!) ended.set(key, end);
      continue;
    }
    // Not deducted yet in this period (however it ends): it cannot supersede what is.
    if (!deductedIn(p, v.effective, null, payPeriods)) continue;
    // Versions come in signing order: a later one of the same plan year replaces the earlier.
    perYear.set(`${key}:${v.periodId}`, v);
  }
  const found = new Map<string, ElectionVersion>();
  for (const v of perYear.values()) {
    const key = `${v.employeeId}:${v.planTypeId}`;
    const had = found.get(key);
    if (!had || v.periodStart > had.periodStart) found.set(key, v);
  }
  for (const [key, v] of found) {
    const end = [v.coverageEnd, ended.get(key) ?? null].filter((d): d is string => d !== null).sort()[0] ?? null;
    if (v.status !== 1 || !deductedIn(p, v.effective, end, payPeriods)) found.delete(key);
  }
  return found;
}

export const DEDUCTION_CHANGES = ['', 'New', 'Changed', 'Stopped'] as const;
export type DeductionChange = (typeof DEDUCTION_CHANGES)[number];

export interface DeductionRow {
  employeeId: number;
  employeeName: string;
  planType: string;
  planName: string | null;
  taxTreatment: TaxTreatment;
  /** Per paycheck, decimal strings. */
  employeeAmount: string;
  employerAmount: string;
  /** MM/DD/YYYY: the coverage's effective date. */
  effectiveDate: string | null;
  /** Against the pay period before: New, Changed (plan or amounts), Stopped (no deduction now), '' same. */
  change: DeductionChange;
}

/** The deduction file's rows for pay period `p`, marking what differs from the period before. */
export function deductionRows(versions: readonly ElectionVersion[], p: PayPeriod, payPeriods: number): DeductionRow[] {
  const now = inForceIn(versions, p, payPeriods);
  const before = inForceIn(versions, previousPayPeriod(p, payPeriods), payPeriods);
  const rows: DeductionRow[] = [];
  const row = (v: ElectionVersion, change: DeductionChange, stopped: boolean): DeductionRow => ({
    employeeId: v.employeeId,
    employeeName: v.employeeName,
    planType: planTypeName(v.planTypeId),
    planName: v.planName,
    taxTreatment: taxTreatment(v.planTypeId),
    employeeAmount: centsToDecimal(stopped ? 0 : v.employeeCents),
    employerAmount: centsToDecimal(stopped ? 0 : v.employerCents),
    effectiveDate: isoToUs(v.effective),
    change,
  });
  for (const [key, v] of now) {
    const b = before.get(key);
    const change: DeductionChange = !b ? 'New' : b.planId !== v.planId || b.employeeCents !== v.employeeCents || b.employerCents !== v.employerCents ? 'Changed' : '';
    rows.push(row(v, change, false));
  }
  for (const [key, b] of before) if (!now.has(key)) rows.push(row(b, 'Stopped', true));
  const typeOrder = (name: string) => name;
  rows.sort((a, b) => a.employeeName.localeCompare(b.employeeName) || a.employeeId - b.employeeId || typeOrder(a.planType).localeCompare(typeOrder(b.planType)));
  return rows;
}

/** The deduction file's columns (xlsx and CSV alike), with the report-columns kinds. */
export const DEDUCTION_COLUMNS: ReadonlyArray<{ key: keyof DeductionRow; label: string; kind: ColumnKind }> = [
  { key: 'employeeName', label: 'Employee', kind: 'text' },
  { key: 'employeeId', label: 'Employee ID', kind: 'number' },
  { key: 'planType', label: 'Plan Type', kind: 'text' },
  { key: 'planName', label: 'Plan', kind: 'text' },
  { key: 'taxTreatment', label: 'Tax', kind: 'text' },
  { key: 'employeeAmount', label: 'Employee Amount', kind: 'money' },
  { key: 'employerAmount', label: 'Employer Amount', kind: 'money' },
  { key: 'effectiveDate', label: 'Effective Date', kind: 'date' },
  { key: 'change', label: 'Change Since Last Period', kind: 'text' },
];

const usDate = (message: string) => z.string().trim().refine(isValidUsDate, message);

/** GET /transactions/changes: an open enrollment so far (periodId), or signed between two dates (MM/DD/YYYY, the client's days). */
export const ZChangesQuery = z
  .object({
    periodId: z.coerce.number().int().positive().optional(),
    from: usDate(PayrollMessages.noPayPeriod).optional(),
    to: usDate(PayrollMessages.noPayPeriod).optional(),
  })
  .refine((q) => !q.from || !q.to || toIsoDate(q.from)! <= toIsoDate(q.to)!, { message: PayrollMessages.invalidRange, path: ['to'] });
export type ChangesQuery = z.infer<typeof ZChangesQuery>;

export const ZSignedChangeList = z.object({ changes: z.array(ZSignedChange) });
export type SignedChangeList = z.infer<typeof ZSignedChangeList>;

/** POST /transactions/deductions: the pay period holding this day (MM/DD/YYYY), as xlsx or CSV. */
export const ZDeductionRequest = z.object({
  payDate: usDate(PayrollMessages.noPayPeriod),
  format: z.enum(['xlsx', 'csv']).default('xlsx'),
});
export type DeductionRequest = z.infer<typeof ZDeductionRequest>;

export const ZDeductionExport = z.object({
  id: z.number().int(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  format: z.enum(['xlsx', 'csv']),
  /** MM/DD/YYYY, first and last day of the pay period. */
  periodStart: z.string(),
  periodEnd: z.string(),
  rows: z.number().int().nullable(),
  fileName: z.string(),
});
export type DeductionExport = z.infer<typeof ZDeductionExport>;
