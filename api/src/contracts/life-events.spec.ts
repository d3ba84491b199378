import {
  ALLOWED_CHANGES,
  LifeEventMessages,
  dependentChangeAllowed,
  eventDateIssue,
  eventDateOf,
  eventTypesFor,
  lifeEventEffectiveDate,
  nextMidyearStep,
  previousMidyearStep,
  stepSkipped,
  lifeEventChangeIssue,
  lifeEventApprovalIssue,
  proofMissingMessage,
  proofReminderDue,
  type ElectionChangeFacts,
  type ProofReminderFacts,
  type LifeEventType,
  type MidyearStep,
} from './life-events';

describe('the mid-year wizard skip rules', () => {
  // [event, medical enrolled, steps shown]
  it.each([
    [1, false, [1, 2, 3, 6, 7]],
    [1, true, [1, 2, 3, 6, 7]],
    [2, false, [1, 2, 3, 4, 6, 7]],
    [3, false, [1, 2, 3, 4, 6, 7]],
    [4, false, [1, 2, 4, 6, 7]],
    [5, false, [1, 2, 3, 6, 7]],
    [5, true, [1, 2, 3, 4, 6, 7]],
    [6, false, [1, 2, 3, 6, 7]],
    [6, true, [1, 2, 3, 4, 6, 7]],
    [7, false, [1, 2, 4, 6, 7]],
    [8, true, [1, 2, 6, 7]],
    [9, true, [1, 2, 6, 7]],
  ] as Array<[LifeEventType, boolean, MidyearStep[]]>)('event %i, medical enrolled %s: steps %j', (eventType, medicalEnrolled, shown) => {
    const ctx = { eventType, medicalEnrolled };
    expect(([1, 2, 3, 4, 5, 6, 7] as MidyearStep[]).filter((s) => !stepSkipped(s, ctx))).toEqual(shown);
    // Walking forward and back visits exactly those steps.
    const forward: MidyearStep[] = [1];
    for (let s = nextMidyearStep(1, ctx); s !== null; s = nextMidyearStep(s, ctx)) forward.push(s);
    expect(forward).toEqual(shown);
    const back: MidyearStep[] = [7];
    for (let s = previousMidyearStep(7, ctx); s !== null; s = previousMidyearStep(s, ctx)) back.push(s);
    expect(back).toEqual([...shown].reverse());
  });

  it('step 5 is always skipped; without an event, only the fixed steps remain', () => {
    expect(stepSkipped(5, { eventType: 2, medicalEnrolled: true })).toBe(true);
    expect(nextMidyearStep(2, { eventType: null, medicalEnrolled: false })).toBe(6);
  });

  it('hides Marriage for a married employee', () => {
    expect(eventTypesFor(2)).toEqual([1, 3, 4, 5, 6, 7, 8, 9]);
    expect(eventTypesFor(1)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(eventTypesFor(null)).toContain(2);
  });
});

describe('the event date window (30 days)', () => {
  it.each([
    ['2026-11-25', '2026-11-25', null],
    ['2026-10-26', '2026-11-25', null], // day 30
    ['2026-10-25', '2026-11-25', LifeEventMessages.window], // day 31
    ['2026-11-26', '2026-11-25', LifeEventMessages.future],
    ['2026-02-01', '2026-03-03', null], // 30 days across February
    ['2026-01-31', '2026-03-03', LifeEventMessages.window],
    ['2025-12-31', '2026-01-30', null], // across the new year
  ])('event %s, today %s: %s', (eventDate, today, issue) => {
    expect(eventDateIssue(eventDate, today)).toBe(issue);
  });

  it('reads the wizard\'s MM/DD/YYYY', () => {
    expect(eventDateOf('10/26/2026')).toBe('2026-10-26');
    expect(eventDateOf('02/30/2026')).toBeNull();
    expect(eventDateOf('2026-10-26')).toBeNull();
  });
});

describe('what each life event allows', () => {
  it.each([
    [1, 'add', 'child', true],
    [1, 'add', 'spouse', false],
    [1, 'remove', 'child', false],
    [2, 'add', 'spouse', true],
    [2, 'add', 'child', true],
    [3, 'add', 'spouse', true],
    [3, 'add', 'child', false],
    [4, 'add', 'child', true],
    [5, 'remove', 'spouse', true],
    [5, 'add', 'spouse', false],
    [5, 'remove', 'child', false],
    [6, 'remove', 'spouse', true],
    [7, 'remove', 'child', true],
    [7, 'remove', 'spouse', false],
    [8, 'remove', 'spouse', true],
    [8, 'remove', 'child', true],
    [8, 'add', 'child', false],
    [9, 'add', 'child', false],
    [9, 'remove', 'child', false],
  ] as Array<[LifeEventType, 'add' | 'remove', 'spouse' | 'child', boolean]>)('event %i: %s a %s: %s', (eventType, change, relation, allowed) => {
    expect(dependentChangeAllowed(eventType, change, relation)).toBe(allowed);
  });

  it('only coverage-gaining events allow new enrollments; event 9 only declines', () => {
    expect(Object.entries(ALLOWED_CHANGES).filter(([, a]) => a.enroll).map(([t]) => Number(t))).toEqual([1, 2, 3, 4, 5, 6]);
    expect(ALLOWED_CHANGES[9]).toEqual({ add: [], remove: [], enroll: false, decline: true, proof: null });
  });
});

describe('when the change takes effect', () => {
  it.each([
    [1, '2026-11-10', '2026-11-10'],
    [2, '2026-11-10', '2026-12-01'],
    [5, '2026-12-31', '2027-01-01'],
    [9, '2026-11-01', '2026-12-01'],
  ] as Array<[LifeEventType, string, string]>)('event %i on %s: %s', (eventType, eventDate, effective) => {
    expect(lifeEventEffectiveDate(eventType, eventDate)).toBe(effective);
  });
});

describe('lifeEventChangeIssue (a life event\'s elections against what it allows)', () => {
  const medical = { planType: 'Group Medical', statusBefore: 1, statusAfter: 1, planBefore: 10, planAfter: 10, added: [], removed: [] };
  it.each([
    ['a birth adds the baby to medical', 1, [{ ...medical, added: ['child'] }], null],
    ['a birth may enroll in dental', 1, [{ ...medical, planType: 'Group Dental', statusBefore: -2, statusAfter: 1, planBefore: null, planAfter: 20 }], null],
    ['a birth cannot add a spouse', 1, [{ ...medical, added: ['spouse'] }], 'Group Medical: This life event does not allow this change (adding a dependent)'],
    ['a birth cannot drop medical', 1, [{ ...medical, statusAfter: -2, planAfter: null }], 'Group Medical: This life event does not allow this change (declining)'],
    ['a divorce removes the spouse', 5, [{ ...medical, removed: ['spouse'] }], null],
    ['a divorce cannot remove a child', 5, [{ ...medical, removed: ['child'] }], 'Group Medical: This life event does not allow this change (removing a dependent)'],
    ['a child no longer a dependent cannot switch plans', 7, [{ ...medical, planAfter: 11, removed: ['child'] }], 'Group Medical: This life event does not allow this change (another plan)'],
    ['declining coverage declines', 9, [{ ...medical, statusAfter: -2, planAfter: null, removed: ['child', 'spouse'] }], null],
    ['declining coverage cannot enroll', 9, [{ ...medical, statusBefore: 0, planBefore: null }], 'Group Medical: This life event does not allow this change (enrolling)'],
    ['nothing changed is fine', 8, [medical], null],
  ] as Array<[string, LifeEventType, ElectionChangeFacts[], string | null]>)('%s', (_name, eventType, changes, issue) => {
    expect(lifeEventChangeIssue(eventType, changes)).toBe(issue);
  });
});

describe('the supporting document after the signature', () => {
  it.each([
    // [event, document uploaded, HR's approval refused with]
    [1, false, 'Birth certificate or adoption papers: not uploaded yet. The approval waits until the employee uploads it.'],
    [1, true, null],
    [2, false, proofMissingMessage('Marriage certificate')],
    [3, false, proofMissingMessage('Loss-of-coverage letter')],
    [6, true, null],
    // Events that ask for no document never wait.
    [7, false, null],
    [8, false, null],
    [9, false, null],
  ] as const)('event %s, document uploaded %s: approval refused with %j', (eventType, uploaded, expected) => {
    expect(lifeEventApprovalIssue(eventType, uploaded)).toBe(expected);
  });

  const base: ProofReminderFacts = { eventType: 1, status: 'pending', proofUploaded: false, reminded: false, signedOn: '2026-11-20', today: '2026-11-27' };
  it.each([
    ['7 days after signing, still missing', {}, true],
    ['8 days after', { today: '2026-11-28' }, true],
    ['6 days after: not yet', { today: '2026-11-26' }, false],
    ['the day of signing', { today: '2026-11-20' }, false],
    ['across a month end', { signedOn: '2026-11-28', today: '2026-12-05' }, true],
    ['across a year end, a day short', { signedOn: '2026-12-27', today: '2027-01-02' }, false],
    ['uploaded meanwhile', { proofUploaded: true }, false],
    ['reminded already (once only)', { reminded: true }, false],
    ['approved or rejected meanwhile', { status: 'rejected' }, false],
    ['still a draft (not signed)', { status: 'draft', signedOn: null }, false],
    ['an event that asks for no document', { eventType: 8 }, false],
  ] as const)('%s -> %s', (_case, patch, due) => {
    expect(proofReminderDue({ ...base, ...patch } as ProofReminderFacts)).toBe(due);
  });
});
