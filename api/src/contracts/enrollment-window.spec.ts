import { addDays } from './engine/dates';
import { enrollmentWindow, EnrollmentWindowMessages, type WindowFacts } from './enrollment-window';

const period = { startDate: '2026-11-01', endDate: '2026-11-30', closedDate: null, started: true };
const base: WindowFacts = { today: '2026-11-15', period, newHire: false, eligibilityDate: null, hireDate: '2020-01-01' };
const closed = { open: false as const, message: EnrollmentWindowMessages.closed };

describe('enrollment window (issue 14: enforced on every write)', () => {
  it.each<[string, Partial<WindowFacts>, ReturnType<typeof enrollmentWindow>]>([
    ['inside the period', {}, { open: true, why: 'open-enrollment' }],
    ['on its first day', { today: '2026-11-01' }, { open: true, why: 'open-enrollment' }],
    ['on its last day', { today: '2026-11-30' }, { open: true, why: 'open-enrollment' }],
    ['the day after its last day', { today: '2026-12-01' }, closed],
    ['the day before it starts', { today: '2026-10-31' }, closed],
    ['closed early by HR', { period: { ...period, closedDate: '2026-11-10' } }, closed],
    ['no period at all', { period: null }, closed],
    ['a period HR has not started (Ready to Start)', { period: { ...period, started: false } }, closed],
    ['a new hire on day 30 after eligibility', { period: null, newHire: true, eligibilityDate: '2026-10-16' }, { open: true, why: 'new-hire' }],
    ['a new hire on day 31', { period: null, newHire: true, eligibilityDate: '2026-10-15' }, closed],
    ['a new hire before eligibility', { period: null, newHire: true, eligibilityDate: '2026-12-01' }, { open: true, why: 'new-hire' }],
    ['a new hire without eligibility date: the hire date counts', { period: null, newHire: true, hireDate: '2026-11-01' }, { open: true, why: 'new-hire' }],
    ['not a new hire, recently hired', { period: null, newHire: false, hireDate: '2026-11-01' }, closed],
  ])('%s', (_name, change, expected) => {
    expect(enrollmentWindow({ ...base, ...change })).toEqual(expected);
  });

  it.each([
    ['2026-02-27', 2, '2026-03-01'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2026-03-08', 30, '2026-04-07'],
  ])('%s + %i days is %s', (from, days, to) => {
    expect(addDays(from, days)).toBe(to);
  });
});
