import { z } from 'zod';
import { AMOUNT_INPUT_PATTERN, centsToDecimal } from '../engine/money';
import { blankToUndefined, toIntOrUndefined } from '../formats';
import { Messages } from '../messages';
import { OnboardingMessages } from './steps';
import { isMaskedNumber } from './i9';

/** Payroll: deposit, card or check methods, the routing checksum and the totals rule. */

export const PayrollMethodType = { Deposit: 1, Card: 2, Check: 3 } as const;
export const PayrollAmountType = { Percentage: 1, Dollars: 2, RemainingAmount: 3 } as const;

/** The ABA routing number checksum: 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) is a multiple of 10. */
export function isValidRoutingNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const d = [...value].map(Number);
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  return sum % 10 === 0 && value !== '000000000';
}

/** XXXXX6789 for a stored account or routing number until it is unlocked. */
export const maskBankNumber = (value: string | null | undefined): string | null => (value ? `XXXXX${value.slice(-4)}` : null);

const methodId = z.preprocess(toIntOrUndefined, z.union([z.literal(1), z.literal(2), z.literal(3)], { error: Messages.fieldRequired }));
const amountTypeId = z.preprocess(toIntOrUndefined, z.union([z.literal(1), z.literal(2), z.literal(3)], { error: Messages.fieldRequired }));

/** One payroll method as the form and POST/PUT send it. */
export const ZPayrollMethodRequest = z
  .object({
    method: methodId,
    amountType: amountTypeId,
    amount: z.preprocess(blankToUndefined, z.union([z.string(), z.number()]).optional()),
    /** Deposit only; a mask the API answered keeps the stored number. */
    routingNumber: z.preprocess(blankToUndefined, z.string().trim().max(20).optional()),
    accountNumber: z.preprocess(blankToUndefined, z.string().trim().max(20).optional()),
    accountType: z.preprocess(toIntOrUndefined, z.union([z.literal(1), z.literal(2)]).optional()),
    sortOrder: z.preprocess((v) => (v === undefined || v === null ? undefined : String(v)), z.string().max(10).optional()),
  })
  .superRefine((v, c) => {
    const amount = v.amount === undefined ? '' : String(v.amount).trim().replace(/[$,%]/g, '');
    if (v.amountType !== PayrollAmountType.RemainingAmount) {
      if (amount === '') c.addIssue({ code: 'custom', path: ['amount'], message: OnboardingMessages.amountRequired });
      else if (amount.startsWith('-')) c.addIssue({ code: 'custom', path: ['amount'], message: OnboardingMessages.amountNegative });
      else if (!AMOUNT_INPUT_PATTERN.test(amount) || (v.amountType === PayrollAmountType.Percentage && Number(amount) > 100)) {
        c.addIssue({ code: 'custom', path: ['amount'], message: Messages.unknownOption });
      }
    }
    if (v.method === PayrollMethodType.Deposit) {
      if (!v.routingNumber) c.addIssue({ code: 'custom', path: ['routingNumber'], message: OnboardingMessages.fieldRequired });
      else if (!isMaskedNumber(v.routingNumber) && !isValidRoutingNumber(v.routingNumber)) c.addIssue({ code: 'custom', path: ['routingNumber'], message: OnboardingMessages.routingInvalid });
      if (!v.accountNumber) c.addIssue({ code: 'custom', path: ['accountNumber'], message: OnboardingMessages.fieldRequired });
      else if (!isMaskedNumber(v.accountNumber) && !/^\d{4,17}$/.test(v.accountNumber)) c.addIssue({ code: 'custom', path: ['accountNumber'], message: OnboardingMessages.accountInvalid });
      if (v.accountType === undefined) c.addIssue({ code: 'custom', path: ['accountType'], message: OnboardingMessages.selectAccountType });
    }
  })
  .transform((v) => {
    const amount = v.amount === undefined ? '' : String(v.amount).trim().replace(/[$,%]/g, '');
    const deposit = v.method === PayrollMethodType.Deposit;
    return {
      method: v.method,
      amountType: v.amountType,
      /** Percent in hundredths for Percentage, cents for Dollars, 0 for the remaining amount. */
      amount: v.amountType === PayrollAmountType.RemainingAmount || amount === '' ? 0 : Math.round(Number(amount) * 100),
      routingNumber: deposit ? (v.routingNumber ?? null) : null,
      accountNumber: deposit ? (v.accountNumber ?? null) : null,
      accountType: deposit ? (v.accountType ?? null) : null,
      sortOrder: v.sortOrder ?? null,
    };
  });
export type PayrollMethodRequest = z.output<typeof ZPayrollMethodRequest>;

export const ZPayrollMethod = z.object({
  id: z.number().int(),
  method: z.number().int(),
  amountType: z.number().int(),
  /** '60.00' (percent) or '250.00' (dollars); '0.00' for the remaining amount. */
  amount: z.string(),
  /** Masked (XXXXX6789) until unlocked; null for a card or check. */
  routingNumber: z.string().nullable(),
  accountNumber: z.string().nullable(),
  accountType: z.number().int().nullable(),
  bankName: z.string().nullable(),
  sortOrder: z.string(),
});
export type PayrollMethod = z.infer<typeof ZPayrollMethod>;
export const ZPayrollMethodList = z.array(ZPayrollMethod);

/** PUT /payroll: the whole list in order (the step's Save), so the totals rule sees every method at once. */
export const ZPayrollSaveRequest = z.object({ methods: z.array(z.object({ id: z.preprocess(toIntOrUndefined, z.number().int().min(1)), sortOrder: z.string().max(10) })).min(1) });

export interface PayrollRow {
  amountType: number;
  /** Hundredths of a percent or cents. */
  amount: number;
  sortOrder: string;
}

const bySortOrder = <T extends { sortOrder: string }>(rows: readonly T[]): T[] => [...rows].sort((a, b) => Number(a.sortOrder) - Number(b.sortOrder) || a.sortOrder.localeCompare(b.sortOrder));

/**
 * The conversions between methods: when no method is a percentage and there is more than one, the
 * last by sortOrder takes the remaining amount; on save a remaining amount is stored as Dollars 0 ("the
 * rest"). Answers the rows in sort order.
 */
export function normalizePayroll<T extends PayrollRow>(rows: readonly T[]): T[] {
  const ordered = bySortOrder(rows);
  const anyPercentage = ordered.some((r) => r.amountType === PayrollAmountType.Percentage);
  return ordered.map((r, i) => {
    const last = i === ordered.length - 1;
    if (!anyPercentage && ordered.length > 1 && last) return { ...r, amountType: PayrollAmountType.Dollars, amount: 0 };
    if (r.amountType === PayrollAmountType.RemainingAmount) return { ...r, amountType: PayrollAmountType.Dollars, amount: 0 };
    return r;
  });
}

/** The totals rule: percentages, when used, make exactly 100%; at least one method exists. */
export function payrollIssues(rows: readonly PayrollRow[]): string[] {
  if (rows.length === 0) return [OnboardingMessages.createPayrollMethods];
  const percentages = rows.filter((r) => r.amountType === PayrollAmountType.Percentage);
  if (percentages.length > 0 && percentages.reduce((s, r) => s + r.amount, 0) !== 100_00) return [OnboardingMessages.totalPercentage];
  return [];
}

/** Stored hundredths to '60.00'. */
export const payrollAmountText = (amount: number): string => centsToDecimal(amount);
