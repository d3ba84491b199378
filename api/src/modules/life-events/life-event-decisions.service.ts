import { Injectable, NotFoundException } from '@nestjs/common';
import { toUsDate } from '../../contracts/formats';
import { ALLOWED_CHANGES, LIFE_EVENT_TYPES, LifeEventMessages, lifeEventEffectiveDate, lifeEventApprovalIssue, type LifeEventType, type LifeEventDecision, type PendingLifeEvent } from '../../contracts/life-events';
import { PLAN_TYPE_NAMES, type PlanTypeId } from '../../contracts/plans';
import { AuditService } from '../../core/audit/audit.service';
import { RequestContext } from '../../core/context/request-context';
import { TenantDb } from '../../core/database/tenant-db';
import { ElectionDrafts } from '../enrollments/election-drafts.service';
import { MailService } from '../../core/mail/mail.service';
import { conflict } from './life-event-records';

/** HR's side of life events: the signed ones waiting, and the decision that applies or discards their elections. */
@Injectable()
export class LifeEventDecisionsService {
  constructor(
    private readonly db: TenantDb,
    private readonly context: RequestContext,
    private readonly audit: AuditService,
    private readonly drafts: ElectionDrafts,
    private readonly mail: MailService,
  ) {}

  /** GET /life-events: the signed events waiting for HR, oldest first, with what each changes. */
  async pending(): Promise<PendingLifeEvent[]> {
    const rows = await this.db.query<{
      id: number;
      employee_id: number;
      first_name: string;
      last_name: string;
      event_type: LifeEventType;
      event_date: string;
      signed_at: Date;
      proof_file_id: number | null;
      proof_title: string | null;
      signature_file_id: number | null;
      summary_file_id: number | null;
      change_set_id: number;
    }>(
      `SELECT l.id, l.employee_id, e.first_name, e.last_name, l.event_type, l.event_date::text AS event_date, l.signed_at, l.proof_file_id, f.title AS proof_title,
              l.signature_file_id, s.summary_file_id, l.change_set_id
         FROM life_event l JOIN employee e ON e.id = l.employee_id AND e.client_id = l.client_id
         LEFT JOIN file f ON f.id = l.proof_file_id AND f.client_id = l.client_id
         LEFT JOIN signature s ON s.id = l.signature_id AND s.client_id = l.client_id
        WHERE l.client_id = $client AND l.status = 'pending' ORDER BY l.signed_at, l.id`,
    );
    // Every event's changes in one query, not one per event.
    const changes = await this.describeChanges(rows.map((r) => r.change_set_id));
    return rows.map((r) => ({
        id: r.id,
        employeeId: r.employee_id,
        firstName: r.first_name,
        lastName: r.last_name,
        eventType: r.event_type,
        eventTitle: LIFE_EVENT_TYPES[r.event_type],
        eventDate: toUsDate(r.event_date)!,
        coverageStarts: toUsDate(lifeEventEffectiveDate(r.event_type, r.event_date))!,
        signedOn: r.signed_at.toISOString(),
        proof: r.proof_file_id !== null ? { id: r.proof_file_id, title: r.proof_title ?? 'Proof' } : null,
        proofMissing: r.proof_file_id === null ? ALLOWED_CHANGES[r.event_type].proof : null,
        signatureFileId: r.signature_file_id,
        summaryFileId: r.summary_file_id,
        changes: changes.get(r.change_set_id) ?? [],
    }));
  }

  /**
   * POST /life-events/{id}: HR approves (the elections change, effective when the event says) or rejects with a
   * reason (the draft is discarded); the employee is told by email either way.
   */
  async decide(id: number, decision: LifeEventDecision): Promise<{ status: 'approved' | 'rejected' }> {
    return this.db.transaction(async () => {
      const [l] = await this.db.query<{ id: number; employee_id: number; event_type: LifeEventType; event_date: string; change_set_id: number; status: string; proof_file_id: number | null; first_name: string; email: string | null }>(
        `SELECT l.id, l.employee_id, l.event_type, l.event_date::text AS event_date, l.change_set_id, l.status, l.proof_file_id, e.first_name, nullif(coalesce(a.email, e.email), '') AS email
           FROM life_event l JOIN employee e ON e.id = l.employee_id AND e.client_id = l.client_id LEFT JOIN account a ON a.id = e.account_id
          WHERE l.id = $1 AND l.client_id = $client FOR UPDATE OF l`,
        [id],
      );
      if (!l) throw new NotFoundException({ statusCode: 404, message: LifeEventMessages.notFound });
      if (l.status !== 'pending') throw conflict(LifeEventMessages.decided);
      // Signed without its document: the approval waits for it; a rejection need not.
      const waiting = decision.approve ? lifeEventApprovalIssue(l.event_type, l.proof_file_id !== null) : null;
      if (waiting) throw conflict(waiting);
      const title = LIFE_EVENT_TYPES[l.event_type];
      const starts = lifeEventEffectiveDate(l.event_type, l.event_date);
      if (decision.approve) {
        await this.drafts.applySet(l.change_set_id, l.employee_id, `Life event approved (${title})`);
        // The changed elections take effect when the event says (a birth on its date, others the first of next month).
        await this.drafts.setEffectiveDate(l.change_set_id, starts);
      } else {
        await this.drafts.discard(l.change_set_id);
      }
      const status = decision.approve ? 'approved' : 'rejected';
      await this.db.query(
        `UPDATE life_event SET status = $2, rejection_reason = $3, decided_at = now(), decided_by = $4, updated_at = now() WHERE id = $1 AND client_id = $client`,
        [l.id, status, decision.approve ? null : decision.reason, this.context.acting.accountId],
      );
      await this.audit.record(
        { employeeId: l.employee_id, eventType: 'Life event', actionType: 'update', description: `Life event ${status} by HR: ${title}`, data: decision.approve ? [] : [{ title: 'Reason', oldValue: null, newValue: decision.reason ?? null, changed: true }] },
      );
      if (l.email) {
        const event = { firstName: l.first_name, eventTitle: title, event: title.toLowerCase() };
        const email = decision.approve
          ? { template: 'life-event-approved' as const, data: { ...event, coverageStarts: toUsDate(starts)! } }
          : { template: 'life-event-rejected' as const, data: { ...event, reason: decision.reason ?? '' } };
        await this.mail.enqueue({ ...email, to: l.email, idempotencyKey: `life-event-decision:${l.id}`, clientId: this.context.clientId });
      }
      return { status };
    });
  }

  /** Each plan type of the sets: its plan, status and covered people as signed, and as the event makes them (by set). */
  private async describeChanges(changeSetIds: readonly number[]): Promise<Map<number, PendingLifeEvent['changes']>> {
    const rows = await this.db.query<{ change_set_id: number; plan_type_id: number; before_plan: string | null; after_plan: string | null; status_before: number; status_after: number; before_people: string; after_people: string }>(
      `SELECT ch.change_set_id, ch.plan_type_id, pb.name AS before_plan, pa.name AS after_plan, en.status AS status_before, ch.status AS status_after,
              coalesce((SELECT string_agg(d.first_name, ', ' ORDER BY d.first_name) FROM enrollment_dependent ed JOIN dependent d ON d.id = ed.dependent_id WHERE ed.enrollment_id = en.id), '') AS before_people,
              coalesce((SELECT string_agg(d.first_name, ', ' ORDER BY d.first_name) FROM dependent d WHERE d.id = ANY (ch.dependent_ids)), '') AS after_people
         FROM enrollment_change ch JOIN enrollment en ON en.id = ch.enrollment_id AND en.client_id = ch.client_id
         LEFT JOIN plan pb ON pb.id = en.plan_id LEFT JOIN plan pa ON pa.id = ch.plan_id
        WHERE ch.change_set_id = ANY ($1::int[]) AND ch.client_id = $client ORDER BY ch.change_set_id, ch.plan_type_id`,
      [[...changeSetIds]],
    );
    const state = (status: number, plan: string | null, people: string) => (status > 0 ? `${plan ?? 'Enrolled'}${people ? ` (with ${people})` : ''}` : status < 0 ? 'Declined' : 'Not chosen');
    const out = new Map<number, PendingLifeEvent['changes']>();
    for (const r of rows) {
      const change = { planType: PLAN_TYPE_NAMES[r.plan_type_id as PlanTypeId] ?? `Plan type ${r.plan_type_id}`, before: state(r.status_before, r.before_plan, r.before_people), after: state(r.status_after, r.after_plan, r.after_people) };
      if (change.before !== change.after) out.set(r.change_set_id, [...(out.get(r.change_set_id) ?? []), change]);
    }
    return out;
  }
}
