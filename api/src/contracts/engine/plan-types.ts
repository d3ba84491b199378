/** Plan type ids (9 is State STD, never a waiver). */
export const PlanTypeIds = {
  Medical: 1,
  Dental: 2,
  Life: 3,
  ADD: 4,
  LTD: 6,
  STD: 7,
  Vision: 8,
  StateStd: 9,
  Pension: 10,
  LTC: 11,
  FSA: 12,
  S125: 13,
  EAP: 15,
  Pediatric: 16,
  HRA: 19,
  HSA: 20,
  VoluntaryDental: 32,
  VoluntaryLife: 33,
  VoluntaryADD: 34,
  VoluntarySTD: 36,
  VoluntaryLTD: 37,
  VoluntaryVision: 38,
  WorksiteDental: 42,
  WorksiteVision: 48,
} as const;
export type PlanTypeId = (typeof PlanTypeIds)[keyof typeof PlanTypeIds];
export const PLAN_TYPE_ID_VALUES = Object.values(PlanTypeIds) as PlanTypeId[];

/** Group names (the option list's texts). */
export const PLAN_TYPE_NAMES: Record<PlanTypeId, string> = {
  1: 'Group Medical',
  2: 'Group Dental',
  3: 'Group Life',
  4: 'AD&D',
  6: 'LTD',
  7: 'STD',
  8: 'Group Vision',
  9: 'State STD',
  10: 'Pension',
  11: 'LTC',
  12: 'FSA',
  13: 'Section 125',
  15: 'EAP',
  16: 'Pediatric',
  19: 'HRA',
  20: 'HSA',
  32: 'Voluntary Dental',
  33: 'Voluntary Life',
  34: 'Voluntary AD&D',
  36: 'Voluntary STD',
  37: 'Voluntary LTD',
  38: 'Voluntary Vision',
  42: 'Worksite Benefits Dental',
  48: 'Worksite Benefits Vision',
};

export const MEDICAL_TYPES: readonly number[] = [PlanTypeIds.Medical];
export const DENTAL_TYPES: readonly number[] = [PlanTypeIds.Dental, PlanTypeIds.VoluntaryDental, PlanTypeIds.WorksiteDental];
export const VISION_TYPES: readonly number[] = [PlanTypeIds.Vision, PlanTypeIds.VoluntaryVision, PlanTypeIds.WorksiteVision];
/** Types whose enrollment lists dependents and a tier (the dependents-and-tier form). */
export const DEPENDENT_TYPES: readonly number[] = [...MEDICAL_TYPES, ...DENTAL_TYPES, ...VISION_TYPES, PlanTypeIds.Pediatric];
/** "Have other coverage" (Waived) exists only for medical, dental and vision. */
export const WAIVABLE_TYPES: readonly number[] = [...MEDICAL_TYPES, ...DENTAL_TYPES, ...VISION_TYPES];

export function isPlanTypeId(value: number): value is PlanTypeId {
  return (PLAN_TYPE_ID_VALUES as number[]).includes(value);
}
