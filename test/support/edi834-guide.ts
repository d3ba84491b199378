import { X12Parser, type X12Interchange, type X12Segment } from 'node-x12';

/**
 * The parts of ASC X12 005010X220A1 (834 Benefit Enrollment and Maintenance) that our files use, written from
 * the implementation guide: each segment's required elements (by position) and the codes it allows, the order
 * of the header (table 1) and of a member loop (2000, 2100A, 2300). The e2e parses a file back with node-x12
 * and checks it segment by segment against this, so a file the guide refuses fails the test.
 */
interface SegmentRule {
  /** Element positions (1-based) that must have a value. */
  required: number[];
  /** Allowed codes per position. */
  codes?: Record<number, readonly string[]>;
  /** Exact element count at most. */
  max: number;
}

export const GUIDE_834: Readonly<Record<string, SegmentRule>> = {
  ISA: { required: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16], codes: { 1: ['00'], 3: ['00'], 11: ['^'], 12: ['00501'], 14: ['0', '1'], 15: ['P', 'T'] }, max: 16 },
  GS: { required: [1, 2, 3, 4, 5, 6, 7, 8], codes: { 1: ['BE'], 7: ['X'], 8: ['005010X220A1'] }, max: 8 },
  ST: { required: [1, 2, 3], codes: { 1: ['834'], 3: ['005010X220A1'] }, max: 3 },
  BGN: { required: [1, 2, 3, 4, 8], codes: { 1: ['00', '15', '22'], 8: ['2', '4', 'RX'] }, max: 9 },
  REF: { required: [1, 2], codes: { 1: ['38', '0F', '17', '1L', 'ZZ', '23', '3H', '4A', '6O', 'ABB', 'D3', 'DX', 'F6', 'P5', 'Q4', 'QQ', 'ZZ'] }, max: 4 },
  DTP: { required: [1, 2, 3], codes: { 1: ['007', '090', '091', '303', '382', '388', '286', '296', '297', '300', '301', '336', '337', '338', '339', '340', '341', '350', '351', '356', '357', '383', '385', '386', '393', '394', '473', '474', '348', '349', '543', '695'], 2: ['D8', 'RD8'] }, max: 3 },
  QTY: { required: [1, 2], codes: { 1: ['DT', 'ET', 'TO'] }, max: 2 },
  N1: { required: [1, 2], codes: { 1: ['P5', 'IN', 'TV', 'BO', '75'] }, max: 4 },
  INS: { required: [1, 2, 3, 5], codes: { 1: ['Y', 'N'], 2: ['18', '01', '19', '53', 'G8', '15', '17', '23', '24', '25', '26', '31', '38', '60', 'D2'], 3: ['001', '021', '024', '025', '026', '030', '032'], 5: ['A', 'C', 'S', 'T'], 8: ['AC', 'AO', 'AU', 'FT', 'L1', 'PT', 'RT', 'TE'] }, max: 17 },
  NM1: { required: [1, 2, 3], codes: { 1: ['IL', '74', 'IN', '36', 'GW'], 2: ['1', '2'], 8: ['34', 'ZZ'] }, max: 9 },
  N3: { required: [1], max: 2 },
  N4: { required: [1, 2, 3], max: 7 },
  DMG: { required: [1, 2], codes: { 1: ['D8'], 3: ['F', 'M', 'U'] }, max: 11 },
  HD: { required: [1, 3], codes: { 1: ['001', '002', '021', '024', '025', '026', '030', '032'], 3: ['AG', 'AH', 'AJ', 'AK', 'DCP', 'DEN', 'EPO', 'FAC', 'HE', 'HLT', 'HMO', 'LTC', 'LTD', 'MM', 'MOD', 'PDG', 'POS', 'PPO', 'PRA', 'STD', 'UR', 'VIS'], 5: ['CHD', 'DEP', 'E1D', 'E2D', 'E3D', 'E5D', 'E6D', 'E7D', 'E8D', 'E9D', 'ECH', 'EMP', 'ESP', 'FAM', 'IND', 'SPC', 'SPO', 'TWO'] }, max: 9 },
  COB: { required: [1, 3], codes: { 1: ['P', 'S', 'T', 'U'], 3: ['1', '5', '6'] }, max: 4 },
  SE: { required: [1, 2], max: 2 },
  GE: { required: [1, 2], max: 2 },
  IEA: { required: [1, 2], max: 2 },
};

/** Table 1 (header) in order, then the loops: a member is INS, REF*0F, [REF], [DTP], NM1, [N3, N4], [DMG], then HD loops (HD, DTP, [2320 COB, 2330 NM1]). */
const HEADER = ['BGN', 'REF', 'DTP', 'QTY', 'N1'];
const MEMBER = ['INS', 'REF', 'DTP', 'NM1', 'N3', 'N4', 'DMG', 'HD', 'DTP', 'COB', 'NM1'];

export interface Parsed834 {
  interchange: X12Interchange;
  /** The transaction's body segments (between ST and SE). */
  body: X12Segment[];
  /** The member loops: each INS segment with the segments up to the next INS. */
  members: X12Segment[][];
}

export const el = (s: X12Segment, n: number): string => s.elements[n - 1]?.value ?? '';

/** Parses the file with node-x12 (strict) and checks it against GUIDE_834; answers the problems found. */
export function check834(edi: string): { parsed: Parsed834; problems: string[] } {
  const problems: string[] = [];
  const interchange = new X12Parser(true).parse(edi) as X12Interchange;
  const rawSegments = edi.split('~').map((s) => s.trim()).filter(Boolean);
  const rule = (s: X12Segment, where: string) => {
    const r = GUIDE_834[s.tag];
    if (!r) return problems.push(`${where}: ${s.tag} is not a segment of this file`);
    if (s.elements.length > r.max) problems.push(`${where}: ${s.tag} has ${s.elements.length} elements (at most ${r.max})`);
    // ISA's fields are fixed width: blanks (ISA02, ISA04) are values there.
    for (const n of r.required) if (s.tag === 'ISA' ? el(s, n).length === 0 : !el(s, n).trim()) problems.push(`${where}: ${s.tag}${String(n).padStart(2, '0')} is required`);
    for (const [n, allowed] of Object.entries(r.codes ?? {})) {
      const v = el(s, Number(n));
      if (v && !allowed.includes(v)) problems.push(`${where}: ${s.tag}${n.padStart(2, '0')} '${v}' is not a code of the guide`);
    }
    return 0;
  };
  rule(interchange.header, 'ISA');
  rule(interchange.trailer, 'IEA');
  // ISA is fixed width: the raw ISA segment is 105 characters plus its terminator.
  if (rawSegments[0]!.length !== 105) problems.push(`ISA is ${rawSegments[0]!.length} characters long (106 with the terminator expected)`);
  const isa13 = rawSegments[0]!.split('*')[13]!;
  if (!/^\d{9}$/.test(isa13)) problems.push(`ISA13 '${isa13}' is not 9 digits`);
  const iea = rawSegments[rawSegments.length - 1]!.split('*');
  if (iea[2] !== isa13) problems.push(`IEA02 '${iea[2]}' does not match ISA13 '${isa13}'`);
  if (Number(el(interchange.trailer, 1)) !== interchange.functionalGroups.length) problems.push('IEA01 does not count the groups');
  let body: X12Segment[] = [];
  for (const g of interchange.functionalGroups) {
    rule(g.header, 'GS');
    rule(g.trailer, 'GE');
    if (el(g.header, 6) !== el(g.trailer, 2)) problems.push(`GE02 '${el(g.trailer, 2)}' does not match GS06 '${el(g.header, 6)}'`);
    if (Number(el(g.trailer, 1)) !== g.transactions.length) problems.push('GE01 does not count the transactions');
    for (const t of g.transactions) {
      rule(t.header, 'ST');
      rule(t.trailer, 'SE');
      if (el(t.header, 2) !== el(t.trailer, 2)) problems.push(`SE02 '${el(t.trailer, 2)}' does not match ST02 '${el(t.header, 2)}'`);
      // SE01 counts every segment of the transaction, ST and SE included.
      if (Number(el(t.trailer, 1)) !== t.segments.length + 2) problems.push(`SE01 ${el(t.trailer, 1)} but ${t.segments.length + 2} segments`);
      body = t.segments;
    }
  }
  // Order: the header's segments in order, then member loops in the member order (HD loops may repeat).
  let i = 0;
  let h = 0;
  for (; i < body.length && body[i]!.tag !== 'INS'; i++) {
    const at = HEADER.indexOf(body[i]!.tag, h);
    if (at < 0) problems.push(`header segment ${i + 1}: ${body[i]!.tag} out of order`);
    else h = at;
    rule(body[i]!, `header ${body[i]!.tag}`);
  }
  const members: X12Segment[][] = [];
  for (; i < body.length; i++) {
    const s = body[i]!;
    if (s.tag === 'INS') members.push([]);
    members[members.length - 1]!.push(s);
  }
  members.forEach((loop, n) => {
    let at = 0;
    for (const s of loop) {
      rule(s, `member ${n + 1} ${s.tag}`);
      // Within an HD loop the order starts over at HD for each coverage.
      const next = s.tag === 'HD' ? MEMBER.indexOf('HD') : MEMBER.indexOf(s.tag, at);
      if (next < 0) problems.push(`member ${n + 1}: ${s.tag} out of order`);
      else at = next;
    }
    const tags = loop.map((s) => s.tag);
    if (loop[1]?.tag !== 'REF' || el(loop[1], 1) !== '0F') problems.push(`member ${n + 1}: REF*0F must follow INS`);
    if (!tags.includes('NM1')) problems.push(`member ${n + 1}: NM1 (2100A) is required`);
    if (el(loop[0]!, 1) === 'Y' && !tags.includes('N3')) problems.push(`member ${n + 1}: a subscriber needs N3/N4`);
    loop.forEach((s, k) => {
      if (s.tag === 'HD' && !(loop[k + 1]?.tag === 'DTP' && el(loop[k + 1]!, 1) === '348')) problems.push(`member ${n + 1}: HD without DTP*348`);
      // 2100A names a person (IL, 1); 2330 after a COB names the other party, a non-person (IN, 36 or GW, 2).
      const cobParty = loop[k - 1]?.tag === 'COB';
      if (s.tag === 'NM1' && cobParty && !(['IN', '36', 'GW'].includes(el(s, 1)) && el(s, 2) === '2')) problems.push(`member ${n + 1}: NM1 of 2330 must be IN, 36 or GW with NM102 2`);
      if (s.tag === 'NM1' && !cobParty && !(['IL', '74'].includes(el(s, 1)) && el(s, 2) === '1')) problems.push(`member ${n + 1}: NM1 of 2100 must be IL or 74 with NM102 1`);
    });
  });
  return { parsed: { interchange, body, members }, problems };
}
