import { addDays } from './engine/dates';
import { PlanTypeIds } from './engine/plan-types';
import { RestrictionCodes } from './plans';

/**
 * Which plan types an employee can take in a period, and which of those they still have to decide: the one
 * rule behind the Status Dashboard's completion, "Remind the unfinished", Close OE now's count and the
 * census's "what is missing". It is the enrollment step's own rule (GET /enrollments' `restricted` and
 * `selectable`, contracts/enrollments isDecided), so an employee the wizard let sign is 100%: a type they
 * cannot take (an HSA beside a medical plan that is not a qualified high-deductible one, a plan HR
 * restricted, an employment status or weekly hours the plans do not cover, eligibility after the plans renew)
 * is never missing. A type is judged plan by plan with the plan list's own rule (planEligibility), so a type is
 * open exactly when at least one of its plans is open to the employee.
 */

/** One plan of the period, as far as taking it goes. Dates are ISO (YYYY-MM-DD). */
export interface CompletionPlan {
  id: number;
  planTypeId: number;
  /** HR's restriction code on the plan (RestrictionCodes; 0 none). */
  restricted: number;
  /** Employment statuses the plan covers; null covers every status. */
  eligibleEmploymentIds: readonly number[] | null;
  waitingPeriodDays: number;
  /** Weekly hours the plan asks for (the rate sheet's eligibility column); null: any. */
  minWorkHours: number | null;
  endDate: string;
  /** contributionType 2: the employer pays it all, so there is nothing to choose. */
  employerPaid: boolean;
  /** A qualified high-deductible medical plan: an HSA may go with it. */
  hsaQualified: boolean;
}

/** The employee's side: status and dates, and their signed election of each plan type of the period. */
export interface CompletionEmployee {
  employmentId: number | null;
  hireDate: string | null;
  eligibilityDate: string | null;
  /** Weekly work hours from the census; null when not given. */
  workHours: number | null;
  /** The client's today (core/clock), ISO. */
  today: string;
  /** Plan type id → the election (status 1 enrolled, 0 not selected, -1 waived, -2 declined). No entry: not selected. */
  elections: Readonly<Record<number, { status: number; planId: number | null } | undefined>>;
}

/** A plan type as the enrollment step sees it, before the employee's election. */
export interface PlanTypeOffer {
  planTypeId: number;
  /** HR's restriction when every plan of the type has one (the smallest code), else 0. */
  hrRestricted: number;
  /**
   * Why no plan of the type is open to the employee by the plan list's rule (planEligibility: HR's
   * restriction, employment status, weekly hours, eligibility after the plan renews), else 0: NotEligible, or
   * RenewsBeforeEligibility when some plan would take them once it renews.
   */
  eligibility: number;
  /** The first day the employee is eligible for a plan of the type open to them, ISO, when that is after today; else null. */
  eligibilityDate: string | null;
  /** Every plan of the type is employer-paid. */
  employerPaidOnly: boolean;
}

/**
 * Why the employee cannot take a plan type (a RestrictionCodes value), or 0 when they can. The order is the
 * enrollment step's: HR's restriction, then the HSA's medical plan, then the employee's own eligibility for
 * the type's plans. `medical` is the employee's medical election (null: none made).
 */
export function planTypeRestriction(offer: PlanTypeOffer, medical: { status: number; hsaQualified: boolean } | null): number {
  if (offer.hrRestricted > 0) return offer.hrRestricted;
  if (offer.planTypeId === PlanTypeIds.HSA && medical !== null && medical.status === 1 && !medical.hsaQualified) return RestrictionCodes.RequiresHighDeductibleMedical;
  return offer.eligibility;
}

/** The first day the employee is eligible: the later of hire date + waiting period and the eligibility date (ISO; null unknown). */
export function eligibleFrom(waitingPeriodDays: number, employee: Pick<CompletionEmployee, 'hireDate' | 'eligibilityDate'>): string | null {
  const fromHire = employee.hireDate !== null ? addDays(employee.hireDate, waitingPeriodDays) : null;
  return [fromHire, employee.eligibilityDate].filter((d): d is string => d !== null).sort().at(-1) ?? null;
}

/** Whether the plan covers the employee's employment status (null on the plan: every status). */
export function coversEmployment(plan: Pick<CompletionPlan, 'eligibleEmploymentIds'>, employmentId: number | null): boolean {
  return plan.eligibleEmploymentIds === null || (employmentId !== null && plan.eligibleEmploymentIds.includes(employmentId));
}

/** One plan for one employee: the plan list's rule (its `restricted` and `eligibilityDate`), and each plan's part of a plan type's. */
export type PlanEligibilityFacts = Pick<CompletionPlan, 'restricted' | 'eligibleEmploymentIds' | 'waitingPeriodDays' | 'minWorkHours' | 'endDate'>;
export type EligibilityEmployee = Pick<CompletionEmployee, 'employmentId' | 'hireDate' | 'eligibilityDate' | 'workHours' | 'today'>;
export function planEligibility(plan: PlanEligibilityFacts, employee: EligibilityEmployee): { restricted: number; eligibilityDate: string | null } {
  const from = eligibleFrom(plan.waitingPeriodDays, employee);
  const eligibilityDate = from !== null && from > employee.today ? from : null;
  if (plan.restricted > 0) return { restricted: plan.restricted, eligibilityDate };
  if (!coversEmployment(plan, employee.employmentId)) return { restricted: RestrictionCodes.NotEligible, eligibilityDate };
  // Unknown hours do not exclude anyone: HR may not have entered them yet.
  if (plan.minWorkHours !== null && employee.workHours !== null && employee.workHours < plan.minWorkHours) return { restricted: RestrictionCodes.NotEligible, eligibilityDate };
  if (eligibilityDate !== null && eligibilityDate > plan.endDate) return { restricted: RestrictionCodes.RenewsBeforeEligibility, eligibilityDate };
  return { restricted: RestrictionCodes.None, eligibilityDate };
}

/** The earliest of eligibility dates, where null (eligible now) comes first. */
const earliest = (dates: ReadonlyArray<string | null>): string | null => (dates.includes(null) ? null : ([...dates].sort()[0] ?? null));

/**
 * The plan types of the period as offers to this employee (GET /enrollments reads the plans' facts for it):
 * each plan judged by planEligibility, the type open when one of them is.
 */
export function offersFor(plans: readonly CompletionPlan[], employee: EligibilityEmployee): PlanTypeOffer[] {
  const byType = new Map<number, CompletionPlan[]>();
  for (const p of plans) byType.set(p.planTypeId, [...(byType.get(p.planTypeId) ?? []), p]);
  return [...byType.entries()]
    .sort(([a], [b]) => a - b)
    .map(([planTypeId, list]) => {
      const judged = list.map((p) => planEligibility(p, employee));
      const open = judged.filter((j) => j.restricted === RestrictionCodes.None);
      const later = judged.filter((j) => j.restricted === RestrictionCodes.RenewsBeforeEligibility);
      // The type's date is that of the plans that decide its state: the open ones, else those that renew first.
      const [eligibility, deciding] =
        open.length > 0 ? [RestrictionCodes.None, open] : later.length > 0 ? [RestrictionCodes.RenewsBeforeEligibility, later] : [RestrictionCodes.NotEligible, judged];
      return {
        planTypeId,
        hrRestricted: list.every((p) => p.restricted > 0) ? Math.min(...list.map((p) => p.restricted)) : 0,
        eligibility,
        eligibilityDate: earliest(deciding.map((j) => j.eligibilityDate)),
        employerPaidOnly: list.every((p) => p.employerPaid),
      };
    });
}

export interface EnrollmentCompletion {
  /** The plan types the employee can take, in plan type order. */
  canTake: number[];
  /** Of those, the ones with something to choose (not only employer-paid plans). */
  toChoose: number[];
  /** Of those, the ones still to decide (not selected). */
  missing: number[];
  /** The plan types they cannot take, each with why (RestrictionCodes). */
  cannotTake: Array<{ planTypeId: number; restricted: number }>;
  /** Decided out of can-take, 0 to 100; 100 when there is nothing to take. */
  progress: number;
}

/** What the employee can take in the period, what they still have to decide, and how far they are. */
export function enrollmentCompletion(plans: readonly CompletionPlan[], employee: CompletionEmployee): EnrollmentCompletion {
  const medicalElection = employee.elections[PlanTypeIds.Medical];
  const medicalPlan = medicalElection?.planId != null ? plans.find((p) => p.id === medicalElection.planId) : undefined;
  const medical = medicalElection ? { status: medicalElection.status, hsaQualified: medicalPlan?.hsaQualified ?? false } : null;
  const canTake: number[] = [];
  const toChoose: number[] = [];
  const missing: number[] = [];
  const cannotTake: EnrollmentCompletion['cannotTake'] = [];
  for (const offer of offersFor(plans, employee)) {
    const restricted = planTypeRestriction(offer, medical);
    if (restricted !== RestrictionCodes.None) {
      cannotTake.push({ planTypeId: offer.planTypeId, restricted });
      continue;
    }
    canTake.push(offer.planTypeId);
    if (offer.employerPaidOnly) continue;
    toChoose.push(offer.planTypeId);
    if ((employee.elections[offer.planTypeId]?.status ?? 0) === 0) missing.push(offer.planTypeId);
  }
  return { canTake, toChoose, missing, cannotTake, progress: completionPercent(canTake.length - missing.length, canTake.length) };
}

/** Decided out of can-take as a whole percentage, never above 100; nothing to take is done. */
export function completionPercent(decided: number, canTake: number): number {
  if (canTake <= 0) return 100;
  return Math.min(100, Math.round((decided * 100) / canTake));
}

/**
 * Where an employee stands in the period, for the dashboard's totals and filters: nothing decided yet, some
 * decided, every type decided but the signature still due, or finished (decided and signed, or nothing to sign).
 */
export const ENROLLMENT_STATES = ['not-started', 'in-progress', 'not-signed', 'finished'] as const;
export type EnrollmentState = (typeof ENROLLMENT_STATES)[number];
export const ENROLLMENT_STATE_LABELS: Readonly<Record<EnrollmentState, string>> = {
  'not-started': 'Not started',
  'in-progress': 'In progress',
  'not-signed': 'Chosen, not signed',
  finished: 'Finished',
};

export function enrollmentState(c: Pick<EnrollmentCompletion, 'canTake' | 'toChoose' | 'missing'>, signed: boolean): EnrollmentState {
  const signatureDue = c.canTake.length > 0 && !signed;
  if (c.missing.length === 0) return signatureDue ? 'not-signed' : 'finished';
  return c.missing.length === c.toChoose.length ? 'not-started' : 'in-progress';
}
