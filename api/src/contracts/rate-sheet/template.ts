import type { RatePeriod } from '../engine/contribution-engine';
import type { TierStructure } from '../engine/tiers';

/** The rate sheet's layout: its sheets, each sheet's columns, and the values some cells take. */

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
/** The Plans sheet's employer share columns, in tier order (1 to 4). */
export const EMPLOYER_TIER_COLUMNS = ['Employer employee only', 'Employer + spouse', 'Employer + children', 'Employer family'] as const;

/** Sheets in the template's order: problems are listed in it. */
export const RATE_SHEET_ORDER = Object.values(RATE_SHEET_NAMES) as string[];
export const RATE_LAYOUT = (Object.keys(RATE_SHEET_NAMES) as Array<keyof typeof RATE_SHEET_NAMES>).map((k) => [RATE_SHEET_NAMES[k], RATE_SHEET_COLUMNS[k]] as const);
/** Sheets a plan line-up without such plans may leave out. */
export const OPTIONAL_SHEETS: readonly string[] = [RATE_SHEET_NAMES.voluntaryLife, RATE_SHEET_NAMES.fsa, RATE_SHEET_NAMES.hsa, RATE_SHEET_NAMES.hra];
