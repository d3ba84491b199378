import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { CARRIER_SCHEDULE_LABELS, CarrierFeedMessages, type Carrier, type CarrierInput } from '../../contracts/carrier-feeds';
import { PLAN_TYPE_NAMES, type PlanTypeId } from '../../contracts/engine/plan-types';
import { AuditService } from '../../core/audit/audit.service';
import { TenantDb } from '../../core/database/tenant-db';

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

export const notFound = (message: string = CarrierFeedMessages.notFound) => new NotFoundException({ statusCode: 404, message });

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

/** Carriers of a client: their EDI identifiers and file schedule, each change audited in its transaction. */
@Injectable()
export class CarriersService {
  constructor(
    private readonly db: TenantDb,
    private readonly audit: AuditService,
  ) {}

  async list(): Promise<Carrier[]> {
    const rows = await this.db.query<CarrierRow>(
      `SELECT ${COLUMNS} FROM carrier c LEFT JOIN carrier_control_number n ON n.carrier_id = c.id
        WHERE c.client_id = $client AND c.deleted_at IS NULL ORDER BY lower(c.name), c.id`,
    );
    return rows.map(toCarrier);
  }

  async get(id: number, lock = false): Promise<Carrier> {
    const [row] = await this.db.query<CarrierRow>(
      `SELECT ${COLUMNS} FROM carrier c LEFT JOIN carrier_control_number n ON n.carrier_id = c.id
        WHERE c.id = $1 AND c.client_id = $client AND c.deleted_at IS NULL${lock ? ' FOR UPDATE OF c' : ''}`,
      [id],
    );
    if (!row) throw notFound();
    return toCarrier(row);
  }

  async create(body: CarrierInput): Promise<Carrier> {
    return this.db.transaction(async () => {
      await this.nameFree(body.name, null);
      const [row] = await this.db.query<{ id: number }>(
        `INSERT INTO carrier (client_id, name, plan_type_ids, policy_number, sponsor_fein, isa_sender_qualifier, isa_sender_id, isa_receiver_qualifier,
                              isa_receiver_id, gs_sender_code, gs_receiver_code, schedule)
         VALUES ($client, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
        this.values(body),
      );
      await this.db.query(`INSERT INTO carrier_control_number (carrier_id, client_id, last_number) VALUES ($1, $client, 0)`, [row!.id]);
      const view = auditView(body);
      await this.audit.record(
        { eventType: 'Carrier', actionType: 'create', description: `Carrier added: ${body.name}`, data: Object.entries(view).map(([title, v]) => ({ title, oldValue: null, newValue: v, changed: true })) },
      );
      return this.get(row!.id);
    });
  }

  async update(id: number, body: CarrierInput): Promise<Carrier> {
    return this.db.transaction(async () => {
      const before = await this.get(id, true);
      await this.nameFree(body.name, id);
      await this.db.query(
        `UPDATE carrier SET name = $1, plan_type_ids = $2, policy_number = $3, sponsor_fein = $4, isa_sender_qualifier = $5, isa_sender_id = $6,
                isa_receiver_qualifier = $7, isa_receiver_id = $8, gs_sender_code = $9, gs_receiver_code = $10, schedule = $11, updated_at = now()
          WHERE id = $12 AND client_id = $client`,
        [...this.values(body), id],
      );
      const old = auditView(before);
      const next = auditView(body);
      const data = Object.keys(next).map((title) => ({ title, oldValue: old[title] ?? null, newValue: next[title] ?? null, changed: old[title] !== next[title] }));
      await this.audit.record({ eventType: 'Carrier', actionType: 'update', description: `Carrier changed: ${body.name}`, data: data.filter((d) => d.changed) });
      return this.get(id);
    });
  }

  async remove(id: number): Promise<void> {
    await this.db.transaction(async () => {
      const c = await this.get(id, true);
      // Soft: its files' records (control numbers, what each told the carrier) stay.
      await this.db.query(`UPDATE carrier SET deleted_at = now(), updated_at = now() WHERE id = $1 AND client_id = $client`, [id]);
      await this.audit.record({ eventType: 'Carrier', actionType: 'delete', description: `Carrier deleted: ${c.name}`, data: [] });
    });
  }

  private values(b: CarrierInput): unknown[] {
    return [b.name, b.planTypeIds, b.policyNumber, b.sponsorFein, b.isaSenderQualifier, b.isaSenderId, b.isaReceiverQualifier, b.isaReceiverId, b.gsSenderCode, b.gsReceiverCode, b.schedule];
  }

  private async nameFree(name: string, id: number | null): Promise<void> {
    const [taken] = await this.db.query<{ id: number }>(
      `SELECT id FROM carrier WHERE client_id = $client AND deleted_at IS NULL AND lower(name) = lower($1) AND id <> coalesce($2::int, 0)`,
      [name, id],
    );
    if (taken) throw new ConflictException({ statusCode: 409, message: CarrierFeedMessages.nameTaken });
  }
}
