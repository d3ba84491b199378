import { Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { ACTION_STATUS, ActionMessages, ACTION_STATUS_TEXT, LIFE_ADD_COMPANION, type Action, type ActionApproval, type ActionApprovalRequest, type ActionFile, type ActionListQuery } from '../../contracts/actions';
import { PLAN_TYPE_NAMES, type PlanTypeId } from '../../contracts/engine/plan-types';
import { CensusMessages, Messages } from '../../contracts/messages';
import { fullName } from '../../contracts/common';
import { RequestContext } from '../../core/context/request-context';
import { TenantDb } from '../../core/database/tenant-db';
import { JobIds } from '../../core/jobs/job-registry';
import { JobsService } from '../../core/jobs/jobs.service';
import { fieldErrors } from '../../core/http/field-errors';
import { FILE_STORAGE, type FileStorage } from '../files/file-storage';
import { FilesService } from '../files/files.service';

/** One election of a signed summary, as far as the action center compares them. */
export interface SignedElection {
  planTypeId?: number;
  planId?: number | null;
  planType: string;
  planName: string;
  status: string;
  dependents: string[];
  contributionAmount: string;
}

interface ActionRow {
  id: number;
  employee_id: number;
  first_name: string;
  last_name: string;
  plan_id: number | null;
  plan_name: string | null;
  plan_type_id: number | null;
  status: 'pending' | 'approved';
  description: string | null;
  onboarding_document_id: number | null;
  onboarding_title: string | null;
  created_at: Date;
  approval_id: number | null;
  approval_status: string | null;
}

const typeName = (id: number | null) => (id === null ? null : (PLAN_TYPE_NAMES[id as PlanTypeId] ?? `Plan type ${id}`));
const notFound = () => new NotFoundException({ statusCode: 404, message: Messages.noEmployeeFound });

/** What an election says, for telling a changed plan type from an unchanged one. */
const electionKey = (e: SignedElection | undefined) =>
  e ? JSON.stringify([e.planId ?? e.planName, e.status, [...e.dependents].sort(), e.contributionAmount]) : 'none';

/** The action's line in the list: what the employee did with the plan type. */
function describe(e: SignedElection | undefined, planType: string): string {
  if (!e) return `${planType}: no longer elected`;
  if (e.status === '1') return `Enrolled in ${e.planName}${e.dependents.length ? ` with ${e.dependents.join(', ')}` : ''}`;
  return `${e.status === '-1' ? 'Waived' : 'Declined'} ${planType}`;
}

/**
 * The Action Center: actions are written here by the modules whose events
 * cause them (a signed enrollment, a termination, an onboarding document that needs approval); HR approves
 * them with a signature, and the documents worker signs their forms (ActionSigningService).
 */
@Injectable()
export class ActionsService {
  private readonly logger = new Logger(ActionsService.name);

  constructor(
    private readonly db: TenantDb,
    private readonly context: RequestContext,
    private readonly jobs: JobsService,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly files: FilesService,
  ) {}

  /**
   * After a signature: one action per plan type whose election changed since the previous signature (every
   * plan type on the first one), in the signing transaction.
   */
  async createForSignature(employeeId: number, signatureId: number, current: readonly SignedElection[], previous: readonly SignedElection[] | null): Promise<number[]> {
    const byType = (list: readonly SignedElection[]) => new Map(list.filter((e) => e.planTypeId !== undefined).map((e) => [e.planTypeId!, e]));
    const now = byType(current);
    // A summary signed before plan types were recorded compares as "everything changed".
    const before = previous && previous.every((e) => e.planTypeId !== undefined) ? byType(previous) : null;
    const types = [...new Set([...now.keys(), ...(before ? before.keys() : [])])].sort((a, b) => a - b);
    const lines = types.flatMap((planTypeId) => {
      const e = now.get(planTypeId);
      const old = before?.get(planTypeId);
      if (before && electionKey(e) === electionKey(old)) return [];
      return [{ planTypeId, planId: e?.planId ?? old?.planId ?? null, description: describe(e, e?.planType ?? old?.planType ?? typeName(planTypeId)!) }];
    });
    return this.insertActions(employeeId, 'enrollment', { signatureId, terminationId: null }, lines);
  }

  /** One statement for the actions of one event, whatever their number. */
  private async insertActions(
    employeeId: number,
    kind: 'enrollment' | 'termination',
    cause: { signatureId: number | null; terminationId: number | null },
    lines: ReadonlyArray<{ planTypeId: number | null; planId: number | null; description: string }>,
  ): Promise<number[]> {
    if (lines.length === 0) return [];
    const rows = await this.db.query<{ id: number }>(
      `INSERT INTO action (client_id, employee_id, kind, plan_type_id, plan_id, description, signature_id, termination_id)
       SELECT $client, $1, $2, l.plan_type_id, l.plan_id, l.description, $3, $4
         FROM unnest($5::int[], $6::int[], $7::text[]) AS l(plan_type_id, plan_id, description)
       ON CONFLICT DO NOTHING RETURNING id`,
      [employeeId, kind, cause.signatureId, cause.terminationId, lines.map((l) => l.planTypeId), lines.map((l) => l.planId), lines.map((l) => l.description)],
    );
    return rows.map((r) => r.id).sort((a, b) => a - b);
  }

  /** A submitted onboarding document that HR must approve: its action, once per employee and document. */
  async requestDocumentApproval(employeeId: number, documentId: number): Promise<void> {
    await this.db.query(
      `INSERT INTO action (client_id, employee_id, kind, onboarding_document_id) VALUES ($client, $1, 'onboarding_document', $2)
       ON CONFLICT (employee_id, onboarding_document_id) DO NOTHING`,
      [employeeId, documentId],
    );
  }

  /** After a termination: one action per plan type the employee was enrolled in (one without a plan when none). */
  async createForTermination(employeeId: number, terminationId: number, enrolled: ReadonlyArray<{ planTypeId: number; planId: number; planName: string }>, coverageEnd: string): Promise<number[]> {
    const lines = enrolled.length
      ? enrolled.map((p) => ({ planTypeId: p.planTypeId, planId: p.planId, description: `Terminated: ${p.planName} ends ${coverageEnd}` }))
      : [{ planTypeId: null, planId: null, description: 'Terminated: no coverage to end' }];
    return this.insertActions(employeeId, 'termination', { signatureId: null, terminationId }, lines);
  }

  /** GET /actions: pending (or all) actions of the acting client, grouped by employee (sorted by name). */
  async list(q: ActionListQuery): Promise<Action[]> {
    const rows = await this.db.query<ActionRow>(
      `SELECT a.id, a.employee_id, e.first_name, e.last_name, a.plan_id, p.name AS plan_name, a.plan_type_id, a.status, a.description,
              a.onboarding_document_id, d.title AS onboarding_title, a.created_at, a.approval_id, ap.status AS approval_status
         FROM action a
         JOIN employee e ON e.id = a.employee_id
         LEFT JOIN plan p ON p.id = a.plan_id
         LEFT JOIN onboarding_document d ON d.id = a.onboarding_document_id
         LEFT JOIN action_approval ap ON ap.id = a.approval_id
        WHERE a.client_id = $client AND ($1::int IS NULL OR a.employee_id = $1) AND ($2::int IS NULL OR a.plan_type_id = $2)
          AND ($3 = 'all' OR a.status = 'pending')
        ORDER BY lower(e.last_name), lower(e.first_name), a.employee_id, a.created_at, a.id
        LIMIT 2000`,
      [q.employeeId ?? null, q.planTypeId ?? null, q.status],
    );
    const files = await this.filesOf(rows.map((r) => r.id));
    return rows.map((r) => ({
      id: r.id,
      employeeId: r.employee_id,
      firstName: r.first_name,
      lastName: r.last_name,
      planId: r.plan_id,
      planName: r.plan_name,
      planTypeId: r.plan_type_id,
      planType: typeName(r.plan_type_id),
      status: ACTION_STATUS_TEXT[ACTION_STATUS[r.status]]!,
      statusId: ACTION_STATUS[r.status],
      description: r.description ?? (r.onboarding_title ? `Onboarding document: ${r.onboarding_title}` : ''),
      files: (files.get(r.id) ?? []).map((f) => ({ id: f.id, title: f.title })),
      onboardingId: r.onboarding_document_id,
      createdOn: r.created_at.toISOString(),
      approvalId: r.approval_status === 'signing' ? r.approval_id : null,
    }));
  }

  /**
   * The forms of each action: for a pending one the documents to sign (the signed summary and the plan's
   * carrier forms, the termination notice, the onboarding document's files); for an approved one their signed copies.
   */
  async filesOf(actionIds: readonly number[]): Promise<Map<number, Array<ActionFile & { contentType: string; storageKey: string }>>> {
    const out = new Map<number, Array<ActionFile & { contentType: string; storageKey: string }>>();
    if (actionIds.length === 0) return out;
    const rows = await this.db.query<{ action_id: number; id: number; title: string; content_type: string; storage_key: string }>(
      `WITH a AS (SELECT * FROM action WHERE id = ANY($1::int[]) AND client_id = $client),
       forms AS (
         SELECT a.id AS action_id, s.summary_file_id AS file_id, 0 AS ord FROM a JOIN signature s ON s.id = a.signature_id WHERE a.status = 'pending' AND s.summary_file_id IS NOT NULL
         UNION ALL SELECT a.id, pf.file_id, 1 + pf.sort_order FROM a JOIN plan_file pf ON pf.plan_id = a.plan_id WHERE a.status = 'pending' AND a.kind = 'enrollment'
         UNION ALL SELECT a.id, t.notice_file_id, 0 FROM a JOIN termination t ON t.id = a.termination_id WHERE a.status = 'pending'
         UNION ALL SELECT a.id, u.file_id, u.ord FROM a JOIN onboarding_document d ON d.id = a.onboarding_document_id
                   CROSS JOIN LATERAL unnest(d.file_ids) WITH ORDINALITY AS u(file_id, ord) WHERE a.status = 'pending'
         UNION ALL SELECT sf.action_id, sf.signed_file_id, 0 FROM a JOIN action_signed_form sf ON sf.action_id = a.id WHERE a.status = 'approved'
       )
       SELECT forms.action_id, f.id, f.title, f.content_type, f.storage_key
         FROM forms JOIN file f ON f.id = forms.file_id AND f.client_id = $client
        ORDER BY forms.action_id, forms.ord, f.id`,
      [actionIds],
    );
    for (const r of rows) {
      const list = out.get(r.action_id) ?? [];
      if (!list.some((f) => f.id === r.id)) list.push({ id: r.id, title: r.title, contentType: r.content_type, storageKey: r.storage_key });
      out.set(r.action_id, list);
    }
    return out;
  }

  /**
   * POST /actions: records HR's approval with the signature and queues one signing job per action (fixed job ids).
   * The actions stay pending until the job has signed every form; a second click while one is signing
   * answers that same approval instead of starting another.
   */
  async approve(body: ActionApprovalRequest, png: Buffer): Promise<ActionApproval> {
    const acting = this.context.acting;
    const key = `approvals/${randomUUID()}.png`;
    const approval = await this.db.transaction(async () => {
      const employee = await this.db.query<{ id: number }>('SELECT id FROM employee WHERE id = $1 AND client_id = $client FOR UPDATE', [body.employeeId]);
      if (!employee[0]) throw notFound();
      const types = body.planTypeId ? [body.planTypeId, ...(LIFE_ADD_COMPANION[body.planTypeId] ? [LIFE_ADD_COMPANION[body.planTypeId]!] : [])] : null;
      const actions = await this.db.query<{ id: number; approval_id: number | null; approval_status: string | null }>(
        `SELECT a.id, a.approval_id, ap.status AS approval_status
           FROM action a LEFT JOIN action_approval ap ON ap.id = a.approval_id
          WHERE a.client_id = $client AND a.employee_id = $1 AND a.status = 'pending'
            AND ($2::int[] IS NULL OR a.plan_type_id = ANY($2::int[])) AND ($3::int IS NULL OR a.onboarding_document_id = $3)
          ORDER BY a.id FOR UPDATE OF a`,
        [body.employeeId, types, body.onboardingId ?? null],
      );
      if (actions.length === 0) throw fieldErrors([{ path: 'employeeId', message: CensusMessages.nothingToApprove }]);
      const signing = actions.find((a) => a.approval_status === 'signing');
      if (signing) return { id: signing.approval_id!, created: false, actionIds: [] };
      const approver = (await this.db.manager.query(`SELECT concat_ws(' ', first_name, last_name) AS name FROM account WHERE id = $1`, [acting.accountId])) as Array<{ name: string }>;
      await this.storage.put(key, png);
      const imageId = await this.files.add({ employeeId: body.employeeId, title: 'HR approval signature', fileType: 'personal', storageKey: key, contentType: 'image/png', sizeBytes: png.length });
      const [row] = await this.db.query<{ id: number }>(
        `INSERT INTO action_approval (client_id, employee_id, signature_file_id, approved_by, approver_name) VALUES ($client, $1, $2, $3, $4) RETURNING id`,
        [body.employeeId, imageId, acting.accountId, approver[0]?.name || 'HR administrator'],
      );
      await this.db.query(`UPDATE action SET approval_id = $1 WHERE id = ANY($2::int[]) AND client_id = $client`, [row!.id, actions.map((a) => a.id)]);
      return { id: row!.id, created: true, actionIds: actions.map((a) => a.id) };
    });
    if (approval.created) {
      // After the commit, so the worker finds the rows: one signing job per action, each with its fixed id. If
      // Redis refuses now, the re-drive sweep queues the missing ones (same ids).
      for (const actionId of approval.actionIds) {
        await this.jobs.tryQueue(
          'actions.sign',
          { approvalId: approval.id, actionId, clientId: this.context.clientId, requestedBy: acting.accountId },
          { jobId: JobIds.actionSigning(approval.id, actionId) },
        );
      }
      this.logger.log({ approvalId: approval.id, employeeId: body.employeeId, actions: approval.actionIds.length }, 'actions approved; signing queued');
    }
    return this.approval(approval.id);
  }

  /** GET /actions/approvals/{id}: how far the signing job is (the overlay waits for done or failed). */
  async approval(id: number): Promise<ActionApproval> {
    const rows = await this.db.query<{ id: number; status: ActionApproval['status']; forms_total: number; forms_signed: number; action_ids: number[] | null }>(
      `SELECT ap.id, ap.status, ap.forms_total, ap.forms_signed, (SELECT array_agg(a.id ORDER BY a.id) FROM action a WHERE a.approval_id = ap.id) AS action_ids
         FROM action_approval ap WHERE ap.id = $1 AND ap.client_id = $client`,
      [id],
    );
    const r = rows[0];
    if (!r) throw new NotFoundException({ statusCode: 404, message: ActionMessages.approvalNotFound });
    return { id: r.id, status: r.status, formsTotal: r.forms_total, formsSigned: r.forms_signed, actionIds: r.action_ids ?? [] };
  }

  /** The audit line of an approval, written by the signing job when it is done. */
  describeApproval(names: { firstName: string; lastName: string }, types: ReadonlyArray<number | null>): string {
    const what = [...new Set(types.map((t) => typeName(t) ?? 'Termination or onboarding'))].join(', ');
    return `Actions approved for ${fullName(names)}: ${what}`;
  }
}
