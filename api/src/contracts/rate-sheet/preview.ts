import { z } from 'zod';
import { ContributionEngine, type PricingPlan } from '../engine/contribution-engine';
import { centsToDecimal, parseMoney } from '../engine/money';
import { PLAN_TYPE_NAMES } from '../engine/plan-types';
import { TIER_OPTIONS, type Tier } from '../engine/tiers';
import type { ImportedPlan, RateSheet } from './model';

// Preview: what the plans will cost a sample employee, priced by the contribution engine.

export const ZPreviewTier = z.object({
  tier: z.number().int().nullable(),
  label: z.string(),
  /** Per paycheck. */
  premium: z.string(),
  employer: z.string(),
  employee: z.string(),
  /** Per year. */
  employeeAnnual: z.string(),
  employerAnnual: z.string(),
  /** 'from' prices (voluntary life at the smallest amount, FSA and HSA nothing chosen). */
  from: z.boolean(),
});
export type PreviewTier = z.infer<typeof ZPreviewTier>;

export const ZPreviewPlan = z.object({
  row: z.number().int(),
  name: z.string(),
  planType: z.string(),
  planTypeId: z.number().int(),
  carrier: z.string().nullable(),
  sbcFileName: z.string().nullable(),
  tierStructure: z.number().int(),
  waitingPeriodDays: z.number().int(),
  minWorkHours: z.number().int().nullable(),
  dependentMaxAge: z.number().int().nullable(),
  employerPaid: z.boolean(),
  tiers: z.array(ZPreviewTier),
});
export type PreviewPlan = z.infer<typeof ZPreviewPlan>;

/** The sample employee the preview prices for (age for age-banded rates). */
export const PREVIEW_SAMPLE_AGE = 40;

export function pricingOfImported(p: Pick<ImportedPlan, 'tierStructure' | 'rateType' | 'ratePeriod' | 'contributionType' | 'employerContribution' | 'rates'>): PricingPlan {
  return { tierStructure: p.tierStructure, rateType: p.rateType, ratePeriod: p.ratePeriod, contributionType: p.contributionType, employerContribution: p.employerContribution, rates: p.rates };
}

/** Each plan at each of its tiers for an employee of `age` paid `payPeriods` times a year. */
export function previewPlans(sheet: RateSheet, payPeriods: number, age: number = PREVIEW_SAMPLE_AGE): PreviewPlan[] {
  const engine = new ContributionEngine(payPeriods);
  const money = centsToDecimal;
  return sheet.plans.map((p) => {
    const pricing = pricingOfImported(p);
    let tiers: PreviewTier[] = [];
    if (p.benefits.kind === 'voluntaryLife') {
      const b = p.benefits;
      const cents = (t: string) => parseMoney(t) ?? 0;
      const rules = { employee: { minCents: cents(b.employee.min), maxCents: cents(b.employee.max), incrementCents: cents(b.employee.increment), giCents: cents(b.employee.guaranteedIssue) }, spouse: null, child: null, reductions: b.reductions };
      const price = engine.voluntaryLifeFromPrice(pricing, rules, age);
      if (price) tiers = [{ tier: null, label: `Employee ${money(rules.employee.minCents)}`, premium: money(price.employeeCents), employer: '0.00', employee: money(price.employeeCents), employeeAnnual: money(price.annualEmployeeCents), employerAnnual: '0.00', from: true }];
    } else if (p.benefits.kind === 'fsa' || p.benefits.kind === 'hsa') {
      const price = engine.chosenAmountFromPrice();
      tiers = [{ tier: null, label: 'Amount the employee chooses', premium: '0.00', employer: '0.00', employee: money(price.employeeCents), employeeAnnual: money(price.annualEmployeeCents), employerAnnual: '0.00', from: true }];
    } else {
      tiers = TIER_OPTIONS[p.tierStructure].flatMap((o) => {
        const cost = engine.tierCost(pricing, o.value as Tier, age);
        if (!cost) return [];
        return [
          {
            tier: o.value,
            label: o.label,
            premium: money(cost.premiumCents),
            employer: money(cost.employerCents),
            employee: money(cost.employeeCents),
            employeeAnnual: money(cost.employeeCents * payPeriods),
            employerAnnual: money(cost.employerCents * payPeriods),
            from: false,
          },
        ];
      });
    }
    return {
      row: p.sheetRow,
      name: p.name,
      planType: PLAN_TYPE_NAMES[p.planTypeId],
      planTypeId: p.planTypeId,
      carrier: p.carrier,
      sbcFileName: p.sbcFileName,
      tierStructure: p.tierStructure,
      waitingPeriodDays: p.waitingPeriodDays,
      minWorkHours: p.minWorkHours,
      dependentMaxAge: p.dependentMaxAge,
      employerPaid: p.contributionType === 2,
      tiers,
    };
  });
}
