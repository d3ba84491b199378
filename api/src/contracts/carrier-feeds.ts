import { z } from 'zod';
import { requiredString } from './common';
import { PLAN_TYPE_NAMES, type PlanTypeId } from './engine/plan-types';
import type { TierStructure } from './engine/tiers';
import { RelationshipTypeIds } from './engine/tiers';

/**
 * Carrier feeds: the carriers of a client with their EDI identifiers, and the pure
 * mapping from signed elections to the member loops of an ASC X12 834 (005010X220A1). The API writes the
 * segments from these members with node-x12; the mapping and its codes live here, once, with their tests.
 */

export const CarrierFeedMessages = {
  notFound: 'Carrier not found',
  nameTaken: 'This company already has a carrier with this name',
  planTypesRequired: 'Choose the plan types this carrier receives',
  qualifier: 'Choose an ID qualifier',
  isaId: 'Use 1 to 15 letters, digits or spaces',
  gsCode: 'Use 2 to 15 letters or digits',
  fein: 'Enter the 9-digit federal employer ID (FEIN)',
  policy: 'Enter the group policy number (up to 50 characters)',
  saved: 'The carrier is saved.',
  deleted: 'The carrier is deleted.',
  noFile: 'Sorry, this carrier file is not available',
  noRequest: 'Sorry, this file request was not found',
} as const;

/** HD03 insurance line of each plan type a carrier file can carry (005010X220A1 2300 loop). */
export const INSURANCE_LINES: Readonly<Record<number, string>> = {
  1: 'HLT',
  2: 'DEN',
  6: 'LTD',
  7: 'STD',
  8: 'VIS',
  11: 'LTC',
  32: 'DEN',
  36: 'STD',
  37: 'LTD',
  38: 'VIS',
  42: 'DEN',
  48: 'VIS',
};
export const FEED_PLAN_TYPE_IDS = Object.keys(INSURANCE_LINES).map(Number);
/** The plan types a carrier can receive, with their names (the carrier form's choices). */
export const FEED_PLAN_TYPES: ReadonlyArray<{ id: number; name: string }> = FEED_PLAN_TYPE_IDS.map((id) => ({ id, name: PLAN_TYPE_NAMES[id as PlanTypeId] ?? `Plan type ${id}` }));

/** ISA05/ISA07 interchange ID qualifiers accepted by the guide. */
export const ISA_QUALIFIERS = ['01', '14', '20', '27', '28', '29', '30', '33', 'ZZ'] as const;
export const CARRIER_SCHEDULES = ['on_demand', 'weekly'] as const;
export type CarrierSchedule = (typeof CARRIER_SCHEDULES)[number];
export const CARRIER_SCHEDULE_LABELS: Readonly<Record<CarrierSchedule, string>> = { on_demand: 'On demand', weekly: 'Weekly' };

const isaId = requiredString(CarrierFeedMessages.isaId).pipe(z.string().regex(/^[A-Za-z0-9 ]{1,15}$/, CarrierFeedMessages.isaId));
const gsCode = requiredString(CarrierFeedMessages.gsCode).pipe(z.string().regex(/^[A-Za-z0-9]{2,15}$/, CarrierFeedMessages.gsCode));
const qualifier = z.enum(ISA_QUALIFIERS, { error: CarrierFeedMessages.qualifier });

export const ZCarrierInput = z.object({
  name: requiredString().pipe(z.string().max(100)),
  planTypeIds: z
    .array(z.coerce.number().int().refine((id) => FEED_PLAN_TYPE_IDS.includes(id), CarrierFeedMessages.planTypesRequired), { error: CarrierFeedMessages.planTypesRequired })
    .min(1, CarrierFeedMessages.planTypesRequired)
    .transform((ids) => [...new Set(ids)].sort((a, b) => a - b)),
  policyNumber: requiredString(CarrierFeedMessages.policy).pipe(z.string().regex(/^[A-Za-z0-9-]{1,50}$/, CarrierFeedMessages.policy)),
  sponsorFein: requiredString(CarrierFeedMessages.fein).pipe(z.string().regex(/^\d{9}$/, CarrierFeedMessages.fein)),
  isaSenderQualifier: qualifier,
  isaSenderId: isaId,
  isaReceiverQualifier: qualifier,
  isaReceiverId: isaId,
  gsSenderCode: gsCode,
  gsReceiverCode: gsCode,
  schedule: z.enum(CARRIER_SCHEDULES, { error: 'Choose a file schedule' }),
});
export type CarrierInput = z.infer<typeof ZCarrierInput>;

export const ZCarrier = z.object({
  id: z.number().int(),
  name: z.string(),
  planTypeIds: z.array(z.number().int()),
  policyNumber: z.string(),
  sponsorFein: z.string(),
  isaSenderQualifier: z.enum(ISA_QUALIFIERS),
  isaSenderId: z.string(),
  isaReceiverQualifier: z.enum(ISA_QUALIFIERS),
  isaReceiverId: z.string(),
  gsSenderCode: z.string(),
  gsReceiverCode: z.string(),
  schedule: z.enum(CARRIER_SCHEDULES),
  /** The last control number used (ISA13/GS06), 0 before the first file. */
  lastControlNumber: z.number().int(),
});
export type Carrier = z.infer<typeof ZCarrier>;
export const ZCarrierList = z.array(ZCarrier);

export const FEED_KINDS = ['full', 'changes'] as const;
export type FeedKind = (typeof FEED_KINDS)[number];
export const ZFeedKindQuery = z.object({ kind: z.enum(FEED_KINDS, { error: 'Choose the full file or the changes file' }) });

/** POST /carriers/{id}/834: which file the workers are to write. */
export const ZCarrierFileAsk = ZFeedKindQuery;
export type CarrierFileAsk = z.infer<typeof ZCarrierFileAsk>;

export const CARRIER_FILE_REQUEST_STATUSES = ['queued', 'done', 'failed'] as const;
/** A file asked for from Transactions: written by the workers, sealed, then downloaded (audited) as fileId. */
export const ZCarrierFileRequest = z.object({
  id: z.number().int(),
  carrierId: z.number().int(),
  kind: z.enum(FEED_KINDS),
  status: z.enum(CARRIER_FILE_REQUEST_STATUSES),
  /** The written file (GET /carriers/{id}/files/{fileId}/download), once done. */
  fileId: z.number().int().nullable(),
  controlNumber: z.number().int().nullable(),
  members: z.number().int().nullable(),
});
export type CarrierFileRequest = z.infer<typeof ZCarrierFileRequest>;

/** A file written for a carrier by the workers, on request or weekly, kept encrypted at rest with the state it told the carrier. */
export const ZCarrierFile = z.object({
  id: z.number().int(),
  kind: z.enum(FEED_KINDS),
  controlNumber: z.number().int(),
  members: z.number().int(),
  /** ISO week's Monday of a weekly file, null for one made on request. */
  week: z.string().nullable(),
  createdAt: z.string(),
  downloadable: z.boolean(),
});
export type CarrierFile = z.infer<typeof ZCarrierFile>;
export const ZCarrierFileList = z.array(ZCarrierFile);

// ---- The mapping from elections to 834 member loops -------------------------------------------------------

/** One signed election of a subscriber for a plan type the carrier receives. */
export interface FeedCoverage {
  planTypeId: number;
  planId: number;
  /** HD04: the plan's code for the carrier (its policy number, else its id). */
  planCode: string;
  tier: number | null;
  tierStructure: TierStructure;
  /** ISO dates: the election's begin and end (the plan year's end unless a termination ended it sooner). */
  begin: string;
  end: string | null;
  planEnd: string;
  /** individualIds of the covered dependents. */
  dependents: number[];
}

export interface FeedHouseholdMember {
  individualId: number;
  relationshipTypeId: number | null;
}

/**
 * Other insurance the subscriber declared by waiving a plan type for "have other coverage":
 * the only other-coverage facts the portal keeps (the other carrier's name and policy number, never a person).
 */
export interface FeedOtherCoverage {
  planTypeId: number;
  carrierName: string;
  policyNumber: string;
}

/** A subscriber as a file saw them (kept per file without names or SSNs, so the next changes file can diff). */
export interface FeedSubscriber {
  individualId: number;
  cobra: boolean;
  terminated: boolean;
  terminationDate: string | null;
  dependents: FeedHouseholdMember[];
  coverages: FeedCoverage[];
  /** Absent in the states of files written before COB loops were. */
  otherCoverage?: FeedOtherCoverage[];
}
export type FeedState = FeedSubscriber[];

export const MAINTENANCE = { change: '001', add: '021', cancel: '024', audit: '030' } as const;
export type MaintenanceCode = (typeof MAINTENANCE)[keyof typeof MAINTENANCE];
/** INS04 maintenance reason codes used: 28 initial enrollment, EC benefit selection, 07 termination of benefits, 08 termination of employment, XN notification only, AI no reason given. */
export type MaintenanceReason = '28' | 'EC' | '07' | '08' | 'XN' | 'AI';

/**
 * The 2320 COB loop of a coverage: COB01 U (order of benefit unknown: the waiver does not say which plan pays
 * first), COB02 the other policy number, COB03 1 (coordination of benefits); 2330 NM1*IN the other carrier.
 */
export interface Edi834Cob {
  payerResponsibility: 'U';
  policyNumber: string;
  carrierName: string;
}

export interface Edi834Coverage {
  maintenance: MaintenanceCode;
  insuranceLine: string;
  planCode: string;
  /** HD05, null for a plan without tiers. */
  coverageLevel: string | null;
  begin: string;
  end: string | null;
  /** COB loops of the subscriber's coverage (empty for dependents: the waiver speaks for the subscriber only). */
  cob: Edi834Cob[];
}

export interface Edi834Member {
  individualId: number;
  subscriberIndividualId: number;
  subscriber: boolean;
  /** INS02: 18 self, 01 spouse, 53 domestic partner, 19 child, G8 other. */
  relationship: '18' | '01' | '53' | '19' | 'G8';
  maintenance: MaintenanceCode;
  reason: MaintenanceReason;
  /** INS05: A active, C COBRA. */
  benefitStatus: 'A' | 'C';
  /** INS08 of a subscriber: FT active, TE terminated. */
  employmentStatus: 'FT' | 'TE' | null;
  /** DTP*303 maintenance effective date (changes file). */
  effective: string | null;
  /** DTP*340 COBRA begin. */
  cobraBegin: string | null;
  /** DTP*357 eligibility end (a cancelled member). */
  eligibilityEnd: string | null;
  coverages: Edi834Coverage[];
}

const COVERAGE_LEVELS: Readonly<Record<TierStructure, Readonly<Record<number, string>>>> = {
  2: { 1: 'EMP', 4: 'FAM' },
  3: { 1: 'EMP', 2: 'E1D', 4: 'FAM' },
  4: { 1: 'EMP', 2: 'ESP', 3: 'ECH', 4: 'FAM' },
  5: {},
};

/** HD05 from the tier: EMP, ESP, ECH, E1D, FAM; null for structure 5 (no tiers). */
export function coverageLevel(structure: TierStructure, tier: number | null): string | null {
  return tier === null ? null : (COVERAGE_LEVELS[structure][tier] ?? null);
}

export function relationshipCode(relationshipTypeId: number | null): Edi834Member['relationship'] {
  if (relationshipTypeId === RelationshipTypeIds.Spouse) return '01';
  if (relationshipTypeId === RelationshipTypeIds.DomesticPartner) return '53';
  if (relationshipTypeId === RelationshipTypeIds.Child) return '19';
  return 'G8';
}

const dayAfter = (iso: string): string => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};

/** A coverage is in force on `asOf` unless it ended before; COBRA continues it past the employment's end. */
const inForce = (c: FeedCoverage, s: FeedSubscriber, asOf: string): boolean => s.cobra || c.end === null || c.end >= asOf;
/** The end a file states: a termination's (sooner than the plan year's end); none while COBRA continues the coverage. */
const statedEnd = (c: FeedCoverage | undefined, s: FeedSubscriber): string | null => (!c || s.cobra || c.end === null || c.end >= c.planEnd ? null : c.end);

/**
 * The subscriber's other insurance of the same line as a coverage: a waiver of another plan type of that line
 * (group dental waived for a spouse's plan while voluntary dental is taken here). A waiver of the same plan type
 * cannot sit beside an election of it, and one of another line (medical waived, dental taken) says nothing of
 * this coverage, so neither writes a COB loop.
 */
export function cobLoops(c: Pick<FeedCoverage, 'planTypeId'>, s: Pick<FeedSubscriber, 'otherCoverage'>): Edi834Cob[] {
  const lineOf = INSURANCE_LINES[c.planTypeId];
  return (s.otherCoverage ?? [])
    .filter((o) => o.planTypeId !== c.planTypeId && lineOf !== undefined && INSURANCE_LINES[o.planTypeId] === lineOf)
    .sort((a, b) => a.planTypeId - b.planTypeId)
    .map((o) => ({ payerResponsibility: 'U', policyNumber: o.policyNumber, carrierName: o.carrierName }));
}
const cobKey = (c: FeedCoverage, s: FeedSubscriber | undefined): string => (s ? JSON.stringify(cobLoops(c, s)) : '[]');

const line = (c: FeedCoverage, s: FeedSubscriber, maintenance: MaintenanceCode, end: string | null = statedEnd(c, s), subscriber = true): Edi834Coverage => ({
  maintenance,
  insuranceLine: INSURANCE_LINES[c.planTypeId] ?? 'HLT',
  planCode: c.planCode,
  coverageLevel: coverageLevel(c.tierStructure, c.tier),
  begin: c.begin,
  end,
  cob: subscriber ? cobLoops(c, s) : [],
});
const depLine = (c: FeedCoverage, s: FeedSubscriber, maintenance: MaintenanceCode, end?: string | null): Edi834Coverage => line(c, s, maintenance, end === undefined ? statedEnd(c, s) : end, false);

const cobraBegin = (s: FeedSubscriber): string | null => {
  if (!s.cobra) return null;
  const ends = s.coverages.map((c) => c.end).filter((e): e is string => e !== null).sort();
  return ends.length ? dayAfter(ends[0]!) : s.terminationDate;
};

/**
 * The member loops of an 834. Full file: every member with a coverage in force on `asOf`, maintenance 030
 * (audit). Changes file: the difference between the state of the last file sent to the carrier (`previous`,
 * empty before the first) and now: 021 for a new member or coverage, 001 for a changed plan, tier or status
 * (COBRA), 024 for a cancelled member or coverage (with its end date). Subscribers first, each followed by
 * their dependents; pure, so the unit tables read it directly.
 */
export function edi834Members(kind: FeedKind, previous: FeedState, current: FeedState, asOf: string): Edi834Member[] {
  const members: Edi834Member[] = [];
  const before = new Map(previous.map((s) => [s.individualId, s]));
  const ids = [...new Set([...current.map((s) => s.individualId), ...(kind === 'changes' ? previous.map((s) => s.individualId) : [])])].sort((a, b) => a - b);
  const now = new Map(current.map((s) => [s.individualId, s]));
  for (const id of ids) {
    const cur = now.get(id);
    const old = kind === 'changes' ? before.get(id) : undefined;
    const person = (cur ?? old)!;
    const active = (s: FeedSubscriber | undefined) => (s ? s.coverages.filter((c) => inForce(c, s, asOf)) : []);
    const subscriberOf = (maintenance: MaintenanceCode, reason: MaintenanceReason, coverages: Edi834Coverage[], effective: string | null): Edi834Member => ({
      individualId: id,
      subscriberIndividualId: id,
      subscriber: true,
      relationship: '18',
      maintenance,
      reason,
      benefitStatus: person.cobra ? 'C' : 'A',
      employmentStatus: person.terminated ? 'TE' : 'FT',
      effective,
      cobraBegin: cobraBegin(person),
      eligibilityEnd: maintenance === MAINTENANCE.cancel ? (coverages.map((c) => c.end).filter((e): e is string => e !== null).sort()[0] ?? asOf) : null,
      coverages,
    });
    const dependentOf = (d: FeedHouseholdMember, maintenance: MaintenanceCode, reason: MaintenanceReason, coverages: Edi834Coverage[], effective: string | null): Edi834Member => ({
      individualId: d.individualId,
      subscriberIndividualId: id,
      subscriber: false,
      relationship: relationshipCode(d.relationshipTypeId),
      maintenance,
      reason,
      benefitStatus: person.cobra ? 'C' : 'A',
      employmentStatus: null,
      effective,
      cobraBegin: null,
      eligibilityEnd: maintenance === MAINTENANCE.cancel ? (coverages.map((c) => c.end).filter((e): e is string => e !== null).sort()[0] ?? asOf) : null,
      coverages,
    });
    const household = new Map<number, FeedHouseholdMember>();
    for (const d of [...(old?.dependents ?? []), ...(cur?.dependents ?? [])]) household.set(d.individualId, d);
    const dependentIds = (covs: FeedCoverage[]) => [...new Set(covs.flatMap((c) => c.dependents))].sort((a, b) => a - b);

    if (kind === 'full') {
      const covs = active(cur);
      if (!covs.length) continue;
      members.push(subscriberOf(MAINTENANCE.audit, 'XN', covs.map((c) => line(c, person, MAINTENANCE.audit)), null));
      for (const dep of dependentIds(covs)) {
        const mine = covs.filter((c) => c.dependents.includes(dep));
        members.push(dependentOf(household.get(dep) ?? { individualId: dep, relationshipTypeId: null }, MAINTENANCE.audit, 'XN', mine.map((c) => depLine(c, person, MAINTENANCE.audit)), null));
      }
      continue;
    }

    // Changes: per plan type, what the carrier was told against what is in force now.
    const was = new Map(active(old).map((c) => [c.planTypeId, c]));
    const is = new Map(active(cur).map((c) => [c.planTypeId, c]));
    // A coverage that ended since (a termination's end date) reads as ended even while its row is still there.
    const endedNow = new Map(
      (cur?.coverages ?? []).filter((c) => !inForce(c, person, asOf) || (statedEnd(c, person) !== null && was.has(c.planTypeId) && statedEnd(was.get(c.planTypeId), old ?? person) === null)).map((c) => [c.planTypeId, c]),
    );
    for (const [type] of endedNow) is.delete(type);
    const lines: Edi834Coverage[] = [];
    let effective: string | null = null;
    const types = [...new Set([...was.keys(), ...is.keys()])].sort((a, b) => a - b);
    for (const type of types) {
      const a = was.get(type);
      const b = is.get(type);
      if (!a && b) {
        lines.push(line(b, person, MAINTENANCE.add));
        effective ??= b.begin;
      } else if (a && !b) {
        const end = endedNow.get(type)?.end ?? asOf;
        lines.push(line(a, person, MAINTENANCE.cancel, end));
        effective ??= end;
      } else if (a && b && (a.planId !== b.planId || a.tier !== b.tier || a.begin !== b.begin || cobKey(a, old) !== cobKey(b, cur))) {
        // A new, changed or ended other insurance restates the coverage with its COB loops.
        lines.push(line(b, person, MAINTENANCE.change));
        effective ??= b.begin;
      }
    }
    const becameCobra = !!old && !old.cobra && person.cobra;
    if (becameCobra && !lines.length) {
      // COBRA continues every coverage: a change of benefit status, each coverage restated.
      lines.push(...[...is.values()].map((c) => line(c, person, MAINTENANCE.change)));
    }
    const hadAny = was.size > 0;
    const hasAny = is.size > 0;
    if (lines.length) {
      if (!hadAny && hasAny) members.push(subscriberOf(MAINTENANCE.add, '28', lines, effective));
      else if (hadAny && !hasAny) members.push(subscriberOf(MAINTENANCE.cancel, person.terminated ? '08' : '07', lines, effective));
      else members.push(subscriberOf(MAINTENANCE.change, becameCobra ? 'XN' : 'EC', lines, becameCobra ? cobraBegin(person) : effective));
    }

    // Dependents: each one's coverages before and after.
    const depIds = [...new Set([...dependentIds([...was.values()]), ...dependentIds([...is.values()])])];
    for (const dep of depIds) {
      const d = household.get(dep) ?? { individualId: dep, relationshipTypeId: null };
      const dl: Edi834Coverage[] = [];
      let dEffective: string | null = null;
      for (const type of types) {
        const a = was.get(type);
        const b = is.get(type);
        const had = !!a && a.dependents.includes(dep);
        const has = !!b && b.dependents.includes(dep);
        if (!had && has) {
          dl.push(depLine(b, person, MAINTENANCE.add));
          dEffective ??= b.begin;
        } else if (had && !has) {
          // Dropped from an election still in force: the day before its new begin, else the file's date.
          const end = b ? (b.begin > a.begin ? dayBefore(b.begin) : asOf) : (endedNow.get(type)?.end ?? asOf);
          dl.push(depLine(a, person, MAINTENANCE.cancel, end));
          dEffective ??= end;
        } else if (had && has && (a.planId !== b.planId || a.tier !== b.tier || a.begin !== b.begin || becameCobra)) {
          dl.push(depLine(b, person, MAINTENANCE.change));
          dEffective ??= b.begin;
        }
      }
      if (!dl.length) continue;
      const hadDep = [...was.values()].some((c) => c.dependents.includes(dep));
      const hasDep = [...is.values()].some((c) => c.dependents.includes(dep));
      if (!hadDep && hasDep) members.push(dependentOf(d, MAINTENANCE.add, 'EC', dl, dEffective));
      else if (hadDep && !hasDep) members.push(dependentOf(d, MAINTENANCE.cancel, hasAny ? '07' : person.terminated ? '08' : '07', dl, dEffective));
      else members.push(dependentOf(d, MAINTENANCE.change, becameCobra ? 'XN' : 'EC', dl, dEffective));
    }
  }
  return members;
}

function dayBefore(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}
