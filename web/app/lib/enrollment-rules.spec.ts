/// <reference types="jest" />
import type { Enrollment } from '@bp/api/contracts';
import { actionLabel, allDecided, amountOptionLabel, canOpenDialog, dayBefore, fsaAnnualText, fsaPerPeriodText, isDecided, openingTab, rowNotice, statusText, totalContributionCents } from './enrollment-rules';

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

describe('status display (document 2 section 4)', () => {
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
  it('links FSA per period and annual amounts', () => {
    expect(fsaAnnualText('20', 26)).toBe('520.00');
    expect(fsaPerPeriodText('3300', 26)).toBe('126.92');
    expect(fsaPerPeriodText('abc', 26)).toBe('');
  });
  it('ends MY PLAN the day before the new plan starts', () => expect(dayBefore('01/01/2027')).toBe('12/31/2026'));
});
