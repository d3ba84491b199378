import { z } from 'zod';

/**
 * The one list of life event types. It lives apart from the life-event rules so that the enrollment
 * contracts, which the life-event rules import, can check a mid-year payload's event type against it too.
 */

/** Life event type ids, as stored and sent: compare with these names, never with a number. */
export const LifeEventType = {
  BirthOrAdoption: 1,
  Marriage: 2,
  SpouseLostCoverage: 3,
  ChildLostCoverage: 4,
  DivorceOrSeparation: 5,
  SpouseDied: 6,
  ChildNoLongerDependent: 7,
  RemoveDependents: 8,
  DeclineCoverage: 9,
} as const;
export type LifeEventType = (typeof LifeEventType)[keyof typeof LifeEventType];

export const LIFE_EVENT_TYPE_IDS: LifeEventType[] = Object.values(LifeEventType);

export const isLifeEventType = (id: number): id is LifeEventType => (LIFE_EVENT_TYPE_IDS as readonly number[]).includes(id);

/**
 * A life event type id as a form or a JSON body sends it. The bounds come from the list (so the messages
 * for an id below or above it stay zod's own "Too small" / "Too big"), and the membership check keeps a
 * gap in the ids, should one appear, from passing.
 */
export const ZLifeEventTypeId = z.coerce
  .number()
  .int()
  .min(Math.min(...LIFE_EVENT_TYPE_IDS))
  .max(Math.max(...LIFE_EVENT_TYPE_IDS))
  .refine(isLifeEventType);
