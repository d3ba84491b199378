import { X12Interchange, X12Segment, X12SerializationOptions, type X12FunctionalGroup, type X12Transaction } from 'node-x12';
import type { Edi834Member, FeedKind } from '../../contracts/carrier-feeds';

/** What the envelope and the header loops of one file need. */
export interface Edi834Envelope {
  kind: FeedKind;
  controlNumber: number;
  /** The file's moment in the client's zone: 'YYYY-MM-DD' and 'HHMM'. */
  date: string;
  time: string;
  isaSenderQualifier: string;
  isaSenderId: string;
  isaReceiverQualifier: string;
  isaReceiverId: string;
  gsSenderCode: string;
  gsReceiverCode: string;
  policyNumber: string;
  sponsorName: string;
  sponsorFein: string;
  carrierName: string;
}

/** A member's identity for the 2100A loop; the SSN only ever lives in the file being written. */
export interface MemberIdentity {
  firstName: string;
  middleName: string | null;
  lastName: string;
  ssn: string | null;
  birthDate: string | null;
  /** 1 male, 2 female (the census' codes). */
  gender: number | null;
  address: { line1: string; line2: string | null; city: string; state: string; zip: string } | null;
}

export type WritableMember = Edi834Member & { identity: MemberIdentity };

const d8 = (iso: string) => iso.replace(/-/g, '');
/** X12 text: no delimiters (* ~ : ^) inside a value, upper case as carriers expect. */
const text = (s: string | null | undefined, max: number) =>
  (s ?? '')
    .replace(/[*~:^>\r\n]/g, ' ')
    .trim()
    .toUpperCase()
    .slice(0, max);

const serializationOptions = () =>
  new X12SerializationOptions({ segmentTerminator: '~', elementDelimiter: '*', subElementDelimiter: ':', endOfLine: '\n', format: true });

/** node-x12's envelope of one file: ISA/GS/ST headers, and the GE/IEA trailers it counts itself (one group, one transaction). */
function envelopeOf(env: Edi834Envelope, options: X12SerializationOptions): { interchange: X12Interchange; group: X12FunctionalGroup; tx: X12Transaction } {
  const interchange = new X12Interchange(options);
  const control = String(env.controlNumber);
  interchange.setHeader([
    '00',
    ' '.repeat(10),
    '00',
    ' '.repeat(10),
    env.isaSenderQualifier,
    env.isaSenderId.toUpperCase().padEnd(15, ' '),
    env.isaReceiverQualifier,
    env.isaReceiverId.toUpperCase().padEnd(15, ' '),
    d8(env.date).slice(2),
    env.time,
    '^',
    '00501',
    control.padStart(9, '0'),
    '0',
    'P',
    ':',
  ]);
  const group = interchange.addFunctionalGroup();
  group.setHeader(['BE', env.gsSenderCode.toUpperCase(), env.gsReceiverCode.toUpperCase(), d8(env.date), env.time, control, 'X', '005010X220A1']);
  const tx = group.addTransaction();
  tx.setHeader(['834', control.padStart(4, '0'), '005010X220A1']);
  return { interchange, group, tx };
}

/**
 * The whole interchange in node-x12's object model, as node-x12 serializes it: the reference the streamed file
 * equals byte for byte (unit tests) and the bench's floor. It holds every segment at once, so the portal writes
 * with Edi834Writer instead.
 */
export function write834Whole(env: Edi834Envelope, members: Iterable<WritableMember>): string {
  const list = [...members];
  const options = serializationOptions();
  const { interchange, tx } = envelopeOf(env, options);
  writeHeaderLoops(tx, env, countMembers(list));
  for (const m of list) writeMember(tx, m, m.identity);
  return interchange.toString();
}

/** One 834 in one string (small files, tests): the streamed writer's chunks joined. */
export function write834(env: Edi834Envelope, members: Iterable<WritableMember>): string {
  const list = [...members];
  const writer = new Edi834Writer(env);
  const text = [writer.head(countMembers(list))];
  writer.members(list, (m) => m.identity, (loop) => text.push(loop));
  text.push(writer.tail());
  return text.join('');
}

export interface MemberCounts {
  subscribers: number;
  dependents: number;
}

export const countMembers = (members: readonly Pick<WritableMember, 'subscriber'>[]): MemberCounts => {
  const subscribers = members.filter((m) => m.subscriber).length;
  return { subscribers, dependents: members.length - subscribers };
};

/**
 * One 834 written as a stream, in node-x12's segments and serialization: the envelope's headers and trailers are
 * node-x12's (GE/IEA count and match the control numbers themselves); the member loops are built in batches as
 * node-x12 segments, serialized and let go, with their count carried along for SE. Chunks, in order: head(),
 * members() per batch (a loop at a time), tail(); joined they equal write834Whole's text for the same members.
 */
export class Edi834Writer {
  private readonly options = serializationOptions();
  private readonly envelope: ReturnType<typeof envelopeOf>;
  /** Segments written between ST and SE. */
  private segments = 0;

  constructor(private readonly env: Edi834Envelope) {
    this.envelope = envelopeOf(env, this.options);
  }

  /** ISA, GS, ST and the header loops (BGN … N1*IN), which count the members before any of them is written. */
  head(counts: MemberCounts): string {
    const { interchange, group, tx } = this.envelope;
    return this.line(interchange.header) + this.line(group.header) + this.line(tx.header) + this.serialize((sink) => writeHeaderLoops(sink, this.env, counts));
  }

  /**
   * The 2000 loops of a batch of members with their identities, each given to `write` as soon as it is serialized
   * (nothing of the batch is held, nor copied to join a member to its identity).
   */
  members<T extends Edi834Member>(batch: Iterable<T>, identity: (m: T) => MemberIdentity, write: (loop: string) => void): void {
    for (const m of batch) write(this.serialize((sink) => writeMember(sink, m, identity(m))));
  }

  /** SE (the segments counted, ST and SE included), then node-x12's GE and IEA. */
  tail(): string {
    const { interchange, group, tx } = this.envelope;
    tx.trailer.replaceElement(String(this.segments + 2), 1);
    return this.line(tx.trailer) + this.line(group.trailer) + interchange.trailer.toString(this.options);
  }

  private get endOfLine(): string {
    return this.options.format ? (this.options.endOfLine ?? '') : '';
  }

  private line(segment: X12Segment): string {
    return segment.toString(this.options) + this.endOfLine;
  }

  private serialize(write: (sink: SegmentSink) => void): string {
    let text = '';
    write({
      addSegment: (tag, elements) => {
        // One node-x12 segment, serialized at once and let go (its own options: no copy per segment).
        const segment = new X12Segment(tag, this.options).setElements(elements);
        text += segment.toString() + this.endOfLine;
        this.segments += 1;
        return segment;
      },
    });
    return text;
  }
}

/** Where segments are added: a node-x12 transaction, or the streamed writer's batch. */
type SegmentSink = Pick<X12Transaction, 'addSegment'>;

/** Adds a segment without its trailing empty elements (X12 leaves them out). */
export function add(tx: SegmentSink, tag: string, elements: Array<string | null | undefined>): void {
  const values = elements.map((e) => e ?? '');
  while (values.length && values[values.length - 1] === '') values.pop();
  tx.addSegment(tag, values);
}

/** The 834 header loops: BGN, REF*38, DTP*007, QTY, N1 sponsor and payer (1000A/B); one 2000 loop per member follows. */
function writeHeaderLoops(tx: SegmentSink, env: Edi834Envelope, counts: MemberCounts): void {
  // BGN08: 2 change (update), 4 verify (a full file the carrier reconciles against).
  add(tx, 'BGN', ['00', `${env.kind === 'full' ? 'F' : 'C'}${env.controlNumber}`, d8(env.date), env.time, '', '', '', env.kind === 'full' ? '4' : '2']);
  add(tx, 'REF', ['38', text(env.policyNumber, 50)]);
  add(tx, 'DTP', ['007', 'D8', d8(env.date)]);
  add(tx, 'QTY', ['ET', String(counts.subscribers)]);
  add(tx, 'QTY', ['DT', String(counts.dependents)]);
  add(tx, 'QTY', ['TO', String(counts.subscribers + counts.dependents)]);
  add(tx, 'N1', ['P5', text(env.sponsorName, 60), 'FI', env.sponsorFein]);
  add(tx, 'N1', ['IN', text(env.carrierName, 60)]);
}

function writeMember(tx: SegmentSink, m: Edi834Member, id: MemberIdentity): void {
  // INS07 COBRA qualifying event 1 (termination of employment) for a COBRA member.
  add(tx, 'INS', [m.subscriber ? 'Y' : 'N', m.relationship, m.maintenance, m.reason, m.benefitStatus, '', m.benefitStatus === 'C' ? '1' : '', m.employmentStatus]);
  add(tx, 'REF', ['0F', String(m.subscriberIndividualId)]);
  // REF*ZZ (mutually defined): the member's own id, so a carrier can tell dependents apart without an SSN.
  add(tx, 'REF', ['ZZ', String(m.individualId)]);
  if (m.effective) add(tx, 'DTP', ['303', 'D8', d8(m.effective)]);
  if (m.cobraBegin) add(tx, 'DTP', ['340', 'D8', d8(m.cobraBegin)]);
  if (m.eligibilityEnd) add(tx, 'DTP', ['357', 'D8', d8(m.eligibilityEnd)]);
  const ssn = id.ssn?.replace(/\D/g, '') ?? '';
  add(tx, 'NM1', ['IL', '1', text(id.lastName, 60), text(id.firstName, 35), text(id.middleName, 25), '', '', ssn.length === 9 ? '34' : '', ssn.length === 9 ? ssn : '']);
  if (id.address) {
    add(tx, 'N3', [text(id.address.line1, 55), text(id.address.line2, 55)]);
    add(tx, 'N4', [text(id.address.city, 30), text(id.address.state, 2), id.address.zip.replace(/\D/g, '').slice(0, 9)]);
  }
  if (id.birthDate) add(tx, 'DMG', ['D8', d8(id.birthDate), id.gender === 1 ? 'M' : id.gender === 2 ? 'F' : 'U']);
  for (const c of m.coverages) {
    add(tx, 'HD', [c.maintenance, '', c.insuranceLine, text(c.planCode, 50), c.coverageLevel]);
    add(tx, 'DTP', ['348', 'D8', d8(c.begin)]);
    if (c.end) add(tx, 'DTP', ['349', 'D8', d8(c.end)]);
    for (const cob of c.cob) {
      // 2320 COB (COB03 1: coordination of benefits) and its 2330 NM1*IN, the other insurer (a non-person, 2).
      add(tx, 'COB', [cob.payerResponsibility, text(cob.policyNumber, 50), '1']);
      add(tx, 'NM1', ['IN', '2', text(cob.carrierName, 60)]);
    }
  }
}
