import { Clock } from '../../core/clock/clock';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { toUsDate } from '../../contracts/formats';
import { ALLOWED_CHANGES, LIFE_EVENT_TYPES, LifeEventMessages, proofReminderDue, PROOF_REMINDER_DAYS, type LifeEventReview, type ReviewElection, type LifeEventType, type MidyearChangesData } from '../../contracts/life-events';
import { PLAN_TYPE_NAMES, type PlanTypeId } from '../../contracts/plans';
import { AuditService } from '../../core/audit/audit.service';
import { RequestContext } from '../../core/context/request-context';
import { TenantDb } from '../../core/database/tenant-db';
import { ElectionDrafts } from '../enrollments/election-drafts.service';
import { DEPENDENT_TYPES } from '../../contracts/engine/plan-types';
import { ContributionEngine, type PriceCents, type PriceChange } from '../../contracts/engine/contribution-engine';
import { centsToDecimal } from '../../contracts/engine/money';
import { tierLabel, type Tier } from '../../contracts/engine/tiers';
import { PLAN_SQL, employeeAgeFor, pricingOf, type PlanRecord } from '../plans/plan-model';
import { PlansService } from '../plans/plans.service';
import { fullName } from '../../contracts/common';
import { EmployeeRecords } from '../employees/employee-records.service';
import { FILE_STORAGE, type FileStorage } from '../files/file-storage';
import { FilesService } from '../files/files.service';
import { signaturePngOf } from '../forms/signature-png';
import { SignatureService } from '../forms/signature.service';
import { JobIds, type JobPayloads } from '../../core/jobs/job-registry';
import { JobsService } from '../../core/jobs/jobs.service';
import { OnJob } from '../../core/jobs/on-job.decorator';
import { MailService } from '../../core/mail/mail.service';
import { conflict, dataOf, LifeEventRecords, type ChangeRow, type ProofStatus } from './life-event-records';
import { LifeEventWizardService } from './life-event-wizard.service';

/**
 * Step 7 of a life event: the review priced by the contribution engine and the signature, after which the
 * elections wait for HR; and the reminder to upload the document a signed event still asks for.
 */
@Injectable()
export class LifeEventSigningService {
  private readonly logger = new Logger(LifeEventSigningService.name);

  constructor(
    private readonly db: TenantDb,
    private readonly context: RequestContext,
    private readonly audit: AuditService,
    private readonly drafts: ElectionDrafts,
    private readonly mail: MailService,
    private readonly signatures: SignatureService,
    private readonly jobs: JobsService,
    private readonly plans: PlansService,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly clock: Clock,
    private readonly dataSource: DataSource,
    private readonly records: LifeEventRecords,
    private readonly wizard: LifeEventWizardService,
    private readonly files: FilesService,
    private readonly employees: EmployeeRecords,
  ) {}

  /**
   * GET /midyear-changes/review: each plan type the event's draft changes, the election in force before and the
   * new one, priced by the contribution engine at the tier each side's covered people make (a plan without
   * tiers: its elected amounts), and the difference per paycheck and per year.
   */
  async review(): Promise<LifeEventReview> {
    const employeeId = this.context.ownEmployeeId();
    const draft = await this.records.draftOf(employeeId, false);
    if (!draft?.event_type) throw conflict(LifeEventMessages.noEvent);
    const ctx = await this.plans.employeeContext(employeeId);
    const engine = new ContributionEngine(ctx.payPeriods);
    const rows =
      draft.change_set_id === null
        ? []
        : await this.db.query<ChangeRow & { tier_before: number | null; tier_after: number | null; cents_before: number | null; cents_after: number | null; er_before: number | null; er_after: number | null }>(
            `SELECT ch.plan_type_id, en.status AS status_before, ch.status AS status_after, en.plan_id AS plan_before, ch.plan_id AS plan_after,
                    en.tier AS tier_before, ch.tier AS tier_after, en.contribution_cents AS cents_before, ch.contribution_cents AS cents_after,
                    en.employer_contribution_cents AS er_before, ch.employer_contribution_cents AS er_after,
                    ARRAY(SELECT ed.dependent_id FROM enrollment_dependent ed WHERE ed.enrollment_id = en.id ORDER BY 1) AS deps_before,
                    ARRAY(SELECT unnest(ch.dependent_ids) ORDER BY 1) AS deps_after
               FROM enrollment_change ch JOIN enrollment en ON en.id = ch.enrollment_id AND en.client_id = ch.client_id
              WHERE ch.change_set_id = $1 AND ch.client_id = $client ORDER BY ch.plan_type_id`,
            [draft.change_set_id],
          );
    const planIds = [...new Set(rows.flatMap((r) => [r.plan_before, r.plan_after]).filter((id): id is number => id !== null))];
    const plans = new Map((planIds.length ? await this.db.query<PlanRecord>(`${PLAN_SQL} WHERE p.id = ANY ($1::int[]) AND p.client_id = $client`, [planIds]) : []).map((p) => [p.id, p]));
    const people = new Map(
      (await this.db.query<{ id: number; first_name: string; last_name: string; relationship_type_id: number | null }>('SELECT id, first_name, last_name, relationship_type_id FROM dependent WHERE employee_id = $1 AND client_id = $client', [employeeId])).map(
        (d) => [d.id, d],
      ),
    );
    /** One side: nothing elected pays nothing; a tiered plan is priced at its people's tier; others at what was elected. */
    const side = (status: number, planId: number | null, tier: number | null, cents: number | null, employerCents: number | null, deps: number[]): { view: ReviewElection; price: PriceCents | null } => {
      const plan = planId === null ? undefined : plans.get(planId);
      const names = deps.map((id) => people.get(id)).filter((d) => d !== undefined).map((d) => fullName({ firstName: d.first_name, lastName: d.last_name }));
      const statusText = (['1', '0', '-1', '-2'] as const).find((x) => x === String(status)) ?? '0';
      let price: PriceCents | null = null;
      if (status > 0 && plan) {
        const tiered = plan.rate_type !== 2 && DEPENDENT_TYPES.includes(plan.plan_type_id);
        const covered = deps.map((id) => ({ relationshipTypeId: people.get(id)?.relationship_type_id ?? 0 }));
        price = (tiered ? engine.peoplePrice(pricingOf(plan), covered, employeeAgeFor(plan, ctx)) : null) ?? engine.electedPrice((tier ?? null) as Tier | null, cents ?? 0, employerCents ?? 0);
      }
      return {
        price,
        view: {
          status: statusText,
          planName: status > 0 ? (plan?.name ?? null) : null,
          people: status > 0 ? names : [],
          tier: price?.tier ?? null,
          tierLabel: plan && price ? tierLabel(plan.tier_structure, price.tier) : null,
          amount: centsToDecimal(price?.employeeCents ?? 0),
          annualAmount: centsToDecimal(price?.annualEmployeeCents ?? 0),
          employerAmount: centsToDecimal(price?.employerCents ?? 0),
          annualEmployerAmount: centsToDecimal(price?.annualEmployerCents ?? 0),
        },
      };
    };
    const money = (c: Pick<PriceChange, 'differenceCents' | 'annualDifferenceCents' | 'employerDifferenceCents' | 'annualEmployerDifferenceCents'>) => ({
      amount: centsToDecimal(c.differenceCents),
      annualAmount: centsToDecimal(c.annualDifferenceCents),
      employerAmount: centsToDecimal(c.employerDifferenceCents),
      annualEmployerAmount: centsToDecimal(c.annualEmployerDifferenceCents),
    });
    const changes: LifeEventReview['changes'] = [];
    const total = { differenceCents: 0, annualDifferenceCents: 0, employerDifferenceCents: 0, annualEmployerDifferenceCents: 0 };
    for (const r of rows) {
      const before = side(r.status_before, r.plan_before, r.tier_before, r.cents_before, r.er_before, r.deps_before);
      const after = side(r.status_after, r.plan_after, r.tier_after, r.cents_after, r.er_after, r.deps_after);
      const change = engine.priceChange(before.price, after.price);
      // A row the dialogs wrote back as it was is no change.
      if (JSON.stringify(before.view) === JSON.stringify(after.view)) continue;
      for (const k of Object.keys(total) as Array<keyof typeof total>) total[k] += change[k];
      changes.push({ planTypeId: r.plan_type_id, planType: PLAN_TYPE_NAMES[r.plan_type_id as PlanTypeId] ?? `Plan type ${r.plan_type_id}`, before: before.view, after: after.view, difference: money(change) });
    }
    const data = dataOf(draft);
    return { eventType: draft.event_type, eventTitle: LIFE_EVENT_TYPES[draft.event_type], eventDate: data.effectiveDate, coverageStarts: data.coverageStarts, payPeriods: ctx.payPeriods, changes, total: money(total) };
  }

  /**
   * POST /mid-changes: the signature of step 7. The rules of step 6 are checked again (the dialogs could still
   * write), the event's elections wait for HR (pending), the wizard starts again at step 1.
   */
  async sign(body: unknown): Promise<MidyearChangesData> {
    const png = signaturePngOf(body);
    const employeeId = this.context.ownEmployeeId();
    const key = `employees/${employeeId}/signatures/life-event-${randomUUID()}.png`;
    await this.storage.put(key, png);
    return this.db.transaction(async () => {
      const person = await this.records.person(employeeId);
      const draft = await this.records.draftOf(employeeId, true);
      if (!draft || draft.step !== 7 || draft.event_type === null || draft.change_set_id === null) throw conflict();
      await this.wizard.checkLeaving(6, { ...draft }, { step: 7 }, person, employeeId);
      const fileId = await this.files.add({ employeeId, title: `Signature, ${LIFE_EVENT_TYPES[draft.event_type]}`, fileType: 'personal', storageKey: key, contentType: 'image/png', sizeBytes: png.length });
      // The snapshot reads the event's draft, so it is taken before the draft becomes the pending set.
      const signatureId = await this.signatures.recordLifeEvent(employeeId, fileId);
      await this.drafts.submit(draft.change_set_id);
      await this.db.query(
        // Signed at the clock's now: the document's reminder counts the client's days from it.
        `UPDATE life_event SET status = 'pending', signed_at = $4::timestamptz, signature_file_id = $2, signature_id = $3, updated_at = now() WHERE id = $1 AND client_id = $client`,
        [draft.id, fileId, signatureId, this.clock.nowIso()],
      );
      await this.employees.saveMidyearChanges(employeeId, null);
      await this.audit.record(
        { employeeId, eventType: 'Life event', actionType: 'update', description: `Life event signed, waiting for HR: ${LIFE_EVENT_TYPES[draft.event_type]}`, data: [{ title: 'Event date', oldValue: null, newValue: toUsDate(draft.event_date), changed: true }] },
      );
      return { data: { ...dataOf(draft), status: 'pending' as const, rejectionReason: null }, signatureId };
    }).then(async ({ data, signatureId }) => {
      // After the commit, so the worker finds the row; the re-drive sweep queues it if Redis is away now.
      await this.jobs.tryQueue('documents.enrollment-summary', { signatureId, clientId: this.context.clientId, requestedBy: this.context.acting.accountId }, { jobId: JobIds.enrollmentSummary(signatureId) });
      return data;
    });
  }

  /**
   * The sweep (the workers' hourly tick), across clients: signed events still without the document they ask for,
   * 7 days on in their client's calendar by the clock, get their reminder job (one fixed id per event).
   */
  @OnJob('life-events.proof-reminders')
  async queueProofReminders(data: JobPayloads['life-events.proof-reminders']): Promise<{ queued: number }> {
    const rows: Array<{ id: number; client_id: number; event_type: LifeEventType; signed_on: string; today: string }> = await this.dataSource.query(
      `SELECT l.id, l.client_id, l.event_type, (l.signed_at AT TIME ZONE c.time_zone)::date::text AS signed_on, ($1::timestamptz AT TIME ZONE c.time_zone)::date::text AS today
         FROM life_event l JOIN client c ON c.id = l.client_id
        WHERE l.status = 'pending' AND l.proof_file_id IS NULL AND l.proof_reminded_at IS NULL
          AND l.signed_at <= $1::timestamptz - make_interval(days => $2::int - 1)
        ORDER BY l.signed_at, l.id`,
      [this.clock.nowIso(), PROOF_REMINDER_DAYS],
    );
    let queued = 0;
    for (const r of rows) {
      // The rule decides (the query only narrows): the client's calendar days, the document the event asks for.
      if (!proofReminderDue({ eventType: r.event_type, status: 'pending', proofUploaded: false, reminded: false, signedOn: r.signed_on, today: r.today })) continue;
      await this.jobs.queue('life-events.proof-reminder', { lifeEventId: r.id, clientId: r.client_id, requestedBy: null }, { jobId: JobIds.proofReminder(r.id) });
      queued += 1;
    }
    this.logger.log({ tick: data.tick, queued }, 'life-event proof reminder sweep');
    return { queued };
  }

  /** One reminder, in the event's client: checked again under the row's lock, emailed once, recorded and audited. */
  @OnJob('life-events.proof-reminder')
  async sendProofReminder(data: JobPayloads['life-events.proof-reminder']): Promise<{ sent: boolean }> {
    if (!Number.isSafeInteger(data.lifeEventId) || !Number.isSafeInteger(data.clientId)) throw new UnrecoverableError('lifeEventId and clientId must be ids');
    return this.db.transaction(async () => {
      const [l] = await this.db.query<{ id: number; employee_id: number; event_type: LifeEventType; status: ProofStatus; proof_file_id: number | null; reminded: boolean; signed_on: string | null; today: string; first_name: string; email: string | null }>(
        `SELECT l.id, l.employee_id, l.event_type, l.status, l.proof_file_id, l.proof_reminded_at IS NOT NULL AS reminded,
                (l.signed_at AT TIME ZONE c.time_zone)::date::text AS signed_on, ($2::timestamptz AT TIME ZONE c.time_zone)::date::text AS today,
                e.first_name, nullif(coalesce(a.email, e.email), '') AS email
           FROM life_event l JOIN client c ON c.id = l.client_id JOIN employee e ON e.id = l.employee_id AND e.client_id = l.client_id LEFT JOIN account a ON a.id = e.account_id
          WHERE l.id = $1 AND l.client_id = $client FOR UPDATE OF l`,
        [data.lifeEventId, this.clock.nowIso()],
      );
      if (!l || l.event_type === null) return { sent: false };
      const due = proofReminderDue({ eventType: l.event_type, status: l.status, proofUploaded: l.proof_file_id !== null, reminded: l.reminded, signedOn: l.signed_on, today: l.today });
      if (!due) return { sent: false };
      await this.db.query(`UPDATE life_event SET proof_reminded_at = $2 WHERE id = $1 AND client_id = $client`, [l.id, this.clock.nowIso()]);
      if (l.email) {
        await this.mail.enqueue(
          {
            template: 'life-event-proof-reminder',
            to: l.email,
            data: { firstName: l.first_name, eventTitle: LIFE_EVENT_TYPES[l.event_type], document: (ALLOWED_CHANGES[l.event_type].proof ?? 'Supporting document').toLowerCase(), signedOn: toUsDate(l.signed_on) ?? l.signed_on! },
            idempotencyKey: `life-event-proof-reminder:${l.id}`,
            clientId: data.clientId,
          },
        );
      }
      await this.audit.record(
        { employeeId: l.employee_id, eventType: 'Life event', actionType: 'update', description: `Reminder${l.email ? ' emailed' : ' due (no email address)'}: upload the ${ALLOWED_CHANGES[l.event_type].proof!.toLowerCase()}`, data: [] },
      );
      return { sent: l.email !== null };
    });
  }
}
