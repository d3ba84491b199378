import { z } from 'zod';
import { Messages } from './messages';

/** HR reports (document 3 sections 2.3, 3, 4, 7 and 8). */
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

/** The base datasets of the report builder and the columns each offers (field → label). */
export const REPORT_DATASETS = {
  census: {
    label: 'Employees (census)',
    columns: { lastName: 'Last Name', firstName: 'First Name', email: 'Email', hireDate: 'Hire Date', employmentStatus: 'Employment Status', group: 'Group', title: 'Title' },
  },
  enrollments: {
    label: 'Enrollments',
    columns: { lastName: 'Last Name', firstName: 'First Name', planType: 'Plan Type', planName: 'Plan', tier: 'Tier', perPaycheck: 'Per Paycheck', effectiveDate: 'Effective Date' },
  },
  dependents: {
    label: 'Dependents',
    columns: { lastName: 'Last Name', firstName: 'First Name', dependentName: 'Dependent', relationship: 'Relationship', birthDate: 'Birth Date' },
  },
  beneficiaries: {
    label: 'Beneficiaries',
    columns: { lastName: 'Last Name', firstName: 'First Name', beneficiaryName: 'Beneficiary', beneficiaryType: 'Type', share: 'Share %' },
  },
  waivers: {
    label: 'Waivers and declines',
    columns: { lastName: 'Last Name', firstName: 'First Name', planType: 'Plan Type', status: 'Status', reason: 'Reason' },
  },
  terminations: {
    label: 'Terminations and COBRA',
    columns: { lastName: 'Last Name', firstName: 'First Name', terminationDate: 'Termination Date', cobra: 'COBRA', qualifyingEvent: 'Qualifying Event', coverageEnds: 'Coverage Ends' },
  },
} as const satisfies Record<string, { label: string; columns: Record<string, string> }>;
export type ReportDataset = keyof typeof REPORT_DATASETS;
export const REPORT_DATASET_KEYS = Object.keys(REPORT_DATASETS) as ReportDataset[];

/** Sorting (document 3 section 4): a new column sorts descending; the same column toggles. */
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

/** A report's data, its layout (label and sortField per column) and its sort (document 3 section 3). */
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
    const allowed: Record<string, string> = REPORT_DATASETS[v.dataset].columns;
    if (v.columns.some((c) => !(c in allowed))) ctx.addIssue({ code: 'custom', path: ['columns'], message: ReportMessages.unknownColumn });
    if (v.orderBy && !v.columns.includes(v.orderBy)) ctx.addIssue({ code: 'custom', path: ['orderBy'], message: ReportMessages.unknownColumn });
    if (v.filters.some((f) => !(f.field in allowed))) ctx.addIssue({ code: 'custom', path: ['filters'], message: ReportMessages.unknownColumn });
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
