import { ContributionMessages, type FieldError } from './contribution-messages';
import { amountInputCents, parseMoney } from './money';

/** FSA and HSA: the accounts, their annual limits and the messages of the amounts an employee elects. */

export const HSA_CATCH_UP_AGE = 55;
export const MEDICARE_AGE = 65;
export const FSA_ACCOUNTS = ['med', 'dep', 'tra', 'park'] as const;
export type FsaAccount = (typeof FSA_ACCOUNTS)[number];
export const FSA_ACCOUNT_NAMES: Record<FsaAccount, string> = { med: 'Health', dep: 'Dependent Care', tra: 'Transit', park: 'Qualified Parking' };

export interface FsaAccountRules {
  enabled: boolean;
  /** The plan's employee maximum per year. */
  eeLimitCents: number;
  /** The employer's yearly contribution into the account. */
  erAmountCents: number;
}

export interface HsaRules {
  singleLimitCents: number;
  familyLimitCents: number;
  catchupCents: number;
}

export interface HsaLimit {
  coverage: 'single' | 'family';
  baseCents: number;
  catchupCents: number;
  employerCents: number;
  /** What the employee may still put in per year. */
  limitCents: number;
  catchUpEligible: boolean;
  medicareWarning: boolean;
}

/** The annual limit of an FSA account: the employee maximum less what the employer puts in. */
export function fsaAnnualLimit(account: FsaAccountRules): number {
  return Math.max(0, account.eeLimitCents - account.erAmountCents);
}

/** Each annual amount must lie between 0 and the account's annual limit; disabled accounts take nothing. */
export function fsaErrors(accounts: Record<FsaAccount, FsaAccountRules>, annual: Partial<Record<FsaAccount, number | null>>): FieldError[] {
  const errors: FieldError[] = [];
  for (const key of FSA_ACCOUNTS) {
    const amount = annual[key] ?? 0;
    const rules = accounts[key];
    const limit = rules.enabled ? fsaAnnualLimit(rules) : 0;
    const message = fsaAmountError(amount, limit);
    if (message) errors.push({ path: `fsaContributionAmounts.${key}`, message });
  }
  return errors;
}

/** One FSA account's annual amount against its annual limit (the dialog checks each field with it as you type). */
export function fsaAmountError(annualCents: number, limitCents: number): string | null {
  return annualCents < 0 || annualCents > limitCents ? ContributionMessages.fsaOverLimit : null;
}

/**
 * The FSA annual field's message for what is typed: empty is no election; a negative amount gets the limit
 * message (document 2's wording); anything else that is not an amount the forms accept, invalidMessage.
 */
export function fsaAnnualTextError(text: string, limitCents: number, invalidMessage: string): string | null {
  const typed = text.trim();
  if (typed === '') return null;
  const cents = amountInputCents(typed);
  if (cents !== null) return fsaAmountError(cents, limitCents);
  return (parseMoney(typed) ?? 0) < 0 ? ContributionMessages.fsaOverLimit : invalidMessage;
}

/**
 * The HSA room of an employee: the single or family limit (by the medical coverage), plus the catch-up
 * from 55, less the employer's contribution, which counts toward the same limit.
 */
export function hsaLimit(rules: HsaRules, coverage: 'single' | 'family', employeeAge: number | null, employerCents: number): HsaLimit {
  const base = coverage === 'single' ? rules.singleLimitCents : rules.familyLimitCents;
  const catchUpEligible = employeeAge !== null && employeeAge >= HSA_CATCH_UP_AGE;
  const catchup = catchUpEligible ? rules.catchupCents : 0;
  return {
    coverage,
    baseCents: base,
    catchupCents: catchup,
    employerCents,
    limitCents: Math.max(0, base + catchup - employerCents),
    catchUpEligible,
    medicareWarning: employeeAge !== null && employeeAge >= MEDICARE_AGE,
  };
}

export function hsaError(annualCents: number, limit: Pick<HsaLimit, 'limitCents' | 'employerCents'>): string | null {
  return annualCents > limit.limitCents ? ContributionMessages.hsaOverLimit(limit.employerCents) : null;
}
