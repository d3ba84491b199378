import { z } from 'zod';
import { FSA_ACCOUNTS, FSA_ACCOUNT_NAMES, type FsaAccount } from '../engine/contribution-engine';
import { parseMoney } from '../engine/money';
import { PLAN_TYPE_NAMES, isPlanTypeId, type PlanTypeId } from '../engine/plan-types';
import { isValidUsDate, toIsoDate } from '../formats';
import { ImportMessages } from './issues';
import { RATE_AGES, RATE_MAX_CENTS } from './rate-rules';
import { EMPLOYER_CONTRIBUTION_VALUES, MEMBER_VALUES, RATE_PERIOD_VALUES, TIERS_VALUES } from './template';

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
/** A rate: money as dollars and cents, not below 0 nor above what a stored rate holds, in cents (also the plan form's rates). */
export const requiredRate = z.preprocess(
  blank,
  money.transform((cents, ctx) => {
    if (cents > RATE_MAX_CENTS) {
      ctx.addIssue({ code: 'custom', message: ImportMessages.rateTooHigh });
      return z.NEVER;
    }
    return cents;
  }),
);
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
/** A whole number from min to max (also the plan form's tiers and ages). */
export const requiredWhole = (min: number, max: number) => z.preprocess(blank, whole(min, max));
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
  'Minimum age': z.preprocess(blank, whole(RATE_AGES.min, RATE_AGES.max).optional()),
  'Maximum age': z.preprocess(blank, whole(RATE_AGES.min, RATE_AGES.max).optional()),
  'Monthly rate': requiredRate,
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
