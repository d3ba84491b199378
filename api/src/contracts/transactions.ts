import { z } from 'zod';
import { centsToDecimal } from './engine/money';
import type { ColumnKind } from './report-columns';
import { PLAN_TYPE_NAMES, type PlanTypeId } from './engine/plan-types';

/**
 * The transactions report: every change between an open enrollment's start
 * and its close, from the snapshots taken at those moments (keyed by censusId, dependents by individualId).
 * actionType: 0 edit, 'Add', 'Remove'.
 */

export const TransactionMessages = {
  noPeriodData: "Sorry, we don't have information about this Open Enrollment Period",
  comeBackLater: 'Transaction report shows all changes that happened during open enrollment. Please come back after the end of the open enrollment period.',
} as const;

const ZSnapshotElection = z.object({
  planId: z.number().int().nullable(),
  planName: z.string().nullable(),
  /** 1 enrolled, 0 not selected, -1 waived, -2 declined. */
  status: z.number().int(),
  tier: z.number().int().nullable(),
  contributionCents: z.number().int(),
  /** individualIds of the covered dependents. */
  dependents: z.array(z.number().int()),
});
const ZSnapshotPerson = z.object({
  firstName: z.string(),
  lastName: z.string(),
  individualId: z.number().int(),
  elections: z.record(z.string(), ZSnapshotElection),
  dependents: z.record(z.string(), z.object({ firstName: z.string().nullable(), lastName: z.string().nullable(), relationshipTypeId: z.number().int().nullable() })),
});
/** One snapshot: censusId → person. */
export const ZSnapshot = z.record(z.string(), ZSnapshotPerson);
export type Snapshot = z.infer<typeof ZSnapshot>;

export const TRANSACTION_ACTIONS = [0, 'Add', 'Remove'] as const;
export type TransactionAction = (typeof TRANSACTION_ACTIONS)[number];

export const ZTransactionRow = z.object({
  censusId: z.number().int(),
  employeeName: z.string(),
  /** Who the line is about: the employee, or a covered dependent (by individualId). */
  individualId: z.number().int(),
  memberName: z.string(),
  planType: z.string(),
  planBefore: z.string().nullable(),
  planAfter: z.string().nullable(),
  /** Per paycheck, decimal strings. */
  costBefore: z.string().nullable(),
  costAfter: z.string().nullable(),
  actionType: z.union([z.literal(0), z.literal('Add'), z.literal('Remove')]),
});
export type TransactionRow = z.infer<typeof ZTransactionRow>;

export const ZTransactionLayoutColumn = z.object({ title: z.string(), field: z.string(), repeat: z.boolean(), custom: z.boolean() });
/** The columns of the report, in order (title, field, repeat, custom). */
export const TRANSACTION_LAYOUT: ReadonlyArray<z.infer<typeof ZTransactionLayoutColumn>> = [
  { title: 'Employee', field: 'employeeName', repeat: true, custom: false },
  { title: 'Census ID', field: 'censusId', repeat: true, custom: false },
  { title: 'Member', field: 'memberName', repeat: false, custom: false },
  { title: 'Plan Type', field: 'planType', repeat: false, custom: false },
  { title: 'Plan Before', field: 'planBefore', repeat: false, custom: false },
  { title: 'Plan After', field: 'planAfter', repeat: false, custom: false },
  { title: 'Per Paycheck Before', field: 'costBefore', repeat: false, custom: false },
  { title: 'Per Paycheck After', field: 'costAfter', repeat: false, custom: false },
  { title: 'Action', field: 'actionType', repeat: false, custom: true },
];

/** The cells of the download that are not text (report-columns.ts): the costs are money. */
export const TRANSACTION_COLUMN_KINDS: Readonly<Record<string, ColumnKind>> = { censusId: 'number', costBefore: 'money', costAfter: 'money' };

/** How an action reads in the table and the download. */
export const actionText = (a: TransactionAction): string => (a === 0 ? 'Edit' : a);

const typeName = (id: string) => PLAN_TYPE_NAMES[Number(id) as PlanTypeId] ?? `Plan type ${id}`;
const name = (p: { firstName: string | null; lastName: string | null }) => [p.firstName, p.lastName].filter(Boolean).join(' ');
type Election = z.infer<typeof ZSnapshotElection>;
const enrolled = (e: Election | undefined): e is Election => e !== undefined && e.status === 1;
const cost = (e: Election | undefined) => (enrolled(e) ? centsToDecimal(e.contributionCents) : null);

/**
 * The changes between two snapshots, per employee (sorted by name) and plan type: Add (not enrolled → enrolled),
 * Remove (enrolled → not), edit (another plan, tier or cost); then each dependent added to or removed from an
 * election that stays enrolled. Pure: the API, the site and the download list the same rows.
 */
export function transactionRows(start: Snapshot, end: Snapshot): TransactionRow[] {
  const rows: TransactionRow[] = [];
  const ids = [...new Set([...Object.keys(start), ...Object.keys(end)])];
  const person = (id: string) => end[id] ?? start[id]!;
  ids.sort((a, b) => person(a).lastName.localeCompare(person(b).lastName) || person(a).firstName.localeCompare(person(b).firstName) || Number(a) - Number(b));
  for (const id of ids) {
    const p = person(id);
    const before = start[id]?.elections ?? {};
    const after = end[id]?.elections ?? {};
    const employeeName = name(p);
    const line = (individualId: number, memberName: string, type: string, b: Election | undefined, a: Election | undefined, actionType: TransactionAction): TransactionRow => ({
      censusId: Number(id),
      employeeName,
      individualId,
      memberName,
      planType: typeName(type),
      planBefore: enrolled(b) ? b.planName : null,
      planAfter: enrolled(a) ? a.planName : null,
      costBefore: cost(b),
      costAfter: cost(a),
      actionType,
    });
    const types = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort((x, y) => Number(x) - Number(y));
    for (const type of types) {
      const b = before[type];
      const a = after[type];
      if (!enrolled(b) && enrolled(a)) rows.push(line(p.individualId, employeeName, type, b, a, 'Add'));
      else if (enrolled(b) && !enrolled(a)) rows.push(line(p.individualId, employeeName, type, b, a, 'Remove'));
      else if (enrolled(b) && enrolled(a) && (b.planId !== a.planId || b.tier !== a.tier || b.contributionCents !== a.contributionCents)) rows.push(line(p.individualId, employeeName, type, b, a, 0));
      // Covered dependents of an election that is (still) enrolled.
      const covered = (e: Election | undefined) => new Set(enrolled(e) ? e.dependents : []);
      const was = covered(b);
      const is = covered(a);
      const dependents = { ...(start[id]?.dependents ?? {}), ...(end[id]?.dependents ?? {}) };
      for (const dep of [...new Set([...was, ...is])].sort((x, y) => x - y)) {
        if (was.has(dep) === is.has(dep)) continue;
        const d = dependents[String(dep)];
        rows.push(line(dep, d ? name(d) : `Dependent ${dep}`, type, b, a, is.has(dep) ? 'Add' : 'Remove'));
      }
    }
  }
  return rows;
}

export const ZTransactionPeriod = z.object({
  id: z.number().int(),
  title: z.string(),
  /** MM/DD/YYYY, null while the period is open. */
  closedDate: z.string().nullable(),
  /** True once the close snapshot exists (the report can be read). */
  ready: z.boolean(),
});
export const ZTransactionPeriodList = z.array(ZTransactionPeriod);
export type TransactionPeriod = z.infer<typeof ZTransactionPeriod>;

export const ZTransactionReport = z.object({
  id: z.number().int(),
  title: z.string(),
  layout: z.array(ZTransactionLayoutColumn),
  data: z.object({ start: ZSnapshot, end: ZSnapshot }),
  rows: z.array(ZTransactionRow),
});
export type TransactionReport = z.infer<typeof ZTransactionReport>;
