import { Injectable } from '@nestjs/common';
import { edi834Members, type Carrier, type Edi834Member, type FeedKind, type FeedState, type FeedSubscriber } from '../../contracts/carrier-feeds';
import type { TierStructure } from '../../contracts/engine/tiers';
import { WAIVABLE_TYPES } from '../../contracts/engine/plan-types';
import { Clock } from '../../core/clock/clock';
import { RequestContext } from '../../core/context/request-context';
import { SecuredDataCipher } from '../../core/crypto/secured-data';
import { TenantDb } from '../../core/database/tenant-db';
import { CarriersService } from './carriers.service';
import { countMembers, Edi834Writer, type Edi834Envelope, type MemberIdentity, type WritableMember } from './edi834-writer';

/** A file just written and stored sealed: its record, not its content. */
export interface StoredFile {
  fileId: number;
  name: string;
  members: number;
  /** The clear file's size in bytes. */
  bytes: number;
  carrierName: string;
  controlNumber: number;
}

/** Members whose loops are written (and identities read) at a time: bounds the writer's memory, whatever the file's size. */
const WRITE_BATCH = 1000;

const NO_IDENTITY: MemberIdentity = { firstName: '', middleName: null, lastName: '', ssn: null, birthDate: null, gender: null, address: null };
const withIdentities = (mapped: readonly Edi834Member[], identities: ReadonlyMap<number, MemberIdentity>): WritableMember[] =>
  mapped.map((x) => ({ ...x, identity: identities.get(x.individualId) ?? NO_IDENTITY }));

/**
 * Writes a carrier's EDI 834 file from the signed elections in force: what it told the carrier is kept without
 * names or SSNs so the next changes file can diff, and the file's content is kept sealed.
 */
@Injectable()
export class CarrierFileWriterService {
  constructor(
    private readonly db: TenantDb,
    private readonly carriers: CarriersService,
    private readonly context: RequestContext,
    private readonly clock: Clock,
    private readonly cipher: SecuredDataCipher,
  ) {}

  /**
   * Writes one file in the caller's transaction, sealed: the carrier's control number is bumped first (its row lock
   * orders concurrent files of the carrier), then the last file's state is read and the members mapped (ids and
   * codes only); their identities are read and their loops written in batches, streamed through the cipher, so
   * neither the clear file nor node-x12's segments of all members are ever held at once. The file is recorded with
   * the state it told the carrier.
   */
  async writeFile(id: number, kind: FeedKind, week: string | null): Promise<StoredFile> {
    await this.carriers.get(id);
    const [counter] = await this.db.query<{ last_number: number }>(
      // Through a CTE: TypeORM answers an UPDATE … RETURNING as [rows, count], a SELECT as rows.
      `WITH bumped AS (UPDATE carrier_control_number SET last_number = CASE WHEN last_number >= 999999999 THEN 1 ELSE last_number + 1 END
                        WHERE carrier_id = $1 AND client_id = $client RETURNING last_number)
       SELECT last_number FROM bumped`,
      [id],
    );
    const controlNumber = counter!.last_number;
    const { carrier, envelope, mapped, current } = await this.mappedMembers(id, kind, controlNumber);
    const members = mapped.length;
    // What the file tells the carrier, as recorded: text from here on, and the members let go batch by batch, so the
    // writer holds the least it can while the loops are written.
    const state = JSON.stringify(current);
    current.length = 0;
    const writer = new Edi834Writer(envelope);
    const sealer = this.cipher.sealer();
    const write = (text: string) => sealer.update(text);
    write(writer.head(countMembers(mapped)));
    while (mapped.length) {
      const batch = mapped.splice(0, WRITE_BATCH);
      const identities = await this.identities([...new Set(batch.map((x) => x.individualId))]);
      writer.members(batch, (x) => identities.get(x.individualId) ?? NO_IDENTITY, write);
    }
    write(writer.tail());
    const { sealed, bytes } = sealer.final();
    const [file] = await this.db.query<{ id: number }>(
      `INSERT INTO carrier_file (client_id, carrier_id, kind, control_number, member_count, state, week, content_enc, created_by)
       VALUES ($client, $1, $2, $3, $4, $5::jsonb, $6, $7, $8) RETURNING id`,
      [id, kind, controlNumber, members, state, week, sealed, this.context.acting.accountId],
    );
    return { fileId: file!.id, bytes, members, name: fileName(carrier.name, kind, controlNumber), carrierName: carrier.name, controlNumber };
  }

  /**
   * What a file of the carrier would hold now, without recording it, all at once: its envelope, the member loops
   * with their identities and the state. The bench's input for node-x12 alone (its floor).
   */
  async writableMembers(id: number, kind: FeedKind, controlNumber = 0): Promise<{ envelope: Edi834Envelope; members: WritableMember[] }> {
    const { envelope, mapped } = await this.mappedMembers(id, kind, controlNumber);
    return { envelope, members: withIdentities(mapped, await this.identities([...new Set(mapped.map((x) => x.individualId))])) };
  }

  /**
   * A file's envelope (under `controlNumber`), its member loops mapped against the last file's state (ids, codes
   * and dates, no identities) and the state to record.
   */
  private async mappedMembers(
    id: number,
    kind: FeedKind,
    controlNumber: number,
  ): Promise<{ carrier: Carrier; envelope: Edi834Envelope; mapped: Edi834Member[]; current: FeedState }> {
    const carrier = await this.carriers.get(id);
    // Only a changes file diffs against the last file's state (as large as the file's own): a full file does not read it.
    const [last] =
      kind === 'changes' ? await this.db.query<{ state: FeedState }>(`SELECT state FROM carrier_file WHERE carrier_id = $1 AND client_id = $client ORDER BY id DESC LIMIT 1`, [id]) : [];
    const [client] = await this.db.query<{ name: string; time_zone: string }>(`SELECT name, time_zone FROM client WHERE id = $client`, []);
    const { date, time } = localMoment(this.clock.now(), client!.time_zone);
    const current = await this.currentState(carrier.planTypeIds);
    const mapped = edi834Members(kind, last?.state ?? [], current, date);
    const envelope: Edi834Envelope = {
      kind,
      controlNumber,
      date,
      time,
      isaSenderQualifier: carrier.isaSenderQualifier,
      isaSenderId: carrier.isaSenderId,
      isaReceiverQualifier: carrier.isaReceiverQualifier,
      isaReceiverId: carrier.isaReceiverId,
      gsSenderCode: carrier.gsSenderCode,
      gsReceiverCode: carrier.gsReceiverCode,
      policyNumber: carrier.policyNumber,
      sponsorName: client!.name,
      sponsorFein: carrier.sponsorFein,
      carrierName: carrier.name,
    };
    return { carrier, envelope, mapped, current };
  }

  /** The signed elections in force for the carrier's plan types, per subscriber (ids, plans, tiers, dates only). */
  async currentState(planTypeIds: readonly number[]): Promise<FeedState> {
    const rows = await this.db.query<{
      employee_id: number;
      individual_id: number;
      cobra: boolean;
      terminated: boolean;
      termination_date: string | null;
      plan_type_id: number;
      plan_id: number;
      plan_code: string;
      tier: number | null;
      tier_structure: TierStructure;
      begin: string;
      end: string | null;
      plan_end: string;
      dependents: Array<{ individualId: number; relationshipTypeId: number | null }>;
    }>(
      `SELECT e.id AS employee_id, e.individual_id, e.cobra, e.terminated, e.termination_date::text AS termination_date, en.plan_type_id, en.plan_id,
              coalesce(nullif(p.policy_number, ''), p.id::text) AS plan_code, en.tier, p.tier_structure,
              coalesce(en.effective_date, p.effective_date)::text AS begin, en.effective_to_date::text AS "end", p.end_date::text AS plan_end,
              coalesce(jsonb_agg(jsonb_build_object('individualId', d.individual_id, 'relationshipTypeId', d.relationship_type_id) ORDER BY d.individual_id)
                       FILTER (WHERE d.id IS NOT NULL), '[]') AS dependents
         FROM enrollment en
         JOIN open_enrollment_period oe ON oe.id = en.open_enrollment_period_id AND oe.is_current
         JOIN plan p ON p.id = en.plan_id
         JOIN employee e ON e.id = en.employee_id AND e.client_id = en.client_id
         LEFT JOIN enrollment_dependent ed ON ed.enrollment_id = en.id
         LEFT JOIN dependent d ON d.id = ed.dependent_id AND d.client_id = en.client_id
        WHERE en.client_id = $client AND en.status = 1 AND en.plan_type_id = ANY ($1::int[])
        GROUP BY e.id, en.id, p.id
        ORDER BY e.individual_id, en.plan_type_id`,
      [planTypeIds],
    );
    const state = new Map<number, FeedSubscriber>();
    for (const r of rows) {
      let s = state.get(r.individual_id);
      if (!s) {
        s = { individualId: r.individual_id, cobra: r.cobra, terminated: r.terminated, terminationDate: r.termination_date, dependents: [], coverages: [] };
        state.set(r.individual_id, s);
      }
      for (const d of r.dependents) if (!s.dependents.some((x) => x.individualId === d.individualId)) s.dependents.push(d);
      s.coverages.push({
        planTypeId: r.plan_type_id,
        planId: r.plan_id,
        planCode: r.plan_code,
        tier: r.tier,
        tierStructure: r.tier_structure,
        begin: r.begin,
        end: r.end,
        planEnd: r.plan_end,
        dependents: r.dependents.map((d) => d.individualId),
      });
    }
    await this.addOtherCoverage(state);
    return [...state.values()];
  }

  /** The waivers for other coverage (medical, dental, vision) of the subscribers in the state: their COB loops' facts. */
  private async addOtherCoverage(state: Map<number, FeedSubscriber>): Promise<void> {
    if (!state.size) return;
    const rows = await this.db.query<{ individual_id: number; plan_type_id: number; carrier_name: string; policy_number: string }>(
      `SELECT e.individual_id, en.plan_type_id, en.waiver_carrier_name AS carrier_name, en.waiver_policy_number AS policy_number
         FROM enrollment en
         JOIN open_enrollment_period oe ON oe.id = en.open_enrollment_period_id AND oe.is_current
         JOIN employee e ON e.id = en.employee_id AND e.client_id = en.client_id
        WHERE en.client_id = $client AND en.status = -1 AND en.plan_type_id = ANY ($1::int[]) AND e.individual_id = ANY ($2::int[])
          AND coalesce(en.waiver_carrier_name, '') <> '' AND coalesce(en.waiver_policy_number, '') <> ''
        ORDER BY e.individual_id, en.plan_type_id`,
      [WAIVABLE_TYPES, [...state.keys()]],
    );
    for (const r of rows) {
      const s = state.get(r.individual_id)!;
      (s.otherCoverage ??= []).push({ planTypeId: r.plan_type_id, carrierName: r.carrier_name, policyNumber: r.policy_number });
    }
  }

  /** Names, SSNs (unsealed into the file only), birth dates, genders and addresses of the members written. */
  private async identities(individualIds: number[]): Promise<Map<number, MemberIdentity>> {
    const rows = await this.db.query<{
      individual_id: number;
      first_name: string | null;
      middle_name: string | null;
      last_name: string | null;
      ssn_enc: string | null;
      birth_date: string | null;
      gender: number | null;
      address1: string | null;
      address2: string | null;
      city: string | null;
      state: string | null;
      zip: string | null;
    }>(
      `SELECT individual_id, first_name, middle_name, last_name, ssn_enc, birth_date::text AS birth_date, gender, address1, address2, city, state, zip
         FROM employee WHERE client_id = $client AND individual_id = ANY ($1::int[])
       UNION ALL
       SELECT d.individual_id, d.first_name, d.middle_name, d.last_name, d.ssn_enc, d.birth_date::text, d.gender,
              CASE WHEN d.dependent_different_address THEN d.address1 END, CASE WHEN d.dependent_different_address THEN d.address2 END,
              CASE WHEN d.dependent_different_address THEN d.city END, CASE WHEN d.dependent_different_address THEN d.state END,
              CASE WHEN d.dependent_different_address THEN d.zip END
         FROM dependent d WHERE d.client_id = $client AND d.individual_id = ANY ($1::int[])`,
      [individualIds],
    );
    return new Map(
      rows.map((r) => [
        r.individual_id,
        {
          firstName: r.first_name ?? '',
          middleName: r.middle_name,
          lastName: r.last_name ?? '',
          ssn: this.cipher.decrypt(r.ssn_enc),
          birthDate: r.birth_date,
          gender: r.gender,
          address: r.address1 && r.city && r.state && r.zip ? { line1: r.address1, line2: r.address2, city: r.city, state: r.state, zip: r.zip } : null,
        },
      ]),
    );
  }
}

export function fileName(carrier: string, kind: FeedKind, control: number): string {
  return `${carrier.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'carrier'}-834-${kind}-${control}.edi`;
}

/** The file's date and HHMM in the client's zone. */
function localMoment(now: Date, timeZone: string): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}${parts.minute}` };
}
