import {
  addDays,
  amountInputCents,
  annualFromPerPeriodText,
  annualToPerPeriod,
  centsToDecimal,
  checkDependent,
  DENTAL_TYPES,
  EnrollmentStatus,
  formatUsd,
  isoToUs,
  MEDICAL_TYPES,
  parseMoney,
  PlanTypeIds,
  RESTRICTION_MESSAGES,
  usToIso,
  VISION_TYPES,
  WAIVABLE_TYPES,
  type Dependent,
  type EligibilityResult,
  type Enrollment,
  type Plan,
} from '@bp/api/contracts';

/**
 * Display rules of the Benefits Enrollment step and its dialogs, pure so
 * the server render, the browser and the unit tests agree.
 */

/** Plan groups (a block listing every plan) exist only for medical, dental and vision. */
export function isPlanGroup(planTypeId: number): boolean {
  return MEDICAL_TYPES.includes(planTypeId) || DENTAL_TYPES.includes(planTypeId) || VISION_TYPES.includes(planTypeId);
}

export function isWaivable(planTypeId: number): boolean {
  return WAIVABLE_TYPES.includes(planTypeId);
}

/** A new open-enrollment row is treated as not yet chosen, whatever it carries. */
export function isChosen(e: Pick<Enrollment, 'status' | 'isNewOE'>): boolean {
  return !e.isNewOE && e.status !== EnrollmentStatus.NotSelected;
}

/** 'Enrolled', 'Waived', 'Declined' or null (not chosen yet). */
export function statusText(e: Pick<Enrollment, 'status' | 'isNewOE'>): string | null {
  if (!isChosen(e)) return null;
  if (e.status === EnrollmentStatus.Enrolled) return 'Enrolled';
  return e.status === EnrollmentStatus.Waived ? 'Waived' : 'Declined';
}

/** 'Select' when nothing is chosen (or a new open enrollment), else 'Modify'. */
export function actionLabel(e: Pick<Enrollment, 'status' | 'isNewOE'>): 'Select' | 'Modify' {
  return isChosen(e) ? 'Modify' : 'Select';
}

/** Whether the row offers Select or Modify: employer-paid rows only with a choice of plans, never for an HRA. */
export function canOpenDialog(e: Pick<Enrollment, 'selectable' | 'restricted' | 'planCount' | 'planTypeId'>): boolean {
  if (e.restricted > 0) return false;
  if (!e.selectable) return e.planCount > 1 && e.planTypeId !== PlanTypeIds.HRA;
  return true;
}

// isDecided and allDecided live in the contracts: the server's registration progress uses the same rule.
export { allDecided, isDecided } from '@bp/api/contracts';

/**
 * No plan rows at all: only then does the step say 'You are not eligible for any benefits'. Rows that are
 * all restricted still show, as 'Not Available' with their restriction's subtitle (document 2), so the
 * employee learns why and when.
 */
export function noPlansOffered(list: ReadonlyArray<unknown>): boolean {
  return list.length === 0;
}

/** The sum of every enrolled row's per-paycheck contribution, in cents. */
export function totalContributionCents(list: ReadonlyArray<Pick<Enrollment, 'status' | 'isNewOE' | 'contributionAmount'>>): number {
  return list.reduce((sum, e) => (isChosen(e) && e.status === EnrollmentStatus.Enrolled ? sum + (parseMoney(e.contributionAmount) ?? 0) : sum), 0);
}

/** '$1,234.50' from a wire amount; '$0.00' when absent (default $0.00). */
export function usd(amount: string | null | undefined): string {
  return formatUsd(parseMoney(amount ?? null) ?? 0);
}

/** The subtitle of a restricted row, or the future eligibility date's message. */
export function rowNotice(e: Pick<Enrollment, 'restricted' | 'eligibilityDate'>): string | null {
  if (e.restricted >= 2 && e.restricted <= 6) return RESTRICTION_MESSAGES[e.restricted] ?? null;
  if (e.restricted === 0 && e.eligibilityDate) return `You will be eligible for this benefit on ${e.eligibilityDate}`;
  return null;
}

/** The day before a MM/DD/YYYY date, for 'MY PLAN (until ...)'. */
export function dayBefore(us: string): string {
  const iso = usToIso(us);
  return iso ? (isoToUs(addDays(iso, -1)) ?? us) : us;
}

export type DialogTab = 'enroll' | 'decline';

/**
 * The tab the dialog opens on: Enroll when enrolled, not selectable or a plan was
 * chosen (from Compare Plans); Decline when declined or waived; an explicit ?tab= when it is allowed.
 */
export function openingTab(e: Pick<Enrollment, 'status' | 'selectable' | 'declineAllowed' | 'isNewOE'>, asked: string | null, chosenPlan: boolean): DialogTab {
  if (chosenPlan || !e.declineAllowed) return 'enroll';
  if (asked === 'decline' || asked === 'enroll') return asked;
  if (e.status === EnrollmentStatus.Enrolled || !e.selectable) return 'enroll';
  if (!e.isNewOE && (e.status === EnrollmentStatus.Declined || e.status === EnrollmentStatus.Waived)) return 'decline';
  return 'enroll';
}

/** The plan preselected in the dialog: the asked one, the only one, else the enrolled one. */
export function preselectedPlanId(plans: ReadonlyArray<Pick<Plan, 'id'>>, enrolledPlanId: number | null, asked: number | null): number | null {
  if (asked !== null && plans.some((p) => p.id === asked)) return asked;
  if (plans.length === 1) return plans[0]?.id ?? null;
  return enrolledPlanId !== null && plans.some((p) => p.id === enrolledPlanId) ? enrolledPlanId : null;
}

/** Eligibility of a dependent for a plan on its coverage start (the shared rule the API enforces). */
export function dependentEligibility(plan: Plan, dependent: Dependent, employeeGender: number | null, todayIso: string): EligibilityResult {
  const start = usToIso(plan.effectiveDate);
  const on = start && start > todayIso ? start : todayIso;
  const birth = dependent.birthDate ? usToIso(dependent.birthDate) : null;
  return checkDependent(
    { planTypeId: plan.planTypeId, tierStructure: plan.tierStructure, dependentMaxAge: plan.dependentMaxAge, domesticPartnerRule: plan.domesticPartner },
    { relationshipTypeId: dependent.relationshipTypeId ?? 0, birthDate: birth, gender: dependent.gender, disabled: dependent.disabled === 1 },
    employeeGender,
    on,
  );
}

/** Voluntary life option label relative to the current amount. */
export function amountOptionLabel(optionCents: number, currentCents: number | null): string {
  const amount = formatUsd(optionCents);
  if (currentCents === null || currentCents <= 0) return amount;
  if (optionCents === currentCents) return `Keep at ${amount}`;
  return optionCents > currentCents ? `Increase to ${amount}` : `Decrease to ${amount}`;
}

/** FSA: annual = per period x pay periods, per period = annual / pay periods, both to the cent (the engine's rounding). */
/**
 * The annual field that follows a typed per-paycheck amount: the contracts' rounding for any number of
 * decimals; what is not a number stays as typed, so the annual field shows it with its message instead of
 * keeping an older figure that Enroll would save.
 */
export function fsaAnnualText(perPeriod: string, payPeriods: number): string {
  const typed = perPeriod.trim();
  if (typed === '') return '';
  const cents = annualFromPerPeriodText(typed, payPeriods);
  return cents === null ? typed : centsToDecimal(cents);
}

/** The per-paycheck field that follows a typed annual amount; empty when the annual text is no amount. */
export function fsaPerPeriodText(annual: string, payPeriods: number): string {
  const cents = parseMoney(annual);
  if (cents === null || payPeriods <= 0) return '';
  return centsToDecimal(annualToPerPeriod(cents, payPeriods));
}

/** What an accepted annual amount costs per paycheck, in cents; 0 for an empty, refused or negative one. */
export function fsaPerPeriodCents(annual: string, payPeriods: number): number {
  const cents = amountInputCents(annual.trim());
  return cents === null || payPeriods <= 0 ? 0 : annualToPerPeriod(cents, payPeriods);
}
