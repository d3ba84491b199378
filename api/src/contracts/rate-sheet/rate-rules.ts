import type { RateRow } from '../engine/contribution-engine';
import { AMOUNT_PRICED_STRUCTURE, TIER_OPTIONS, type TierOption, type TierStructure } from '../engine/tiers';
import type { PlanBenefits } from '../plans';
import { MEMBER_VALUES } from './template';

/**
 * The rules a plan's rates keep, whether they come from the Rates sheet or the plan form (one place each):
 * the tiers its structure prices, age bands in order and not overlapping within a tier, and a price for every
 * tier its kind must offer. Amounts are checked where they are read (rows.ts: money, not below 0).
 */

/** Ages a band may name; a rate without ages covers all of them. */
export const RATE_AGES = { min: 0, max: 150 } as const;

/** The most a rate may be: $1,000,000.00 (a stored rate is a 32-bit number of cents). */
export const RATE_MAX_CENTS = 100_000_000;

/** The kinds priced by rates; account plans (FSA, HSA, HRA) have none. */
export const RATED_KINDS: readonly PlanBenefits['kind'][] = ['medical', 'dental', 'vision', 'life', 'disability', 'voluntaryLife', 'custom'];

/** The tiers a plan of this structure prices: its tier options, or voluntary life's members. */
export function rateTiers(structure: TierStructure): readonly TierOption[] {
  if (structure !== AMOUNT_PRICED_STRUCTURE) return TIER_OPTIONS[structure];
  return Object.entries(MEMBER_VALUES).map(([label, value]) => ({ label, value }));
}

/** A band's ages the wrong way round. */
export const agesReversed = (r: Pick<RateRow, 'minAge' | 'maxAge'>): boolean => r.maxAge < r.minAge;

/** Whether `row` prices a tier and age that one of `list` already prices. */
export const overlapsBand = (list: readonly RateRow[], row: RateRow): boolean => list.some((o) => o.tier === row.tier && o.minAge <= row.maxAge && row.minAge <= o.maxAge);

/** The labels of the tiers a plan of this kind must price and `rates` leaves without a price. */
export function unpricedTiers(kind: PlanBenefits['kind'], structure: TierStructure, rates: readonly Pick<RateRow, 'tier'>[]): string[] {
  // Medical, dental and vision price every tier they offer; voluntary life the employee; other kinds may price the employee only.
  const needed = kind === 'voluntaryLife' ? rateTiers(structure).filter((o) => o.value === 1) : kind === 'medical' || kind === 'dental' || kind === 'vision' ? rateTiers(structure) : [];
  return needed.filter((o) => !rates.some((r) => r.tier === o.value)).map((o) => o.label);
}
