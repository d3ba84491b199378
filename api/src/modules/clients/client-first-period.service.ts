import { BadRequestException, Injectable } from '@nestjs/common';
import { ClientMessages, type FirstPeriod, type FirstPeriodAnswer, type FirstPeriodRequest } from '../../contracts/clients';
import { toIsoDate, toUsDate } from '../../contracts/formats';
import { openEnrollmentState } from '../../contracts/open-enrollment';
import { RequestContext } from '../../core/context/request-context';
import { TenantDb } from '../../core/database/tenant-db';
import { OpenEnrollmentService } from '../open-enrollment/open-enrollment.service';
import { ClientsService } from './clients.service';

/** A new client's first period: the agent sees it, or has the open-enrollment module prepare it. */
@Injectable()
export class ClientFirstPeriodService {
  constructor(
    private readonly db: TenantDb,
    private readonly context: RequestContext,
    private readonly clients: ClientsService,
    private readonly openEnrollment: OpenEnrollmentService,
  ) {}

  /** GET /agency/clients/{id}/first-period: the client's period (its first, or the current one) and how many plans it has. */
  async firstPeriod(id: number): Promise<FirstPeriodAnswer> {
    const client = await this.clients.own(id);
    const [p] = await this.context.forClient(client.id, () =>
      this.db.query<{ id: number; title: string; start_date: string; closed_date: string | null; started_at: Date | null; plans: number }>(
        `SELECT p.id, p.title, p.start_date::text AS start_date, p.closed_date::text AS closed_date, p.started_at,
                (SELECT count(*)::int FROM plan pl WHERE pl.open_enrollment_period_id = p.id) AS plans
           FROM open_enrollment_period p WHERE p.client_id = $client ORDER BY p.is_current DESC, p.start_date DESC, p.id DESC LIMIT 1`,
      ),
    );
    const period: FirstPeriod | null = p
      ? {
          id: p.id,
          title: p.title,
          // New-hire enrollment is started and closed on the same day it was prepared: no open enrollment window.
          kind: p.started_at !== null && p.closed_date === p.start_date ? 'new-hire' : 'open-enrollment',
          state: openEnrollmentState({ startedAt: p.started_at?.toISOString() ?? null, closedDate: p.closed_date }),
          startDate: toUsDate(p.start_date)!,
          plans: p.plans,
        }
      : null;
    return { client: { id: client.id, name: client.name, planYearStartMonth: client.planYearStartMonth }, period };
  }

  /** POST /agency/clients/{id}/first-period: prepared by the open-enrollment module in the client's scope. */
  async prepareFirstPeriod(id: number, body: FirstPeriodRequest): Promise<FirstPeriodAnswer> {
    await this.clients.own(id);
    const start = toIsoDate(body.startDate);
    if (!start) throw new BadRequestException({ statusCode: 400, message: ClientMessages.periodKind });
    await this.context.forClient(id, () => this.openEnrollment.prepareFirst(body.kind, start));
    return this.firstPeriod(id);
  }
}
