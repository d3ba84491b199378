import { addDays, daysBetween, todayIn } from './engine/dates';
import { enrollmentWindow, EnrollmentWindowMessages, newHireLastDay, toElectionWindow, type WindowAnswer, type WindowFacts } from './enrollment-window';

const period = { startDate: '2026-11-01', endDate: '2026-11-30', closedDate: null, started: true };
const base: WindowFacts = { today: '2026-11-15', period, newHire: false, eligibilityDate: null, hireDate: '2020-01-01', lifeEventInProgress: false };
const closed = { open: false as const, message: EnrollmentWindowMessages.closed };
const oe = (today: string): WindowAnswer => ({ open: true, why: 'open-enrollment', lastDay: '2026-11-30', daysLeft: daysBetween(today, '2026-11-30') });
const hire = (lastDay: string, daysLeft: number): WindowAnswer => ({ open: true, why: 'new-hire', lastDay, daysLeft });

describe('may this employee change elections, and why (one rule)', () => {
  it.each<[string, Partial<WindowFacts>, WindowAnswer]>([
    ['inside the period', {}, oe('2026-11-15')],
    ['on its first day', { today: '2026-11-01' }, oe('2026-11-01')],
    ['on its last day: still open, 0 days left', { today: '2026-11-30' }, { open: true, why: 'open-enrollment', lastDay: '2026-11-30', daysLeft: 0 }],
    ['the day after its last day', { today: '2026-12-01' }, closed],
    ['the day before it starts', { today: '2026-10-31' }, closed],
    ['closed early by HR (its closed date)', { period: { ...period, closedDate: '2026-11-10' } }, closed],
    ['closed by HR on its last day', { today: '2026-11-30', period: { ...period, closedDate: '2026-11-30' } }, closed],
    ['no period at all', { period: null }, closed],
    ['a period HR has not started (Ready to Start)', { period: { ...period, started: false } }, closed],
    ['a new hire on day 1 of the window (the eligibility date)', { period: null, newHire: true, eligibilityDate: '2026-11-15' }, hire('2026-12-14', 29)],
    ['a new hire on day 30', { period: null, newHire: true, eligibilityDate: '2026-10-17' }, hire('2026-11-15', 0)],
    ['a new hire on day 31', { period: null, newHire: true, eligibilityDate: '2026-10-16' }, closed],
    ['a new hire 200 days after eligibility is no longer in the window', { period: null, newHire: true, eligibilityDate: addDays('2026-11-15', -199) }, closed],
    ['a new hire before eligibility', { period: null, newHire: true, eligibilityDate: '2026-12-01' }, hire('2026-12-30', 45)],
    ['a new hire without eligibility date: the hire date counts', { period: null, newHire: true, hireDate: '2026-11-01' }, hire('2026-11-30', 15)],
    ['not a new hire, recently hired', { period: null, newHire: false, hireDate: '2026-11-01' }, closed],
    ['both open: the later last day is the one to tell', { newHire: true, eligibilityDate: '2026-11-10' }, hire('2026-12-09', 24)],
    ['both open, open enrollment lasts longer', { newHire: true, eligibilityDate: '2026-10-20' }, oe('2026-11-15')],
    ['a life event in progress, outside every other window', { period: null, lifeEventInProgress: true }, { open: true, why: 'life-event', lastDay: null, daysLeft: null }],
    ['a life event in progress during open enrollment: open enrollment tells the date', { lifeEventInProgress: true }, oe('2026-11-15')],
  ])('%s', (_name, change, expected) => {
    expect(enrollmentWindow({ ...base, ...change })).toEqual(expected);
  });

  it('GET /me form: dates as MM/DD/YYYY, closed as nulls', () => {
    expect(toElectionWindow(enrollmentWindow(base))).toEqual({ open: true, why: 'open-enrollment', lastDay: '11/30/2026', daysLeft: 15 });
    expect(toElectionWindow(enrollmentWindow({ ...base, period: null }))).toEqual({ open: false, why: null, lastDay: null, daysLeft: null });
  });

  it('the new-hire window is 30 days with the eligibility date as day 1', () => {
    expect(daysBetween('2026-03-01', newHireLastDay('2026-03-01')) + 1).toBe(30);
  });
});

describe("the client's today in its time zone", () => {
  it.each([
    // 04:30 UTC on Dec 1st is still Nov 30th in New York (UTC-5) and Los Angeles (UTC-8): the last day of open enrollment there.
    ['2026-12-01T04:30:00Z', 'America/New_York', '2026-11-30'],
    ['2026-12-01T04:30:00Z', 'America/Los_Angeles', '2026-11-30'],
    ['2026-12-01T05:00:00Z', 'America/New_York', '2026-12-01'],
    ['2026-12-01T07:59:59Z', 'America/Los_Angeles', '2026-11-30'],
    ['2026-12-01T08:00:00Z', 'America/Los_Angeles', '2026-12-01'],
    // Summer time: New York is UTC-4.
    ['2026-07-01T03:59:59Z', 'America/New_York', '2026-06-30'],
    ['2026-07-01T04:00:00Z', 'America/New_York', '2026-07-01'],
    ['2026-11-30T23:30:00Z', 'Pacific/Auckland', '2026-12-01'],
  ])('%s in %s is %s', (at, zone, day) => {
    expect(todayIn(zone, new Date(at))).toBe(day);
  });

  it.each([
    ['America/New_York', '2026-12-01T04:59:59Z', true],
    ['America/New_York', '2026-12-01T05:00:00Z', false],
    ['America/Los_Angeles', '2026-12-01T07:59:59Z', true],
    ['America/Los_Angeles', '2026-12-01T08:00:00Z', false],
  ])('open enrollment ending 11/30 in %s, at %s: open=%s', (zone, at, open) => {
    expect(enrollmentWindow({ ...base, today: todayIn(zone, new Date(at)) }).open).toBe(open);
  });

  it.each([
    ['2026-02-27', 2, '2026-03-01'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2026-03-08', 30, '2026-04-07'],
  ])('%s + %i days is %s', (from, days, to) => {
    expect(addDays(from, days)).toBe(to);
    expect(daysBetween(from, to)).toBe(days);
  });
});
