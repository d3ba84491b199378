import { canPrepareNextYear, canReopen, openEnrollmentState, REOPEN_WINDOW_MS } from './open-enrollment';

describe('open enrollment states', () => {
  it.each([
    [{ startedAt: null, closedDate: null }, 'ready'],
    [{ startedAt: '2026-11-01T14:00:00Z', closedDate: null }, 'active'],
    [{ startedAt: '2026-11-01T14:00:00Z', closedDate: '2026-11-30' }, 'closed'],
  ] as const)('%j is %s', (period, state) => {
    expect(openEnrollmentState(period)).toBe(state);
  });

  it.each([
    [0, true],
    [REOPEN_WINDOW_MS - 1, true],
    [REOPEN_WINDOW_MS, false],
  ])('reopen %i ms after the close: %s', (after, allowed) => {
    expect(canReopen('2026-12-01T05:00:00.000Z', new Date(Date.parse('2026-12-01T05:00:00.000Z') + after))).toBe(allowed);
  });
});

describe("preparing next year's open enrollment", () => {
  it.each<[string, Array<{ state: 'ready' | 'active' | 'closed'; current: boolean }>, boolean]>([
    ['the current one closed, none waiting', [{ state: 'closed', current: true }], true],
    ['the current one still running', [{ state: 'active', current: true }], false],
    ['one already waits to be started', [{ state: 'closed', current: true }, { state: 'ready', current: false }], false],
    ['no period at all', [], false],
    ['an older closed period, none current', [{ state: 'closed', current: false }], false],
  ])('%s: %s', (_name, periods, allowed) => {
    expect(canPrepareNextYear(periods)).toBe(allowed);
  });
});
