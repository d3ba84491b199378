import type { AuditPage, AuditQuery } from '../../contracts/audit';
import { PLAN_TYPE_NAMES, type PlanTypeId } from '../../contracts/plans';

/**
 * One page of an audit log in SQL, shared with the benchmark's floor server so both
 * run exactly the same statements. `$client` is the acting client (core/database/tenant-db.ts); `run`
 * sends a statement with its parameters, the client bound after them.
 */

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
  impersonation_reason: string | null;
}

export type RunSql = <T>(text: string, params: unknown[]) => Promise<T[]>;

/** Sort columns; the date is never null, so its order is the indexes' own (no NULLS clause). */
const ORDER: Record<AuditQuery['orderBy'], string> = {
  createdOn: 'l.created_at',
  employeeName: "lower(concat_ws(' ', e.last_name, e.first_name))",
  eventType: 'l.action_type',
  planType: 'l.plan_type_id',
  description: 'lower(l.description)',
};

/** A LIKE pattern that matches the text anywhere, the text's own % and _ taken literally. */
const contains = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** `employeeId` limits the page to one employee's entries (My Audit Log); null is every entry of the client (HR). */
export async function readAuditPage(q: AuditQuery, employeeId: number | null, run: RunSql): Promise<AuditPage> {
  const params: unknown[] = [];
  const where = ['l.client_id = $client'];
  const add = (sql: (n: string) => string, value: unknown) => {
    params.push(value);
    where.push(sql(`$${params.length}`));
  };
  if (employeeId !== null) add((n) => `l.employee_id = ${n}`, employeeId);
  if (employeeId === null && q.employeeName) add((n) => `concat_ws(' ', e.first_name, e.last_name) ILIKE ${n}`, contains(q.employeeName));
  // One value is an equality, so the page can be read from the index in date order and stop at its limit.
  const oneOf = (column: string, values: readonly unknown[], cast = '') =>
    values.length === 1 ? add((n) => `${column} = ${n}${cast}`, values[0]) : add((n) => `${column} = ANY (${n}${cast ? `${cast}[]` : ''})`, values);
  if (q.eventType?.length) oneOf('l.action_type', q.eventType);
  if (q.planType?.length) oneOf('l.plan_type_id', q.planType, '::int');
  if (q.description) add((n) => `(l.description ILIKE ${n} OR l.event_type ILIKE ${n})`, contains(q.description));
  const filters = where.join(' AND ');
  const paging = [...params, q.perPage, (q.page - 1) * q.perPage];
  const direction = q.orderDirection === 'asc' ? 'ASC' : 'DESC';
  // The page (names joined for its rows only) and the total (no join unless a name is filtered on) apart:
  // a window count over a million joined rows would cost the page the whole filtered set.
  const byName = employeeId === null && Boolean(q.employeeName);
  const [rows, counted, zone] = await Promise.all([
    run<Row>(
      `SELECT l.id, l.created_at, l.event_type, l.action_type, l.plan_type_id, l.description, e.first_name, e.last_name,
              nullif(concat_ws(' ', pa.first_name, pa.last_name), '') AS performed_by, nullif(concat_ws(' ', ob.first_name, ob.last_name), '') AS on_behalf_of,
              l.impersonation_reason
         FROM audit_log l
         LEFT JOIN employee e ON e.id = l.employee_id
         LEFT JOIN account pa ON pa.id = l.performed_by
         LEFT JOIN account ob ON ob.id = l.on_behalf_of
        WHERE ${filters}
        ORDER BY ${ORDER[q.orderBy]} ${direction}${q.orderBy === 'createdOn' ? '' : ' NULLS LAST'}, l.id ${direction}
        LIMIT $${paging.length - 1} OFFSET $${paging.length}`,
      paging,
    ),
    run<{ n: string }>(`SELECT count(*) AS n FROM audit_log l${byName ? ' LEFT JOIN employee e ON e.id = l.employee_id' : ''} WHERE ${filters}`, params),
    // The zone the site shows every time in, answered rather than formatted per row.
    run<{ time_zone: string }>('SELECT time_zone FROM client WHERE id = $client', []),
  ]);
  const totalCount = Number(counted[0]?.n ?? 0);
  return {
    result: rows.map((r) => ({
      id: Number(r.id),
      createdOn: r.created_at.toISOString(),
      createdBy: r.performed_by,
      onBehalfOf: r.on_behalf_of,
      reason: r.impersonation_reason,
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
    timeZone: zone[0]?.time_zone ?? 'UTC',
  };
}
