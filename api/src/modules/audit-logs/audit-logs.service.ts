import { Injectable, NotFoundException } from '@nestjs/common';
import { AuditMessages, type AuditDetails, type AuditPage, type AuditQuery } from '../../contracts/audit';
import { PLAN_TYPE_NAMES, type PlanTypeId } from '../../contracts/plans';
import type { AuditFieldChange } from '../../core/audit/audit-entry.table';
import { RequestContext } from '../../core/context/request-context';
import { TenantDb } from '../../core/database/tenant-db';

interface Row {
  id: string;
  created_at: Date;
  event_type: string;
  action_type: string;
  plan_type_id: number | null;
  description: string;
  first_name: string | null;
  last_name: string | null;
  performed_by: string | null;
  on_behalf_of: string | null;
  total: string;
}

const ORDER: Record<AuditQuery['orderBy'], string> = {
  createdOn: 'l.created_at',
  employeeName: "lower(concat_ws(' ', e.last_name, e.first_name))",
  eventType: 'l.action_type',
  planType: 'l.plan_type_id',
  description: 'lower(l.description)',
};

/** A LIKE pattern that matches the text anywhere, the text's own % and _ taken literally. */
const contains = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The audit logs (document 3 sections 2.6 and 7): the employee's own entries (My Audit Log) or every entry
 * of the acting client (HR), paged, ordered and filtered in SQL. Secured values are masked in the entries
 * themselves (the services write them that way), so nothing here unmasks anything.
 */
@Injectable()
export class AuditLogsService {
  constructor(
    private readonly db: TenantDb,
    private readonly context: RequestContext,
  ) {}

  async page(kind: 'user' | 'hr', q: AuditQuery): Promise<AuditPage> {
    const params: unknown[] = [];
    const where = ['l.client_id = $client'];
    const add = (sql: (n: string) => string, value: unknown) => {
      params.push(value);
      where.push(sql(`$${params.length}`));
    };
    if (kind === 'user') add((n) => `l.employee_id = ${n}`, this.context.ownEmployeeId());
    if (kind === 'hr' && q.employeeName) add((n) => `concat_ws(' ', e.first_name, e.last_name) ILIKE ${n}`, contains(q.employeeName));
    if (q.eventType?.length) add((n) => `l.action_type = ANY (${n})`, q.eventType);
    if (q.planType?.length) add((n) => `l.plan_type_id = ANY (${n}::int[])`, q.planType);
    if (q.description) add((n) => `(l.description ILIKE ${n} OR l.event_type ILIKE ${n})`, contains(q.description));
    const filters = where.join(' AND ');
    const from = `FROM audit_log l LEFT JOIN employee e ON e.id = l.employee_id`;
    const paging = [...params, q.perPage, (q.page - 1) * q.perPage];
    const rows = await this.db.query<Row>(
      `SELECT l.id, l.created_at, l.event_type, l.action_type, l.plan_type_id, l.description, e.first_name, e.last_name,
              nullif(concat_ws(' ', pa.first_name, pa.last_name), '') AS performed_by, nullif(concat_ws(' ', ob.first_name, ob.last_name), '') AS on_behalf_of,
              count(*) OVER () AS total
         ${from}
         LEFT JOIN account pa ON pa.id = l.performed_by
         LEFT JOIN account ob ON ob.id = l.on_behalf_of
        WHERE ${filters}
        ORDER BY ${ORDER[q.orderBy]} ${q.orderDirection === 'asc' ? 'ASC' : 'DESC'} NULLS LAST, l.id ${q.orderDirection === 'asc' ? 'ASC' : 'DESC'}
        LIMIT $${paging.length - 1} OFFSET $${paging.length}`,
      paging,
    );
    // A page past the end has no row to carry the total: it is counted on its own, with the same filters.
    let totalCount = rows[0] ? Number(rows[0].total) : 0;
    if (!rows[0] && q.page > 1) totalCount = Number((await this.db.query<{ n: string }>(`SELECT count(*) AS n ${from} WHERE ${filters}`, params))[0]?.n ?? 0);
    return {
      result: rows.map((r) => ({
        id: Number(r.id),
        createdOn: r.created_at.toISOString(),
        createdBy: r.performed_by,
        onBehalfOf: r.on_behalf_of,
        eventType: r.event_type,
        actionType: r.action_type,
        planTypeId: r.plan_type_id,
        planType: r.plan_type_id === null ? null : (PLAN_TYPE_NAMES[r.plan_type_id as PlanTypeId] ?? String(r.plan_type_id)),
        description: `${r.event_type}: ${r.description}`,
        firstName: r.first_name,
        lastName: r.last_name,
      })),
      page: q.page,
      totalCount,
    };
  }

  /** GET /audits-{kind}/{id}: the field comparison of one entry in scope; another's answers 404. */
  async details(kind: 'user' | 'hr', id: number): Promise<AuditDetails> {
    const rows = await this.db.query<{ data: AuditFieldChange[]; created_at: Date; action_type: string; performed_by: string | null; on_behalf_of: string | null }>(
      `SELECT l.data, l.created_at, l.action_type, nullif(concat_ws(' ', pa.first_name, pa.last_name), '') AS performed_by,
              nullif(concat_ws(' ', ob.first_name, ob.last_name), '') AS on_behalf_of
         FROM audit_log l LEFT JOIN account pa ON pa.id = l.performed_by LEFT JOIN account ob ON ob.id = l.on_behalf_of
        WHERE l.id = $1 AND l.client_id = $client AND ($2::int IS NULL OR l.employee_id = $2)`,
      [id, kind === 'user' ? this.context.ownEmployeeId() : null],
    );
    const row = rows[0];
    if (!row) throw new NotFoundException({ statusCode: 404, message: AuditMessages.notFound });
    return { data: row.data, createdBy: row.performed_by, onBehalfOf: row.on_behalf_of, createdOn: row.created_at.toISOString(), actionType: row.action_type };
  }
}
