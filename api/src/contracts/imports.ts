import { z } from 'zod';
import { ZCensusPreviewRow } from './census-import';
import { ZDraftPeriod } from './plan-catalog';
import { ZImportIssue, ZPreviewPlan } from './rate-sheet';

/**
 * Answers of the rate sheet and census imports: an upload is checked whole and kept
 * (sealed) until the agent commits what the preview showed; a file with problems answers 422 with each one.
 */

/** 422: every problem of the file; nothing was kept or imported. */
export const ZImportProblems = z.object({ statusCode: z.literal(422), message: z.string(), issues: z.array(ZImportIssue) });
export type ImportProblems = z.infer<typeof ZImportProblems>;

export const ZRateSheetPreview = z.object({
  id: z.number().int(),
  fileName: z.string(),
  /** MM/DD/YYYY. */
  planYearStart: z.string(),
  planYearEnd: z.string(),
  /** The period whose plans a commit replaces (null: none is waiting to start, so a commit is refused). */
  period: ZDraftPeriod.nullable(),
  /** How many plans the period has now (a commit replaces them). */
  replaces: z.number().int(),
  payPeriods: z.number().int(),
  sampleAge: z.number().int(),
  plans: z.array(ZPreviewPlan),
  committed: z.boolean(),
});
export type RateSheetPreview = z.infer<typeof ZRateSheetPreview>;

/**
 * A census commit runs as a job (imports.census-commit): queued, running (rowsDone of rowsTotal added so far),
 * done, or failed (a row no longer passes: its problems in issues; the rows added before it stay).
 */
export const CENSUS_COMMIT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export const ZCensusCommitProgress = z.object({
  status: z.enum(CENSUS_COMMIT_STATUSES),
  rowsDone: z.number().int(),
  rowsTotal: z.number().int(),
  /** Whole percent, 100 only when done. */
  percent: z.number().int().min(0).max(100),
  /** The welcome email was chosen for every new employee. */
  sendEmail: z.boolean(),
  issues: z.array(ZImportIssue),
});
export type CensusCommitProgress = z.infer<typeof ZCensusCommitProgress>;

export const ZCensusPreview = z.object({
  id: z.number().int(),
  fileName: z.string(),
  count: z.number().int(),
  /** The first rows, as they will be added. */
  employees: z.array(ZCensusPreviewRow),
  /** Every row added (the commit's job is done). */
  committed: z.boolean(),
  /** The commit's job once asked for; null before. */
  progress: ZCensusCommitProgress.nullable(),
});
export type CensusPreview = z.infer<typeof ZCensusPreview>;

export const ZRateSheetCommitResult = z.object({ periodId: z.number().int(), periodTitle: z.string(), plans: z.number().int(), sbcLinked: z.number().int() });
export type RateSheetCommitResult = z.infer<typeof ZRateSheetCommitResult>;

const flag = z.preprocess((v) => v === true || v === 'on' || v === 'true' || v === '1', z.boolean());
/** POST /census-imports/{id}/commit: the welcome email (registration link) to each new employee, or not. */
export const ZCensusCommit = z.object({ sendEmail: flag, enableOnboarding: flag });
export type CensusCommit = z.output<typeof ZCensusCommit>;

/** How many census rows the preview lists. */
export const CENSUS_PREVIEW_ROWS = 50;
