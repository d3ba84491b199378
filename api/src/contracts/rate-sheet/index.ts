/**
 * The rate sheet: one xlsx workbook describing a plan year's plans, read cell by cell into
 * text (the server's reader) and checked here, row by row (zod) and across rows. Every problem names its
 * sheet, row, column and reason; a sheet with any problem imports nothing. Framework-free: the API, the
 * template and the site read the same layout and messages.
 *
 * issues: the read workbook, the import messages and the problem list (shared with the census import);
 * template: sheets, columns and cell values; rows: each sheet's row schema; parse and plan-assembly: the
 * checks across rows and each plan made whole; rate-rules: what a plan's rates keep (the plan form's too); model: what a clean sheet gives; preview: its prices.
 */
export { ZImportIssue, ImportMessages, IssueList, checkLayout, columnLetter, type ImportIssue, type ReadSheet, type ReadWorkbook, type SheetRow } from './issues';
export { BENEFIT_PERIOD_VALUES, EMPLOYER_CONTRIBUTION_VALUES, MEMBER_VALUES, RATE_PERIOD_VALUES, RATE_SHEET_COLUMNS, RATE_SHEET_NAMES, TIERS_VALUES } from './template';
export { ZFsaRow, ZHraRow, ZHsaRow, ZPlanRow, ZPlanYearRow, ZRateRow, ZVoluntaryLifeRow, requiredRate, requiredWhole, type PlanRow } from './rows';
export { RATE_AGES, RATE_MAX_CENTS, RATED_KINDS, agesReversed, overlapsBand, rateTiers, unpricedTiers } from './rate-rules';
export type { ImportedPlan, RateSheet, RateSheetResult } from './model';
export { parseRateSheet } from './parse';
export { PREVIEW_SAMPLE_AGE, ZPreviewPlan, ZPreviewTier, pricingOfImported, previewPlans, type PreviewPlan, type PreviewTier } from './preview';
