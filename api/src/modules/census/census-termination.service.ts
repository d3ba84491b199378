import { ConflictException, ForbiddenException, Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { fullName } from '../../contracts/common';
import { coverageEndFor, employeeGroup, type TerminationRequest, type TerminationResponse, type TerminationReview, type TerminationReviewQuery } from '../../contracts/employees';
import { PLAN_TYPE_NAMES, type PlanTypeId } from '../../contracts/engine/plan-types';
import { toIsoDate, toUsDate } from '../../contracts/formats';
import { CensusMessages } from '../../contracts/messages';
import { OPTION_LISTS } from '../../contracts/option-lists';
import { AuditService } from '../../core/audit/audit.service';
import { SessionStore } from '../../core/auth/session-store';
import { ClientCalendar } from '../../core/clock/client-calendar';
import { RequestContext } from '../../core/context/request-context';
import { TenantDb } from '../../core/database/tenant-db';
import { MailService } from '../../core/mail/mail.service';
import { ActionsService } from '../actions/actions.service';
import { EmployeeRecords } from '../employees/employee-records.service';
import { EnrollmentsService } from '../enrollments/enrollments.service';
import { FILE_STORAGE, type FileStorage } from '../files/file-storage';
import { FilesService } from '../files/files.service';
import { CensusRecordsService, noticeAddress, type EmployeeRow } from './census-records.service';
import { renderTerminationNotice } from './termination-notice';

/**
 * Terminate: the review of what a termination would change, and the termination itself (the signed notice
 * kept as files, coverage to the end of the month, an action for the carriers, the COBRA notice email, sign-in
 * ended with the date), audited in its transaction.
 */
@Injectable()
export class CensusTerminationService {
  constructor(
    private readonly db: TenantDb,
    private readonly context: RequestContext,
    private readonly audit: AuditService,
    private readonly enrollments: EnrollmentsService,
    private readonly actions: ActionsService,
    private readonly sessions: SessionStore,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly files: FilesService,
    private readonly calendar: ClientCalendar,
    private readonly mail: MailService,
    private readonly records: CensusRecordsService,
    private readonly employees: EmployeeRecords,
  ) {}

  /** The current elections whose coverage a termination ends (enrolled, in the current period), by plan type. */
  private currentElections(id: number) {
    return this.db.query<{ plan_type_id: number; plan_id: number; plan_name: string }>(
      `SELECT en.plan_type_id, en.plan_id, p.name AS plan_name
         FROM enrollment en JOIN plan p ON p.id = en.plan_id JOIN open_enrollment_period oe ON oe.id = en.open_enrollment_period_id
        WHERE en.employee_id = $1 AND en.client_id = $client AND en.status = 1 AND oe.is_current
        ORDER BY en.plan_type_id`,
      [id],
    );
  }

  /** Who may be terminated: never oneself, only an active employee (the review refuses what the termination would). */
  private async terminable(id: number): Promise<EmployeeRow> {
    if (this.context.user.employeeId === id) throw new ForbiddenException({ statusCode: 403, message: CensusMessages.cannotTerminateSelf });
    const e = await this.records.load(id);
    if (e.terminated || e.cobra) throw new ConflictException({ statusCode: 409, message: CensusMessages.onlyActiveCanBeTerminated });
    return e;
  }

  /** GET /employees/{id}/termination-review: what PUT …/terminate would change, from the same rules; writes nothing. */
  async review(id: number, q: TerminationReviewQuery): Promise<TerminationReview> {
    const coverageEnd = toUsDate(coverageEndFor(toIsoDate(q.terminationDate)!))!;
    return this.db.transaction(async () => {
      const e = await this.terminable(id);
      const enrolled = await this.currentElections(id);
      return {
        employeeName: fullName({ firstName: e.first_name, lastName: e.last_name }),
        terminationDate: q.terminationDate,
        coverageEndDate: coverageEnd,
        qualifyingEvent: OPTION_LISTS.qualifyingEvent.find((o) => o.id === q.qualifyingEventId)!.text,
        cobraElection: q.cobraElection,
        plans: enrolled.map((p) => ({ planType: PLAN_TYPE_NAMES[p.plan_type_id as PlanTypeId] ?? 'Plan', planName: p.plan_name, coverageEnds: coverageEnd })),
        noticeTo: noticeAddress(e),
      };
    });
  }

  /** PUT /employees/{id}/terminate: never oneself, only an active employee; coverage ends at the end of the month. */
  async terminate(id: number, body: TerminationRequest, png: Buffer): Promise<TerminationResponse> {
    const terminationDate = toIsoDate(body.terminationDate)!;
    const coverageEnd = coverageEndFor(terminationDate);
    const signatureKey = `employees/${id}/terminations/${randomUUID()}-signature.png`;
    const noticeKey = `employees/${id}/terminations/${randomUUID()}-notice.pdf`;
    const result = await this.db.transaction(async (m) => {
      const e = await this.terminable(id);
      const enrolled = await this.currentElections(id);
      const [client] = await this.db.query<{ name: string }>('SELECT name FROM client WHERE id = $client', []);
      const [hr] = (await m.query(`SELECT concat_ws(' ', first_name, last_name) AS name FROM account WHERE id = $1`, [this.context.acting.accountId])) as Array<{ name: string }>;
      const event = OPTION_LISTS.qualifyingEvent.find((o) => o.id === body.qualifyingEventId)!.text;
      const notice = await renderTerminationNotice({
        clientName: client?.name ?? '',
        employeeName: fullName({ firstName: e.first_name, lastName: e.last_name }),
        terminationDate: body.terminationDate,
        coverageEndDate: toUsDate(coverageEnd)!,
        qualifyingEvent: event,
        cobraElection: body.cobraElection,
        totalDisability: body.totalDisability,
        disabilityStartDate: body.disabilityStartDate ?? null,
        notes: body.notes ?? null,
        plans: enrolled.map((p) => `${PLAN_TYPE_NAMES[p.plan_type_id as PlanTypeId] ?? 'Plan'}: ${p.plan_name}`),
        terminatedBy: hr?.name || 'HR administrator',
        signaturePng: png,
      });
      await this.storage.put(signatureKey, png);
      await this.storage.put(noticeKey, Buffer.from(notice));
      const files = [
        await this.files.add({ employeeId: id, title: 'Termination signature', fileType: 'personal', storageKey: signatureKey, contentType: 'image/png', sizeBytes: png.length }),
        await this.files.add({ employeeId: id, title: `Termination notice ${body.terminationDate}`, fileType: 'personal', storageKey: noticeKey, contentType: 'application/pdf', sizeBytes: notice.length }),
      ];
      const [t] = await this.db.query<{ id: number }>(
        `INSERT INTO termination (client_id, employee_id, termination_date, total_disability, disability_start_date, qualifying_event_id, cobra_election, notes,
                                  signature_file_id, notice_file_id, coverage_end_date, terminated_by)
         VALUES ($client, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
        [id, terminationDate, body.totalDisability, toIsoDate(body.disabilityStartDate), body.qualifyingEventId, body.cobraElection, body.notes ?? null, files[0], files[1], coverageEnd, this.context.acting.accountId],
      );
      await this.employees.markTerminated(id, body.cobraElection, terminationDate);
      // Coverage of the current elections ends on the rule's date (shown as Effective To).
      await this.enrollments.endCoverage(id, coverageEnd);
      const actionIds = await this.actions.createForTermination(
        id,
        t!.id,
        enrolled.map((p) => ({ planTypeId: p.plan_type_id, planId: p.plan_id, planName: p.plan_name })),
        toUsDate(coverageEnd)!,
      );
      await this.audit.record(
        {
          employeeId: id,
          eventType: 'Termination',
          actionType: 'update',
          description: `Employee ${fullName({ firstName: e.first_name, lastName: e.last_name })} terminated${body.cobraElection ? ' (COBRA continuation)' : ''}`,
          data: [
            { title: 'Termination date', oldValue: null, newValue: body.terminationDate, changed: true },
            { title: 'Qualifying event', oldValue: null, newValue: event, changed: true },
            { title: 'COBRA election', oldValue: null, newValue: body.cobraElection ? 'Yes' : 'No', changed: true },
            { title: 'Total disability', oldValue: null, newValue: body.totalDisability ? `Yes, since ${body.disabilityStartDate}` : 'No', changed: true },
            { title: 'Coverage ends', oldValue: null, newValue: toUsDate(coverageEnd), changed: true },
            { title: 'Notes', oldValue: null, newValue: body.notes ?? null, changed: body.notes !== undefined },
          ],
        },
      );
      // The employee's termination and COBRA notice, queued only if all of this commits.
      const to = noticeAddress(e);
      if (to !== null) {
        await this.mail.enqueue(
          {
            template: 'termination-notice',
            to,
            data: {
              firstName: e.first_name,
              clientName: client?.name ?? '',
              noticeDate: toUsDate(await this.calendar.today())!,
              terminationDate: body.terminationDate,
              coverageEndDate: toUsDate(coverageEnd)!,
              qualifyingEvent: event,
              plans: enrolled.map((p) => ({ planType: PLAN_TYPE_NAMES[p.plan_type_id as PlanTypeId] ?? 'Plan', planName: p.plan_name })),
              cobraElection: body.cobraElection,
            },
            // One notice per termination.
            idempotencyKey: `termination-notice:${t!.id}`,
            clientId: this.context.clientId,
          },
        );
      }
      return { actionIds, accountId: e.account_id, group: employeeGroup({ terminated: true, cobra: body.cobraElection }) };
    });
    // Sign-in ends with the termination date (its last day included): a date already past ends the sessions now,
    // and the login refuses any later sign-in (AccountsService.accessEnded).
    if (result.accountId !== null && terminationDate < (await this.calendar.today())) await this.sessions.revokeAllOf(result.accountId);
    return { group: result.group, terminationDate: body.terminationDate, coverageEndDate: toUsDate(coverageEnd)!, actionIds: result.actionIds };
  }
}
