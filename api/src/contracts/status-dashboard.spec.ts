import { isFinished, stateMatches, StatusDashboardMessages, ZDashboardQuery } from './status-dashboard';

describe('the Status Dashboard filters', () => {
  it.each<[string, Record<string, unknown>, { ok: boolean; data?: unknown }]>([
    ['nothing', {}, { ok: true, data: {} }],
    ['empty values are absent', { state: '', q: '' }, { ok: true, data: {} }],
    ['a state', { state: 'not-signed' }, { ok: true, data: { state: 'not-signed' } }],
    ['unfinished', { state: 'unfinished' }, { ok: true, data: { state: 'unfinished' } }],
    ['a name, trimmed', { q: '  Ann ' }, { ok: true, data: { q: 'Ann' } }],
    ['an unknown state', { state: 'everyone' }, { ok: false }],
    ['a name too long', { q: 'x'.repeat(101) }, { ok: false }],
  ])('%s', (_name, input, want) => {
    const r = ZDashboardQuery.safeParse(input);
    expect(r.success).toBe(want.ok);
    if (want.ok) expect(r.data).toEqual(want.data);
  });

  it.each([
    [undefined, 'finished', true],
    ['unfinished', 'finished', false],
    ['unfinished', 'not-signed', true],
    ['unfinished', 'not-started', true],
    ['in-progress', 'in-progress', true],
    ['in-progress', 'not-started', false],
  ] as const)('filter %s takes %s: %s', (filter, state, want) => {
    expect(stateMatches(filter, state)).toBe(want);
  });

  it('finished is 100% and signed when a signature is due', () => {
    expect(isFinished({ progress: 100, signatureRequired: true, signature: true })).toBe(true);
    expect(isFinished({ progress: 100, signatureRequired: true, signature: false })).toBe(false);
    expect(isFinished({ progress: 100, signatureRequired: false, signature: false })).toBe(true);
    expect(isFinished({ progress: 90, signatureRequired: true, signature: true })).toBe(false);
  });

  it('says how many a reminder goes to', () => {
    expect(StatusDashboardMessages.remindSent(1)).toBe('The reminder is going out to 1 employee.');
    expect(StatusDashboardMessages.remindSent(3)).toBe('The reminder is going out to 3 employees.');
  });
});
