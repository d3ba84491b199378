/// <reference types="jest" />
import type { Enrollment } from '@bp/api/contracts';
import { actionLabel, allDecided, amountOptionLabel, canOpenDialog, dayBefore, fsaAnnualText, fsaPerPeriodCents, fsaPerPeriodText, isDecided, openingTab, rowNotice, statusText, totalContributionCents } from './enrollment-rules';

type Row = Pick<Enrollment, 'status' | 'isNewOE' | 'restricted' | 'selectable' | 'declineAllowed' | 'planCount' | 'planTypeId' | 'eligibilityDate' | 'contributionAmount'>;
const row = (over: Partial<Row> = {}): Row => ({
  status: '0',
  isNewOE: false,
  restricted: 0,
  selectable: true,
  declineAllowed: true,
  planCount: 1,
  planTypeId: 1,
  eligibilityDate: null,
  contributionAmount: '0.00',
  ...over,
});

describe('status display', () => {
  it.each([
    [row({ status: '1' }), 'Enrolled', 'Modify'],
    [row({ status: '-1' }), 'Waived', 'Modify'],
    [row({ status: '-2' }), 'Declined', 'Modify'],
    [row({ status: '0' }), null, 'Select'],
    [row({ status: '-2', isNewOE: true }), null, 'Select'],
  ])('%# %o', (r, text, label) => {
    expect(statusText(r)).toBe(text);
    expect(actionLabel(r)).toBe(label);
  });
});

describe('step completion', () => {
  it.each([
    [row({ status: '1' }), true],
    [row({ status: '0' }), false],
    [row({ status: '0', restricted: 2 }), true],
    [row({ status: '0', selectable: false }), true],
    [row({ status: '1', isNewOE: true }), false],
  ])('%# %o -> %s', (r, done) => expect(isDecided(r)).toBe(done));
  it('needs every row', () => {
    expect(allDecided([row({ status: '1' }), row({ status: '-2' })])).toBe(true);
    expect(allDecided([row({ status: '1' }), row()])).toBe(false);
    expect(allDecided([])).toBe(true);
  });
});

describe('rows', () => {
  it('offers Select or Modify on employer-paid rows only with several plans and never for an HRA', () => {
    expect(canOpenDialog(row({ selectable: false, planCount: 1 }))).toBe(false);
    expect(canOpenDialog(row({ selectable: false, planCount: 2 }))).toBe(true);
    expect(canOpenDialog(row({ selectable: false, planCount: 2, planTypeId: 19 }))).toBe(false);
    expect(canOpenDialog(row({ restricted: 3 }))).toBe(false);
  });
  it('shows restriction subtitles for 2 to 6, else a future eligibility date', () => {
    expect(rowNotice(row({ restricted: 3 }))).toBe('You are not eligible for this benefit');
    expect(rowNotice(row({ restricted: 1 }))).toBeNull();
    expect(rowNotice(row({ eligibilityDate: '02/01/2027' }))).toBe('You will be eligible for this benefit on 02/01/2027');
  });
  it('sums enrolled rows to the cent', () => {
    expect(totalContributionCents([row({ status: '1', contributionAmount: '0.10' }), row({ status: '1', contributionAmount: '0.20' }), row({ status: '-2', contributionAmount: '5.00' })])).toBe(30);
  });
});

describe('dialog', () => {
  it.each([
    [row({ status: '-2' }), null, false, 'decline'],
    [row({ status: '-1' }), null, true, 'enroll'],
    [row({ status: '1' }), null, false, 'enroll'],
    [row({ status: '0' }), 'decline', false, 'decline'],
    [row({ status: '-2', declineAllowed: false }), 'decline', false, 'enroll'],
  ] as const)('%# opens on the right tab', (r, asked, chosen, tab) => expect(openingTab(r, asked, chosen)).toBe(tab));
  it('labels voluntary life amounts against the current one', () => {
    expect(amountOptionLabel(2_000_000, 2_000_000)).toBe('Keep at $20,000.00');
    expect(amountOptionLabel(3_000_000, 2_000_000)).toBe('Increase to $30,000.00');
    expect(amountOptionLabel(1_000_000, 2_000_000)).toBe('Decrease to $10,000.00');
    expect(amountOptionLabel(1_000_000, null)).toBe('$10,000.00');
  });
  it.each([
    // annual = per period x pay periods, rounded to the cent, for every input (document 2).
    ['20', 26, '520.00'],
    ['12.345', 26, '320.97'],
    ['12.3449', 26, '320.97'],
    ['0.004', 12, '0.05'],
    ['$1,000', 12, '12000.00'],
    ['-5', 26, '-130.00'],
    ['', 26, ''],
    // Not a number: kept as typed, so the annual field shows it with its message, never an older figure.
    ['abc', 26, 'abc'],
  ] as const)('per period %s over %i paychecks makes the annual field %s', (perPeriod, periods, annual) => {
    expect(fsaAnnualText(perPeriod, periods)).toBe(annual);
  });
  it('follows an annual amount with the per period one, and counts only accepted amounts', () => {
    expect(fsaPerPeriodText('3300', 26)).toBe('126.92');
    expect(fsaPerPeriodText('abc', 26)).toBe('');
    expect(fsaPerPeriodCents('320.97', 26)).toBe(1235);
    expect(fsaPerPeriodCents('-130.00', 26)).toBe(0);
    expect(fsaPerPeriodCents('12.345', 26)).toBe(0);
    expect(fsaPerPeriodCents('', 26)).toBe(0);
  });
  it('ends MY PLAN the day before the new plan starts', () => expect(dayBefore('01/01/2027')).toBe('12/31/2026'));
});
