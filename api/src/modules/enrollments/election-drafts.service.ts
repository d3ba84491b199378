import { Injectable, NotFoundException } from '@nestjs/common';
import { RegistrationStep } from '../../contracts/auth';
import { DraftMessages, type ElectionDraft } from '../../contracts/enrollments';
import { PLAN_TYPE_NAMES, type PlanTypeId } from '../../contracts/plans';
import type { AuditFieldChange } from '../../core/audit/audit-entry.table';
import { Clock } from '../../core/clock/clock';
import { AuditService, diffFields } from '../../core/audit/audit.service';
import { RequestContext } from '../../core/context/request-context';
import { TenantDb } from '../../core/database/tenant-db';
import { AccountsService } from '../accounts/accounts.service';
import { ELECTION_AUDIT_TITLES, ELECTION_COLUMNS, electionSelectList, type Election } from './elections';

export type ChangeSetKind = 'modify' | 'open_enrollment' | 'life_event';

const typeName = (id: number) => PLAN_TYPE_NAMES[id as PlanTypeId] ?? String(id);
const noDraft = () => new NotFoundException({ statusCode: 404, message: DraftMessages.noDraft });

type StoredElection = Election & { plan_type_id: number; dependents: string };

/**
 * The employee's unsigned changes to their elections. A draft is opened when a
 * finished enrollment is reopened; while it is open every election write lands in it, the `enrollment`
 * rows (what is in force) stay as signed, signing applies it in one audited change set and cancelling
 * discards it. Open enrollment and life events open sets of their own kind on the same tables.
 */
@Injectable()
export class ElectionDrafts {
  constructor(
    private readonly db: TenantDb,
    private readonly context: RequestContext,
    private readonly audit: AuditService,
    private readonly accounts: AccountsService,
    private readonly clock: Clock,
  ) {}

  /** The open draft of the employee, or null. */
  async openId(employeeId: number, lock = false): Promise<number | null> {
    const rows = await this.db.query<{ id: number }>(
      `SELECT id FROM election_change_set WHERE employee_id = $1 AND client_id = $client AND status = 'draft'${lock ? ' FOR UPDATE' : ''}`,
      [employeeId],
    );
    return rows[0]?.id ?? null;
  }

  /** Opens the employee's draft in the current period; an open one is kept. Null without a current period. */
  async open(employeeId: number, kind: ChangeSetKind): Promise<number | null> {
    const opened = await this.db.query<{ id: number }>(
      `INSERT INTO election_change_set (client_id, employee_id, open_enrollment_period_id, kind, opened_by)
       SELECT $client, $1, oe.id, $2, $3 FROM open_enrollment_period oe WHERE oe.client_id = $client AND oe.is_current
       ON CONFLICT (employee_id) WHERE status = 'draft' DO NOTHING
       RETURNING id`,
      [employeeId, kind, this.context.acting.accountId],
    );
    if (opened[0]) {
      await this.audit.record({ employeeId, eventType: 'Enrollment', actionType: 'create', description: 'Started changes to benefit elections (not signed yet)' });
      return opened[0].id;
    }
    return this.openId(employeeId);
  }

  /** Records an election's new state in the draft (the whole state: the last write wins). */
  async write(changeSetId: number, enrollmentId: number, planTypeId: number, after: Election, dependentIds: readonly number[]): Promise<void> {
    const n = ELECTION_COLUMNS.length;
    await this.db.query(
      `INSERT INTO enrollment_change (change_set_id, client_id, enrollment_id, plan_type_id, ${ELECTION_COLUMNS.join(', ')}, dependent_ids)
       VALUES ($1, $client, $2, $3, ${ELECTION_COLUMNS.map((_c, i) => `$${i + 4}`).join(', ')}, $${n + 4}::int[])
       ON CONFLICT (change_set_id, enrollment_id) DO UPDATE
         SET ${ELECTION_COLUMNS.map((c) => `${c} = EXCLUDED.${c}`).join(', ')}, dependent_ids = EXCLUDED.dependent_ids, updated_at = now()`,
      [changeSetId, enrollmentId, planTypeId, ...ELECTION_COLUMNS.map((c) => after[c]), [...dependentIds]],
    );
  }

  /** GET /enrollments/draft: the plan types whose draft differs from what is signed. */
  async status(employeeId: number): Promise<ElectionDraft> {
    const sets = await this.db.query<{ id: number; created_at: Date }>(
      `SELECT id, created_at FROM election_change_set WHERE employee_id = $1 AND client_id = $client AND status = 'draft'`,
      [employeeId],
    );
    const set = sets[0];
    if (!set) return { open: false, openedAt: null, changedPlanTypes: [] };
    const changed = (await this.changes(set.id, false)).filter((c) => c.data.length > 0);
    return { open: true, openedAt: set.created_at.toISOString(), changedPlanTypes: changed.map((c) => typeName(c.planTypeId)) };
  }

  /**
   * DELETE /enrollments/draft ('Cancel changes'): the draft is discarded, the signed elections stay, and
   * the registration is finished again (the wizard no longer waits for a signature).
   */
  async cancel(employeeId: number): Promise<void> {
    await this.db.transaction(async () => {
      const id = await this.openId(employeeId, true);
      if (id === null) throw noDraft();
      await this.db.query(`UPDATE election_change_set SET status = 'cancelled', closed_at = $2 WHERE id = $1 AND client_id = $client`, [id, this.clock.nowIso()]);
      await this.accounts.setRegistrationStepOfEmployee(employeeId, RegistrationStep.Finished);
      await this.audit.record({ employeeId, eventType: 'Enrollment', actionType: 'delete', description: 'Discarded unsigned changes to benefit elections' });
    });
  }

  /**
   * At signing: the draft becomes the elections, in the signer's transaction, audited as one change set
   * (every field that changed, per plan type). Answers the set's id, or null when no draft was open.
   */
  async apply(employeeId: number): Promise<number | null> {
    const id = await this.openId(employeeId, true);
    if (id === null) return null;
    await this.applySet(id, employeeId, 'Signed changes to benefit elections');
    return id;
  }

  /** A signed life event's set waits for HR: no longer editable, not in force yet. */
  async submit(changeSetId: number): Promise<void> {
    await this.db.query(`UPDATE election_change_set SET status = 'pending' WHERE id = $1 AND client_id = $client AND status = 'draft'`, [changeSetId]);
  }

  /** HR rejected the life event: its set is discarded. */
  async discard(changeSetId: number): Promise<void> {
    await this.db.query(`UPDATE election_change_set SET status = 'cancelled', closed_at = $2 WHERE id = $1 AND client_id = $client AND status IN ('draft', 'pending')`, [changeSetId, this.clock.nowIso()]);
  }

  /**
   * A set becomes the elections (a signed draft, or a life event HR approved), in the caller's transaction,
   * audited as one change (every field that changed, per plan type).
   */
  async applySet(id: number, employeeId: number, what: string): Promise<void> {
    const changes = await this.changes(id, true);
    // An election in force that no signed summary of its period and no earlier applied change holds (an as-is
    // renewal carried over, seeded data) is in the history only as its row: keep that state before overwriting
    // it, or the deduction files would lose what was deducted before the change.
    await this.db.query(
      `UPDATE enrollment_change ch
          SET before_state = jsonb_build_object(${ELECTION_COLUMNS.map((col) => `'${col}', en.${col}`).join(', ')},
                'dependent_ids', ARRAY(SELECT ed.dependent_id FROM enrollment_dependent ed WHERE ed.enrollment_id = en.id ORDER BY ed.dependent_id))
         FROM enrollment en
        WHERE ch.change_set_id = $1 AND ch.client_id = $client AND en.id = ch.enrollment_id AND en.client_id = $client AND en.status <> 0
          AND NOT EXISTS (SELECT 1 FROM signature sg WHERE sg.employee_id = en.employee_id AND sg.client_id = en.client_id AND sg.kind = 'registration' AND sg.open_enrollment_period_id = en.open_enrollment_period_id)
          AND NOT EXISTS (SELECT 1 FROM enrollment_change prior JOIN election_change_set s ON s.id = prior.change_set_id AND s.client_id = prior.client_id AND s.status = 'applied'
                           WHERE prior.enrollment_id = en.id AND prior.change_set_id <> $1)`,
      [id],
    );
    // The whole set in three statements, whatever the number of elections it touches.
    await this.db.query(
      `UPDATE enrollment en SET ${ELECTION_COLUMNS.map((col) => `${col} = ch.${col}`).join(', ')}, updated_at = now()
         FROM enrollment_change ch
        WHERE ch.change_set_id = $1 AND en.id = ch.enrollment_id AND en.client_id = $client`,
      [id],
    );
    await this.db.query(
      `DELETE FROM enrollment_dependent ed USING enrollment_change ch
        WHERE ch.change_set_id = $1 AND ch.client_id = $client AND ed.enrollment_id = ch.enrollment_id`,
      [id],
    );
    await this.db.query(
      `INSERT INTO enrollment_dependent (enrollment_id, dependent_id)
       SELECT ch.enrollment_id, unnest(ch.dependent_ids) FROM enrollment_change ch WHERE ch.change_set_id = $1 AND ch.client_id = $client`,
      [id],
    );
    // The time it took effect orders it in the payroll history and dates it in the change report: the one clock's.
    await this.db.query(`UPDATE election_change_set SET status = 'applied', closed_at = $2 WHERE id = $1 AND client_id = $client`, [id, this.clock.nowIso()]);
    const data: AuditFieldChange[] = changes.flatMap((c) => c.data.map((d) => ({ ...d, title: `${typeName(c.planTypeId)}: ${d.title}` })));
    await this.audit.record(
      {
        employeeId,
        eventType: 'Enrollment',
        actionType: 'update',
        description: data.length ? `${what}: ${[...new Set(changes.filter((c) => c.data.length).map((c) => typeName(c.planTypeId)))].join(', ')}` : 'Signed benefit elections without changes',
        data,
      },
    );
  }

  /** A set still unsigned is dropped (a life event cancelled or changed to another kind); a signed one stays. */
  async dropDraft(changeSetId: number): Promise<void> {
    await this.db.query(`UPDATE election_change_set SET status = 'cancelled', closed_at = $2 WHERE id = $1 AND client_id = $client AND status = 'draft'`, [changeSetId, this.clock.nowIso()]);
  }

  /** The elections an applied set made (those in force) take effect on `date` (ISO), in the caller's transaction. */
  async setEffectiveDate(changeSetId: number, date: string): Promise<void> {
    await this.db.query(
      `UPDATE enrollment en SET effective_date = $2, updated_at = now() FROM enrollment_change ch
        WHERE ch.change_set_id = $1 AND ch.client_id = $client AND en.id = ch.enrollment_id AND en.status > 0`,
      [changeSetId, date],
    );
  }

  /** Which signature made a set the elections. */
  async linkSignature(changeSetId: number, signatureId: number): Promise<void> {
    await this.db.query(`UPDATE election_change_set SET signature_id = $2 WHERE id = $1 AND client_id = $client`, [changeSetId, signatureId]);
  }

  /** Each election of the set beside its signed state: the fields that differ, plan names instead of ids. */
  private async changes(changeSetId: number, lock: boolean): Promise<Array<{ enrollmentId: number; planTypeId: number; data: AuditFieldChange[] }>> {
    const read = (table: 'enrollment' | 'enrollment_change', where: string) =>
      this.db.query<StoredElection & { enrollment_id: number; plan_name: string | null }>(
        `SELECT x.${table === 'enrollment' ? 'id' : 'enrollment_id'} AS enrollment_id, x.plan_type_id, ${electionSelectList('x')}, pl.name AS plan_name,
                array_to_string(${table === 'enrollment' ? 'ARRAY(SELECT ed.dependent_id FROM enrollment_dependent ed WHERE ed.enrollment_id = x.id ORDER BY ed.dependent_id)' : 'ARRAY(SELECT unnest(x.dependent_ids) ORDER BY 1)'}, ',') AS dependents
           FROM ${table} x LEFT JOIN plan pl ON pl.id = x.plan_id
          WHERE ${where} AND x.client_id = $client ORDER BY x.plan_type_id${lock ? ' FOR UPDATE OF x' : ''}`,
        [changeSetId],
      );
    const after = await read('enrollment_change', 'x.change_set_id = $1');
    const before = new Map((await read('enrollment', 'x.id IN (SELECT enrollment_id FROM enrollment_change WHERE change_set_id = $1)')).map((r) => [r.enrollment_id, r]));
    const named = (r: (typeof after)[number] | undefined) => (r ? { ...r, plan_id: r.plan_name ?? r.plan_id } : null);
    return after.map((a) => ({
      enrollmentId: a.enrollment_id,
      planTypeId: a.plan_type_id,
      data: diffFields(ELECTION_AUDIT_TITLES, named(before.get(a.enrollment_id)), named(a)).filter((d) => d.changed),
    }));
  }
}
