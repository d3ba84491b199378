import { Injectable, NotFoundException } from '@nestjs/common';
import { PLAN_TYPE_NAMES, type PlanTypeId } from '../../contracts/engine/plan-types';
import { completion, StatusDashboardMessages, type Dashboard } from '../../contracts/status-dashboard';
import { TenantDb } from '../../core/database/tenant-db';

interface Row {
  employee_id: number;
  first_name: string;
  last_name: string;
  signed: boolean;
  statuses: Record<string, number> | null;
}

/**
 * The Status Dashboard (document 3 section 2.4): per employee of the client, how far their enrollment of the
 * period is (decided plan types out of those offered), whether they signed since it started, and each plan
 * type's status. Active employees only: the terminated have nothing left to enroll in.
 */
@Injectable()
export class StatusDashboardService {
  constructor(private readonly db: TenantDb) {}

  async periods(): Promise<Array<{ id: number; title: string; current: '0' | '1' }>> {
    const rows = await this.db.query<{ id: number; title: string; is_current: boolean }>(
      'SELECT id, title, is_current FROM open_enrollment_period WHERE client_id = $client ORDER BY start_date DESC, id DESC',
    );
    return rows.map((r) => ({ id: r.id, title: r.title, current: r.is_current ? '1' : '0' }));
  }

  async dashboard(periodId: number): Promise<Dashboard> {
    const [period] = await this.db.query<{ title: string; is_current: boolean; started_at: Date | null }>(
      'SELECT title, is_current, started_at FROM open_enrollment_period WHERE id = $1 AND client_id = $client',
      [periodId],
    );
    if (!period) throw new NotFoundException({ statusCode: 404, message: StatusDashboardMessages.noInformation });
    const types = (
      await this.db.query<{ plan_type_id: number }>('SELECT DISTINCT plan_type_id FROM plan WHERE open_enrollment_period_id = $1 AND client_id = $client ORDER BY 1', [periodId])
    ).map((r) => r.plan_type_id);
    const rows = await this.db.query<Row>(
      `SELECT e.id AS employee_id, e.first_name, e.last_name,
              EXISTS (SELECT 1 FROM signature s WHERE s.employee_id = e.id AND s.kind = 'registration' AND s.signed_at >= coalesce($2::timestamptz, '-infinity')) AS signed,
              (SELECT jsonb_object_agg(en.plan_type_id::text, en.status) FROM enrollment en
                WHERE en.employee_id = e.id AND en.open_enrollment_period_id = $1) AS statuses
         FROM employee e
        WHERE e.client_id = $client AND NOT e.terminated
        ORDER BY lower(e.last_name), lower(e.first_name), e.id`,
      [periodId, period.started_at],
    );
    return {
      id: periodId,
      title: period.title,
      current: period.is_current ? '1' : '0',
      plans: types.map((t) => ({ planTypeId: t, planType: PLAN_TYPE_NAMES[t as PlanTypeId] ?? `Plan type ${t}` })),
      users: rows.map((r) => {
        const statuses = r.statuses ?? {};
        const available = types.filter((t) => statuses[String(t)] !== undefined);
        const decided = available.filter((t) => statuses[String(t)] !== 0).length;
        return {
          employeeId: r.employee_id,
          firstName: r.first_name,
          lastName: r.last_name,
          signatureRequired: available.length > 0,
          signature: r.signed,
          progress: completion(decided, available.length),
          enrollments: types.map((t) => ({ planTypeId: t, available: statuses[String(t)] !== undefined, status: String(statuses[String(t)] ?? 0) })),
        };
      }),
    };
  }
}
