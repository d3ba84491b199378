import { DENTAL_TYPES, DEPENDENT_TYPES, isPlanTypeId, MEDICAL_TYPES, PLAN_TYPE_ID_VALUES, PLAN_TYPE_NAMES, PlanTypeIds, VISION_TYPES, WAIVABLE_TYPES } from './plan-types';

/** The id list as the enrollment document gives it, word for word in its own names. */
const DOCUMENT_IDS: ReadonlyArray<[keyof typeof PlanTypeIds, number]> = [
  ['Medical', 1],
  ['Dental', 2],
  ['Life', 3],
  ['ADD', 4],
  ['LTD', 6],
  ['STD', 7],
  ['Vision', 8],
  ['StateStd', 9],
  ['Pension', 10],
  ['LTC', 11],
  ['FSA', 12],
  ['S125', 13],
  ['EAP', 15],
  ['Pediatric', 16],
  ['HRA', 19],
  ['HSA', 20],
  ['VoluntaryDental', 32],
  ['VoluntaryLife', 33],
  ['VoluntaryADD', 34],
  ['VoluntarySTD', 36],
  ['VoluntaryLTD', 37],
  ['VoluntaryVision', 38],
  ['WorksiteDental', 42],
  ['WorksiteVision', 48],
];

describe('plan type ids', () => {
  it.each(DOCUMENT_IDS)('%s is %i', (name, id) => {
    expect(PlanTypeIds[name]).toBe(id);
    expect(isPlanTypeId(id)).toBe(true);
  });

  it('has exactly the document\'s ids, each with a name', () => {
    expect([...PLAN_TYPE_ID_VALUES].sort((a, b) => a - b)).toEqual(DOCUMENT_IDS.map(([, id]) => id));
    for (const id of PLAN_TYPE_ID_VALUES) expect(PLAN_TYPE_NAMES[id]).toEqual(expect.any(String));
    expect(isPlanTypeId(5)).toBe(false);
  });

  it('9 is State STD, never a waiver: waiving is a status of medical, dental and vision only', () => {
    expect(PLAN_TYPE_NAMES[9]).toBe('State STD');
    expect(Object.values(PLAN_TYPE_NAMES).filter((name) => /waive/i.test(name))).toEqual([]);
    expect(WAIVABLE_TYPES).not.toContain(9);
    expect(DEPENDENT_TYPES).not.toContain(9);
    expect([...WAIVABLE_TYPES].sort((a, b) => a - b)).toEqual([1, 2, 8, 32, 38, 42, 48]);
  });

  it.each([
    ['medical', MEDICAL_TYPES, [1]],
    ['dental', DENTAL_TYPES, [2, 32, 42]],
    ['vision', VISION_TYPES, [8, 38, 48]],
  ] as const)('the carrier links group %s as %j', (_group, types, ids) => {
    expect([...types].sort((a, b) => a - b)).toEqual(ids);
  });
});
