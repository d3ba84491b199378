import { z } from 'zod';
import { FSA_ACCOUNTS } from './engine/contribution-engine';
import { TIER_STRUCTURES } from './engine/tiers';
import { parseMoney } from './engine/money';

export * from './engine';

/** Money on the wire: a decimal string with 2 decimals ("1234.50"). Never a binary float. */
export const ZMoney = z.string().regex(/^-?\d{1,12}\.\d{2}$/);
/** A display value of a plan summary table ("$1,500 / $3,000", "20% after deductible", "Covered 100%"). */
const text = z.string().max(300).nullable();

export const ZCustomField = z.object({ fieldLabel: z.string().max(200), fieldValue: z.string().max(1000) });
export type CustomField = z.infer<typeof ZCustomField>;
export const ZCustomFields = z.array(ZCustomField);

// ---------------------------------------------------------------------------------------------------------
// Benefit fields per plan type. Stored as the plan's jsonb, validated with these
// schemas on every write, and answered as they are.

export const ZMedicalBenefits = z.object({
  kind: z.literal('medical'),
  /** A qualified high-deductible plan: the HSA may be paired with it. */
  hsaQualified: z.boolean(),
  hraEligible: z.boolean(),
  inDeductible: text,
  inCoinsurance: text,
  inMoop: text,
  inPcpCopay: text,
  inSpecialistCopay: text,
  inHospitalCopay: text,
  inEmergency: text,
  inLaboratory: text,
  inXray: text,
  inImaging: text,
  /** false: 'This plan does not provide out-of-network coverage, except in the case of a defined emergency.' */
  outOfNetwork: z.boolean(),
  outDeductible: text,
  outCoinsurance: text,
  outMoop: text,
  outUcrLevel: text,
  rxRetail: text,
  rxRetailGeneric: text,
  rxRetailPreferred: text,
  rxRetailNonpreferred: text,
  rxRetailDeductible: text,
  rxMailOrderGeneric: text,
  rxMailOrderPreferred: text,
  rxMailOrderNonpreferred: text,
  rxMailOrderDeductible: text,
});

export const ZDentalBenefits = z.object({
  kind: z.literal('dental'),
  deductibleSingleIn: text,
  deductibleSingleOut: text,
  deductibleFamilyIn: text,
  deductibleFamilyOut: text,
  annualMaxIn: text,
  annualMaxOut: text,
  diagnosticIn: text,
  diagnosticOut: text,
  basicIn: text,
  basicOut: text,
  basicWait: text,
  majorIn: text,
  majorOut: text,
  majorWait: text,
  periodonticsIn: text,
  periodonticsOut: text,
  periodonticsWait: text,
  endodonticsIn: text,
  endodonticsOut: text,
  endodonticsWait: text,
  orthoIn: text,
  orthoOut: text,
  orthoWait: text,
  orthoMaxIn: text,
  orthoMaxOut: text,
  orthoMaxType: text,
});

export const ZVisionBenefits = z.object({
  kind: z.literal('vision'),
  examFrequency: text,
  examCopay: text,
  examAllowanceIn: text,
  examAllowanceOut: text,
  examDeductible: text,
  lensesFrequency: text,
  lensesCopay: text,
  lensesAllowanceIn: text,
  lensesAllowanceOut: text,
  lensesDeductible: text,
  framesFrequency: text,
  framesCopay: text,
  framesAllowanceIn: text,
  framesAllowanceOut: text,
  framesDeductible: text,
  contactsFrequency: text,
  contactsCopay: text,
  contactsAllowanceIn: text,
  contactsAllowanceOut: text,
  contactsDeductible: text,
});

export const ZLifeBenefits = z.object({ kind: z.literal('life'), lifeType: text });

export const ZDisabilityBenefits = z.object({
  kind: z.literal('disability'),
  eliminationPeriod: text,
  benefitPercentage: text,
  /** The benefit maximum per benefit period. */
  maxAmount: ZMoney,
  /** 'week' or 'month': coverage rows read 'per {period}'. */
  benefitPeriod: z.enum(['week', 'month']),
});

const ZVolLifeMember = z.object({ min: ZMoney, max: ZMoney, increment: ZMoney, guaranteedIssue: ZMoney });

export const ZVoluntaryLifeBenefits = z.object({
  kind: z.literal('voluntaryLife'),
  /** '1' means yes. */
  portability: z.enum(['0', '1']),
  conversion: z.enum(['0', '1']),
  employee: ZVolLifeMember,
  spouse: ZVolLifeMember.extend({ percent: z.number().int().min(0).max(100) }).nullable(),
  child: z.object({ percent: z.number().int().min(0).max(100), amounts: z.array(ZMoney), guaranteedIssue: ZMoney }).nullable(),
  reductions: z.array(z.object({ age: z.number().int().min(0).max(120), percent: z.number().int().min(0).max(100) })),
});

const ZFsaAccountConfig = z.object({ enabled: z.boolean(), eeLimit: ZMoney, erAmount: ZMoney });
export const ZFsaBenefits = z.object({
  kind: z.literal('fsa'),
  accounts: z.object({ med: ZFsaAccountConfig, dep: ZFsaAccountConfig, tra: ZFsaAccountConfig, park: ZFsaAccountConfig }),
  fsaGracePeriod: text,
  fsaRollover: text,
});

export const ZHsaBenefits = z.object({
  kind: z.literal('hsa'),
  planYear: z.number().int(),
  singleLimit: ZMoney,
  familyLimit: ZMoney,
  catchup: ZMoney,
});

export const ZHraBenefits = z.object({ kind: z.literal('hra'), singleAmount: ZMoney, familyAmount: ZMoney, description: text });
/** Other types: only the custom fields table. */
export const ZCustomBenefits = z.object({ kind: z.literal('custom') });

export const ZPlanBenefits = z.discriminatedUnion('kind', [
  ZMedicalBenefits,
  ZDentalBenefits,
  ZVisionBenefits,
  ZLifeBenefits,
  ZDisabilityBenefits,
  ZVoluntaryLifeBenefits,
  ZFsaBenefits,
  ZHsaBenefits,
  ZHraBenefits,
  ZCustomBenefits,
]);
export type PlanBenefits = z.infer<typeof ZPlanBenefits>;
export type VoluntaryLifeBenefits = z.infer<typeof ZVoluntaryLifeBenefits>;
export type FsaBenefits = z.infer<typeof ZFsaBenefits>;
export type HsaBenefits = z.infer<typeof ZHsaBenefits>;

export const ZCarrierLinks = z.object({
  medicalDirectory: z.string().nullable(),
  rxDirectory: z.string().nullable(),
  dentalDirectory: z.string().nullable(),
  visionDirectory: z.string().nullable(),
});
export type CarrierLinks = z.infer<typeof ZCarrierLinks>;

export const ZEmployerContributionConfig = z.object({
  kind: z.enum(['none', 'amount', 'percent']),
  perTier: z.object({ '1': z.number().int().min(0).optional(), '2': z.number().int().min(0).optional(), '3': z.number().int().min(0).optional(), '4': z.number().int().min(0).optional() }),
});

// ---------------------------------------------------------------------------------------------------------
// Answers

/** Restriction codes of an enrollment or plan; 0 none. */
export const RestrictionCodes = {
  None: 0,
  NotAvailable: 1,
  RenewsBeforeEligibility: 2,
  NotEligible: 3,
  RequiresHighDeductibleMedical: 4,
  RequiresMedical: 5,
  EnrollmentClosed: 6,
} as const;

/** Subtitles of restricted rows; 2 and 3 are spec texts, the others are written for this product. */
export const RESTRICTION_MESSAGES: Record<number, string> = {
  1: 'Not Available',
  2: 'At this time you cannot enroll in this plan, because it will renew prior to your eligibility date. Please come back during open enrollment period.',
  3: 'You are not eligible for this benefit',
  4: 'You can enroll in this plan only together with a qualified high-deductible medical plan.',
  5: 'You can enroll in this plan only together with a medical plan.',
  6: 'Enrollment in this plan is closed. Please contact your HR administrator.',
};

export const PlanMessages = {
  eligibleOn: (date: string) => `You will be eligible for this benefit on ${date}`,
  noOutOfNetwork: 'This plan does not provide out-of-network coverage, except in the case of a defined emergency.',
  planNotFound: 'Plan not found',
  fileNotFound: 'File not found',
  disclaimer:
    'This summary is not a legal document and is not a guarantee of benefits. The plan documents govern in every case. Your employer may amend, suspend or terminate any plan at any time.',
  eoiWarning: 'Your income exceeds the guaranteed issue amount, so the Evidence of Insurability form is required for the full amount.',
} as const;

export const ZTierOption = z.object({ value: z.number().int(), label: z.string() });
export const ZTierPrice = z.object({
  tier: z.number().int(),
  label: z.string(),
  /** Per pay period. */
  premiumAmount: ZMoney,
  employerAmount: ZMoney,
  contributionAmount: ZMoney,
});

/** The price shown beside other plans: at one tier, per paycheck and per year. */
export const ZPlanPrice = z.object({
  /** The tier priced, in this plan's structure; null for a plan without tiers. */
  tier: z.number().int().nullable(),
  tierLabel: z.string().nullable(),
  /** Before a choice of amount (voluntary life, FSA, HSA): the cheapest option, shown as 'from $X'. */
  from: z.boolean(),
  /** The employee's cost per paycheck. */
  amount: ZMoney,
  /** The employer's share per paycheck. */
  employerAmount: ZMoney,
  annualAmount: ZMoney,
  annualEmployerAmount: ZMoney,
});
export type PlanPrice = z.infer<typeof ZPlanPrice>;

export const ZPlanFileRef = z.object({ id: z.number().int(), title: z.string(), fileType: z.enum(['carrier', 'client', 'personal']) });

export const ZPlan = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Group name, e.g. 'Group Medical'. */
  planType: z.string(),
  planTypeId: z.number().int(),
  carrier: z.string().nullable(),
  policyNumber: z.string().nullable(),
  description: z.string().nullable(),
  mblComment: z.string().nullable(),
  /** MM/DD/YYYY */
  effectiveDate: z.string(),
  endDate: z.string(),
  tierStructure: z.union([z.literal(2), z.literal(3), z.literal(4), z.literal(5)]),
  tierOptions: z.array(ZTierOption),
  /** 0 flat per tier, 1 age-banded per tier, 2 voluntary life per $10,000 by age. */
  ageBandedRateType: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  /** '2' employer paid; '1' employee/employer split. */
  contributionType: z.enum(['1', '2']),
  employerPaid: z.boolean(),
  /** Any employer money in the plan: it cannot be declined. */
  employerContributes: z.boolean(),
  /** Employee cost per pay period of the employee-only tier (or the employee's current tier in this plan). */
  contributionAmount: ZMoney,
  tiers: z.array(ZTierPrice),
  /**
   * Asked (GET /plans ?dependents= or ?tier=): at the tier those people make in this plan, the same people for
   * every plan of the answer. Not asked: the employee's own tier in the plan she is in, employee only elsewhere.
   */
  price: ZPlanPrice,
  dependentMaxAge: z.number().int().nullable(),
  domesticPartner: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
  restricted: z.number().int(),
  /** MM/DD/YYYY when the employee becomes eligible in the future, else null. */
  eligibilityDate: z.string().nullable(),
  benefitAmount: ZMoney.nullable(),
  guaranteedAmount: ZMoney.nullable(),
  customFields: ZCustomFields,
  /** The SBC (first plan file), or null. */
  fileId: z.number().int().nullable(),
  files: z.array(ZPlanFileRef),
  links: ZCarrierLinks,
  /** For a high-deductible medical plan: the HSA paired with it. */
  hsaPlanId: z.number().int().nullable(),
  /**
   * For a medical plan paired with an HSA: what the employer puts in the HSA a year at the employee's tier
   * in this plan (employee only before a choice); null without an HSA or without employer money.
   */
  employerHsaAmount: ZMoney.nullable(),
  /** The employee is enrolled in this plan now. */
  current: z.boolean(),
  /**
   * The plan belongs to the enrollment period being offered. False only for a plan of an earlier period the employee
   * is still in (GET /plans?includeCurrent=1), so one call answers both the offer and what she has now.
   */
  offered: z.boolean(),
  benefits: ZPlanBenefits,
});
export type Plan = z.infer<typeof ZPlan>;

/**
 * Before a choice, what the cheapest option of a plan type costs per paycheck ('from
 * $X per paycheck' instead of $0.00): the lowest price among the plans the employee may choose (employee
 * only, or a voluntary life plan's smallest amount), in cents; null when no such plan has a price.
 */
export function cheapestContributionCents(plans: ReadonlyArray<Pick<Plan, 'restricted' | 'price'>>): number | null {
  const priced = plans.filter((p) => p.restricted === 0 && (p.price.tier !== null || p.price.from)).map((p) => parseMoney(p.price.amount) ?? 0);
  return priced.length === 0 ? null : Math.min(...priced);
}
export const ZPlanList = z.array(ZPlan);

const ZIdList = z
  .string()
  .max(500)
  .regex(/^(\d{1,9})(,\d{1,9})*$/, 'Dependents must be a comma separated list of ids')
  .transform((s) => [...new Set(s.split(',').map(Number))]);

/**
 * GET /plans?type=&includeCurrent=1, priced at one household for every plan: dependents= (the people chosen,
 * an empty value for the employee alone) or tier= (a household of HOUSEHOLD_OPTIONS); dependents wins.
 */
export const ZPlanListQuery = z.object({
  type: z.coerce.number().int().positive().optional(),
  includeCurrent: z.enum(['0', '1', 'true', 'false']).optional(),
  dependents: z.union([z.literal(''), ZIdList]).optional(),
  tier: z.coerce.number().int().min(1).max(4).optional(),
});

/** GET /plans/{id}/contributions: dependents (comma list), tier, enrollment_status; or employee, spouse, child for voluntary life. */
export const ZContributionQuery = z.object({
  dependents: z.preprocess((v) => (v === '' ? undefined : v), ZIdList.optional()),
  tier: z.coerce.number().int().min(1).max(4).optional(),
  enrollment_status: z.enum(['1', '0', '-1', '-2']).optional(),
  employee: z.string().max(20).optional(),
  spouse: z.string().max(20).optional(),
  child: z.string().max(20).optional(),
});

export const ZContributionResponse = z.object({
  /** Employee cost per pay period. */
  amount: ZMoney,
  tier: z.number().int().nullable(),
  premiumAmount: ZMoney,
  employerAmount: ZMoney,
  /** Voluntary life: members whose amount needs Evidence of Insurability. */
  eoiRequired: z.array(z.enum(['employee', 'spouse', 'children'])),
  errors: z.array(z.object({ path: z.string(), message: z.string() })),
});
export type ContributionResponse = z.infer<typeof ZContributionResponse>;

/** GET /plans/{id}/coverages (the employee's current amounts) and /coverage (what the plan provides). */
export const ZPlanCoverage = z.object({
  employee: ZMoney.nullable(),
  spouse: ZMoney.nullable(),
  children: ZMoney.nullable(),
  benefitPeriod: z.string().nullable(),
  /** The employee's guaranteed issue: above it coverage applies after EOI approval. */
  employeeGuaranteedAmount: ZMoney.nullable(),
});
export type PlanCoverage = z.infer<typeof ZPlanCoverage>;

export const ZAmountOption = z.object({ original: ZMoney, reduced: ZMoney });

export const ZHsaLimits = z.object({
  kind: z.literal('hsa'),
  /** What the employee may contribute per year. */
  limit: ZMoney,
  planYear: z.number().int(),
  /** The employer's yearly contribution. */
  contribution: ZMoney,
  coverage: z.enum(['single', 'family']),
  data: z.object({ single: ZMoney, family: ZMoney, catchup: ZMoney }),
  catchUpEligible: z.boolean(),
  medicareWarning: z.boolean(),
});
export const ZVoluntaryLifeLimits = z.object({
  kind: z.literal('voluntaryLife'),
  employeeAmounts: z.array(ZAmountOption),
  spouseAmounts: z.array(ZAmountOption),
  childrenAmounts: z.array(ZAmountOption),
  spouseAmountPercent: z.number().int().nullable(),
  childAmountPercent: z.number().int().nullable(),
  employeeGiAmount: ZMoney,
  spouseGiAmount: ZMoney.nullable(),
  childGiAmount: ZMoney.nullable(),
});
export const ZFsaLimits = z.object({
  kind: z.literal('fsa'),
  payPeriods: z.number().int(),
  accounts: z.array(z.object({ account: z.enum(FSA_ACCOUNTS), name: z.string(), enabled: z.boolean(), limit: ZMoney, employerAmount: ZMoney })),
});
export const ZNoLimits = z.object({ kind: z.literal('none') });
export const ZPlanLimits = z.discriminatedUnion('kind', [ZHsaLimits, ZVoluntaryLifeLimits, ZFsaLimits, ZNoLimits]);
export type PlanLimits = z.infer<typeof ZPlanLimits>;

export const PLAN_TIER_STRUCTURES = TIER_STRUCTURES;
