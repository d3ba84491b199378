import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { toUsDate } from '../../contracts/formats';
import { LifeEventMessages, lifeEventEffectiveDate, type LifeEventType, type MidyearChangesData, type MidyearStep } from '../../contracts/life-events';
import { Messages } from '../../contracts/messages';
import { Clock } from '../../core/clock/clock';
import { TenantDb } from '../../core/database/tenant-db';

/** The life_event rows the wizard, the signature and HR's decision share: reading them and the dashboard's copy. */

export type ProofStatus = 'draft' | 'pending' | 'approved' | 'rejected' | 'cancelled';

export interface Draft {
  id: number;
  status?: ProofStatus;
  change_set_id: number | null;
  step: MidyearStep;
  event_type: LifeEventType | null;
  event_date: string | null;
  reason_id: number | null;
  dependent_id: number | null;
  proof_file_id: number | null;
}

export interface ChangeRow {
  plan_type_id: number;
  status_before: number;
  status_after: number;
  plan_before: number | null;
  plan_after: number | null;
  deps_before: number[];
  deps_after: number[];
}

export interface Person {
  enabled: boolean;
  marital_status_id: number | null;
  medical_enrolled: boolean;
  today: string;
}

export const EMPTY: MidyearChangesData = { step: 1, eventType: null, dependentId: null, effectiveDate: null, reasonId: null, coverageStarts: null, status: 'draft' };

@Injectable()
export class LifeEventRecords {
  constructor(
    private readonly db: TenantDb,
    private readonly clock: Clock,
  ) {}

  /** The signed event waiting for HR, if any (one at a time). */
  async pendingOf(employeeId: number, lock: boolean): Promise<(Draft & { status: 'pending' }) | null> {
    const [row] = await this.db.query<Draft & { status: 'pending' }>(
      `SELECT id, change_set_id, step, event_type, event_date::text AS event_date, reason_id, dependent_id, proof_file_id, status FROM life_event
        WHERE employee_id = $1 AND client_id = $client AND status = 'pending' ORDER BY id DESC LIMIT 1${lock ? ' FOR UPDATE' : ''}`,
      [employeeId],
    );
    return row ?? null;
  }

  async draftOf(employeeId: number, lock: boolean): Promise<Draft | null> {
    const [row] = await this.db.query<Draft>(
      `SELECT id, change_set_id, step, event_type, event_date::text AS event_date, reason_id, dependent_id, proof_file_id FROM life_event
        WHERE employee_id = $1 AND client_id = $client AND status = 'draft'${lock ? ' FOR UPDATE' : ''}`,
      [employeeId],
    );
    return row ?? null;
  }

  async person(employeeId: number): Promise<Person> {
    const [row] = await this.db.query<Person>(
      `SELECT c.enable_midyear_changes AS enabled, e.marital_status_id, ($2::timestamptz AT TIME ZONE c.time_zone)::date::text AS today,
              EXISTS (SELECT 1 FROM enrollment n WHERE n.employee_id = e.id AND n.client_id = e.client_id AND n.plan_type_id = 1 AND n.status > 0 AND n.plan_id IS NOT NULL) AS medical_enrolled
         FROM employee e JOIN client c ON c.id = e.client_id WHERE e.id = $1 AND e.client_id = $client`,
      [employeeId, this.clock.nowIso()],
    );
    if (!row) throw new NotFoundException({ statusCode: 404, message: Messages.noEmployeeFound });
    return row;
  }
}

export function conflict(message: string = LifeEventMessages.stepNotAllowed): ConflictException {
  return new ConflictException({ statusCode: 409, message });
}

export function dataOf(d: Draft): MidyearChangesData {
  return {
    step: d.step,
    eventType: d.event_type,
    dependentId: d.dependent_id,
    effectiveDate: toUsDate(d.event_date),
    reasonId: d.reason_id,
    coverageStarts: d.event_type && d.event_date ? toUsDate(lifeEventEffectiveDate(d.event_type, d.event_date)) : null,
    status: 'draft',
    proofFileId: d.proof_file_id,
  };
}
