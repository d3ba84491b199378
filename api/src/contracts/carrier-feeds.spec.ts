import { cobLoops, coverageLevel, edi834Members, ZCarrierInput, type Edi834Member, type FeedCoverage, type FeedState, type FeedSubscriber } from './carrier-feeds';

const ASOF = '2026-11-27';
const med = (o: Partial<FeedCoverage> = {}): FeedCoverage => ({ planTypeId: 1, planId: 10, planCode: 'PPO', tier: 1, tierStructure: 4, begin: '2026-01-01', end: null, planEnd: '2026-12-31', dependents: [], ...o });
const dental = (o: Partial<FeedCoverage> = {}): FeedCoverage => ({ planTypeId: 2, planId: 20, planCode: 'DEN1', tier: 1, tierStructure: 4, begin: '2026-01-01', end: null, planEnd: '2026-12-31', dependents: [], ...o });
const SPOUSE = { individualId: 201, relationshipTypeId: 1 };
const CHILD = { individualId: 202, relationshipTypeId: 2 };
const sub = (o: Partial<FeedSubscriber> = {}): FeedSubscriber => ({ individualId: 100, cobra: false, terminated: false, terminationDate: null, dependents: [SPOUSE, CHILD], coverages: [med()], ...o });

/** What a row of the tables checks: per member, INS02/INS03/INS04/INS05 and each HD's maintenance, plan, level and dates. */
const brief = (m: Edi834Member) =>
  [m.individualId, m.relationship, m.maintenance, m.reason, m.benefitStatus, m.coverages.map((c) => `${c.maintenance} ${c.insuranceLine} ${c.planCode} ${c.coverageLevel ?? '-'} ${c.begin}..${c.end ?? ''}`).join(' | ')].join(' ');

describe('edi834Members: changes file (since the last file sent)', () => {
  const cases: Array<{ name: string; previous: FeedState; current: FeedState; expected: string[]; effective?: Array<string | null> }> = [
    {
      name: 'new hire: subscriber and covered spouse are added (021), coverage level from the tier',
      previous: [],
      current: [sub({ coverages: [med({ tier: 2, dependents: [201], begin: '2026-12-01' })] })],
      expected: ['100 18 021 28 A 021 HLT PPO ESP 2026-12-01..', '201 01 021 EC A 021 HLT PPO ESP 2026-12-01..'],
      effective: ['2026-12-01', '2026-12-01'],
    },
    {
      name: 'add spouse: subscriber changes (001) to ESP, spouse added (021)',
      previous: [sub()],
      current: [sub({ coverages: [med({ tier: 2, dependents: [201] })] })],
      expected: ['100 18 001 EC A 001 HLT PPO ESP 2026-01-01..', '201 01 021 EC A 021 HLT PPO ESP 2026-01-01..'],
    },
    {
      name: 'remove child: subscriber changes to ESP, child cancelled (024) the day before the new election begins',
      previous: [sub({ coverages: [med({ tier: 4, dependents: [201, 202] })] })],
      current: [sub({ coverages: [med({ tier: 2, dependents: [201], begin: '2026-12-01' })] })],
      expected: [
        '100 18 001 EC A 001 HLT PPO ESP 2026-12-01..',
        '201 01 001 EC A 001 HLT PPO ESP 2026-12-01..',
        '202 19 024 07 A 024 HLT PPO FAM 2026-01-01..2026-11-30',
      ],
    },
    {
      name: 'change plan: one 001 coverage with the new plan for each member',
      previous: [sub({ coverages: [med({ tier: 3, dependents: [202] })] })],
      current: [sub({ coverages: [med({ tier: 3, planId: 11, planCode: 'HMO', dependents: [202] })] })],
      expected: ['100 18 001 EC A 001 HLT HMO ECH 2026-01-01..', '202 19 001 EC A 001 HLT HMO ECH 2026-01-01..'],
    },
    {
      name: 'add a dental election: the subscriber stays (001) with a 021 coverage',
      previous: [sub()],
      current: [sub({ coverages: [med(), dental()] })],
      expected: ['100 18 001 EC A 021 DEN DEN1 EMP 2026-01-01..'],
    },
    {
      name: 'terminate: subscriber and dependents cancelled (024, 08 termination of employment) with the coverage end date',
      previous: [sub({ coverages: [med({ tier: 4, dependents: [201, 202] })] })],
      current: [sub({ terminated: true, terminationDate: '2026-12-10', coverages: [med({ tier: 4, dependents: [201, 202], end: '2026-12-15' })] })],
      expected: [
        '100 18 024 08 A 024 HLT PPO FAM 2026-01-01..2026-12-15',
        '201 01 024 08 A 024 HLT PPO FAM 2026-01-01..2026-12-15',
        '202 19 024 08 A 024 HLT PPO FAM 2026-01-01..2026-12-15',
      ],
      effective: ['2026-12-15', '2026-12-15', '2026-12-15'],
    },
    {
      name: 'COBRA: the terminated employee continues (001, benefit status C), no end date, COBRA begins the day after the coverage end',
      previous: [sub({ coverages: [med({ tier: 2, dependents: [201] })] })],
      current: [sub({ terminated: true, cobra: true, terminationDate: '2026-11-15', coverages: [med({ tier: 2, dependents: [201], end: '2026-11-30' })] })],
      expected: ['100 18 001 XN C 001 HLT PPO ESP 2026-01-01..', '201 01 001 XN C 001 HLT PPO ESP 2026-01-01..'],
      effective: ['2026-12-01', '2026-01-01'],
    },
    {
      name: 'declined since (no election left): cancelled on the file date',
      previous: [sub()],
      current: [sub({ coverages: [] })],
      expected: [`100 18 024 07 A 024 HLT PPO EMP 2026-01-01..${ASOF}`],
    },
    { name: 'nothing changed: no member', previous: [sub()], current: [sub()], expected: [] },
    {
      name: 'a termination already sent is not sent again',
      previous: [sub({ terminated: true, coverages: [med({ end: '2026-12-15' })] })],
      current: [sub({ terminated: true, coverages: [med({ end: '2026-12-15' })] })],
      expected: [],
    },
    { name: 'a coverage that ended before the last file is not sent again', previous: [sub({ coverages: [med({ end: '2026-10-31' })] })], current: [sub({ coverages: [med({ end: '2026-10-31' })] })], expected: [] },
  ];
  it.each(cases)('$name', ({ previous, current, expected, effective }) => {
    const members = edi834Members('changes', previous, current, ASOF);
    expect(members.map(brief)).toEqual(expected);
    if (effective) expect(members.map((m) => m.effective)).toEqual(effective);
  });

  it('a COBRA subscriber has DTP 340 the day after coverage ends; a terminated one DTP 357 and employment status TE', () => {
    const cobra = edi834Members('changes', [sub()], [sub({ terminated: true, cobra: true, coverages: [med({ end: '2026-11-30' })] })], ASOF)[0]!;
    expect(cobra).toMatchObject({ cobraBegin: '2026-12-01', employmentStatus: 'TE', eligibilityEnd: null });
    const term = edi834Members('changes', [sub()], [sub({ terminated: true, coverages: [med({ end: '2026-12-15' })] })], ASOF)[0]!;
    expect(term).toMatchObject({ cobraBegin: null, employmentStatus: 'TE', eligibilityEnd: '2026-12-15' });
  });
});

describe('edi834Members: full file', () => {
  const cases: Array<{ name: string; current: FeedState; expected: string[] }> = [
    {
      name: 'every member in force, maintenance 030 (audit), dependents after their subscriber',
      current: [sub({ coverages: [med({ tier: 4, dependents: [201, 202] }), dental({ tier: 3, dependents: [202] })] }), sub({ individualId: 300, dependents: [], coverages: [dental()] })],
      expected: [
        '100 18 030 XN A 030 HLT PPO FAM 2026-01-01.. | 030 DEN DEN1 ECH 2026-01-01..',
        '201 01 030 XN A 030 HLT PPO FAM 2026-01-01..',
        '202 19 030 XN A 030 HLT PPO FAM 2026-01-01.. | 030 DEN DEN1 ECH 2026-01-01..',
        '300 18 030 XN A 030 DEN DEN1 EMP 2026-01-01..',
      ],
    },
    { name: 'a coverage that ended is not in the full file', current: [sub({ coverages: [med({ end: '2026-10-31' })] })], expected: [] },
    { name: 'a termination still to come is, with its end date', current: [sub({ terminated: true, coverages: [med({ end: '2026-12-15' })] })], expected: ['100 18 030 XN A 030 HLT PPO EMP 2026-01-01..2026-12-15'] },
    { name: "the plan year's end is no termination: no end date stated", current: [sub({ coverages: [med({ end: '2026-12-31' })] })], expected: ['100 18 030 XN A 030 HLT PPO EMP 2026-01-01..'] },
    { name: 'COBRA members are in, status C', current: [sub({ cobra: true, terminated: true, coverages: [med({ end: '2026-06-30' })] })], expected: ['100 18 030 XN C 030 HLT PPO EMP 2026-01-01..'] },
  ];
  it.each(cases)('$name', ({ current, expected }) => {
    expect(edi834Members('full', [], current, ASOF).map(brief)).toEqual(expected);
  });
});

describe('COB loops from the other coverage a waiver declared', () => {
  const SPOUSE_PLAN = { planTypeId: 2, carrierName: 'Delta Dental', policyNumber: 'DD-77' };
  const volDental = (o: Partial<FeedCoverage> = {}) => dental({ planTypeId: 32, planId: 32, planCode: 'VOLDEN', ...o });
  /** Per member: each HD's line and its COB loops as 'line:policy@carrier'. */
  const cobs = (members: Edi834Member[]) => members.map((m) => `${m.individualId} ${m.maintenance} ${m.coverages.map((c) => `${c.insuranceLine}[${c.cob.map((x) => `${x.payerResponsibility} ${x.policyNumber}@${x.carrierName}`).join(',')}]`).join(' ')}`);
  const cases: Array<{ name: string; kind: 'full' | 'changes'; previous: FeedState; current: FeedState; expected: string[] }> = [
    {
      name: 'group dental waived for a spouse plan, voluntary dental taken: the subscriber DEN coverage carries COB (U, policy) and the other carrier',
      kind: 'full',
      previous: [],
      current: [sub({ otherCoverage: [SPOUSE_PLAN], coverages: [med(), volDental({ tier: 2, dependents: [201] })] })],
      expected: ['100 030 HLT[] DEN[U DD-77@Delta Dental]', '201 030 DEN[]'],
    },
    {
      name: 'medical waived, dental taken: another line says nothing of this coverage, no COB',
      kind: 'full',
      previous: [],
      current: [sub({ otherCoverage: [{ planTypeId: 1, carrierName: 'Aetna', policyNumber: 'AE-1' }], coverages: [dental()] })],
      expected: ['100 030 DEN[]'],
    },
    {
      name: 'no waiver (or a file state written before COB): no COB',
      kind: 'full',
      previous: [],
      current: [sub({ coverages: [volDental()] })],
      expected: ['100 030 DEN[]'],
    },
    {
      name: 'a waiver declared since the last file restates the coverage (001) with its COB loop',
      kind: 'changes',
      previous: [sub({ coverages: [volDental()] })],
      current: [sub({ otherCoverage: [SPOUSE_PLAN], coverages: [volDental()] })],
      expected: ['100 001 DEN[U DD-77@Delta Dental]'],
    },
    {
      name: 'the same waiver in both files: nothing to send',
      kind: 'changes',
      previous: [sub({ otherCoverage: [SPOUSE_PLAN], coverages: [volDental()] })],
      current: [sub({ otherCoverage: [SPOUSE_PLAN], coverages: [volDental()] })],
      expected: [],
    },
    {
      name: 'new hire with other dental: added (021) with COB',
      kind: 'changes',
      previous: [],
      current: [sub({ otherCoverage: [SPOUSE_PLAN], coverages: [volDental()] })],
      expected: ['100 021 DEN[U DD-77@Delta Dental]'],
    },
  ];
  it.each(cases)('$name', ({ kind, previous, current, expected }) => {
    expect(cobs(edi834Members(kind, previous, current, ASOF))).toEqual(expected);
  });

  it.each([
    [32, 2, 1],
    [2, 32, 1],
    [38, 8, 1],
    [2, 2, 0],
    [1, 2, 0],
    [6, 1, 0],
  ])('coverage of plan type %s with other coverage of plan type %s -> %s COB loops', (coverageType, waivedType, n) => {
    expect(cobLoops({ planTypeId: coverageType }, { otherCoverage: [{ planTypeId: waivedType, carrierName: 'X', policyNumber: 'P' }] })).toHaveLength(n);
  });
});

describe('coverage levels from the tier', () => {
  it.each([
    [4, 1, 'EMP'],
    [4, 2, 'ESP'],
    [4, 3, 'ECH'],
    [4, 4, 'FAM'],
    [3, 2, 'E1D'],
    [3, 4, 'FAM'],
    [2, 4, 'FAM'],
    [5, null, null],
  ] as const)('structure %s tier %s → %s', (structure, tier, level) => {
    expect(coverageLevel(structure, tier)).toBe(level);
  });
});

describe('ZCarrierInput', () => {
  const valid = {
    name: 'Blue Cross',
    planTypeIds: [2, 1, 1],
    policyNumber: 'GRP-100',
    sponsorFein: '123456789',
    isaSenderQualifier: 'ZZ',
    isaSenderId: 'ACME',
    isaReceiverQualifier: '30',
    isaReceiverId: '987654321',
    gsSenderCode: 'ACME',
    gsReceiverCode: 'BCBS',
    schedule: 'weekly',
  };
  it('accepts a carrier and orders its plan types', () => {
    expect(ZCarrierInput.parse(valid).planTypeIds).toEqual([1, 2]);
  });
  it.each([
    ['planTypeIds', [], 'Choose the plan types this carrier receives'],
    ['planTypeIds', [3], 'Choose the plan types this carrier receives'],
    ['isaSenderId', 'A*B', 'Use 1 to 15 letters, digits or spaces'],
    ['isaSenderId', 'X'.repeat(16), 'Use 1 to 15 letters, digits or spaces'],
    ['gsReceiverCode', 'B', 'Use 2 to 15 letters or digits'],
    ['sponsorFein', '12-345', 'Enter the 9-digit federal employer ID (FEIN)'],
    ['isaReceiverQualifier', 'XX', 'Choose an ID qualifier'],
    ['name', '', 'Field is required'],
  ])('%s = %j: %s', (field, value, message) => {
    const r = ZCarrierInput.safeParse({ ...valid, [field]: value });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.message).toBe(message);
  });
});
