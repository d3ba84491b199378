import type { EmployerContribution, RatePeriod, RateRow, RateType } from '../engine/contribution-engine';
import type { PlanTypeId } from '../engine/plan-types';
import type { TierStructure } from '../engine/tiers';
import type { PlanBenefits } from '../plans';
import type { ImportIssue } from './issues';

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
