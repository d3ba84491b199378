/**
 * Tier structures. Tier values are 1 to 4 in every structure, so a tier means the
 * same household everywhere: 1 employee only, 2 with a spouse or partner, 3 with children, 4 family.
 * Structure 3 counts heads instead (1, 2 = employee +1, 4 = employee +2 or more); structure 5 is
 * voluntary life, priced by amount and age, without tiers.
 */
export type Tier = 1 | 2 | 3 | 4;
export type TierStructure = 2 | 3 | 4 | 5;
export const TIER_STRUCTURES: readonly TierStructure[] = [2, 3, 4, 5];
/** Structure 5: priced by amount and age (voluntary life), no tiers and so no dependents to choose. */
export const AMOUNT_PRICED_STRUCTURE = 5 satisfies TierStructure;
/** Whether a plan's price depends on a tier (whom the employee covers). */
export const hasTiers = (structure: number): boolean => structure !== AMOUNT_PRICED_STRUCTURE;

export interface TierOption {
  value: Tier;
  label: string;
}

export const TIER_OPTIONS: Record<TierStructure, readonly TierOption[]> = {
  2: [
    { value: 1, label: 'Single' },
    { value: 4, label: 'Family' },
  ],
  3: [
    { value: 1, label: 'Employee only' },
    { value: 2, label: 'Employee +1' },
    { value: 4, label: 'Employee +2' },
  ],
  4: [
    { value: 1, label: 'Single' },
    { value: 2, label: 'Husband/Wife' },
    { value: 3, label: 'Parent/Child' },
    { value: 4, label: 'Family' },
  ],
  5: [],
};

/** Relationship types of a dependent (document 1: 1 Spouse, 2 Child, 7 Domestic partner). */
export const RelationshipTypeIds = { Spouse: 1, Child: 2, DomesticPartner: 7 } as const;

export function isPartner(relationshipTypeId: number): boolean {
  return relationshipTypeId === RelationshipTypeIds.Spouse || relationshipTypeId === RelationshipTypeIds.DomesticPartner;
}

/** The tier the chosen dependents imply; null for structure 5, which has no tiers. */
export function tierForDependents(structure: TierStructure, dependents: readonly { relationshipTypeId: number }[]): Tier | null {
  const partners = dependents.filter((d) => isPartner(d.relationshipTypeId)).length;
  const children = dependents.length - partners;
  switch (structure) {
    case 2:
      return dependents.length === 0 ? 1 : 4;
    case 3:
      return dependents.length === 0 ? 1 : dependents.length === 1 ? 2 : 4;
    case 4:
      if (partners === 0 && children === 0) return 1;
      if (children === 0) return 2;
      return partners === 0 ? 3 : 4;
    case 5:
      return null;
  }
}

export function tierLabel(structure: TierStructure, tier: number | null): string | null {
  return TIER_OPTIONS[structure].find((o) => o.value === tier)?.label ?? null;
}

/**
 * A household, named by the tier it makes in structure 4 (1 alone, 2 with a spouse, 3 with children, 4 with
 * both): Compare Plans' tier switch. One set of people per household, so each plan's structure turns it into
 * its own tier by the same rule as chosen dependents (structure 2: anyone is Family; 3: a child is +1).
 */
export const HOUSEHOLD_OPTIONS: readonly TierOption[] = [
  { value: 1, label: 'Employee only' },
  { value: 2, label: 'Employee + spouse' },
  { value: 3, label: 'Employee + children' },
  { value: 4, label: 'Family' },
];

const HOUSEHOLD_PEOPLE: Record<Tier, readonly { relationshipTypeId: number }[]> = {
  1: [],
  2: [{ relationshipTypeId: RelationshipTypeIds.Spouse }],
  3: [{ relationshipTypeId: RelationshipTypeIds.Child }],
  4: [{ relationshipTypeId: RelationshipTypeIds.Spouse }, { relationshipTypeId: RelationshipTypeIds.Child }],
};

/** The tier a household makes in a structure; null for structure 5. */
export function tierForHousehold(structure: TierStructure, household: Tier): Tier | null {
  return tierForDependents(structure, HOUSEHOLD_PEOPLE[household]);
}
