import type { z } from 'zod';
import { centsToDecimal, parseMoney } from '../engine/money';
import type { EmployerContribution, FsaAccount, RateRow, RateType } from '../engine/contribution-engine';
import { DENTAL_TYPES, PlanTypeIds, VISION_TYPES, type PlanTypeId } from '../engine/plan-types';
import { TIER_OPTIONS, type TierStructure } from '../engine/tiers';
import type { PlanBenefits } from '../plans';
import { ImportMessages, type IssueList } from './issues';
import type { ImportedPlan } from './model';
import type { PlanRow, ZHraRow, ZHsaRow, ZVoluntaryLifeRow } from './rows';
import { unpricedTiers } from './rate-rules';
import { EMPLOYER_TIER_COLUMNS, RATE_SHEET_NAMES } from './template';

/**
 * One plan made whole from what its rows on every sheet gave: its rates per tier, the employer's share,
 * the HSA pairing and its kind's benefits. Problems go to the plan's cells; a plan with any is left out.
 */

const DISABILITY_TYPES: readonly number[] = [PlanTypeIds.STD, PlanTypeIds.LTD, PlanTypeIds.StateStd, PlanTypeIds.VoluntarySTD, PlanTypeIds.VoluntaryLTD];
const LIFE_TYPES: readonly number[] = [PlanTypeIds.Life, PlanTypeIds.ADD, PlanTypeIds.VoluntaryADD];

export function benefitKind(type: PlanTypeId): PlanBenefits['kind'] {
  if (type === PlanTypeIds.Medical) return 'medical';
  if (DENTAL_TYPES.includes(type)) return 'dental';
  if (VISION_TYPES.includes(type)) return 'vision';
  if (LIFE_TYPES.includes(type)) return 'life';
  if (DISABILITY_TYPES.includes(type)) return 'disability';
  if (type === PlanTypeIds.VoluntaryLife) return 'voluntaryLife';
  if (type === PlanTypeIds.FSA) return 'fsa';
  if (type === PlanTypeIds.HSA) return 'hsa';
  if (type === PlanTypeIds.HRA) return 'hra';
  return 'custom';
}

const nulls = <K extends string>(keys: readonly K[]): Record<K, null> => Object.fromEntries(keys.map((k) => [k, null])) as Record<K, null>;
const MEDICAL_TEXT = ['inDeductible', 'inCoinsurance', 'inMoop', 'inPcpCopay', 'inSpecialistCopay', 'inHospitalCopay', 'inEmergency', 'inLaboratory', 'inXray', 'inImaging', 'outDeductible', 'outCoinsurance', 'outMoop', 'outUcrLevel', 'rxRetail', 'rxRetailGeneric', 'rxRetailPreferred', 'rxRetailNonpreferred', 'rxRetailDeductible', 'rxMailOrderGeneric', 'rxMailOrderPreferred', 'rxMailOrderNonpreferred', 'rxMailOrderDeductible'] as const;
const DENTAL_TEXT = ['deductibleSingleIn', 'deductibleSingleOut', 'deductibleFamilyIn', 'deductibleFamilyOut', 'annualMaxIn', 'annualMaxOut', 'diagnosticIn', 'diagnosticOut', 'basicIn', 'basicOut', 'basicWait', 'majorIn', 'majorOut', 'majorWait', 'periodonticsIn', 'periodonticsOut', 'periodonticsWait', 'endodonticsIn', 'endodonticsOut', 'endodonticsWait', 'orthoIn', 'orthoOut', 'orthoWait', 'orthoMaxIn', 'orthoMaxOut', 'orthoMaxType'] as const;
const VISION_TEXT = ['examFrequency', 'examCopay', 'examAllowanceIn', 'examAllowanceOut', 'examDeductible', 'lensesFrequency', 'lensesCopay', 'lensesAllowanceIn', 'lensesAllowanceOut', 'lensesDeductible', 'framesFrequency', 'framesCopay', 'framesAllowanceIn', 'framesAllowanceOut', 'framesDeductible', 'contactsFrequency', 'contactsCopay', 'contactsAllowanceIn', 'contactsAllowanceOut', 'contactsDeductible'] as const;

const dec = (cents: number | undefined) => centsToDecimal(cents ?? 0);

/** Plan names match whatever their case and surrounding spaces. */
export const planKey = (n: string) => n.trim().toLowerCase();

/** A Plans row that passed its own checks, with the tier structure its type (and Tiers) give it. */
export interface PlanDraft {
  row: number;
  p: PlanRow;
  structure: TierStructure;
}
export type RateDraft = RateRow & { sheetRow: number; aged: boolean };

/** What the rows of every sheet gave, by plan key. */
export interface GatheredRows {
  planYear: { start: string; end: string } | null;
  plans: Map<string, PlanDraft>;
  rates: Map<string, RateDraft[]>;
  members: Map<string, Map<number, { row: number; v: z.output<typeof ZVoluntaryLifeRow> }>>;
  fsa: Map<string, Partial<Record<FsaAccount, { ee: number; er: number }>>>;
  hsa: { out: Map<string, z.output<typeof ZHsaRow>>; seen: Set<string> };
  hra: { out: Map<string, z.output<typeof ZHraRow>>; seen: Set<string> };
  /** Plans with a refused row elsewhere: what that row leaves missing is not a second problem. */
  refused: Set<string>;
}

/** The plan `d` (key `k`) ready to write, or null after noting its problems. */
export function assemblePlan(k: string, d: PlanDraft, gathered: GatheredRows, issues: IssueList): ImportedPlan | null {
  const { planYear, plans, rates, members, fsa, hsa, hra, refused } = gathered;
  const S = RATE_SHEET_NAMES;
  const key = planKey;
  const p = d.p;
  const type = p['Plan type'];
  const kind = benefitKind(type);
  const at = (column: string, message: string) => issues.add(S.plans, d.row, column, message);
  const planRates = rates.get(k) ?? [];
  // Its refused rows were reported already: what they leave missing is not a second problem.
  const told = refused.has(k);
  let ok = !told;
  let rateType: RateType = 0;
  if (kind === 'voluntaryLife') {
    rateType = 2;
    if (!told && !members.get(k)?.has(1)) {
      at('Plan name', ImportMessages.noVoluntaryLife);
      ok = false;
    }
    for (const label of told ? [] : unpricedTiers(kind, d.structure, planRates)) {
      at('Plan name', ImportMessages.missingTierRate(label));
      ok = false;
    }
  } else if (!['fsa', 'hsa', 'hra'].includes(kind)) {
    const aged = planRates.filter((r) => r.aged).length;
    if (aged > 0 && aged < planRates.length) {
      issues.add(S.rates, planRates.find((r) => !r.aged)!.sheetRow, 'Minimum age', ImportMessages.agesMixed);
      ok = false;
    }
    rateType = aged > 0 ? 1 : 0;
    if (told) {
      // Nothing more to say about this plan's rates.
    } else if (planRates.length === 0) {
      at('Plan name', ImportMessages.noRates);
      ok = false;
    } else {
      for (const label of unpricedTiers(kind, d.structure, planRates)) {
        at('Tiers', ImportMessages.missingTierRate(label));
        ok = false;
      }
    }
  }

  // Employer contribution by tier (amount per rate period, or percent of the premium).
  const erKind = p['Employer contribution'] ?? 'None';
  let employerContribution: EmployerContribution = { kind: 'none', perTier: {} };
  if (erKind === 'Amount' || erKind === 'Percent') {
    const perTier: EmployerContribution['perTier'] = {};
    for (const o of TIER_OPTIONS[d.structure === 5 ? 2 : d.structure]) {
      const column = EMPLOYER_TIER_COLUMNS[o.value - 1]!;
      const raw = p[column];
      if (raw === undefined) {
        at(column, ImportMessages.employerAmountMissing(o.label));
        ok = false;
        continue;
      }
      const value = erKind === 'Amount' ? parseMoney(raw) : /^\s*\d{1,3}\s*%?\s*$/.test(raw) ? Number(raw.replace('%', '')) : null;
      if (value === null || value < 0 || (erKind === 'Percent' && value > 100)) {
        at(column, erKind === 'Amount' ? ImportMessages.notAmount : ImportMessages.notPercent);
        ok = false;
        continue;
      }
      perTier[String(o.value) as '1'] = value;
    }
    employerContribution = { kind: erKind === 'Amount' ? 'amount' : 'percent', perTier };
  }

  // HSA pairing of a medical plan.
  const hsaName = p['HSA plan'] ?? null;
  if (hsaName !== null) {
    const target = plans.get(key(hsaName));
    if (kind !== 'medical' || !target || target.p['Plan type'] !== PlanTypeIds.HSA) {
      at('HSA plan', ImportMessages.hsaPlan);
      ok = false;
    } else if (!p['HSA qualified']) {
      at('HSA qualified', ImportMessages.hsaNotQualified);
      ok = false;
    }
  }

  let benefits: PlanBenefits | null = null;
  switch (kind) {
    case 'medical':
      benefits = { kind, hsaQualified: p['HSA qualified'] ?? false, hraEligible: false, outOfNetwork: true, ...nulls(MEDICAL_TEXT) };
      break;
    case 'dental':
      benefits = { kind, ...nulls(DENTAL_TEXT) };
      break;
    case 'vision':
      benefits = { kind, ...nulls(VISION_TEXT) };
      break;
    case 'life':
      benefits = { kind, lifeType: null };
      break;
    case 'disability':
      if (p['Maximum benefit'] === undefined) {
        at('Maximum benefit', ImportMessages.maxBenefitNeeded);
        ok = false;
      } else benefits = { kind, eliminationPeriod: null, benefitPercentage: null, maxAmount: dec(p['Maximum benefit']), benefitPeriod: p['Benefit period'] ?? (type === PlanTypeIds.LTD || type === PlanTypeIds.VoluntaryLTD ? 'month' : 'week') };
      break;
    case 'voluntaryLife': {
      const m = members.get(k);
      const e = m?.get(1)?.v;
      if (e) {
        const member = (v: typeof e) => ({ min: dec(v.Minimum), max: dec(v.Maximum), increment: dec(v.Increment), guaranteedIssue: dec(v['Guaranteed issue']) });
        const s = m!.get(2)?.v;
        const c = m!.get(3)?.v;
        benefits = {
          kind,
          portability: '1',
          conversion: '1',
          employee: member(e),
          spouse: s ? { ...member(s), percent: s['Percent of employee amount'] ?? 0 } : null,
          child: c ? { percent: c['Percent of employee amount'] ?? 0, amounts: (c['Child amounts'] ?? []).map(dec), guaranteedIssue: dec(c['Guaranteed issue']) } : null,
          reductions: e['Age reductions'] ?? [],
        };
      }
      break;
    }
    case 'fsa': {
      const a = fsa.get(k);
      if (!a || Object.keys(a).length === 0) {
        if (!told) at('Plan name', ImportMessages.noAccounts);
        ok = false;
      } else {
        const acc = (x: FsaAccount) => ({ enabled: a[x] !== undefined, eeLimit: dec(a[x]?.ee), erAmount: dec(a[x]?.er) });
        benefits = { kind, accounts: { med: acc('med'), dep: acc('dep'), tra: acc('tra'), park: acc('park') }, fsaGracePeriod: null, fsaRollover: null };
      }
      break;
    }
    case 'hsa': {
      const h = hsa.out.get(k);
      if (!hsa.seen.has(k)) {
        at('Plan name', ImportMessages.oneRowNeeded(S.hsa));
        ok = false;
      } else if (h && planYear) {
        benefits = { kind, planYear: Number(planYear.start.slice(0, 4)), singleLimit: dec(h['Single limit']), familyLimit: dec(h['Family limit']), catchup: dec(h['Catch-up']) };
        // The employer's yearly HSA deposit by medical tier: single for employee only, family for the rest.
        const fam = h['Employer family'] ?? 0;
        if ((h['Employer single'] ?? 0) > 0 || fam > 0) employerContribution = { kind: 'amount', perTier: { '1': h['Employer single'] ?? 0, '2': fam, '3': fam, '4': fam } };
      }
      break;
    }
    case 'hra': {
      const h = hra.out.get(k);
      if (!hra.seen.has(k)) {
        at('Plan name', ImportMessages.oneRowNeeded(S.hra));
        ok = false;
      } else if (h) benefits = { kind, singleAmount: dec(h['Single amount']), familyAmount: dec(h['Family amount']), description: null };
      break;
    }
    case 'custom':
      benefits = { kind };
      break;
  }
  if (!ok || benefits === null) return null;
  return {
    sheetRow: d.row,
    name: p['Plan name'],
    planTypeId: type,
    carrier: p.Carrier ?? null,
    policyNumber: p['Policy number'] ?? null,
    sbcFileName: p['SBC file name'] ?? null,
    tierStructure: d.structure,
    rateType,
    ratePeriod: p['Rate period'] ?? 'monthly',
    // HRA money is the employer's by nature; 'Employer paid' makes any plan free to the employee.
    contributionType: erKind === 'Employer paid' || kind === 'hra' ? 2 : 1,
    employerContribution,
    waitingPeriodDays: p['Waiting period (days)'] ?? 0,
    minWorkHours: p['Minimum work hours'] ?? null,
    dependentMaxAge: p['Dependent age limit'] ?? null,
    hsaPlanName: hsaName,
    benefitAmountCents: p['Benefit amount'] ?? null,
    guaranteedAmountCents: p['Guaranteed issue'] ?? null,
    benefits,
    rates: planRates.map(({ tier, minAge, maxAge, costCents }) => ({ tier, minAge, maxAge, costCents })).sort((a, b) => a.tier - b.tier || a.minAge - b.minAge),
  };
}
