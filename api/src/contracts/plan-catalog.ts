import { z } from 'zod';
import { employerContributes, type EmployerContribution, type RateRow } from './engine/contribution-engine';
import { parseMoney, centsToDecimal } from './engine/money';
import { PLAN_TYPE_NAMES, type PlanTypeId } from './engine/plan-types';
import { TIER_OPTIONS, type TierStructure } from './engine/tiers';
import { blankToUndefined, toIntOrUndefined, toUsDate } from './formats';
import type { FieldIssue } from './dependents';
import { Messages } from './messages';
import type { PlanBenefits } from './plans';
import { ImportMessages, RATED_KINDS, RATE_AGES, RATE_SHEET_NAMES, agesReversed, overlapsBand, rateTiers, requiredRate, requiredWhole, unpricedTiers } from './rate-sheet';
import { benefitKind } from './rate-sheet/plan-assembly';

/**
 * The agent's plan catalogue: the plans of the plan year being prepared, as imported from a
 * rate sheet, and the form that edits one of them on screen. Employer shares are typed per tier as money
 * (per the plan's rate period) or whole percents, as on the rate sheet.
 */
export const PlanCatalogMessages = {
  noDraftPeriod: "The client has no enrollment period waiting to start: prepare the plan year's period first",
  plansInUse: 'Employees are already enrolled in these plans: they can no longer be replaced',
  periodStarted: 'This plan belongs to a period that has started: it can no longer be edited here',
  planNotFound: 'Plan not found',
  nameTaken: 'Another plan of this type already has this name',
  importNotFound: 'Import not found',
  alreadyCommitted: 'This file was imported already',
  notPercent: 'Enter a whole percent from 0 to 100',
  notAmount: 'Enter an amount such as 125.50',
} as const;

export interface DraftPeriod {
  id: number;
  title: string;
  /** MM/DD/YYYY. */
  startDate: string;
}
export const ZDraftPeriod = z.object({ id: z.number().int(), title: z.string(), startDate: z.string() });

/** A plan row as the catalogue reads it. */
export interface CatalogPlanRecord {
  id: number;
  name: string;
  plan_type_id: number;
  carrier: string | null;
  policy_number: string | null;
  description: string | null;
  effective_date: string;
  end_date: string;
  tier_structure: TierStructure;
  rate_type: number;
  rate_period: 'monthly' | 'pay_period';
  contribution_type: number;
  employer_contribution: EmployerContribution;
  waiting_period_days: number;
  min_work_hours: number | null;
  dependent_max_age: number | null;
  benefits: PlanBenefits;
  editable: boolean;
  rates: RateRow[];
}

const ZEmployerContribution = z.object({
  kind: z.enum(['none', 'amount', 'percent']),
  perTier: z.object({ '1': z.number().int().optional(), '2': z.number().int().optional(), '3': z.number().int().optional(), '4': z.number().int().optional() }),
});

export const ZCatalogPlan = z.object({
  id: z.number().int(),
  name: z.string(),
  planType: z.string(),
  planTypeId: z.number().int(),
  carrier: z.string().nullable(),
  policyNumber: z.string().nullable(),
  description: z.string().nullable(),
  effectiveDate: z.string(),
  endDate: z.string(),
  tierStructure: z.number().int(),
  tiers: z.array(z.object({ tier: z.number().int(), label: z.string() })),
  ratePeriod: z.enum(['monthly', 'pay_period']),
  employerPaid: z.boolean(),
  employerContribution: ZEmployerContribution,
  waitingPeriodDays: z.number().int(),
  minWorkHours: z.number().int().nullable(),
  dependentMaxAge: z.number().int().nullable(),
  /** The rates as stored: tier (member for voluntary life), ages, monthly or per-paycheck amount. */
  rates: z.array(z.object({ tier: z.number().int(), minAge: z.number().int(), maxAge: z.number().int(), amount: z.string() })),
  /** While its period has not started. */
  editable: z.boolean(),
  benefits: z.looseObject({ kind: z.string() }),
});
export type CatalogPlan = Omit<z.infer<typeof ZCatalogPlan>, 'benefits' | 'employerContribution'> & { benefits: PlanBenefits; employerContribution: EmployerContribution };
export const ZCatalog = z.object({ period: ZDraftPeriod.nullable(), plans: z.array(ZCatalogPlan) });

export function toCatalogPlan(r: CatalogPlanRecord): CatalogPlan {
  return {
    id: r.id,
    name: r.name,
    planType: PLAN_TYPE_NAMES[r.plan_type_id as PlanTypeId] ?? String(r.plan_type_id),
    planTypeId: r.plan_type_id,
    carrier: r.carrier,
    policyNumber: r.policy_number,
    description: r.description,
    effectiveDate: toUsDate(r.effective_date)!,
    endDate: toUsDate(r.end_date)!,
    tierStructure: r.tier_structure,
    tiers: TIER_OPTIONS[r.tier_structure].map((o) => ({ tier: o.value, label: o.label })),
    ratePeriod: r.rate_period,
    employerPaid: r.contribution_type === 2,
    employerContribution: r.employer_contribution,
    waitingPeriodDays: r.waiting_period_days,
    minWorkHours: r.min_work_hours,
    dependentMaxAge: r.dependent_max_age,
    rates: r.rates.map((x) => ({ tier: x.tier, minAge: x.minAge, maxAge: x.maxAge, amount: centsToDecimal(x.costCents) })),
    editable: r.editable,
    benefits: r.benefits,
  };
}

/** Whether a plan carries employer money (stored as plan.employer_contributes): its shares, or FSA employer money. */
export function computeEmployerContributesOf(p: { contributionType: number; employerContribution: EmployerContribution; benefits: PlanBenefits }): boolean {
  if (employerContributes(p)) return true;
  if (p.benefits.kind === 'fsa') return Object.values(p.benefits.accounts).some((a) => a.enabled && (parseMoney(a.erAmount) ?? 0) > 0);
  return false;
}

const optionalText = (max: number) => z.preprocess(blankToUndefined, z.string().trim().max(max).optional());
const optionalWhole = (min: number, max: number) => z.preprocess(toIntOrUndefined, z.number({ error: Messages.fieldRequired }).int().min(min).max(max).optional());
const share = z.preprocess(blankToUndefined, z.string().trim().max(20).optional());
// A JSON client may send a number where the form sends its text: read as the same text.
const asText = (v: unknown) => (typeof v === 'number' ? String(v) : v);

/**
 * One rate of the plan form, as the Rates sheet reads it (rows.ts): a tier, an age band (0 to 150 when the plan is
 * not age-banded) and the amount per the plan's rate period, in dollars and cents. Which tiers the plan has is
 * checked against the plan (planRateIssues).
 */
export const ZPlanRateEdit = z.object({
  tier: z.preprocess(asText, requiredWhole(0, 99)),
  minAge: z.preprocess(asText, requiredWhole(RATE_AGES.min, RATE_AGES.max)),
  maxAge: z.preprocess(asText, requiredWhole(RATE_AGES.min, RATE_AGES.max)),
  amount: z.preprocess(asText, requiredRate),
});

/**
 * PUT /plan-catalog/{id} (the agent's plan form). The employer's share per tier is money in the plan's rate
 * period ('amount') or a whole percent of the tier's premium ('percent'); tiers left blank pay nothing.
 */
export const ZPlanEditFields = z.object({
  name: z.preprocess(blankToUndefined, z.string({ error: Messages.fieldRequired }).trim().min(1, Messages.fieldRequired).max(200)),
  carrier: optionalText(200),
  policyNumber: optionalText(100),
  description: optionalText(2000),
  waitingPeriodDays: z.preprocess((v) => toIntOrUndefined(v) ?? 0, z.number().int().min(0).max(365)),
  minWorkHours: optionalWhole(0, 168),
  dependentMaxAge: optionalWhole(1, 99),
  employerPaid: z.preprocess((v) => v === true || v === 'on' || v === 'true', z.boolean()),
  employerKind: z.enum(['none', 'amount', 'percent'], { error: Messages.unknownOption }),
  employerTier1: share,
  employerTier2: share,
  employerTier3: share,
  employerTier4: share,
  /** The plan's rates, all of them (they replace the plan's); absent leaves them as they are. */
  rates: z.array(ZPlanRateEdit).max(500).optional(),
});

/** The fields with the shares read as the plan's employer contribution (the form's constraints come from ZPlanEditFields). */
export const ZPlanEdit = ZPlanEditFields.transform((v, ctx) => {
  const perTier: EmployerContribution['perTier'] = {};
  if (v.employerKind !== 'none') {
    for (const t of ['1', '2', '3', '4'] as const) {
      const raw = v[`employerTier${t}`];
      if (raw === undefined) continue;
      const value = v.employerKind === 'amount' ? parseMoney(raw) : /^\d{1,3}$/.test(raw) ? Number(raw) : null;
      if (value === null || value < 0 || (v.employerKind === 'percent' && value > 100)) {
        ctx.addIssue({ code: 'custom', path: [`employerTier${t}`], message: v.employerKind === 'amount' ? PlanCatalogMessages.notAmount : PlanCatalogMessages.notPercent });
        continue;
      }
      perTier[t] = value;
    }
  }
  // The Rates sheet's rules across rows: each band in order, no tier and age priced twice.
  const rates: RateRow[] | undefined = v.rates?.map((r) => ({ tier: r.tier, minAge: r.minAge, maxAge: r.maxAge, costCents: r.amount }));
  rates?.forEach((r, i) => {
    if (agesReversed(r)) ctx.addIssue({ code: 'custom', path: ['rates', i, 'maxAge'], message: ImportMessages.agesOrder });
    else if (overlapsBand(rates.slice(0, i), r)) ctx.addIssue({ code: 'custom', path: ['rates', i, 'tier'], message: ImportMessages.duplicateRate });
  });
  return { ...v, rates, employerContribution: { kind: v.employerKind, perTier } satisfies EmployerContribution };
});
export type PlanEdit = z.output<typeof ZPlanEdit>;

/**
 * What the plan itself decides of its new rates (the Rates sheet's rules again): only the tiers its structure has,
 * a price for each tier its kind must offer, and none at all for an account plan (FSA, HSA, HRA).
 */
export function planRateIssues(plan: Pick<CatalogPlan, 'planTypeId' | 'tierStructure'>, rates: readonly RateRow[]): FieldIssue[] {
  const kind = benefitKind(plan.planTypeId as PlanTypeId);
  if (!RATED_KINDS.includes(kind)) return rates.length > 0 ? [{ path: 'rates', message: ImportMessages.wrongKind(RATE_SHEET_NAMES.rates) }] : [];
  if (rates.length === 0) return [{ path: 'rates', message: ImportMessages.noRates }];
  const structure = plan.tierStructure as TierStructure;
  const tiers = rateTiers(structure);
  const issues: FieldIssue[] = [];
  rates.forEach((r, i) => {
    if (!tiers.some((o) => o.value === r.tier)) issues.push({ path: `rates.${i}.tier`, message: ImportMessages.notATier(tiers.map((o) => o.label)) });
  });
  for (const label of unpricedTiers(kind, structure, rates)) issues.push({ path: 'rates', message: ImportMessages.missingTierRate(label) });
  return issues;
}

/** A rate as the audit and the form name it: its tier, and its ages when it has a band. */
export function rateLabel(structure: number, r: Pick<RateRow, 'tier' | 'minAge' | 'maxAge'>): string {
  const tier = rateTiers(structure as TierStructure).find((o) => o.value === r.tier)?.label ?? `Tier ${r.tier}`;
  return r.minAge === RATE_AGES.min && r.maxAge === RATE_AGES.max ? tier : `${tier}, ages ${r.minAge} to ${r.maxAge}`;
}

/** The form's starting values for a plan: shares as typed (money or percent), rates as stored. */
type EditText = 'name' | 'carrier' | 'policyNumber' | 'description' | 'waitingPeriodDays' | 'minWorkHours' | 'dependentMaxAge' | 'employerKind' | `employerTier${1 | 2 | 3 | 4}`;
export type PlanEditDefaults = Record<EditText, string> & { employerPaid: boolean; rates: Array<{ tier: string; minAge: string; maxAge: string; amount: string }> };
export function planEditDefaults(p: CatalogPlan): PlanEditDefaults {
  const shareText = (t: '1' | '2' | '3' | '4') => {
    const v = p.employerContribution.perTier[t];
    if (v === undefined) return '';
    return p.employerContribution.kind === 'amount' ? centsToDecimal(v) : String(v);
  };
  return {
    name: p.name,
    carrier: p.carrier ?? '',
    policyNumber: p.policyNumber ?? '',
    description: p.description ?? '',
    waitingPeriodDays: String(p.waitingPeriodDays),
    minWorkHours: p.minWorkHours === null ? '' : String(p.minWorkHours),
    dependentMaxAge: p.dependentMaxAge === null ? '' : String(p.dependentMaxAge),
    employerPaid: p.employerPaid,
    employerKind: p.employerContribution.kind,
    employerTier1: shareText('1'),
    employerTier2: shareText('2'),
    employerTier3: shareText('3'),
    employerTier4: shareText('4'),
    rates: p.rates.map((r) => ({ tier: String(r.tier), minAge: String(r.minAge), maxAge: String(r.maxAge), amount: r.amount })),
  };
}
