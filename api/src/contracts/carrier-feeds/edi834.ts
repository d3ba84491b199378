import type { TierStructure } from '../engine/tiers';
import { RelationshipTypeIds } from '../engine/tiers';
import { INSURANCE_LINES } from './carriers';
import type { FeedKind } from './files';

/**
 * The pure mapping from signed elections to the member loops of an ASC X12 834 (005010X220A1). The API writes the
 * segments from these members with node-x12; the mapping and its codes live here, once, with their tests.
 */

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
