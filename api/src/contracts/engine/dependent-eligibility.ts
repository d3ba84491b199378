import { ageOn } from './dates';
import { DENTAL_TYPES, MEDICAL_TYPES, VISION_TYPES } from './plan-types';
import { RelationshipTypeIds, type TierStructure } from './tiers';

/** Messages as the site shows them, word for word. */
export const EligibilityMessages = {
  childAgeLimitExceeded: 'Child age limit exceeded',
  disabledOverage: 'You may need to submit supporting documentation in order to enroll an overage, totally disabled dependent.',
  domesticPartnerNotEligible: 'Domestic partners are not eligible for this plan',
} as const;

/** Ages of: dental and vision under 26, medical under 31 (26 to 30 with conditions). */
export const CHILD_AGE_LIMIT_DENTAL_VISION = 26;
export const CHILD_AGE_LIMIT_MEDICAL = 31;
export const CHILD_AGE_CONDITIONS_FROM = 26;

/** Domestic partner rule of a plan: 0 never, 1 same sex only, 2 opposite sex only, 3 always. */
export type DomesticPartnerRule = 0 | 1 | 2 | 3;

export interface EligibilityPlan {
  planTypeId: number;
  tierStructure: TierStructure;
  dependentMaxAge: number | null;
  domesticPartnerRule: DomesticPartnerRule;
}

export interface EligibilityDependent {
  relationshipTypeId: number;
  /** ISO date; null when unknown (then no age rule can pass for a child). */
  birthDate: string | null;
  gender: number | null;
  /** Totally disabled (disabled = 1). */
  disabled: boolean;
}

export interface EligibilityResult {
  eligible: boolean;
  /** Why not, or the note shown with an eligible overage child. */
  message: string | null;
  /** A medical child aged 26 to 30: the conditions dialog must be accepted. */
  overageConditions: boolean;
}

/** The child age limit for a plan (exclusive), or null when the plan has no cap. */
export function childAgeLimit(plan: Pick<EligibilityPlan, 'planTypeId' | 'dependentMaxAge'>): number | null {
  let limit: number | null = null;
  if (DENTAL_TYPES.includes(plan.planTypeId) || VISION_TYPES.includes(plan.planTypeId)) limit = CHILD_AGE_LIMIT_DENTAL_VISION;
  else if (MEDICAL_TYPES.includes(plan.planTypeId)) limit = CHILD_AGE_LIMIT_MEDICAL;
  // The plan's own maximum narrows any type limit ("the child's age must be below it").
  if (plan.dependentMaxAge !== null && plan.dependentMaxAge > 0) limit = limit === null ? plan.dependentMaxAge : Math.min(limit, plan.dependentMaxAge);
  return limit;
}

/**
 * Whether a dependent may be enrolled in a plan on `on` (the coverage start), for an employee of
 * `employeeGender`. Pure: the API enforces it, the site shows the same answers.
 */
export function checkDependent(plan: EligibilityPlan, dependent: EligibilityDependent, employeeGender: number | null, on: string): EligibilityResult {
  const ok: EligibilityResult = { eligible: true, message: null, overageConditions: false };
  if (dependent.relationshipTypeId === RelationshipTypeIds.DomesticPartner) {
    const sameSex = employeeGender !== null && dependent.gender !== null && employeeGender === dependent.gender;
    const knownGenders = employeeGender !== null && dependent.gender !== null;
    const allowed =
      plan.domesticPartnerRule === 3 || (plan.domesticPartnerRule === 1 && knownGenders && sameSex) || (plan.domesticPartnerRule === 2 && knownGenders && !sameSex);
    return allowed ? ok : { eligible: false, message: EligibilityMessages.domesticPartnerNotEligible, overageConditions: false };
  }
  if (dependent.relationshipTypeId !== RelationshipTypeIds.Child) return ok;

  const limit = childAgeLimit(plan);
  if (limit === null) return ok;
  if (dependent.birthDate === null) return { eligible: false, message: EligibilityMessages.childAgeLimitExceeded, overageConditions: false };
  const age = ageOn(dependent.birthDate, on);
  if (age >= limit) {
    return dependent.disabled
      ? { eligible: true, message: EligibilityMessages.disabledOverage, overageConditions: false }
      : { eligible: false, message: EligibilityMessages.childAgeLimitExceeded, overageConditions: false };
  }
  const conditions = MEDICAL_TYPES.includes(plan.planTypeId) && age >= CHILD_AGE_CONDITIONS_FROM;
  return { eligible: true, message: null, overageConditions: conditions };
}
