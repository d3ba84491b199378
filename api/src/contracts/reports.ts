import { z } from 'zod';
import { Messages } from './messages';
import type { ReportColumn } from './report-columns';

export * from './report-columns';

/** HR reports. */
export const ReportMessages = {
  fetchFailed: 'Error, when trying to fetch reports',
  infoFailed: 'Error, when trying to fetch report info',
  cannotDelete: 'Cannot delete report',
  downloadFailed: 'Server error: Cannot download report',
  noReports: 'No Reports Found',
  payAttention: 'This is a stock report. You cannot modify it. Would you like to create a copy of this report, so that you can make changes to it?',
  // Not spec texts.
  unknownColumn: 'Please choose columns of the report’s dataset',
  exportRunning: 'Preparing the file…',
} as const;

/**
 * The base datasets of the report builder and the columns each offers (field → label, kind, width), in the
 * words of the census screens. Every writer reads them: the view, the xlsx.
 */
const text = (label: string, width?: number): ReportColumn => ({ label, kind: 'text', ...(width ? { width } : {}) });
const date = (label: string): ReportColumn => ({ label, kind: 'date' });
export const REPORT_DATASETS = {
  census: {
    label: 'Employees (census)',
    columns: {
      lastName: text('Last Name'),
      firstName: text('First Name'),
      email: text('Email', 30),
      hireDate: date('Hire Date'),
      employmentStatus: text('Employment Status'),
      // The access group (groupId); the census list's group has a column of its own.
      group: text('Group', 22),
      censusGroup: text('Census Group'),
      title: text('Title', 24),
    },
  },
  enrollments: {
    label: 'Enrollments',
    columns: {
      lastName: text('Last Name'),
      firstName: text('First Name'),
      planType: text('Plan Type', 22),
      planName: text('Plan', 28),
      tier: { label: 'Tier', kind: 'number' },
      perPaycheck: { label: 'Per Paycheck', kind: 'money' },
      effectiveDate: date('Effective From'),
    },
  },
  dependents: {
    label: 'Dependents',
    columns: { lastName: text('Last Name'), firstName: text('First Name'), dependentName: text('Dependent', 24), relationship: text('Relationship'), birthDate: date('Date of Birth') },
  },
  beneficiaries: {
    label: 'Beneficiaries',
    columns: { lastName: text('Last Name'), firstName: text('First Name'), beneficiaryName: text('Beneficiary', 24), beneficiaryType: text('Type', 12), share: { label: 'Share', kind: 'percent' } },
  },
  waivers: {
    label: 'Waivers and declines',
    columns: { lastName: text('Last Name'), firstName: text('First Name'), planType: text('Plan Type', 22), status: text('Status', 12), reason: text('Reason', 30) },
  },
  terminations: {
    label: 'Terminations and COBRA',
    columns: {
      lastName: text('Last Name'),
      firstName: text('First Name'),
      terminationDate: date('Termination Date'),
      cobra: text('COBRA', 10),
      qualifyingEvent: text('Qualifying Event', 26),
      coverageEnds: date('Coverage Ends'),
    },
  },
} as const satisfies Record<string, { label: string; columns: Record<string, ReportColumn> }>;
export type ReportDataset = keyof typeof REPORT_DATASETS;
export const REPORT_DATASET_KEYS = Object.keys(REPORT_DATASETS) as ReportDataset[];

/** Sorting: a new column sorts descending; the same column toggles. */
export function nextSort(current: { orderBy: string | null; orderDirection: 'ASC' | 'DESC' }, clicked: string): { orderBy: string; orderDirection: 'ASC' | 'DESC' } {
  if (current.orderBy !== clicked) return { orderBy: clicked, orderDirection: 'DESC' };
  return { orderBy: clicked, orderDirection: current.orderDirection === 'DESC' ? 'ASC' : 'DESC' };
}

export const ZReportListItem = z.object({ id: z.number().int(), title: z.string(), editable: z.enum(['0', '1']) });
export const ZReportList = z.array(ZReportListItem);
export type ReportListItem = z.infer<typeof ZReportListItem>;
export const ZReportListQuery = z.object({ search: z.string().trim().max(100).optional() });

/** A builder filter: a column of the dataset that contains (case-insensitive) or equals a text. */
export const REPORT_FILTER_OPS = ['contains', 'equals'] as const;
export const ZReportFilter = z.object({
  field: z.string().max(40),
  op: z.enum(REPORT_FILTER_OPS),
  value: z.string().trim().min(1, Messages.fieldRequired).max(200),
});
export type ReportFilter = z.infer<typeof ZReportFilter>;

export const ZReportViewQuery = z.object({
  orderBy: z.string().trim().max(40).optional(),
  orderDirection: z.enum(['ASC', 'DESC']).optional(),
});

/** A report's data, its layout (label and sortField per column) and its sort. */
export const ZReportView = z.object({
  id: z.number().int(),
  title: z.string(),
  editable: z.enum(['0', '1']),
  dataset: z.enum(REPORT_DATASET_KEYS as [ReportDataset, ...ReportDataset[]]),
  layout: z.array(z.object({ label: z.string(), sortField: z.string() })),
  /** Display text per column (numbers as text); the xlsx keeps numbers as numbers. */
  data: z.array(z.record(z.string(), z.string().nullable())),
  /** Rows in the report; the view shows the first REPORT_VIEW_ROWS (the download has them all). */
  totalRows: z.number().int(),
  filters: z.array(ZReportFilter),
  sort: z.object({ orderBy: z.string().nullable(), orderDirection: z.enum(['ASC', 'DESC']) }),
});
export type ReportView = z.infer<typeof ZReportView>;
export const REPORT_VIEW_ROWS = 500;

/** What a report definition names: its dataset, columns, sort and filter fields. */
export interface ReportDefinitionFields {
  dataset: string;
  columns: readonly string[];
  orderBy?: string | null;
  filters: ReadonlyArray<{ field: string }>;
}

/**
 * The parts of a definition that name a field its dataset does not offer (none: every name may become a
 * quoted identifier in SQL). One allow-list for the builder's save and for a stored definition before it is
 * run; own keys only, so names such as `constructor` are unknown too.
 */
export function unknownReportFields(d: ReportDefinitionFields): Array<'dataset' | 'columns' | 'orderBy' | 'filters'> {
  if (!Object.hasOwn(REPORT_DATASETS, d.dataset)) return ['dataset'];
  const allowed: Record<string, ReportColumn> = REPORT_DATASETS[d.dataset as ReportDataset].columns;
  const known = (field: string) => Object.hasOwn(allowed, field);
  const unknown: Array<'columns' | 'orderBy' | 'filters'> = [];
  if (!d.columns.every(known)) unknown.push('columns');
  if (d.orderBy && !d.columns.includes(d.orderBy)) unknown.push('orderBy');
  if (!d.filters.every((f) => known(f.field))) unknown.push('filters');
  return unknown;
}

/** POST /reports and PUT /reports/{id}: the report builder's save. */
export const ZReportSave = z
  .object({
    title: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string({ error: Messages.fieldRequired }).min(1, Messages.fieldRequired).max(120)),
    dataset: z.enum(REPORT_DATASET_KEYS as [ReportDataset, ...ReportDataset[]], { error: Messages.fieldRequired }),
    columns: z.array(z.string().max(40)).min(1, Messages.fieldRequired).max(20),
    filters: z.array(ZReportFilter).max(10).default([]),
    orderBy: z.string().max(40).nullable().optional(),
    orderDirection: z.enum(['ASC', 'DESC']).default('ASC'),
  })
  .superRefine((v, ctx) => {
    for (const path of unknownReportFields(v)) ctx.addIssue({ code: 'custom', path: [path], message: ReportMessages.unknownColumn });
  });
export type ReportSave = z.output<typeof ZReportSave>;

export const ZReportExportRequest = ZReportViewQuery;
export const ZReportExport = z.object({
  id: z.number().int(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  rowsTotal: z.number().int().nullable(),
  rowsWritten: z.number().int(),
  /** 0 to 100. */
  progress: z.number().int(),
  fileName: z.string(),
});
export type ReportExport = z.infer<typeof ZReportExport>;
