import { ConflictException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import { DataSource, type EntityManager } from 'typeorm';
import {
  CARRIER_SCHEDULE_LABELS,
  CarrierFeedMessages,
  edi834Members,
  type Carrier,
  type Edi834Member,
  type CarrierFile,
  type CarrierFileRequest,
  type CarrierInput,
  type FeedKind,
  type FeedState,
  type FeedSubscriber,
} from '../../contracts/carrier-feeds';
import type { TierStructure } from '../../contracts/engine/tiers';
import { PLAN_TYPE_NAMES, WAIVABLE_TYPES, type PlanTypeId } from '../../contracts/engine/plan-types';
import { AuditService } from '../../core/audit/audit.service';
import { Clock } from '../../core/clock/clock';
import { RequestContext } from '../../core/context/request-context';
import { SecuredDataCipher } from '../../core/crypto/secured-data';
import { TenantDb } from '../../core/database/tenant-db';
import { JobIds, type JobPayloads, type JobRun } from '../../core/jobs/job-registry';
import { JobsService } from '../../core/jobs/jobs.service';
import { OnJob } from '../../core/jobs/on-job.decorator';
import { countMembers, Edi834Writer, type Edi834Envelope, type MemberIdentity, type WritableMember } from './edi834-writer';

interface CarrierRow {
  id: number;
  name: string;
  plan_type_ids: number[];
  policy_number: string;
  sponsor_fein: string;
  isa_sender_qualifier: Carrier['isaSenderQualifier'];
  isa_sender_id: string;
  isa_receiver_qualifier: Carrier['isaReceiverQualifier'];
  isa_receiver_id: string;
  gs_sender_code: string;
  gs_receiver_code: string;
  schedule: Carrier['schedule'];
  last_number: number | null;
}

const COLUMNS = `c.id, c.name, c.plan_type_ids, c.policy_number, c.sponsor_fein, c.isa_sender_qualifier, c.isa_sender_id, c.isa_receiver_qualifier,
  c.isa_receiver_id, c.gs_sender_code, c.gs_receiver_code, c.schedule, n.last_number`;

const toCarrier = (r: CarrierRow): Carrier => ({
  id: r.id,
  name: r.name,
  planTypeIds: r.plan_type_ids,
  policyNumber: r.policy_number,
  sponsorFein: r.sponsor_fein,
  isaSenderQualifier: r.isa_sender_qualifier,
  isaSenderId: r.isa_sender_id,
  isaReceiverQualifier: r.isa_receiver_qualifier,
  isaReceiverId: r.isa_receiver_id,
  gsSenderCode: r.gs_sender_code,
  gsReceiverCode: r.gs_receiver_code,
  schedule: r.schedule,
  lastControlNumber: r.last_number ?? 0,
});

const notFound = (message: string = CarrierFeedMessages.notFound) => new NotFoundException({ statusCode: 404, message });

/** The audit's view of a carrier: what HR set, in HR's words. */
const auditView = (c: CarrierInput): Record<string, string> => ({
  Name: c.name,
  'Plan types': c.planTypeIds.map((t) => PLAN_TYPE_NAMES[t as PlanTypeId] ?? String(t)).join(', '),
  'Group policy number': c.policyNumber,
  'Sponsor FEIN': c.sponsorFein,
  'ISA sender': `${c.isaSenderQualifier} ${c.isaSenderId}`,
  'ISA receiver': `${c.isaReceiverQualifier} ${c.isaReceiverId}`,
  'GS sender code': c.gsSenderCode,
  'GS receiver code': c.gsReceiverCode,
  'File schedule': CARRIER_SCHEDULE_LABELS[c.schedule],
});

export interface WrittenFile {
  fileId: number;
  name: string;
  edi: string;
  members: number;
}

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
 * Carriers of a client and their EDI 834 files. A file is made for the request that
 * asks for it (or the weekly job) from the signed elections in force; what it told the carrier is kept without
 * names or SSNs so the next changes file can diff, and a weekly file's content is kept sealed.
 */
@Injectable()
export class CarrierFeedsService {
  private readonly logger = new Logger(CarrierFeedsService.name);

  constructor(
    private readonly db: TenantDb,
    private readonly dataSource: DataSource,
    private readonly context: RequestContext,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    private readonly cipher: SecuredDataCipher,
    private readonly jobs: JobsService,
  ) {}

  async list(): Promise<Carrier[]> {
    const rows = await this.db.query<CarrierRow>(
      `SELECT ${COLUMNS} FROM carrier c LEFT JOIN carrier_control_number n ON n.carrier_id = c.id
        WHERE c.client_id = $client AND c.deleted_at IS NULL ORDER BY lower(c.name), c.id`,
    );
    return rows.map(toCarrier);
  }

  async get(id: number, m?: EntityManager, lock = false): Promise<Carrier> {
    const [row] = await this.db.query<CarrierRow>(
      `SELECT ${COLUMNS} FROM carrier c LEFT JOIN carrier_control_number n ON n.carrier_id = c.id
        WHERE c.id = $1 AND c.client_id = $client AND c.deleted_at IS NULL${lock ? ' FOR UPDATE OF c' : ''}`,
      [id],
      m,
    );
    if (!row) throw notFound();
    return toCarrier(row);
  }

  async create(body: CarrierInput): Promise<Carrier> {
    return this.db.transaction(async (m) => {
      await this.nameFree(body.name, null, m);
      const [row] = await this.db.query<{ id: number }>(
        `INSERT INTO carrier (client_id, name, plan_type_ids, policy_number, sponsor_fein, isa_sender_qualifier, isa_sender_id, isa_receiver_qualifier,
                              isa_receiver_id, gs_sender_code, gs_receiver_code, schedule)
         VALUES ($client, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
        this.values(body),
        m,
      );
      await this.db.query(`INSERT INTO carrier_control_number (carrier_id, client_id, last_number) VALUES ($1, $client, 0)`, [row!.id], m);
      const view = auditView(body);
      await this.audit.record(
        { eventType: 'Carrier', actionType: 'create', description: `Carrier added: ${body.name}`, data: Object.entries(view).map(([title, v]) => ({ title, oldValue: null, newValue: v, changed: true })) },
        m,
      );
      return this.get(row!.id, m);
    });
  }

  async update(id: number, body: CarrierInput): Promise<Carrier> {
    return this.db.transaction(async (m) => {
      const before = await this.get(id, m, true);
      await this.nameFree(body.name, id, m);
      await this.db.query(
        `UPDATE carrier SET name = $1, plan_type_ids = $2, policy_number = $3, sponsor_fein = $4, isa_sender_qualifier = $5, isa_sender_id = $6,
                isa_receiver_qualifier = $7, isa_receiver_id = $8, gs_sender_code = $9, gs_receiver_code = $10, schedule = $11, updated_at = now()
          WHERE id = $12 AND client_id = $client`,
        [...this.values(body), id],
        m,
      );
      const old = auditView(before);
      const next = auditView(body);
      const data = Object.keys(next).map((title) => ({ title, oldValue: old[title] ?? null, newValue: next[title] ?? null, changed: old[title] !== next[title] }));
      await this.audit.record({ eventType: 'Carrier', actionType: 'update', description: `Carrier changed: ${body.name}`, data: data.filter((d) => d.changed) }, m);
      return this.get(id, m);
    });
  }

  async remove(id: number): Promise<void> {
    await this.db.transaction(async (m) => {
      const c = await this.get(id, m, true);
      // Soft: its files' records (control numbers, what each told the carrier) stay.
      await this.db.query(`UPDATE carrier SET deleted_at = now(), updated_at = now() WHERE id = $1 AND client_id = $client`, [id], m);
      await this.audit.record({ eventType: 'Carrier', actionType: 'delete', description: `Carrier deleted: ${c.name}`, data: [] }, m);
    });
  }

  /** GET /carriers/{id}/files: the files written for the carrier, newest first. */
  async files(id: number): Promise<CarrierFile[]> {
    await this.get(id);
    const rows = await this.db.query<{ id: number; kind: FeedKind; control_number: number; member_count: number; week: string | null; created_at: string; sealed: boolean }>(
      `SELECT id, kind, control_number, member_count, week::text AS week, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at,
              content_enc IS NOT NULL AS sealed
         FROM carrier_file WHERE carrier_id = $1 AND client_id = $client ORDER BY id DESC LIMIT 100`,
      [id],
    );
    return rows.map((r) => ({ id: r.id, kind: r.kind, controlNumber: r.control_number, members: r.member_count, week: r.week, createdAt: r.created_at, downloadable: r.sealed }));
  }

  /**
   * POST /carriers/{id}/834: records the request and queues the job that writes the file (fixed id, re-driven by the
   * sweep while still queued). The workers write it sealed; it is downloaded, unsealed and audited, as its fileId.
   */
  async requestFile(id: number, kind: FeedKind): Promise<CarrierFileRequest> {
    const requestId = await this.db.transaction(async (m) => {
      const carrier = await this.get(id, m);
      const [row] = await this.db.query<{ id: number }>(
        `INSERT INTO carrier_file_request (client_id, carrier_id, kind, requested_by) VALUES ($client, $1, $2, $3) RETURNING id`,
        [id, kind, this.context.acting.accountId],
        m,
      );
      await this.audit.record({ eventType: 'Carrier file', actionType: 'create', description: `EDI 834 ${kind} file requested: ${carrier.name}`, data: [] }, m);
      await this.jobs.queueAfterCommit(m, 'carrier-feeds.file', { requestId: row!.id, clientId: this.context.clientId, requestedBy: this.context.acting.accountId }, { jobId: JobIds.carrierFile(row!.id) });
      return row!.id;
    });
    return this.requestStatus(id, requestId);
  }

  /** GET /carriers/{id}/834/{requestId}: whether the workers have written the file yet. */
  async requestStatus(id: number, requestId: number): Promise<CarrierFileRequest> {
    await this.get(id);
    const [r] = await this.db.query<{ id: number; kind: FeedKind; status: CarrierFileRequest['status']; file_id: number | null; control_number: number | null; member_count: number | null }>(
      `SELECT r.id, r.kind, r.status, r.file_id, f.control_number, f.member_count
         FROM carrier_file_request r LEFT JOIN carrier_file f ON f.id = r.file_id
        WHERE r.id = $1 AND r.carrier_id = $2 AND r.client_id = $client`,
      [requestId, id],
    );
    if (!r) throw notFound(CarrierFeedMessages.noRequest);
    return { id: r.id, carrierId: id, kind: r.kind, status: r.status, fileId: r.file_id, controlNumber: r.control_number, members: r.member_count };
  }

  /** The re-drive sweep (system work, every client): requests still queued after `graceSeconds` are queued again under their fixed id. */
  async redriveQueued(graceSeconds: number): Promise<number> {
    const rows: Array<{ id: number; client_id: number; requested_by: number | null }> = await this.dataSource.query(
      `SELECT id, client_id, requested_by FROM carrier_file_request WHERE status = 'queued' AND created_at < now() - make_interval(secs => $1) ORDER BY id LIMIT 500`,
      [graceSeconds],
    );
    for (const r of rows) await this.jobs.queue('carrier-feeds.file', { requestId: r.id, clientId: r.client_id, requestedBy: r.requested_by }, { jobId: JobIds.carrierFile(r.id) });
    return rows.length;
  }

  /** The workers' job: the requested file, written once (the request row locked), sealed with the data key. */
  @OnJob('carrier-feeds.file')
  async writeRequestedFile(data: JobPayloads['carrier-feeds.file'], run: JobRun): Promise<{ fileId: number | null }> {
    if (!Number.isSafeInteger(data.requestId) || !Number.isSafeInteger(data.clientId)) throw new UnrecoverableError('requestId and clientId must be ids');
    try {
      return await this.db.transaction(async (m) => {
        const [r] = await this.db.query<{ carrier_id: number; kind: FeedKind; status: string; file_id: number | null }>(
          `SELECT carrier_id, kind, status, file_id FROM carrier_file_request WHERE id = $1 AND client_id = $client FOR UPDATE`,
          [data.requestId],
          m,
        );
        if (!r) throw new UnrecoverableError(`carrier file request ${data.requestId} not found`);
        if (r.status !== 'queued') return { fileId: r.file_id };
        const file = await this.writeFile(r.carrier_id, r.kind, null, m);
        await this.db.query(`UPDATE carrier_file_request SET status = 'done', file_id = $2, finished_at = now() WHERE id = $1 AND client_id = $client`, [data.requestId, file.fileId], m);
        await this.audit.record(
          { eventType: 'Carrier file', actionType: 'create', description: `EDI 834 ${r.kind} file written: ${file.carrierName} (control number ${file.controlNumber}, ${file.members} members)`, data: [] },
          m,
        );
        return { fileId: file.fileId };
      });
    } catch (err) {
      if (err instanceof UnrecoverableError || err instanceof NotFoundException || run.attemptsMade + 1 >= run.attempts) {
        await this.db.query(`UPDATE carrier_file_request SET status = 'failed', error = $2, finished_at = now() WHERE id = $1 AND client_id = $client AND status = 'queued'`, [
          data.requestId,
          (err instanceof Error ? err.message : String(err)).slice(0, 500),
        ]);
        if (err instanceof NotFoundException) throw new UnrecoverableError(err.message);
      }
      throw err;
    }
  }

  /** GET /carriers/{id}/files/{fileId}/download: a stored (sealed) file, unsealed for this download and audited. */
  async downloadStored(id: number, fileId: number): Promise<WrittenFile> {
    return this.db.transaction(async (m) => {
      const c = await this.get(id, m);
      const [row] = await this.db.query<{ content_enc: string | null; control_number: number; member_count: number; kind: FeedKind }>(
        `SELECT content_enc, control_number, member_count, kind FROM carrier_file WHERE id = $1 AND carrier_id = $2 AND client_id = $client`,
        [fileId, id],
        m,
      );
      const edi = row ? this.cipher.decrypt(row.content_enc) : null;
      if (!row || !edi) throw notFound(CarrierFeedMessages.noFile);
      await this.audit.record(
        { eventType: 'Carrier file', actionType: 'update', description: `EDI 834 ${row.kind} file downloaded: ${c.name} (control number ${row.control_number}, ${row.member_count} members)`, data: [] },
        m,
      );
      return { fileId, edi, members: row.member_count, name: fileName(c.name, row.kind, row.control_number) };
    });
  }

  /**
   * Writes one file in the caller's transaction, sealed: the carrier's control number is bumped first (its row lock
   * orders concurrent files of the carrier), then the last file's state is read and the members mapped (ids and
   * codes only); their identities are read and their loops written in batches, streamed through the cipher, so
   * neither the clear file nor node-x12's segments of all members are ever held at once. The file is recorded with
   * the state it told the carrier.
   */
  async writeFile(id: number, kind: FeedKind, week: string | null, m: EntityManager): Promise<StoredFile> {
    await this.get(id, m);
    const [counter] = await this.db.query<{ last_number: number }>(
      // Through a CTE: TypeORM answers an UPDATE … RETURNING as [rows, count], a SELECT as rows.
      `WITH bumped AS (UPDATE carrier_control_number SET last_number = CASE WHEN last_number >= 999999999 THEN 1 ELSE last_number + 1 END
                        WHERE carrier_id = $1 AND client_id = $client RETURNING last_number)
       SELECT last_number FROM bumped`,
      [id],
      m,
    );
    const controlNumber = counter!.last_number;
    const { carrier, envelope, mapped, current } = await this.mappedMembers(id, kind, m, controlNumber);
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
      const identities = await this.identities([...new Set(batch.map((x) => x.individualId))], m);
      writer.members(batch, (x) => identities.get(x.individualId) ?? NO_IDENTITY, write);
    }
    write(writer.tail());
    const { sealed, bytes } = sealer.final();
    const [file] = await this.db.query<{ id: number }>(
      `INSERT INTO carrier_file (client_id, carrier_id, kind, control_number, member_count, state, week, content_enc, created_by)
       VALUES ($client, $1, $2, $3, $4, $5::jsonb, $6, $7, $8) RETURNING id`,
      [id, kind, controlNumber, members, state, week, sealed, this.context.acting.accountId],
      m,
    );
    return { fileId: file!.id, bytes, members, name: fileName(carrier.name, kind, controlNumber), carrierName: carrier.name, controlNumber };
  }

  /**
   * What a file of the carrier would hold now, without recording it, all at once: its envelope, the member loops
   * with their identities and the state. The bench's input for node-x12 alone (its floor).
   */
  async writableMembers(id: number, kind: FeedKind, m: EntityManager, controlNumber = 0): Promise<{ envelope: Edi834Envelope; members: WritableMember[] }> {
    const { envelope, mapped } = await this.mappedMembers(id, kind, m, controlNumber);
    return { envelope, members: withIdentities(mapped, await this.identities([...new Set(mapped.map((x) => x.individualId))], m)) };
  }

  /**
   * A file's envelope (under `controlNumber`), its member loops mapped against the last file's state (ids, codes
   * and dates, no identities) and the state to record.
   */
  private async mappedMembers(
    id: number,
    kind: FeedKind,
    m: EntityManager,
    controlNumber: number,
  ): Promise<{ carrier: Carrier; envelope: Edi834Envelope; mapped: Edi834Member[]; current: FeedState }> {
    const carrier = await this.get(id, m);
    // Only a changes file diffs against the last file's state (as large as the file's own): a full file does not read it.
    const [last] =
      kind === 'changes' ? await this.db.query<{ state: FeedState }>(`SELECT state FROM carrier_file WHERE carrier_id = $1 AND client_id = $client ORDER BY id DESC LIMIT 1`, [id], m) : [];
    const [client] = await this.db.query<{ name: string; time_zone: string }>(`SELECT name, time_zone FROM client WHERE id = $client`, [], m);
    const { date, time } = localMoment(this.clock.now(), client!.time_zone);
    const current = await this.currentState(carrier.planTypeIds, m);
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
  async currentState(planTypeIds: readonly number[], m: EntityManager): Promise<FeedState> {
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
      m,
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
    await this.addOtherCoverage(state, m);
    return [...state.values()];
  }

  /** The waivers for other coverage (medical, dental, vision) of the subscribers in the state: their COB loops' facts. */
  private async addOtherCoverage(state: Map<number, FeedSubscriber>, m: EntityManager): Promise<void> {
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
      m,
    );
    for (const r of rows) {
      const s = state.get(r.individual_id)!;
      (s.otherCoverage ??= []).push({ planTypeId: r.plan_type_id, carrierName: r.carrier_name, policyNumber: r.policy_number });
    }
  }

  /** Names, SSNs (unsealed into the file only), birth dates, genders and addresses of the members written. */
  private async identities(individualIds: number[], m: EntityManager): Promise<Map<number, MemberIdentity>> {
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
      m,
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

  /**
   * The sweep (the workers' hourly tick), across clients: each weekly carrier without its file for the current
   * week (Monday, in its client's zone by the clock) gets the job that writes it (one fixed id per carrier and week).
   */
  @OnJob('carrier-feeds.weekly-files')
  async queueWeeklyFiles(data: JobPayloads['carrier-feeds.weekly-files']): Promise<{ queued: number }> {
    const rows: Array<{ id: number; client_id: number; week: string }> = await this.dataSource.query(
      `SELECT c.id, c.client_id, w.week
         FROM carrier c JOIN client cl ON cl.id = c.client_id
        CROSS JOIN LATERAL (SELECT date_trunc('week', ($1::timestamptz AT TIME ZONE cl.time_zone))::date::text AS week) w
        WHERE c.schedule = 'weekly' AND c.deleted_at IS NULL
          AND NOT EXISTS (SELECT 1 FROM carrier_file f WHERE f.carrier_id = c.id AND f.week = w.week::date)
        ORDER BY c.id`,
      [this.clock.nowIso()],
    );
    for (const r of rows) {
      await this.jobs.queue('carrier-feeds.weekly-file', { carrierId: r.id, week: r.week, clientId: r.client_id, requestedBy: null }, { jobId: JobIds.carrierWeeklyFile(r.id, r.week) });
    }
    this.logger.log({ tick: data.tick, queued: rows.length }, 'carrier weekly file sweep');
    return { queued: rows.length };
  }

  /** One weekly changes file, once per carrier and week: written sealed into the carrier's files, audited. */
  @OnJob('carrier-feeds.weekly-file')
  async writeWeeklyFile(data: JobPayloads['carrier-feeds.weekly-file']): Promise<{ written: boolean }> {
    if (!Number.isSafeInteger(data.carrierId) || !/^\d{4}-\d{2}-\d{2}$/.test(data.week)) throw new UnrecoverableError('carrierId and week must be given');
    return this.db.transaction(async (m) => {
      let carrier: Carrier;
      try {
        carrier = await this.get(data.carrierId, m, true);
      } catch {
        return { written: false };
      }
      if (carrier.schedule !== 'weekly') return { written: false };
      const [done] = await this.db.query<{ id: number }>(`SELECT id FROM carrier_file WHERE carrier_id = $1 AND week = $2::date AND client_id = $client`, [data.carrierId, data.week], m);
      if (done) return { written: false };
      const file = await this.writeFile(data.carrierId, 'changes', data.week, m);
      await this.audit.record(
        { eventType: 'Carrier file', actionType: 'create', description: `Weekly EDI 834 changes file written: ${carrier.name} (week of ${data.week}, control number ${file.controlNumber}, ${file.members} members)`, data: [] },
        m,
      );
      return { written: true };
    });
  }

  private values(b: CarrierInput): unknown[] {
    return [b.name, b.planTypeIds, b.policyNumber, b.sponsorFein, b.isaSenderQualifier, b.isaSenderId, b.isaReceiverQualifier, b.isaReceiverId, b.gsSenderCode, b.gsReceiverCode, b.schedule];
  }

  private async nameFree(name: string, id: number | null, m: EntityManager): Promise<void> {
    const [taken] = await this.db.query<{ id: number }>(
      `SELECT id FROM carrier WHERE client_id = $client AND deleted_at IS NULL AND lower(name) = lower($1) AND id <> coalesce($2::int, 0)`,
      [name, id],
      m,
    );
    if (taken) throw new ConflictException({ statusCode: 409, message: CarrierFeedMessages.nameTaken });
  }
}

function fileName(carrier: string, kind: FeedKind, control: number): string {
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
