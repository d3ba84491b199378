import type { EntityManager } from 'typeorm';
import { ZPlanBenefits, type CarrierLinks, type CustomField, type PlanBenefits } from '../contracts/plans';
import { ContributionEngine, PlanTypeIds, coverageAge, type EmployerContribution, type PricingPlan, type RateRow, type Tier, type TierStructure } from '../contracts/engine';
import type { FileStorage } from '../modules/files/file-storage';
import { computeEmployerContributes } from '../modules/plans/plan-model';
import { simplePdf } from './pdf';

interface SeedPlan {
  key: string;
  planTypeId: number;
  name: string;
  carrier: string;
  policyNumber: string;
  description: string;
  tierStructure: TierStructure;
  rateType?: 0 | 1 | 2;
  contributionType?: 1 | 2;
  employer?: EmployerContribution;
  dependentMaxAge?: number;
  domesticPartnerRule?: 0 | 1 | 2 | 3;
  benefitAmountCents?: number;
  guaranteedAmountCents?: number;
  rates: RateRow[];
  benefits: PlanBenefits;
  customFields?: CustomField[];
  links?: Partial<CarrierLinks>;
  /** A one-page SBC / summary stored as the plan's file. */
  sbc?: string[];
  pairedWith?: string;
}

const flat = (costs: Partial<Record<Tier, number>>): RateRow[] => Object.entries(costs).map(([tier, c]) => ({ tier: Number(tier), minAge: 0, maxAge: 150, costCents: c }));
const none: EmployerContribution = { kind: 'none', perTier: {} };
const t = (s: string | null = null) => s;

const MEDICAL_COMMON = {
  kind: 'medical' as const,
  hraEligible: true,
  inLaboratory: t('Covered 100%'),
  inXray: t('$50 copay'),
  inImaging: t('$250 copay'),
  rxRetail: t('30-day supply'),
};

/** The demo line-up of Acme's current period. */
function lineUp(): SeedPlan[] {
  return [
    {
      key: 'medical-ppo',
      planTypeId: PlanTypeIds.Medical,
      name: 'Blue Horizon PPO 1500',
      carrier: 'Blue Horizon Health',
      policyNumber: 'BH-PPO-1500',
      description: 'A PPO with in- and out-of-network coverage and copays for office visits.',
      tierStructure: 4,
      employer: { kind: 'percent', perTier: { '1': 80, '2': 70, '3': 70, '4': 65 } },
      rates: flat({ 1: 65000, 2: 130000, 3: 120000, 4: 185000 }),
      benefits: {
        ...MEDICAL_COMMON,
        hsaQualified: false,
        inDeductible: '$1,500 / $3,000',
        inCoinsurance: '20%',
        inMoop: '$4,000 / $8,000',
        inPcpCopay: '$25',
        inSpecialistCopay: '$50',
        inHospitalCopay: '$250 per admission',
        inEmergency: '$150',
        outOfNetwork: true,
        outDeductible: '$3,000 / $6,000',
        outCoinsurance: '40%',
        outMoop: '$8,000 / $16,000',
        outUcrLevel: '80th percentile',
        rxRetailGeneric: '$10',
        rxRetailPreferred: '$35',
        rxRetailNonpreferred: '$60',
        rxRetailDeductible: 'None',
        rxMailOrderGeneric: '$20',
        rxMailOrderPreferred: '$70',
        rxMailOrderNonpreferred: '$120',
        rxMailOrderDeductible: 'None',
      },
      links: { medicalDirectory: 'https://providers.bluehorizon.example/ppo', rxDirectory: 'https://rx.bluehorizon.example' },
      sbc: ['Summary of Benefits and Coverage', 'Deductible: $1,500 individual / $3,000 family', 'Out-of-pocket maximum: $4,000 / $8,000', 'Primary care visit: $25 copay'],
    },
    {
      key: 'medical-hdhp',
      planTypeId: PlanTypeIds.Medical,
      name: 'Blue Horizon HDHP 3400 with HSA',
      carrier: 'Blue Horizon Health',
      policyNumber: 'BH-HDHP-3400',
      description: 'A qualified high-deductible plan that pairs with the Health Savings Account.',
      tierStructure: 4,
      employer: { kind: 'percent', perTier: { '1': 90, '2': 85, '3': 85, '4': 80 } },
      rates: flat({ 1: 45000, 2: 90000, 3: 85000, 4: 130000 }),
      benefits: {
        ...MEDICAL_COMMON,
        hsaQualified: true,
        inDeductible: '$3,400 / $6,800',
        inCoinsurance: '10%',
        inMoop: '$6,000 / $12,000',
        inPcpCopay: '10% after deductible',
        inSpecialistCopay: '10% after deductible',
        inHospitalCopay: '10% after deductible',
        inEmergency: '10% after deductible',
        outOfNetwork: false,
        outDeductible: null,
        outCoinsurance: null,
        outMoop: null,
        outUcrLevel: null,
        rxRetailGeneric: '$10 after deductible',
        rxRetailPreferred: '$30 after deductible',
        rxRetailNonpreferred: '$50 after deductible',
        rxRetailDeductible: 'Combined with medical',
        rxMailOrderGeneric: '$20 after deductible',
        rxMailOrderPreferred: '$60 after deductible',
        rxMailOrderNonpreferred: '$100 after deductible',
        rxMailOrderDeductible: 'Combined with medical',
      },
      links: { medicalDirectory: 'https://providers.bluehorizon.example/hdhp', rxDirectory: 'https://rx.bluehorizon.example' },
      sbc: ['Summary of Benefits and Coverage', 'Deductible: $3,400 individual / $6,800 family', 'HSA-qualified high-deductible health plan'],
      pairedWith: 'hsa',
    },
    ...(['Basic', 'Plus'] as const).map<SeedPlan>((level, i) => ({
      key: `dental-${level.toLowerCase()}`,
      planTypeId: PlanTypeIds.Dental,
      name: `SmileWell Dental ${level}`,
      carrier: 'SmileWell Dental',
      policyNumber: `SW-${level.toUpperCase()}`,
      description: level === 'Basic' ? 'Preventive care and basic services.' : 'Adds major services and orthodontics.',
      tierStructure: 3,
      rates: flat(i === 0 ? { 1: 3200, 2: 6400, 4: 10500 } : { 1: 5200, 2: 10400, 4: 16800 }),
      benefits: {
        kind: 'dental',
        deductibleSingleIn: '$50',
        deductibleSingleOut: '$75',
        deductibleFamilyIn: '$150',
        deductibleFamilyOut: '$225',
        annualMaxIn: i === 0 ? '$1,000' : '$2,000',
        annualMaxOut: i === 0 ? '$1,000' : '$1,500',
        diagnosticIn: '100%',
        diagnosticOut: '100%',
        basicIn: '80%',
        basicOut: '80%',
        basicWait: 'None',
        majorIn: i === 0 ? 'Not covered' : '50%',
        majorOut: i === 0 ? 'Not covered' : '50%',
        majorWait: i === 0 ? null : '6 months',
        periodonticsIn: '80%',
        periodonticsOut: '80%',
        periodonticsWait: 'None',
        endodonticsIn: '80%',
        endodonticsOut: '80%',
        endodonticsWait: 'None',
        orthoIn: i === 0 ? 'Not covered' : '50%',
        orthoOut: i === 0 ? 'Not covered' : '50%',
        orthoWait: i === 0 ? null : '12 months',
        orthoMaxIn: i === 0 ? null : '$1,500',
        orthoMaxOut: i === 0 ? null : '$1,500',
        orthoMaxType: i === 0 ? null : 'Lifetime, children under 19',
      },
      links: { dentalDirectory: 'https://find.smilewell.example' },
      sbc: [`SmileWell Dental ${level}`, 'Preventive and diagnostic: 100%', 'Basic services: 80%'],
    })),
    {
      key: 'vision',
      planTypeId: PlanTypeIds.Vision,
      name: 'ClearView Vision',
      carrier: 'ClearView Vision',
      policyNumber: 'CV-100',
      description: 'Eye exams, lenses and frames or contacts every 12 months.',
      tierStructure: 4,
      rates: flat({ 1: 800, 2: 1500, 3: 1600, 4: 2400 }),
      benefits: {
        kind: 'vision',
        examFrequency: 'Every 12 months',
        examCopay: '$10',
        examAllowanceIn: 'Covered in full',
        examAllowanceOut: 'Up to $45',
        examDeductible: 'None',
        lensesFrequency: 'Every 12 months',
        lensesCopay: '$25',
        lensesAllowanceIn: 'Covered in full',
        lensesAllowanceOut: 'Up to $50',
        lensesDeductible: 'None',
        framesFrequency: 'Every 24 months',
        framesCopay: '$0',
        framesAllowanceIn: '$150 allowance',
        framesAllowanceOut: 'Up to $70',
        framesDeductible: 'None',
        contactsFrequency: 'Every 12 months',
        contactsCopay: '$0',
        contactsAllowanceIn: '$150 allowance',
        contactsAllowanceOut: 'Up to $105',
        contactsDeductible: 'None',
      },
      links: { visionDirectory: 'https://locator.clearview.example' },
      sbc: ['ClearView Vision', 'Exam: $10 copay every 12 months'],
    },
    {
      key: 'life',
      planTypeId: PlanTypeIds.Life,
      name: 'Basic Life and AD&D $50,000',
      carrier: 'Guardian Mutual Life',
      policyNumber: 'GML-BL-50',
      description: 'Employer-paid basic life insurance.',
      tierStructure: 2,
      contributionType: 2,
      rates: flat({ 1: 900 }),
      benefitAmountCents: 5_000_000,
      guaranteedAmountCents: 5_000_000,
      benefits: { kind: 'life', lifeType: 'Flat amount' },
      sbc: ['Basic Life and AD&D', 'Benefit: $50,000'],
    },
    {
      key: 'voluntary-life',
      planTypeId: PlanTypeIds.VoluntaryLife,
      name: 'Voluntary Term Life',
      carrier: 'Guardian Mutual Life',
      policyNumber: 'GML-VTL',
      description: 'Employee-paid term life for you, your spouse and your children.',
      tierStructure: 5,
      rateType: 2,
      rates: [
        ...[
          [0, 29, 60],
          [30, 39, 80],
          [40, 49, 150],
          [50, 59, 350],
          [60, 150, 800],
        ].flatMap(([min, max, cost]) => [1, 2].map((tier) => ({ tier, minAge: min!, maxAge: max!, costCents: cost! }))),
        { tier: 3, minAge: 0, maxAge: 150, costCents: 50 },
      ],
      benefits: {
        kind: 'voluntaryLife',
        portability: '1',
        conversion: '1',
        employee: { min: '10000.00', max: '500000.00', increment: '10000.00', guaranteedIssue: '150000.00' },
        spouse: { min: '5000.00', max: '250000.00', increment: '5000.00', guaranteedIssue: '50000.00', percent: 50 },
        child: { percent: 20, amounts: ['5000.00', '10000.00'], guaranteedIssue: '10000.00' },
        reductions: [
          { age: 65, percent: 35 },
          { age: 70, percent: 50 },
        ],
      },
      sbc: ['Voluntary Term Life', 'Employee: $10,000 to $500,000 in $10,000 units'],
    },
    {
      key: 'ltd',
      planTypeId: PlanTypeIds.LTD,
      name: 'Long Term Disability 60%',
      carrier: 'Guardian Mutual Life',
      policyNumber: 'GML-LTD',
      description: 'Employer-paid long term disability.',
      tierStructure: 2,
      contributionType: 2,
      rates: flat({ 1: 2500 }),
      benefits: { kind: 'disability', eliminationPeriod: '90 days', benefitPercentage: '60%', maxAmount: '10000.00', benefitPeriod: 'month' },
      customFields: [{ fieldLabel: 'Pre-existing condition limitation', fieldValue: '3/12' }],
    },
    {
      key: 'std',
      planTypeId: PlanTypeIds.STD,
      name: 'Short Term Disability 60%',
      carrier: 'Guardian Mutual Life',
      policyNumber: 'GML-STD',
      description: 'Employee-paid short term disability.',
      tierStructure: 2,
      rates: flat({ 1: 1800 }),
      benefits: { kind: 'disability', eliminationPeriod: '7 days', benefitPercentage: '60%', maxAmount: '1500.00', benefitPeriod: 'week' },
    },
    {
      key: 'fsa',
      planTypeId: PlanTypeIds.FSA,
      name: 'Flexible Spending Accounts',
      carrier: 'FlexPoint Administrators',
      policyNumber: 'FPA-FSA',
      description: 'Pre-tax accounts for health, dependent care, transit and parking.',
      tierStructure: 2,
      rates: [],
      benefits: {
        kind: 'fsa',
        accounts: {
          med: { enabled: true, eeLimit: '3300.00', erAmount: '0.00' },
          dep: { enabled: true, eeLimit: '5000.00', erAmount: '0.00' },
          tra: { enabled: true, eeLimit: '3900.00', erAmount: '0.00' },
          park: { enabled: true, eeLimit: '3900.00', erAmount: '0.00' },
        },
        fsaGracePeriod: '2.5 months after the plan year ends',
        fsaRollover: 'None (grace period applies)',
      },
    },
    {
      key: 'hsa',
      planTypeId: PlanTypeIds.HSA,
      name: 'Health Savings Account',
      carrier: 'FlexPoint Administrators',
      policyNumber: 'FPA-HSA',
      description: 'Tax-advantaged savings paired with the HDHP. Acme contributes $500 single / $1,000 family per year.',
      tierStructure: 4,
      // Yearly employer deposits per medical tier (priceS, priceHw, pricePc, priceF).
      employer: { kind: 'amount', perTier: { '1': 50000, '2': 100000, '3': 100000, '4': 100000 } },
      rates: [],
      benefits: { kind: 'hsa', planYear: 0, singleLimit: '4400.00', familyLimit: '8750.00', catchup: '1000.00' },
    },
    {
      key: 'hra',
      planTypeId: PlanTypeIds.HRA,
      name: 'Health Reimbursement Arrangement',
      carrier: 'FlexPoint Administrators',
      policyNumber: 'FPA-HRA',
      description: 'Employer-funded reimbursement of deductible expenses for medical members.',
      tierStructure: 2,
      contributionType: 2,
      rates: [],
      benefits: { kind: 'hra', singleAmount: '1000.00', familyAmount: '2000.00', description: 'Reimburses in-network deductible expenses.' },
    },
  ];
}

async function idOf(m: EntityManager, sql: string, params: unknown[]): Promise<number | null> {
  const rows = (await m.query(sql, params)) as { id: number }[];
  return rows[0]?.id ?? null;
}

/** The plan line-up, its SBC files and jane's elections. Guarded by natural keys: a second run changes nothing. */
export async function seedPlans(m: EntityManager, storage: FileStorage, clientId: number): Promise<boolean> {
  const period = (await m.query(`SELECT id, end_date::text AS end_date FROM open_enrollment_period WHERE client_id = $1 AND is_current`, [clientId])) as Array<{ id: number; end_date: string }>;
  if (!period[0]) return false;
  const periodId = period[0].id;
  const end = period[0].end_date;
  // The plan year the open enrollment is for: the next calendar year once the window ends in Q4.
  const planYear = Number(end.slice(0, 4)) + (Number(end.slice(5, 7)) >= 10 ? 1 : 0);
  let created = false;
  const ids = new Map<string, number>();
  const plans = lineUp();
  // The HSA first, so the HDHP can point at it.
  plans.sort((a, b) => (a.key === 'hsa' ? -1 : b.key === 'hsa' ? 1 : 0));
  for (const [order, p] of plans.entries()) {
    const benefits = ZPlanBenefits.parse(p.benefits.kind === 'hsa' ? { ...p.benefits, planYear } : p.benefits);
    let id = await idOf(m, `SELECT id FROM plan WHERE open_enrollment_period_id = $1 AND plan_type_id = $2 AND name = $3`, [periodId, p.planTypeId, p.name]);
    if (id === null) {
      created = true;
      const employer = p.employer ?? none;
      id = await idOf(
        m,
        `INSERT INTO plan (client_id, open_enrollment_period_id, plan_type_id, name, carrier, policy_number, description, effective_date,
           end_date, tier_structure, rate_type, rate_period, contribution_type, employer_contribution, employer_contributes, dependent_max_age,
           domestic_partner_rule, benefit_amount_cents, guaranteed_amount_cents, benefits, custom_fields, links, hsa_plan_id, sort_order)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'monthly', $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23)
         RETURNING id`,
        [
          clientId,
          periodId,
          p.planTypeId,
          p.name,
          p.carrier,
          p.policyNumber,
          p.description,
          `${planYear}-01-01`,
          `${planYear}-12-31`,
          p.tierStructure,
          p.rateType ?? 0,
          p.contributionType ?? 1,
          JSON.stringify(employer),
          computeEmployerContributes({ contribution_type: p.contributionType ?? 1, employer_contribution: employer, benefits }),
          p.dependentMaxAge ?? null,
          p.domesticPartnerRule ?? 3,
          p.benefitAmountCents ?? null,
          p.guaranteedAmountCents ?? null,
          JSON.stringify(benefits),
          JSON.stringify(p.customFields ?? []),
          JSON.stringify(p.links ?? {}),
          p.pairedWith ? (ids.get(p.pairedWith) ?? null) : null,
          order,
        ],
      );
      for (const r of p.rates) {
        await m.query(`INSERT INTO plan_rate (plan_id, tier, min_age, max_age, cost_cents) VALUES ($1, $2, $3, $4, $5)`, [id, r.tier, r.minAge, r.maxAge, r.costCents]);
      }
    }
    ids.set(p.key, id!);
    if (p.sbc) {
      const key = `client-${clientId}/plans/${periodId}-${p.key}-sbc.pdf`;
      const data = simplePdf(`${p.name}: Summary of Benefits`, p.sbc);
      // Bytes are rewritten each run (same content); the row is created once.
      await storage.put(key, data);
      let fileId = await idOf(m, `SELECT id FROM file WHERE storage_key = $1`, [key]);
      if (fileId === null) {
        created = true;
        fileId = await idOf(
          m,
          `INSERT INTO file (client_id, title, file_type, storage_key, content_type, size_bytes) VALUES ($1, $2, 'carrier', $3, 'application/pdf', $4) RETURNING id`,
          [clientId, `${p.name} SBC`, key, data.length],
        );
        await m.query(`INSERT INTO plan_file (plan_id, file_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [id, fileId]);
      }
    }
  }

  created = (await seedJaneElections(m, clientId, periodId, planYear, ids, plans)) || created;
  return created;
}

/** jane: medical, dental and vision for the family, group life, an FSA and a declined STD. */
async function seedJaneElections(m: EntityManager, clientId: number, periodId: number, planYear: number, ids: Map<string, number>, plans: SeedPlan[]): Promise<boolean> {
  const jane = (await m.query(
    `SELECT e.id, e.birth_date::text AS birth_date, c.pay_periods FROM employee e JOIN account a ON a.id = e.account_id JOIN client c ON c.id = e.client_id
      WHERE a.username = 'jane@acme.test' AND e.client_id = $1`,
    [clientId],
  )) as Array<{ id: number; birth_date: string | null; pay_periods: number }>;
  if (!jane[0]) return false;
  const { id: employeeId, pay_periods: payPeriods } = jane[0];
  // Her spouse and child come from the dependents seed; without them she is enrolled alone.
  const family = (await m.query(
    `SELECT id, relationship_type_id FROM dependent WHERE employee_id = $1 AND deleted_at IS NULL AND relationship_type_id IN (1, 2, 7) ORDER BY id`,
    [employeeId],
  )) as Array<{ id: number; relationship_type_id: number }>;
  const deps = family.map((d) => ({ id: d.id, relationshipTypeId: d.relationship_type_id }));
  const engine = new ContributionEngine(payPeriods);
  // The same age the API prices with: on the plan's start, or today once it has started.
  const age = coverageAge(jane[0].birth_date, `${planYear}-01-01`, new Date().toISOString().slice(0, 10));
  const price = (key: string, withDeps: boolean) => {
    const p = plans.find((x) => x.key === key)!;
    const pricing: PricingPlan = {
      tierStructure: p.tierStructure,
      rateType: p.rateType ?? 0,
      ratePeriod: 'monthly',
      contributionType: p.contributionType ?? 1,
      employerContribution: p.employer ?? none,
      rates: p.rates,
    };
    return withDeps ? engine.dependentsCost(pricing, deps, age) : engine.tierCost(pricing, 1, age);
  };
  let created = false;
  const elect = async (planTypeId: number, key: string | null, status: number, extra: Record<string, unknown>, dependentIds: number[]) => {
    const planId = key ? ids.get(key)! : null;
    const cols = ['client_id', 'employee_id', 'open_enrollment_period_id', 'plan_type_id', 'plan_id', 'status', 'effective_date', 'effective_to_date', ...Object.keys(extra)];
    const values = [clientId, employeeId, periodId, planTypeId, planId, status, status === 1 ? `${planYear}-01-01` : null, status === 1 ? `${planYear}-12-31` : null, ...Object.values(extra)];
    const rows = (await m.query(
      `INSERT INTO enrollment (${cols.join(', ')}) VALUES (${cols.map((_c, i) => `$${i + 1}`).join(', ')})
       ON CONFLICT (employee_id, open_enrollment_period_id, plan_type_id) DO NOTHING RETURNING id`,
      values,
    )) as Array<{ id: number }>;
    if (!rows[0]) return;
    created = true;
    for (const d of dependentIds) await m.query(`INSERT INTO enrollment_dependent (enrollment_id, dependent_id) VALUES ($1, $2)`, [rows[0].id, d]);
  };
  const familyElection = async (planTypeId: number, key: string) => {
    const cost = price(key, true)!;
    await elect(planTypeId, key, 1, { tier: cost.tier, contribution_cents: cost.employeeCents, employer_contribution_cents: cost.employerCents, member_number: `ACME-${employeeId}-${planTypeId}` }, deps.map((d) => d.id));
  };
  await familyElection(PlanTypeIds.Medical, 'medical-ppo');
  await familyElection(PlanTypeIds.Dental, 'dental-basic');
  await familyElection(PlanTypeIds.Vision, 'vision');
  const life = price('life', false)!;
  await elect(PlanTypeIds.Life, 'life', 1, { tier: 1, contribution_cents: 0, employer_contribution_cents: life.employerCents, coverage_employee_cents: 5_000_000 }, []);
  // $50.00 per paycheck into the health FSA.
  await elect(PlanTypeIds.FSA, 'fsa', 1, { contribution_cents: 5000, fsa_med_annual_cents: engine.fsaAnnual(5000), fsa_dep_annual_cents: 0, fsa_tra_annual_cents: 0, fsa_park_annual_cents: 0 }, []);
  await elect(PlanTypeIds.STD, null, -2, {}, []);
  return created;
}
