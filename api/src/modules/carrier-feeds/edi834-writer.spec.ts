import { X12Parser } from 'node-x12';
import { check834 } from '../../../../test/support/edi834-guide';
import { edi834Members, type FeedSubscriber } from '../../contracts/carrier-feeds';
import { countMembers, Edi834Writer, write834, write834Whole, type Edi834Envelope, type MemberIdentity } from './edi834-writer';

const ENV: Edi834Envelope = {
  kind: 'changes',
  controlNumber: 42,
  date: '2026-11-27',
  time: '0930',
  isaSenderQualifier: 'ZZ',
  isaSenderId: 'acme',
  isaReceiverQualifier: '30',
  isaReceiverId: '990011223',
  gsSenderCode: 'ACME',
  gsReceiverCode: 'BCBS',
  policyNumber: 'GRP-1',
  sponsorName: 'Acme* Corp',
  sponsorFein: '123456789',
  carrierName: 'Blue~Cross',
};
const who = (firstName: string, ssn: string | null): MemberIdentity => ({
  firstName,
  middleName: null,
  lastName: 'Doe',
  ssn,
  birthDate: '1988-09-23',
  gender: 2,
  address: { line1: '1 Main St', line2: null, city: 'Springfield', state: 'IL', zip: '62701-1234' },
});
const sub: FeedSubscriber = {
  individualId: 100,
  cobra: false,
  terminated: false,
  terminationDate: null,
  dependents: [{ individualId: 201, relationshipTypeId: 1 }],
  coverages: [{ planTypeId: 1, planId: 1, planCode: 'PPO', tier: 2, tierStructure: 4, begin: '2026-01-01', end: '2026-12-31', planEnd: '2026-12-31', dependents: [201] }],
};

describe('write834', () => {
  it('writes the envelopes with node-x12: counts and control numbers agree, delimiters never inside a value', () => {
    const members = edi834Members('changes', [], [sub], '2026-11-27').map((m) => ({ ...m, identity: who(m.subscriber ? 'Jane' : 'John', m.subscriber ? '123-45-6701' : null) }));
    const edi = write834(ENV, members);
    const lines = edi.split('~').map((s) => s.trim()).filter(Boolean);
    expect(lines[0]).toBe('ISA*00*          *00*          *ZZ*ACME           *30*990011223      *261127*0930*^*00501*000000042*0*P*:');
    expect(lines.slice(1, 3)).toEqual(['GS*BE*ACME*BCBS*20261127*0930*42*X*005010X220A1', 'ST*834*0042*005010X220A1']);
    expect(lines).toContain('N1*P5*ACME  CORP*FI*123456789');
    expect(lines).toContain('N1*IN*BLUE CROSS');
    expect(lines).toContain('NM1*IL*1*DOE*JANE****34*123456701');
    expect(lines).toContain('NM1*IL*1*DOE*JOHN');
    expect(lines).toContain('N4*SPRINGFIELD*IL*627011234');
    expect(lines).toContain('HD*021**HLT*PPO*ESP');
    expect(lines.slice(-3)).toEqual([`SE*${lines.length - 4}*0042`, 'GE*1*42', 'IEA*1*000000042']);
    const parsed = new X12Parser(true).parse(edi);
    expect('functionalGroups' in parsed && parsed.functionalGroups[0]!.transactions[0]!.segments.length).toBe(lines.length - 6);
  });

  it('writes a COB loop (2320) and the other insurer (2330 NM1*IN) after the coverage dates of the subscriber', () => {
    const withCob: FeedSubscriber = { ...sub, otherCoverage: [{ planTypeId: 2, carrierName: 'Delta*Dental', policyNumber: 'dd-77' }], coverages: [{ ...sub.coverages[0]!, planTypeId: 32, planCode: 'VOLDEN' }] };
    const members = edi834Members('full', [], [withCob], '2026-11-27').map((m) => ({ ...m, identity: who(m.subscriber ? 'Jane' : 'John', null) }));
    const lines = write834({ ...ENV, kind: 'full' }, members).split('~').map((s) => s.trim()).filter(Boolean);
    const hd = lines.indexOf('HD*030**DEN*VOLDEN*ESP');
    expect(lines.slice(hd, hd + 4)).toEqual(['HD*030**DEN*VOLDEN*ESP', 'DTP*348*D8*20260101', 'COB*U*DD-77*1', 'NM1*IN*2*DELTA DENTAL']);
    // The spouse's coverage has no COB: the waiver speaks for the subscriber.
    expect(lines.filter((l) => l.startsWith('COB*'))).toHaveLength(1);
    // Parsed back with node-x12 and checked against the guide's rules (2320/2330 order and codes).
    expect(check834(write834({ ...ENV, kind: 'full' }, members)).problems).toEqual([]);
  });
});

describe('Edi834Writer (the streamed file)', () => {
  // Households of every shape the mapping makes: COBRA, terminated, COB, no address or SSN, several coverages.
  const households = (n: number): FeedSubscriber[] =>
    Array.from({ length: n }, (_, i) => ({
      ...sub,
      individualId: 1000 + i * 10,
      cobra: i % 5 === 1,
      terminated: i % 5 === 1,
      terminationDate: i % 5 === 1 ? '2026-06-30' : null,
      dependents: i % 3 === 0 ? [] : [{ individualId: 1001 + i * 10, relationshipTypeId: 1 }, { individualId: 1002 + i * 10, relationshipTypeId: 2 }],
      otherCoverage: i % 4 === 0 ? [{ planTypeId: 2, carrierName: 'Delta Dental', policyNumber: `dd-${i}` }] : [],
      coverages: [
        { ...sub.coverages[0]!, planCode: `PPO${i % 3}`, tier: i % 3 === 0 ? 1 : 4, dependents: i % 3 === 0 ? [] : [1001 + i * 10, 1002 + i * 10] },
        ...(i % 2 ? [{ ...sub.coverages[0]!, planTypeId: 32, planCode: 'VOLDEN', tier: 1, dependents: [] }] : []),
      ],
    }));
  const identify = (ms: ReturnType<typeof edi834Members>) =>
    ms.map((m, i) => ({ ...m, identity: { ...who(`P${m.individualId}`, i % 4 ? `123-45-${String(6000 + i)}` : null), address: m.subscriber || i % 6 ? who('', null).address : null, birthDate: i % 7 ? '1988-09-23' : null } }));

  it.each([
    ['full', 1],
    ['full', 7],
    ['changes', 1000],
  ] as const)('streams the %s file in batches of %i exactly as node-x12 writes the whole interchange', (kind, size) => {
    const previous = households(40).filter((_, i) => i % 2 === 0);
    const members = identify(edi834Members(kind, kind === 'changes' ? previous : [], households(45), '2026-11-27'));
    const env = { ...ENV, kind, controlNumber: 123456 };
    const writer = new Edi834Writer(env);
    let streamed = writer.head(countMembers(members));
    for (let i = 0; i < members.length; i += size) writer.members(members.slice(i, i + size), (m) => m.identity, (loop) => (streamed += loop));
    streamed += writer.tail();
    const whole = write834Whole(env, members);
    expect(members.length).toBeGreaterThan(50);
    expect(streamed).toBe(whole);
    expect(write834(env, members)).toBe(whole);
    expect(check834(streamed).problems).toEqual([]);
  });
});
