import { carrierCategory, carrierLinkItems, changeWindow, deadlineMessage, linkHost, summaryTables, type CarrierLinkRow, type PlanEnrollmentSummary } from './dashboard';
import { centsToDecimal, parseMoney, payFrequencyName, perPeriodToAnnual } from './engine/money';


describe('carrier links', () => {
  it.each([
    [1, 'Medical'],
    [2, 'Dental'],
    [32, 'Dental'],
    [42, 'Dental'],
    [8, 'Vision'],
    [38, 'Vision'],
    [48, 'Vision'],
    [3, null],
    [12, null],
  ] as const)('plan type %d -> %s', (type, category) => {
    expect(carrierCategory(type)).toBe(category);
  });

  it.each([
    ['https://providers.bluehorizon.example/ppo?x=1', 'providers.bluehorizon.example'],
    ['http://rx.example', 'rx.example'],
    ['javascript:alert(1)', null],
    ['not a url', null],
    [null, null],
  ] as const)('host of %j -> %j', (url, host) => {
    expect(linkHost(url)).toBe(host);
  });

  it('lists medical and Rx for medical plans, the own directory for dental and vision, nothing else', () => {
    const row = (planTypeId: number, links: Partial<CarrierLinkRow>): CarrierLinkRow => ({
      planId: planTypeId,
      planTypeId,
      planName: `Plan ${planTypeId}`,
      carrier: null,
      medicalDirectory: null,
      rxDirectory: null,
      dentalDirectory: null,
      visionDirectory: null,
      ...links,
    });
    const items = carrierLinkItems([
      row(1, { medicalDirectory: 'https://med.example/a', rxDirectory: 'https://rx.example', dentalDirectory: 'https://ignored.example' }),
      row(32, { dentalDirectory: 'https://dent.example' }),
      row(48, { visionDirectory: 'ftp://vision.example' }),
      row(3, { medicalDirectory: 'https://life.example' }),
    ]);
    expect(items.map((i) => [i.category, i.label, i.host])).toEqual([
      ['Medical', 'Medical directory', 'med.example'],
      ['Medical', 'Rx directory', 'rx.example'],
      ['Dental', 'Dental directory', 'dent.example'],
    ]);
    expect(carrierLinkItems([])).toEqual([]);
  });
});

describe("'You can still make changes to your benefits' card", () => {
  it.each([
    ['open-enrollment', '12/15/2026', 30, 'Open enrollment ends on 12/15/2026 (30 days left)'],
    ['open-enrollment', '11/23/2026', 1, 'Open enrollment ends on 11/23/2026 (1 day left)'],
    ['open-enrollment', '11/22/2026', 0, 'Open enrollment ends today, 11/22/2026.'],
    ['new-hire', '11/25/2026', 3, 'Your new-hire enrollment window ends on 11/25/2026 (3 days left)'],
  ] as const)('%s until %s with %d days: %s', (window, end, days, text) => {
    expect(deadlineMessage(window, end, days)).toBe(text);
  });

  it.each([
    ['open enrollment, 9 days left', { open: true, why: 'open-enrollment', lastDay: '12/01/2026', daysLeft: 9 }, { show: true, daysLeft: 9, message: 'Open enrollment ends on 12/01/2026 (9 days left)' }],
    ['open enrollment, its last day', { open: true, why: 'open-enrollment', lastDay: '11/22/2026', daysLeft: 0 }, { show: true, daysLeft: 0, message: 'Open enrollment ends today, 11/22/2026.' }],
    ['the new-hire window', { open: true, why: 'new-hire', lastDay: '11/25/2026', daysLeft: 3 }, { show: true, daysLeft: 3, message: 'Your new-hire enrollment window ends on 11/25/2026 (3 days left)' }],
    ['a life event: its own wizard, no card', { open: true, why: 'life-event', lastDay: null, daysLeft: null }, { show: false, daysLeft: 0, message: null }],
    ['closed', { open: false, why: null, lastDay: null, daysLeft: null }, { show: false, daysLeft: 0, message: null }],
  ] as const)('%s', (_case, window, expected) => {
    expect(changeWindow(window)).toEqual(expected);
  });
});

describe("summary tables ('Plans You Elected' / 'Plans You Declined')", () => {
  const row = (planTypeId: number, status: PlanEnrollmentSummary['status'], contributionAmount: string): PlanEnrollmentSummary => ({
    enrollmentId: planTypeId,
    planId: status === '1' ? planTypeId : null,
    planTypeId,
    planType: `Type ${planTypeId}`,
    planName: `Plan ${planTypeId}`,
    status,
    dependents: [],
    eligibilityDate: null,
    effectiveToDate: null,
    policyNumber: null,
    memberNumber: null,
    contributionAmount,
    // 26 paychecks; the employer puts in 50.00 a paycheck toward an election.
    annualContributionAmount: centsToDecimal((parseMoney(contributionAmount) ?? 0) * 26),
    employerContributionAmount: status === '1' ? '50.00' : '0.00',
    annualEmployerContributionAmount: status === '1' ? '1300.00' : '0.00',
    payPeriods: 26,
    tierLabel: null,
  });

  it('splits elected from declined and waived, leaves undecided out, and totals the elected', () => {
    const t = summaryTables([row(1, '1', '120.50'), row(2, '1', '10.05'), row(7, '-2', '0.00'), row(8, '-1', '0.00'), row(12, '0', '0.00')]);
    expect(t.elected.map((r) => r.planTypeId)).toEqual([1, 2]);
    expect(t.declined.map((r) => r.planTypeId)).toEqual([7, 8]);
    expect(t.totalContribution).toBe('130.55');
    expect(t.annualTotalContribution).toBe('3394.30');
    expect(t.annualEmployerTotal).toBe('2600.00');
    expect(summaryTables([]).totalContribution).toBe('0.00');
    expect(summaryTables([]).annualEmployerTotal).toBe('0.00');
  });
});

describe('costs over a year and the pay frequency by name', () => {
  it.each([
    [12_050, 26, 313_300],
    [0, 52, 0],
    [999, 12, 11_988],
  ])('perPeriodToAnnual(%i, %i) is %i', (perPeriod, periods, annual) => {
    expect(perPeriodToAnnual(perPeriod, periods)).toBe(annual);
  });

  it.each([
    [52, '52 paychecks a year (weekly)'],
    [26, '26 paychecks a year (every two weeks)'],
    [24, '24 paychecks a year (twice a month)'],
    [12, '12 paychecks a year (monthly)'],
    [13, '13 paychecks a year'],
    [1, '1 paycheck a year'],
  ])('payFrequencyName(%i) is %s', (periods, name) => {
    expect(payFrequencyName(periods)).toBe(name);
  });
});
