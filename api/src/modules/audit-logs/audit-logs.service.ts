import { Injectable, NotFoundException } from '@nestjs/common';
import { AuditMessages, type AuditDetails, type AuditPage, type AuditQuery } from '../../contracts/audit';
import type { AuditFieldChange } from '../../core/audit/audit-entry.table';
import { RequestContext } from '../../core/context/request-context';
import { TenantDb } from '../../core/database/tenant-db';
import { readAuditPage } from './audit-page.query';

/**
 * The audit logs: the employee's own entries (My Audit Log) or every entry
 * of the acting client (HR), paged, ordered and filtered in SQL. Secured values are masked in the entries
 * themselves (the services write them that way), so nothing here unmasks anything.
 */
@Injectable()
export class AuditLogsService {
  constructor(
    private readonly db: TenantDb,
    private readonly context: RequestContext,
  ) {}

  page(kind: 'user' | 'hr', q: AuditQuery): Promise<AuditPage> {
    return readAuditPage(q, kind === 'user' ? this.context.ownEmployeeId() : null, (text, params) => this.db.query(text, params));
  }

  /** GET /audits-{kind}/{id}: the field comparison of one entry in scope; another's answers 404. */
  async details(kind: 'user' | 'hr', id: number): Promise<AuditDetails> {
    const rows = await this.db.query<{ data: AuditFieldChange[]; created_at: Date; action_type: string; performed_by: string | null; on_behalf_of: string | null; impersonation_reason: string | null; time_zone: string }>(
      `SELECT l.data, l.created_at, l.action_type, nullif(concat_ws(' ', pa.first_name, pa.last_name), '') AS performed_by,
              nullif(concat_ws(' ', ob.first_name, ob.last_name), '') AS on_behalf_of, l.impersonation_reason, c.time_zone
         FROM audit_log l JOIN client c ON c.id = l.client_id
         LEFT JOIN account pa ON pa.id = l.performed_by LEFT JOIN account ob ON ob.id = l.on_behalf_of
        WHERE l.id = $1 AND l.client_id = $client AND ($2::int IS NULL OR l.employee_id = $2)`,
      [id, kind === 'user' ? this.context.ownEmployeeId() : null],
    );
    const row = rows[0];
    if (!row) throw new NotFoundException({ statusCode: 404, message: AuditMessages.notFound });
    return { data: row.data, createdBy: row.performed_by, onBehalfOf: row.on_behalf_of, reason: row.impersonation_reason, createdOn: row.created_at.toISOString(), actionType: row.action_type, timeZone: row.time_zone };
  }
}
