import { ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { toUsDate } from '../../contracts/formats';
import {
  ALLOWED_CHANGES,
  LIFE_EVENT_TYPES,
  LifeEventMessages,
  eventDateIssue,
  eventDateOf,
  eventDependentRelation,
  eventTypesFor,
  lifeEventEffectiveDate,
  needsReason,
  nextMidyearStep,
  previousMidyearStep,
  relationOf,
  stepSkipped,
  type LifeEventType,
  type MidyearChangeRequest,
  type MidyearChangesData,
  type MidyearContext,
  type MidyearStep,
} from '../../contracts/life-events';
import { Messages } from '../../contracts/messages';
import { AuditService } from '../../core/audit/audit.service';
import { RequestContext } from '../../core/context/request-context';
import { TenantDb } from '../../core/database/tenant-db';
import { fieldErrors } from '../../core/http/field-errors';
import { FilesService } from '../files/files.service';
import type { StoredUpload } from '../files/streaming-upload.interceptor';

interface Draft {
  id: number;
  step: MidyearStep;
  event_type: LifeEventType | null;
  event_date: string | null;
  reason_id: number | null;
  dependent_id: number | null;
  proof_file_id: number | null;
}

interface Person {
  enabled: boolean;
  marital_status_id: number | null;
  medical_enrolled: boolean;
  today: string;
}

const EMPTY: MidyearChangesData = { step: 1, eventType: null, dependentId: null, effectiveDate: null, reasonId: null, coverageStarts: null, status: 'draft' };

/**
 * Mid-year changes after a life event (issue 16; document 2 sections 4, 5 and 7). The server owns the wizard:
 * PUT /midyear-changes accepts the next step only once the step being left holds (the event, its date within the
 * 30-day window and its reason, the dependent of the right relation, the proof the event asks for), any earlier
 * step, or step 1 with nothing to clear the draft. Every move is saved with its audit entry.
 */
@Injectable()
export class LifeEventsService {
  constructor(
    private readonly db: TenantDb,
    private readonly context: RequestContext,
    private readonly audit: AuditService,
    private readonly files: FilesService,
  ) {}

  /** GET /midyear-changes: the draft in progress (step 1 and nothing when there is none). */
  async current(): Promise<MidyearChangesData> {
    const employeeId = this.context.ownEmployeeId();
    const draft = await this.draftOf(employeeId, this.db.manager, false);
    return draft ? dataOf(draft) : EMPTY;
  }

  async move(body: MidyearChangeRequest): Promise<MidyearChangesData> {
    const employeeId = this.context.ownEmployeeId();
    return this.db.transaction(async (m) => {
      const person = await this.person(employeeId, m);
      if (!person.enabled) throw new ForbiddenException({ statusCode: 403, message: LifeEventMessages.notEnabled });
      const draft = await this.draftOf(employeeId, m, true);
      const step = body.step as MidyearStep;

      // Step 1 with nothing: the employee declined to continue ('No' to continue previous changes): the draft goes.
      if (step === 1 && body.eventType == null) {
        if (draft) {
          await this.db.query(`UPDATE life_event SET status = 'cancelled', updated_at = now() WHERE id = $1 AND client_id = $client`, [draft.id], m);
          await this.audit.record({ employeeId, eventType: 'Life event', actionType: 'delete', description: `Life event changes cancelled${draft.event_type ? `: ${LIFE_EVENT_TYPES[draft.event_type]}` : ''}` }, m);
        }
        await this.saveMeData(employeeId, null, m);
        return EMPTY;
      }

      const from: Draft = draft ?? { id: 0, step: 1, event_type: null, event_date: null, reason_id: null, dependent_id: null, proof_file_id: null };
      const next: Draft = { ...from };
      if (body.eventType !== undefined) next.event_type = (body.eventType ?? null) as LifeEventType | null;
      const ctx = (d: Draft): MidyearContext => ({ eventType: d.event_type, medicalEnrolled: person.medical_enrolled });

      if (step < from.step) {
        // Back to an earlier step the event shows: answers stay as they are.
        if (stepSkipped(step, ctx(from)) || (from.step > 1 && previousMidyearStep(from.step, ctx(from)) === null)) throw conflict();
        return this.save(employeeId, { ...from, step }, draft === null, m);
      }
      if (step === from.step) {
        // Changing the answers of the step one is on is moving "to" it again; only step 1 allows it (choosing again).
        if (step !== 1) throw conflict();
      }
      // Forward: exactly the next shown step, once the step being left holds.
      const leaving = step === 1 ? 1 : from.step;
      if (step !== 1 && nextMidyearStep(leaving, ctx(next)) !== step) throw conflict();
      await this.checkLeaving(leaving, next, body, person, employeeId, m);
      // Step 1 answered moves to 2 (document 2 section 4: selecting an event type moves to step 2).
      const target = step === 1 ? 2 : step;
      if (step === 1 && from.event_type !== next.event_type) Object.assign(next, { event_date: null, reason_id: null, dependent_id: null, proof_file_id: null });
      return this.save(employeeId, { ...next, step: target as MidyearStep }, draft === null, m);
    });
  }

  /** POST /midyear-changes/proof: the event's supporting document, kept as the employee's personal file. */
  async proof(file: StoredUpload | undefined): Promise<MidyearChangesData> {
    const employeeId = this.context.ownEmployeeId();
    const draft = await this.draftOf(employeeId, this.db.manager, false);
    if (!draft?.event_type || !ALLOWED_CHANGES[draft.event_type].proof) {
      if (file) await this.files.discard(file);
      throw conflict(LifeEventMessages.noEvent);
    }
    const saved = await this.files.record(employeeId, `${ALLOWED_CHANGES[draft.event_type].proof} (${LIFE_EVENT_TYPES[draft.event_type]})`, file, 'Life event proof added');
    return this.db.transaction(async (m) => {
      const d = await this.draftOf(employeeId, m, true);
      if (!d || d.id !== draft.id) throw conflict(LifeEventMessages.noEvent);
      return this.save(employeeId, { ...d, proof_file_id: saved.id }, false, m);
    });
  }

  /** The rules of the step being left, on the answers as they will be saved (field errors name the answer). */
  private async checkLeaving(step: MidyearStep, next: Draft, body: MidyearChangeRequest, person: Person, employeeId: number, m: EntityManager): Promise<void> {
    if (step === 1) {
      if (next.event_type === null) throw fieldErrors([{ path: 'eventType', message: LifeEventMessages.eventRequired }]);
      if (!eventTypesFor(person.marital_status_id).includes(next.event_type)) throw fieldErrors([{ path: 'eventType', message: LifeEventMessages.marriedAlready }]);
      return;
    }
    if (next.event_type === null) throw conflict(LifeEventMessages.noEvent);
    if (step === 2) {
      if (body.effectiveDate !== undefined) next.event_date = body.effectiveDate ? eventDateOf(body.effectiveDate) : null;
      if (body.reasonId !== undefined) next.reason_id = body.reasonId ?? null;
      const issues: Array<{ path: string; message: string }> = [];
      if (body.effectiveDate && next.event_date === null) issues.push({ path: 'effectiveDate', message: Messages.dateInvalid });
      else if (next.event_date === null) issues.push({ path: 'effectiveDate', message: LifeEventMessages.dateRequired });
      else {
        const issue = eventDateIssue(next.event_date, person.today);
        if (issue) issues.push({ path: 'effectiveDate', message: issue });
      }
      if (needsReason(next.event_type) && next.reason_id === null) issues.push({ path: 'reasonId', message: LifeEventMessages.reasonRequired });
      if (!needsReason(next.event_type)) next.reason_id = null;
      if (issues.length) throw fieldErrors(issues);
      return;
    }
    if (step === 3) {
      if (body.dependentId !== undefined) next.dependent_id = body.dependentId ?? null;
      if (next.dependent_id === null) throw fieldErrors([{ path: 'dependentId', message: Messages.fieldRequired }]);
      const [dependent] = await this.db.query<{ relationship_type_id: number | null }>(
        'SELECT relationship_type_id FROM dependent WHERE id = $1 AND employee_id = $2 AND client_id = $client AND deleted_at IS NULL',
        [next.dependent_id, employeeId],
        m,
      );
      // Another employee's (or another client's) dependent does not exist for this one.
      if (!dependent) throw new NotFoundException({ statusCode: 404, message: Messages.noDependentFound });
      if (relationOf(dependent.relationship_type_id) !== eventDependentRelation(next.event_type)) throw fieldErrors([{ path: 'dependentId', message: LifeEventMessages.notAllowed }]);
      return;
    }
    if (step === 4) {
      if (ALLOWED_CHANGES[next.event_type].proof && next.proof_file_id === null) throw fieldErrors([{ path: 'proof', message: LifeEventMessages.proofRequired }]);
      return;
    }
    // Step 6 (plan enrollment) and 7 (signature) have their own calls.
    throw conflict();
  }

  private async save(employeeId: number, d: Draft, create: boolean, m: EntityManager): Promise<MidyearChangesData> {
    let id = d.id;
    if (create) {
      const [row] = await this.db.query<{ id: number }>(
        `INSERT INTO life_event (client_id, employee_id, step, event_type, event_date, reason_id, dependent_id, proof_file_id) VALUES ($client, $1, $2, $3, $4, $5, $6, $7) RETURNING id`,
        [employeeId, d.step, d.event_type, d.event_date, d.reason_id, d.dependent_id, d.proof_file_id],
        m,
      );
      id = row!.id;
    } else {
      await this.db.query(
        `UPDATE life_event SET step = $2, event_type = $3, event_date = $4, reason_id = $5, dependent_id = $6, proof_file_id = $7, updated_at = now() WHERE id = $1 AND client_id = $client`,
        [id, d.step, d.event_type, d.event_date, d.reason_id, d.dependent_id, d.proof_file_id],
        m,
      );
    }
    const data = dataOf({ ...d, id });
    await this.saveMeData(employeeId, data, m);
    await this.audit.record(
      {
        employeeId,
        eventType: 'Life event',
        actionType: create ? 'create' : 'update',
        description: `Life event${d.event_type ? `: ${LIFE_EVENT_TYPES[d.event_type]}` : ''}, step ${d.step}`,
        data: [
          { title: 'Event date', oldValue: null, newValue: data.effectiveDate, changed: data.effectiveDate !== null },
          { title: 'Coverage starts', oldValue: null, newValue: data.coverageStarts, changed: data.coverageStarts !== null },
        ],
      },
      m,
    );
    return data;
  }

  private async saveMeData(employeeId: number, data: MidyearChangesData | null, m: EntityManager): Promise<void> {
    await this.db.query('UPDATE employee SET midyear_changes_data = $2 WHERE id = $1 AND client_id = $client', [employeeId, data === null ? null : JSON.stringify(data)], m);
  }

  private async draftOf(employeeId: number, m: EntityManager, lock: boolean): Promise<Draft | null> {
    const [row] = await this.db.query<Draft>(
      `SELECT id, step, event_type, event_date::text AS event_date, reason_id, dependent_id, proof_file_id FROM life_event
        WHERE employee_id = $1 AND client_id = $client AND status = 'draft'${lock ? ' FOR UPDATE' : ''}`,
      [employeeId],
      m,
    );
    return row ?? null;
  }

  private async person(employeeId: number, m: EntityManager): Promise<Person> {
    const [row] = await this.db.query<Person>(
      `SELECT c.enable_midyear_changes AS enabled, e.marital_status_id, (now() AT TIME ZONE c.time_zone)::date::text AS today,
              EXISTS (SELECT 1 FROM enrollment n WHERE n.employee_id = e.id AND n.client_id = e.client_id AND n.plan_type_id = 1 AND n.status > 0 AND n.plan_id IS NOT NULL) AS medical_enrolled
         FROM employee e JOIN client c ON c.id = e.client_id WHERE e.id = $1 AND e.client_id = $client`,
      [employeeId],
      m,
    );
    if (!row) throw new NotFoundException({ statusCode: 404, message: Messages.noEmployeeFound });
    return row;
  }
}

function conflict(message: string = LifeEventMessages.stepNotAllowed): ConflictException {
  return new ConflictException({ statusCode: 409, message });
}

function dataOf(d: Draft): MidyearChangesData {
  return {
    step: d.step,
    eventType: d.event_type,
    dependentId: d.dependent_id,
    effectiveDate: toUsDate(d.event_date),
    reasonId: d.reason_id,
    coverageStarts: d.event_type && d.event_date ? toUsDate(lifeEventEffectiveDate(d.event_type, d.event_date)) : null,
    status: 'draft',
  };
}
