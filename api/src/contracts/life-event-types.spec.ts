import { ZEnrollmentUpdate } from './enrollments';
import { isLifeEventType, LIFE_EVENT_TYPE_IDS, LifeEventType, ZLifeEventTypeId } from './life-event-types';
import { ZMidyearChangeRequest } from './life-events';

/** The first message a payload's event type gets from each schema that reads it; null when it passes. */
const messages = (eventType: unknown): Array<string | null> => {
  const first = (r: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }, field?: string): string | null =>
    r.success ? null : (r.error!.issues.find((i) => field === undefined || i.path[0] === field)?.message ?? null);
  return [
    first(ZLifeEventTypeId.safeParse(eventType)),
    first(ZMidyearChangeRequest.safeParse({ step: 1, eventType }), 'eventType'),
    first(ZEnrollmentUpdate.safeParse({ status: '-2', eventType }), 'eventType'),
  ];
};

describe('a life event type id: the one list decides', () => {
  it('the list is every named type, each once', () => {
    expect(LIFE_EVENT_TYPE_IDS).toEqual([...new Set(Object.values(LifeEventType))]);
    expect(LIFE_EVENT_TYPE_IDS.every(isLifeEventType)).toBe(true);
  });

  it.each<[string, unknown, string | null]>([
    ...LIFE_EVENT_TYPE_IDS.map((id): [string, unknown, string | null] => [`type ${id}`, id, null]),
    ...LIFE_EVENT_TYPE_IDS.map((id): [string, unknown, string | null] => [`type ${id} as form text`, String(id), null]),
    ['0, below the list', 0, 'Too small: expected number to be >=1'],
    ['10, above the list', 10, 'Too big: expected number to be <=9'],
    ['-1', -1, 'Too small: expected number to be >=1'],
    ['not a number', 'birth', 'Invalid input: expected number, received NaN'],
    ['not whole', 2.5, 'Invalid input: expected int, received number'],
  ])('%s: %j', (_what, eventType, message) => {
    // The standalone schema, the life-event wizard's PUT and the enrollment PUT answer alike.
    const [alone, ...inRequests] = messages(eventType);
    expect(alone).toBe(message);
    if (message === null) expect(ZLifeEventTypeId.parse(eventType)).toBe(Number(eventType));
    expect(inRequests).toEqual([message, message]);
  });

  it('an id missing from the list is refused even inside its bounds', () => {
    expect(isLifeEventType(4.5)).toBe(false);
    expect(isLifeEventType(Math.max(...LIFE_EVENT_TYPE_IDS) + 1)).toBe(false);
  });

  it('absent or empty stays allowed where the requests allow it', () => {
    expect(ZMidyearChangeRequest.parse({ step: 1, eventType: '' }).eventType).toBeUndefined();
    expect(ZMidyearChangeRequest.parse({ step: 1, eventType: null }).eventType).toBeNull();
    expect(ZEnrollmentUpdate.parse({ status: '-2' }).eventType).toBeUndefined();
  });
});
