import {
  changeKind,
  deductedIn,
  deductionRows,
  deductionStartsOn,
  payPeriodOf,
  previousPayPeriod,
  signedChanges,
  taxTreatment,
  ZChangesQuery,
  ZDeductionRequest,
  type ElectionVersion,
} from './payroll';

describe('pay period boundaries (one rule for every pay schedule)', () => {
  it.each([
    [12, '2027-01-01', '2027-01-01', '2027-01-31'],
    [12, '2027-02-14', '2027-02-01', '2027-02-28'],
    [12, '2028-02-29', '2028-02-01', '2028-02-29'],
    [12, '2027-12-31', '2027-12-01', '2027-12-31'],
    [24, '2027-01-15', '2027-01-01', '2027-01-15'],
    [24, '2027-01-16', '2027-01-16', '2027-01-31'],
    [24, '2027-02-28', '2027-02-16', '2027-02-28'],
    [24, '2027-04-30', '2027-04-16', '2027-04-30'],
    [26, '2024-01-01', '2024-01-01', '2024-01-14'],
    [26, '2024-01-15', '2024-01-15', '2024-01-28'],
    [26, '2023-12-31', '2023-12-18', '2023-12-31'],
    [26, '2027-01-01', '2026-12-28', '2027-01-10'],
    [52, '2024-01-07', '2024-01-01', '2024-01-07'],
    [52, '2024-01-08', '2024-01-08', '2024-01-14'],
    [52, '2027-01-01', '2026-12-28', '2027-01-03'],
  ])('%i a year: %s is in %s to %s', (perYear, day, start, end) => {
    expect(payPeriodOf(day, perYear)).toEqual({ start, end });
    // Every day of the period answers the same period, and the next one starts the day after its end.
    expect(payPeriodOf(start, perYear)).toEqual({ start, end });
    expect(payPeriodOf(end, perYear)).toEqual({ start, end });
    expect(previousPayPeriod(payPeriodOf(addDay(end), perYear), perYear)).toEqual({ start, end });
  });

  it('refuses a schedule the client cannot have', () => {
    expect(() => payPeriodOf('2027-01-01', 13)).toThrow('unsupported');
  });
});

function addDay(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

describe('a change effective inside a pay period applies from the next pay period', () => {
  it.each([
    // perYear, effective, deduction starts
    [12, '2027-01-01', '2027-01-01'],
    [12, '2027-01-02', '2027-02-01'],
    [12, '2027-03-31', '2027-04-01'],
    [24, '2027-03-16', '2027-03-16'],
    [24, '2027-03-10', '2027-03-16'],
    [24, '2027-03-20', '2027-04-01'],
    [26, '2024-01-15', '2024-01-15'],
    [26, '2024-01-16', '2024-01-29'],
    [52, '2024-01-10', '2024-01-15'],
  ])('%i a year, effective %s: first deducted in the period starting %s', (perYear, effective, starts) => {
    expect(deductionStartsOn(effective, perYear)).toBe(starts);
  });

  it.each([
    // period start..end, effective, coverage end, deducted
    ['2027-03-01', '2027-03-15', '2027-03-01', null, true],
    ['2027-03-01', '2027-03-15', '2027-03-05', null, false],
    ['2027-03-16', '2027-03-31', '2027-03-05', null, true],
    // Coverage ending inside a period: that period is the last one deducted.
    ['2027-03-16', '2027-03-31', '2027-01-01', '2027-03-20', true],
    ['2027-04-01', '2027-04-15', '2027-01-01', '2027-03-31', false],
    ['2027-03-16', '2027-03-31', '2027-01-01', '2027-03-15', false],
  ])('semi-monthly %s-%s, effective %s, ends %s: %s', (start, end, effective, coverageEnd, expected) => {
    expect(deductedIn({ start, end }, effective, coverageEnd, 24)).toBe(expected);
  });
});

describe('pre- and post-tax (Section 125)', () => {
  it.each([
    [1, 'Pre-tax'],
    [2, 'Pre-tax'],
    [8, 'Pre-tax'],
    [12, 'Pre-tax'],
    [20, 'Pre-tax'],
    [3, 'Post-tax'],
    [4, 'Post-tax'],
    [6, 'Post-tax'],
    [7, 'Post-tax'],
    [33, 'Post-tax'],
  ])('plan type %i is %s', (type, expected) => {
    expect(taxTreatment(type)).toBe(expected);
  });
});

const v = (over: Partial<ElectionVersion>): ElectionVersion => ({
  employeeId: 1,
  employeeName: 'Ann Lee',
  planTypeId: 1,
  planId: 10,
  planName: 'PPO',
  status: 1,
  tier: 1,
  dependents: [],
  periodId: 1,
  periodStart: '2027-01-01',
  employeeCents: 5000,
  employerCents: 20000,
  effective: '2027-01-01',
  coverageEnd: '2027-12-31',
  signedAt: '2026-11-20T15:00:00Z',
  source: 'open_enrollment',
  ...over,
});

describe('what a signed change is', () => {
  it.each([
    ['nothing before, enrolled', null, v({}), 'New enrollment'],
    ['waived before, enrolled', v({ status: -1, planId: null }), v({}), 'New enrollment'],
    ['another plan', v({}), v({ planId: 11 }), 'Plan change'],
    ['another tier', v({}), v({ tier: 2 }), 'Tier or dependent change'],
    ['tier unknown before (signed summary), same dependents', v({ tier: null }), v({ tier: 2 }), null],
    ['a dependent added', v({}), v({ dependents: ['Lily Lee'] }), 'Tier or dependent change'],
    ['same dependents in another order', v({ dependents: ['Ben Lee', 'Lily Lee'] }), v({ dependents: ['Lily Lee', 'Ben Lee'] }), null],
    ['the same election again', v({}), v({}), null],
    ['declined after enrolled', v({}), v({ status: -2, planId: null }), 'Decline'],
    ['declined with nothing before', null, v({ status: -2, planId: null }), 'Decline'],
    ['declined again', v({ status: -2, planId: null }), v({ status: -2, planId: null }), null],
    ['terminated while enrolled', v({}), v({ source: 'termination', coverageEnd: '2027-03-31' }), 'Termination of coverage'],
    ['terminated while declined', v({ status: -2, planId: null }), v({ source: 'termination' }), null],
  ] as const)('%s', (_what, before, after, expected) => {
    expect(changeKind(before, after)).toBe(expected);
  });

  it('lists each change with its effective date, a termination with its last day of coverage', () => {
    const versions = [
      v({ signedAt: '2026-11-20T15:00:00Z' }),
      v({ tier: 2, dependents: ['Lily Lee'], effective: '2027-03-01', source: 'life_event', signedAt: '2027-02-20T15:00:00Z' }),
      v({ tier: 2, source: 'termination', coverageEnd: '2027-05-31', signedAt: '2027-05-10T15:00:00Z' }),
    ];
    const day = (at: string) => `${at.slice(5, 7)}/${at.slice(8, 10)}/${at.slice(0, 4)}`;
    expect(signedChanges(versions, day, () => true).map((c) => [c.change, c.source, c.effectiveDate, c.signedDate, c.costAfter])).toEqual([
      ['New enrollment', 'Open enrollment', '01/01/2027', '11/20/2026', '50.00'],
      ['Tier or dependent change', 'Life event', '03/01/2027', '02/20/2027', '50.00'],
      ['Termination of coverage', 'Termination', '05/31/2027', '05/10/2027', null],
    ]);
    // A range keeps the changes signed in it, still compared with what was signed before.
    expect(signedChanges(versions, day, (x) => x.signedAt >= '2027-01-01').map((c) => c.change)).toEqual(['Tier or dependent change', 'Termination of coverage']);
  });
});

describe('the deduction rows of a pay period', () => {
  const versions = [
    v({}),
    v({ planTypeId: 3, planId: 30, planName: 'Life 50k', employeeCents: 700, employerCents: 0, tier: null }),
    // Married on 03/10: effective 04/01 for medical at a higher price.
    v({ tier: 2, employeeCents: 9000, employerCents: 25000, effective: '2027-04-01', source: 'life_event', signedAt: '2027-03-12T15:00:00Z' }),
    // Dental from a mid-period date: deducted from the next period.
    v({ planTypeId: 2, planId: 20, planName: 'Dental', employeeCents: 1200, employerCents: 800, effective: '2027-03-20', source: 'modify', signedAt: '2027-03-12T16:00:00Z' }),
  ];
  const summary = (start: string, end: string, list = versions) =>
    deductionRows(list, { start, end }, 24).map((r) => [r.planType, r.taxTreatment, r.employeeAmount, r.employerAmount, r.effectiveDate, r.change]);

  it.each([
    [
      '2027-03-16',
      '2027-03-31',
      [
        ['Group Life', 'Post-tax', '7.00', '0.00', '01/01/2027', ''],
        ['Group Medical', 'Pre-tax', '50.00', '200.00', '01/01/2027', ''],
      ],
    ],
    [
      '2027-04-01',
      '2027-04-15',
      [
        ['Group Dental', 'Pre-tax', '12.00', '8.00', '03/20/2027', 'New'],
        ['Group Life', 'Post-tax', '7.00', '0.00', '01/01/2027', ''],
        ['Group Medical', 'Pre-tax', '90.00', '250.00', '04/01/2027', 'Changed'],
      ],
    ],
    [
      '2027-04-16',
      '2027-04-30',
      [
        ['Group Dental', 'Pre-tax', '12.00', '8.00', '03/20/2027', ''],
        ['Group Life', 'Post-tax', '7.00', '0.00', '01/01/2027', ''],
        ['Group Medical', 'Pre-tax', '90.00', '250.00', '04/01/2027', ''],
      ],
    ],
  ])('semi-monthly %s to %s', (start, end, expected) => {
    expect(summary(start, end)).toEqual(expected);
  });

  it('stops after the pay period in which coverage ends, marked Stopped once', () => {
    const ended = [v({ coverageEnd: '2027-05-20' })];
    expect(summary('2027-05-16', '2027-05-31', ended)).toEqual([['Group Medical', 'Pre-tax', '50.00', '200.00', '01/01/2027', '']]);
    expect(summary('2027-06-01', '2027-06-15', ended)).toEqual([['Group Medical', 'Pre-tax', '0.00', '0.00', '01/01/2027', 'Stopped']]);
    expect(summary('2027-06-16', '2027-06-30', ended)).toEqual([]);
  });

  it('a termination ends the coverage on its last day: deducted through that pay period, then Stopped', () => {
    const list = [v({}), v({ source: 'termination', coverageEnd: '2027-04-30', effective: '2027-04-30', signedAt: '2027-04-10T00:00:00Z' })];
    expect(summary('2027-04-16', '2027-04-30', list)).toEqual([['Group Medical', 'Pre-tax', '50.00', '200.00', '01/01/2027', '']]);
    expect(summary('2027-05-01', '2027-05-15', list)).toEqual([['Group Medical', 'Pre-tax', '0.00', '0.00', '01/01/2027', 'Stopped']]);
  });

  it('a life event signed after the enrollment of the same plan year supersedes it even though effective earlier', () => {
    const list = [v({ effective: '2027-01-01' }), v({ employeeCents: 9000, effective: '2026-12-01', source: 'life_event', signedAt: '2026-11-27T00:00:00Z' })];
    expect(summary('2026-12-01', '2026-12-15', list)).toEqual([['Group Medical', 'Pre-tax', '90.00', '200.00', '12/01/2026', 'New']]);
    expect(summary('2027-01-01', '2027-01-15', list)).toEqual([['Group Medical', 'Pre-tax', '90.00', '200.00', '12/01/2026', '']]);
  });

  it('a decline signed for next year stops the deduction when next year starts, not before', () => {
    const list = [
      v({ effective: '2026-01-01', coverageEnd: '2026-12-31', periodId: 0, periodStart: '2026-01-01' }),
      v({ status: -2, planId: null, effective: '2027-01-01', coverageEnd: null, signedAt: '2026-11-25T00:00:00Z' }),
    ];
    expect(summary('2026-12-16', '2026-12-31', list)).toEqual([['Group Medical', 'Pre-tax', '50.00', '200.00', '01/01/2026', '']]);
    expect(summary('2027-01-01', '2027-01-15', list)).toEqual([['Group Medical', 'Pre-tax', '0.00', '0.00', '01/01/2026', 'Stopped']]);
  });
});

describe('queries', () => {
  it('takes a period or a range of MM/DD/YYYY days, the end not before the start', () => {
    expect(ZChangesQuery.safeParse({ periodId: '3' }).success).toBe(true);
    expect(ZChangesQuery.safeParse({ from: '01/01/2027', to: '01/31/2027' }).success).toBe(true);
    expect(ZChangesQuery.safeParse({ from: '02/01/2027', to: '01/31/2027' }).error?.issues[0]?.message).toBe('The end date must be on or after the start date');
    expect(ZChangesQuery.safeParse({ from: '2027-01-01' }).success).toBe(false);
    expect(ZDeductionRequest.parse({ payDate: '03/10/2027' })).toEqual({ payDate: '03/10/2027', format: 'xlsx' });
    expect(ZDeductionRequest.safeParse({ payDate: '02/30/2027', format: 'csv' }).success).toBe(false);
    expect(ZDeductionRequest.safeParse({ payDate: '03/10/2027', format: 'pdf' }).success).toBe(false);
  });
});
