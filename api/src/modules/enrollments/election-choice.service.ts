import { Injectable } from '@nestjs/common';
import { EnrollmentMessages, type EnrollmentUpdate } from '../../contracts/enrollments';
import {
  ContributionEngine,
  DEPENDENT_TYPES,
  FSA_ACCOUNTS,
  RESTRICTION_MESSAGES,
  RestrictionCodes,
  checkDependent,
  coverageAge,
  fsaErrors,
  hsaError,
  hsaLimit,
  isPartner,
  parseMoney,
  tierForDependents,
  voluntaryLifeErrors,
  type FieldError,
  type FsaAccount,
} from '../../contracts/plans';
import { TenantDb } from '../../core/database/tenant-db';
import { fieldError, fieldErrors } from '../../core/http/field-errors';
import { PLAN_SQL, eligibilityOf, employeeAgeFor, fsaRulesOf, hsaEmployerCents, hsaRulesOf, pricingOf, voluntaryLifeRulesOf, type EmployeeContext, type PlanRecord } from '../plans/plan-model';
import { PlansService } from '../plans/plans.service';
import { enrollValues } from './election-values';
import type { Election } from './elections';

/**
 * Enrolling in a plan (PUT /enrollments/{id} with status 1): the rules of the plan's kind (eligibility,
 * dependents and tier, voluntary life amounts, FSA and HSA limits, HRA's medical), and the election they make,
 * its contribution computed here.
 */
@Injectable()
export class ElectionChoiceService {
  constructor(
    private readonly db: TenantDb,
    private readonly plans: PlansService,
  ) {}

  async enroll(ctx: EmployeeContext, typeId: number, plans: PlanRecord[], body: EnrollmentUpdate): Promise<{ after: Election; deps: number[] }> {
    const plan = plans.find((p) => p.id === body.planId);
    if (!plan) throw fieldError('planId', EnrollmentMessages.planNotInGroup);
    const { restricted } = eligibilityOf(plan, ctx);
    if (restricted > 0) throw fieldError('planId', RESTRICTION_MESSAGES[restricted] ?? RESTRICTION_MESSAGES[1]!);
    const engine = new ContributionEngine(ctx.payPeriods);
    const age = employeeAgeFor(plan, ctx);
    const b = plan.benefits;
    const depIds = body.dependents ?? [];
    if (!DEPENDENT_TYPES.includes(typeId) && depIds.length > 0) throw fieldError('dependents', EnrollmentMessages.noDependentsForType);

    if (DEPENDENT_TYPES.includes(typeId)) {
      const deps = await this.plans.dependents(ctx, [...new Set(depIds)]);
      const on = plan.effective_date > ctx.today ? plan.effective_date : ctx.today;
      const errors: FieldError[] = [];
      deps.forEach((d) => {
        const r = checkDependent(
          { planTypeId: typeId, tierStructure: plan.tier_structure, dependentMaxAge: plan.dependent_max_age, domesticPartnerRule: plan.domestic_partner_rule },
          d,
          ctx.gender,
          on,
        );
        if (!r.eligible) errors.push({ path: `dependents.${depIds.indexOf(d.id)}`, message: r.message ?? EnrollmentMessages.planNotInGroup });
      });
      if (errors.length) throw fieldErrors(errors);
      const tier = tierForDependents(plan.tier_structure, deps);
      if (tier !== null && body.tier !== undefined && body.tier !== tier) throw fieldError('tier', EnrollmentMessages.tierMismatch);
      const cost = tier === null ? null : engine.tierCost(pricingOf(plan), tier, age);
      if (tier !== null && !cost) throw fieldError('tier', EnrollmentMessages.planNotInGroup);
      return { after: enrollValues(ctx, plan, tier, cost?.employeeCents ?? 0), deps: deps.map((d) => d.id) };
    }

    if (b.kind === 'voluntaryLife') {
      const rules = voluntaryLifeRulesOf(b);
      const election = {
        employeeCents: parseMoney(body.coverageAmounts?.employee ?? null),
        spouseCents: parseMoney(body.coverageAmounts?.spouse ?? null),
        childrenCents: parseMoney(body.coverageAmounts?.children ?? null),
      };
      const spouse = (await this.plans.dependents(ctx, null)).find((d) => isPartner(d.relationshipTypeId));
      const ages = { employee: age, spouse: spouse ? coverageAge(spouse.birthDate, plan.effective_date, ctx.today) : null };
      const errors = voluntaryLifeErrors(rules, election, ages);
      if ((election.spouseCents ?? 0) > 0 && !spouse) errors.push({ path: 'coverageAmounts.spouse', message: EnrollmentMessages.dependentNotFound });
      if (errors.length) throw fieldErrors(errors);
      const cost = engine.voluntaryLifeCost(pricingOf(plan), election, ages);
      return {
        after: {
          ...enrollValues(ctx, plan, null, cost, 0),
          coverage_employee_cents: election.employeeCents,
          coverage_spouse_cents: election.spouseCents || null,
          coverage_children_cents: election.childrenCents || null,
        },
        deps: [],
      };
    }

    if (b.kind === 'fsa') {
      const annual: Record<FsaAccount, number> = { med: 0, dep: 0, tra: 0, park: 0 };
      for (const a of FSA_ACCOUNTS) annual[a] = parseMoney(body.fsaContributionAmounts?.[a] ?? null) ?? 0;
      const rules = fsaRulesOf(b);
      const errors = fsaErrors(rules, annual);
      if (errors.length) throw fieldErrors(errors);
      const perPeriod = FSA_ACCOUNTS.reduce((s, a) => s + engine.fsaPerPeriod(annual[a]), 0);
      const employer = FSA_ACCOUNTS.reduce((s, a) => s + (rules[a].enabled ? engine.fsaPerPeriod(rules[a].erAmountCents) : 0), 0);
      return {
        after: {
          ...enrollValues(ctx, plan, null, perPeriod, employer),
          fsa_med_annual_cents: annual.med,
          fsa_dep_annual_cents: annual.dep,
          fsa_tra_annual_cents: annual.tra,
          fsa_park_annual_cents: annual.park,
        },
        deps: [],
      };
    }

    if (b.kind === 'hsa') {
      const amount = parseMoney(body.hsaContributionAmount ?? null);
      if (amount === null) throw fieldError('hsaContributionAmount', EnrollmentMessages.fieldRequired);
      const medical = await this.plans.hsaCoverage(ctx);
      if (medical.medicalPlanId !== null) {
        const [mp] = await this.db.query<PlanRecord>(`${PLAN_SQL} WHERE p.id = $1 AND p.client_id = $client`, [medical.medicalPlanId]);
        if (mp && mp.benefits.kind === 'medical' && !mp.benefits.hsaQualified) throw fieldError('planId', RESTRICTION_MESSAGES[RestrictionCodes.RequiresHighDeductibleMedical]!);
      }
      const employerCents = hsaEmployerCents(plan, medical.tier);
      const limit = hsaLimit(hsaRulesOf(b), medical.coverage, age, employerCents);
      const error = hsaError(amount, limit);
      if (error) throw fieldError('hsaContributionAmount', error);
      return {
        after: { ...enrollValues(ctx, plan, medical.tier, engine.hsaPerPeriod(amount), engine.hsaPerPeriod(employerCents)), hsa_annual_cents: amount },
        deps: [],
      };
    }

    if (b.kind === 'hra') {
      const medical = await this.plans.hsaCoverage(ctx);
      if (medical.medicalPlanId === null) throw fieldError('planId', RESTRICTION_MESSAGES[RestrictionCodes.RequiresMedical]!);
    }

    // Life, disability and the other types: the employee-only tier's price, if the plan has rates.
    const cost = engine.tierCost(pricingOf(plan), 1, age);
    return { after: enrollValues(ctx, plan, plan.rates.length ? 1 : null, cost?.employeeCents ?? 0), deps: [] };
  }
}
