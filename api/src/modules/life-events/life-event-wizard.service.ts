import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { ALLOWED_CHANGES, coverageKey, LIFE_EVENT_TYPES, LifeEventMessages, eventDateIssue, eventDateOf, eventDependentRelation, eventTypesFor, needsReason, nextMidyearStep, previousMidyearStep, lifeEventChangeIssue, relationOf, stepSkipped, type CoverageChoice as CoverageChoiceView, type ElectionChangeFacts, type LifeEventType, type MidyearChangeRequest, type MidyearChangesData, type MidyearContext, type MidyearStep } from '../../contracts/life-events';
import { Messages } from '../../contracts/messages';
import { PLAN_TYPE_NAMES, type PlanTypeId } from '../../contracts/plans';
import { AuditService } from '../../core/audit/audit.service';
import { RequestContext } from '../../core/context/request-context';
import { TenantDb } from '../../core/database/tenant-db';
import { fieldErrors } from '../../core/http/field-errors';
import { EmployeeRecords } from '../employees/employee-records.service';
import { FilesService } from '../files/files.service';
import type { StoredUpload } from '../files/streaming-upload.interceptor';
import { ElectionDrafts } from '../enrollments/election-drafts.service';
import { EnrollmentsService } from '../enrollments/enrollments.service';
import type { EnrollmentUpdate } from '../../contracts/enrollments';
import { fullName } from '../../contracts/common';
import { DENTAL_TYPES, MEDICAL_TYPES, VISION_TYPES } from '../../contracts/engine/plan-types';
import { conflict, dataOf, EMPTY, LifeEventRecords, type ChangeRow, type Draft, type Person } from './life-event-records';

/** A step-4 choice with what applying it needs. */
type CoverageChoice = CoverageChoiceView & { enrollmentId: number; planId: number; covered: number[] };

/**
 * Mid-year changes after a life event, steps 1 to 6. The server owns the wizard:
 * PUT /midyear-changes accepts the next step only once the step being left holds (the event, its date within the
 * 30-day window and its reason, the dependent of the right relation, the proof the event asks for), any earlier
 * step, or step 1 with nothing to clear the draft. Every move is saved with its audit entry.
 */
@Injectable()
export class LifeEventWizardService {
  constructor(
    private readonly db: TenantDb,
    private readonly context: RequestContext,
    private readonly audit: AuditService,
    private readonly files: FilesService,
    private readonly drafts: ElectionDrafts,
    private readonly enrollments: EnrollmentsService,
    private readonly records: LifeEventRecords,
    private readonly employees: EmployeeRecords,
  ) {}

  /** GET /midyear-changes: the draft in progress (step 1 and nothing when there is none). */
  async current(): Promise<MidyearChangesData> {
    const employeeId = this.context.ownEmployeeId();
    const draft = await this.records.draftOf(employeeId, false);
    if (draft) return dataOf(draft);
    // Signed and waiting for HR, or sent back: the dashboard says so until the employee starts again.
    const [last] = await this.db.query<Draft & { status: 'pending' | 'rejected'; rejection_reason: string | null }>(
      `SELECT id, change_set_id, step, event_type, event_date::text AS event_date, reason_id, dependent_id, proof_file_id, status, rejection_reason FROM life_event
        WHERE employee_id = $1 AND client_id = $client AND status IN ('pending', 'rejected', 'approved') ORDER BY updated_at DESC, id DESC LIMIT 1`,
      [employeeId],
    );
    if (!last || last.status === ('approved' as string)) return EMPTY;
    return { ...dataOf(last), status: last.status, rejectionReason: last.rejection_reason };
  }

  async move(body: MidyearChangeRequest): Promise<MidyearChangesData> {
    const employeeId = this.context.ownEmployeeId();
    const toApply: CoverageChoice[] = [];
    const data = await this.db.transaction(async () => {
      const person = await this.records.person(employeeId);
      if (!person.enabled) throw new ForbiddenException({ statusCode: 403, message: LifeEventMessages.notEnabled });
      const draft = await this.records.draftOf(employeeId, true);
      const step = body.step as MidyearStep;

      // Step 1 with nothing: the employee declined to continue ('No' to continue previous changes): the draft goes.
      if (step === 1 && body.eventType == null) {
        if (draft) {
          await this.db.query(`UPDATE life_event SET status = 'cancelled', updated_at = now() WHERE id = $1 AND client_id = $client`, [draft.id]);
          await this.dropElections(draft);
          await this.audit.record({ employeeId, eventType: 'Life event', actionType: 'delete', description: `Life event changes cancelled${draft.event_type ? `: ${LIFE_EVENT_TYPES[draft.event_type]}` : ''}` });
        }
        await this.employees.saveMidyearChanges(employeeId, null);
        return EMPTY;
      }

      if (!draft) {
        // One event at a time: a signed one waits for HR first.
        const waiting = await this.db.query(`SELECT 1 FROM life_event WHERE employee_id = $1 AND client_id = $client AND status = 'pending'`, [employeeId]);
        if (waiting.length) throw conflict(LifeEventMessages.pendingApproval);
      }
      const from: Draft = draft ?? { id: 0, change_set_id: null, step: 1, event_type: null, event_date: null, reason_id: null, dependent_id: null, proof_file_id: null };
      const next: Draft = { ...from };
      if (body.eventType !== undefined) next.event_type = (body.eventType ?? null) as LifeEventType | null;
      const ctx = (d: Draft): MidyearContext => ({ eventType: d.event_type, medicalEnrolled: person.medical_enrolled });

      if (step < from.step) {
        // Back to an earlier step the event shows: answers stay as they are.
        if (stepSkipped(step, ctx(from)) || (from.step > 1 && previousMidyearStep(from.step, ctx(from)) === null)) throw conflict();
        return this.save(employeeId, { ...from, step }, draft === null);
      }
      if (step === from.step) {
        // Changing the answers of the step one is on is moving "to" it again; only step 1 allows it (choosing again).
        if (step !== 1) throw conflict();
      }
      // Forward: exactly the next shown step, once the step being left holds.
      const leaving = step === 1 ? 1 : from.step;
      if (step !== 1 && nextMidyearStep(leaving, ctx(next)) !== step) throw conflict();
      await this.checkLeaving(leaving, next, body, person, employeeId);
      // Step 1 answered moves to 2 (selecting an event type moves to step 2).
      const target = step === 1 ? 2 : step;
      if (step === 1 && from.event_type !== next.event_type) {
        // Another event: its answers and elections start again.
        await this.dropElections(from);
        Object.assign(next, { event_date: null, reason_id: null, dependent_id: null, proof_file_id: null, change_set_id: null });
      }
      // Plan enrollment: the event's changes are a draft of their own over the signed elections, so
      // they apply only when signed, open only while the event is; the enrollment dialogs write into it.
      if (target === 6 && next.change_set_id === null) next.change_set_id = await this.openElections(employeeId);
      if (leaving === 4 && body.coverage?.length) {
        // Step 4's choices: only those the event allows on this employee's plans.
        const offered = new Map((await this.coverageChoicesOf(employeeId, next)).map((c) => [c.key, c]));
        for (const key of new Set(body.coverage)) {
          const choice = offered.get(key);
          if (!choice) throw fieldErrors([{ path: 'coverage', message: LifeEventMessages.notAllowed }]);
          toApply.push(choice);
        }
      }
      return this.save(employeeId, { ...next, step: target as MidyearStep }, draft === null);
    });
    // Written after the commit, through the enrollment rules themselves (tier and cost follow the people), into
    // the event's draft that the commit opened; step 6 shows the result for the employee to review.
    const byEnrollment = new Map<number, CoverageChoice[]>();
    for (const c of toApply) byEnrollment.set(c.enrollmentId, [...(byEnrollment.get(c.enrollmentId) ?? []), c]);
    for (const [enrollmentId, choices] of byEnrollment) {
      const first = choices[0]!;
      const people = new Set(first.covered);
      for (const c of choices) {
        if (c.action === 'add') people.add(c.dependentId);
        else people.delete(c.dependentId);
      }
      await this.enrollments.update(enrollmentId, { status: '1', planId: first.planId, dependents: [...people] } as EnrollmentUpdate);
    }
    return data;
  }

  /** GET /midyear-changes/coverage: step 4's choices for the event in progress. */
  async coverageChoices(): Promise<CoverageChoiceView[]> {
    const employeeId = this.context.ownEmployeeId();
    const draft = await this.records.draftOf(employeeId, false);
    if (!draft?.event_type) return [];
    return (await this.coverageChoicesOf(employeeId, draft)).map(({ enrollmentId: _e, planId: _p, covered: _c, ...rest }) => rest);
  }

  /**
   * For each plan group the employee is enrolled in (as the event's draft has it), the people the event allows
   * adding (not covered) or removing (covered); a step-3 event is about its one dependent.
   */
  private async coverageChoicesOf(employeeId: number, d: Draft): Promise<CoverageChoice[]> {
    if (d.event_type === null) return [];
    const allowed = ALLOWED_CHANGES[d.event_type];
    const elections = await this.db.query<{ enrollment_id: number; plan_type_id: number; plan_id: number | null; status: number; deps: number[] }>(
      `SELECT en.id AS enrollment_id, en.plan_type_id,
              CASE WHEN ch.enrollment_id IS NULL THEN en.plan_id ELSE ch.plan_id END AS plan_id,
              CASE WHEN ch.enrollment_id IS NULL THEN en.status ELSE ch.status END AS status,
              CASE WHEN ch.enrollment_id IS NULL THEN ARRAY(SELECT ed.dependent_id FROM enrollment_dependent ed WHERE ed.enrollment_id = en.id) ELSE ch.dependent_ids END AS deps
         FROM enrollment en
         LEFT JOIN enrollment_change ch ON ch.enrollment_id = en.id AND ch.change_set_id = $2 AND ch.client_id = en.client_id
        WHERE en.employee_id = $1 AND en.client_id = $client AND en.plan_type_id = ANY ($3::int[])
          AND en.open_enrollment_period_id = (SELECT id FROM open_enrollment_period WHERE client_id = $client AND is_current)
        ORDER BY en.plan_type_id`,
      [employeeId, d.change_set_id ?? 0, [...MEDICAL_TYPES, ...DENTAL_TYPES, ...VISION_TYPES]],
    );
    const people = await this.db.query<{ id: number; first_name: string; last_name: string; relationship_type_id: number | null }>(
      'SELECT id, first_name, last_name, relationship_type_id FROM dependent WHERE employee_id = $1 AND client_id = $client AND deleted_at IS NULL ORDER BY id',
      [employeeId],
    );
    const out: CoverageChoice[] = [];
    for (const e of elections) {
      if (e.status <= 0 || e.plan_id === null) continue;
      for (const p of people) {
        if (d.dependent_id !== null && p.id !== d.dependent_id) continue;
        const relation = relationOf(p.relationship_type_id);
        if (relation === null) continue;
        const covered = e.deps.includes(p.id);
        const action = !covered && allowed.add.includes(relation) ? 'add' : covered && allowed.remove.includes(relation) ? 'remove' : null;
        if (action === null) continue;
        out.push({
          key: coverageKey(p.id, e.plan_type_id, action),
          dependentId: p.id,
          name: fullName({ firstName: p.first_name, lastName: p.last_name }),
          planTypeId: e.plan_type_id,
          planType: PLAN_TYPE_NAMES[e.plan_type_id as PlanTypeId] ?? `Plan type ${e.plan_type_id}`,
          action,
          enrollmentId: e.enrollment_id,
          planId: e.plan_id,
          covered: e.deps,
        });
      }
    }
    return out;
  }

  /** POST /midyear-changes/proof: the event's supporting document, kept as the employee's personal file. */
  async proof(file: StoredUpload | undefined): Promise<MidyearChangesData> {
    const employeeId = this.context.ownEmployeeId();
    // The draft's, or (signed without it) the one of the event waiting for HR.
    const draft = (await this.records.draftOf(employeeId, false)) ?? (await this.records.pendingOf(employeeId, false));
    if (!draft?.event_type || !ALLOWED_CHANGES[draft.event_type].proof) {
      if (file) await this.files.discard(file);
      throw conflict(LifeEventMessages.noEvent);
    }
    const saved = await this.files.record(employeeId, `${ALLOWED_CHANGES[draft.event_type].proof} (${LIFE_EVENT_TYPES[draft.event_type]})`, file, 'Life event proof added');
    return this.db.transaction(async () => {
      if (draft.status === 'pending') {
        const p = await this.records.pendingOf(employeeId, true);
        if (!p || p.id !== draft.id) throw conflict(LifeEventMessages.noEvent);
        await this.db.query(`UPDATE life_event SET proof_file_id = $2, updated_at = now() WHERE id = $1 AND client_id = $client`, [p.id, saved.id]);
        await this.audit.record(
          { employeeId, eventType: 'Life event', actionType: 'update', description: `Life event document uploaded, waiting for HR: ${LIFE_EVENT_TYPES[p.event_type!]}`, data: [{ title: 'Document', oldValue: null, newValue: ALLOWED_CHANGES[p.event_type!].proof, changed: true }] },
        );
        return { ...dataOf({ ...p, proof_file_id: saved.id }), status: 'pending' as const, rejectionReason: null };
      }
      const d = await this.records.draftOf(employeeId, true);
      if (!d || d.id !== draft.id) throw conflict(LifeEventMessages.noEvent);
      return this.save(employeeId, { ...d, proof_file_id: saved.id }, false);
    });
  }

  /** The rules of the step being left, on the answers as they will be saved (field errors name the answer). */
  async checkLeaving(step: MidyearStep, next: Draft, body: MidyearChangeRequest, person: Person, employeeId: number): Promise<void> {
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
      );
      // Another employee's (or another client's) dependent does not exist for this one.
      if (!dependent) throw new NotFoundException({ statusCode: 404, message: Messages.noDependentFound });
      if (relationOf(dependent.relationship_type_id) !== eventDependentRelation(next.event_type)) throw fieldErrors([{ path: 'dependentId', message: LifeEventMessages.notAllowed }]);
      return;
    }
    // The supporting document may follow the signature: HR's approval waits for it instead.
    if (step === 4) return;
    if (step === 6) {
      const issue = lifeEventChangeIssue(next.event_type, await this.changeFacts(employeeId, next));
      if (issue) throw fieldErrors([{ path: 'elections', message: issue }]);
      return;
    }
    // Step 7 ends with the signature (its own call).
    throw conflict();
  }

  /** The draft's elections against the signed ones, with the relations of the people added and removed. */
  private async changeFacts(employeeId: number, d: Draft): Promise<ElectionChangeFacts[]> {
    if (d.change_set_id === null) return [];
    const rows = await this.db.query<ChangeRow>(
      `SELECT ch.plan_type_id, en.status AS status_before, ch.status AS status_after, en.plan_id AS plan_before, ch.plan_id AS plan_after,
              ARRAY(SELECT ed.dependent_id FROM enrollment_dependent ed WHERE ed.enrollment_id = en.id) AS deps_before, ch.dependent_ids AS deps_after
         FROM enrollment_change ch JOIN enrollment en ON en.id = ch.enrollment_id AND en.client_id = ch.client_id
        WHERE ch.change_set_id = $1 AND ch.client_id = $client ORDER BY ch.plan_type_id`,
      [d.change_set_id],
    );
    const relations = new Map(
      (await this.db.query<{ id: number; relationship_type_id: number | null }>('SELECT id, relationship_type_id FROM dependent WHERE employee_id = $1 AND client_id = $client', [employeeId])).map((r) => [
        r.id,
        relationOf(r.relationship_type_id),
      ]),
    );
    const relation = (id: number) => relations.get(id) ?? null;
    return rows.map((r) => ({
      planType: PLAN_TYPE_NAMES[r.plan_type_id as PlanTypeId] ?? `Plan type ${r.plan_type_id}`,
      statusBefore: r.status_before,
      statusAfter: r.status_after,
      planBefore: r.plan_before,
      planAfter: r.plan_after,
      added: r.deps_after.filter((id) => !r.deps_before.includes(id)).map(relation),
      removed: r.deps_before.filter((id) => !r.deps_after.includes(id)).map(relation),
    }));
  }

  /** Opens the event's elections draft; unsigned changes of another kind must be finished or cancelled first. */
  private async openElections(employeeId: number): Promise<number> {
    const [open] = await this.db.query<{ id: number; kind: string }>(`SELECT id, kind FROM election_change_set WHERE employee_id = $1 AND client_id = $client AND status = 'draft'`, [employeeId]);
    if (open && open.kind !== 'life_event') throw conflict(LifeEventMessages.otherDraft);
    const id = open?.id ?? (await this.drafts.open(employeeId, 'life_event'));
    if (id === null) throw conflict(LifeEventMessages.noPeriod);
    return id;
  }

  /** The event's elections draft, if it has one, is discarded with it. */
  private async dropElections(d: Draft): Promise<void> {
    if (d.change_set_id === null) return;
    await this.drafts.dropDraft(d.change_set_id);
  }

  private async save(employeeId: number, d: Draft, create: boolean): Promise<MidyearChangesData> {
    let id = d.id;
    if (create) {
      const [row] = await this.db.query<{ id: number }>(
        `INSERT INTO life_event (client_id, employee_id, step, event_type, event_date, reason_id, dependent_id, proof_file_id, change_set_id)
         VALUES ($client, $1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
        [employeeId, d.step, d.event_type, d.event_date, d.reason_id, d.dependent_id, d.proof_file_id, d.change_set_id],
      );
      id = row!.id;
    } else {
      await this.db.query(
        `UPDATE life_event SET step = $2, event_type = $3, event_date = $4, reason_id = $5, dependent_id = $6, proof_file_id = $7, change_set_id = $8, updated_at = now()
          WHERE id = $1 AND client_id = $client`,
        [id, d.step, d.event_type, d.event_date, d.reason_id, d.dependent_id, d.proof_file_id, d.change_set_id],
      );
    }
    const data = dataOf({ ...d, id });
    await this.employees.saveMidyearChanges(employeeId, data);
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
    );
    return data;
  }
}
