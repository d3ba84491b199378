import { FOUNDATION_OPTION_ITEMS } from '../../../migrations/data/1763776800000-option-items';
import { OPTION_LISTS, OPTION_TYPES } from './option-lists';

// The lists the API serves and validates against are the ones the migrations wrote into option_item. A change
// to a list needs a new migration that changes the table; this test says so when one is missing.
describe('option lists and the migrated option_item data', () => {
  it('hold the same items, in the same order, for every type', () => {
    const live = OPTION_TYPES.flatMap((type) => OPTION_LISTS[type].map((item) => [type, item.id, item.text] as const));
    expect(live).toEqual(FOUNDATION_OPTION_ITEMS);
  });
});
