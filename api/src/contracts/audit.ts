import { z } from 'zod';
import { toIntOrUndefined } from './formats';

/**
 * My Audit Log and the HR Audit Log: one server-paged list of audit
 * entries, its query and its answers. The Event Type column is the action (Create, Update, Delete) as the
 * spec has it; the area an entry belongs to (Enrollment, Payroll...) leads its description.
 */

export const AuditMessages = {
  noDetails: 'There are no additional details available for this log entry.',
  title: 'Enrollments & Changes',
  notFound: 'Log entry not found',
  performedBy: (name: string, date: string, onBehalfOf: string | null) => `Performed by ${name}${onBehalfOf ? ` on behalf of ${onBehalfOf}` : ''} on ${date}`,
} as const;

/** The actions an entry records, as the Event Type filter offers them; 'unlock' is a view of secured data. */
export const AUDIT_ACTIONS = ['create', 'update', 'delete', 'unlock'] as const;
export const AUDIT_ACTION_TEXT: Record<(typeof AUDIT_ACTIONS)[number], string> = { create: 'Create', update: 'Update', delete: 'Delete', unlock: 'View secured data' };

export const AUDIT_ORDER_BY = ['createdOn', 'employeeName', 'eventType', 'planType', 'description'] as const;
export const AUDIT_PAGE_SIZES = [10, 20, 50, 100] as const;

/** 'a,b' (or repeated parameters, or an already split list) to ['a', 'b']; nothing to undefined. */
const commaList = (v: unknown) => {
  const parts = (Array.isArray(v) ? v : [v]).flatMap((x) => (typeof x === 'string' ? x.split(',') : typeof x === 'number' ? [String(x)] : []));
  const list = parts.map((s) => s.trim()).filter(Boolean);
  return list.length ? list : undefined;
};
const text = z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined), z.string().max(100).optional());

/** GET /audits-{user|hr}: paging, order and the column filters (several values comma-joined). */
export const ZAuditQuery = z.object({
  perPage: z.preprocess(toIntOrUndefined, z.number().int().min(1).max(100).default(20)),
  page: z.preprocess(toIntOrUndefined, z.number().int().min(1).max(100_000).default(1)),
  orderBy: z.enum(AUDIT_ORDER_BY).default('createdOn'),
  orderDirection: z.enum(['asc', 'desc']).default('desc'),
  employeeName: text,
  eventType: z.preprocess(commaList, z.array(z.enum(AUDIT_ACTIONS)).max(10).optional()),
  planType: z.preprocess(commaList, z.array(z.preprocess(toIntOrUndefined, z.number().int().min(1).max(999))).max(50).optional()),
  description: text,
});
export type AuditQuery = z.output<typeof ZAuditQuery>;

export const ZAuditEntry = z.object({
  id: z.number().int(),
  /** ISO instant. */
  createdOn: z.string(),
  createdBy: z.string().nullable(),
  onBehalfOf: z.string().nullable(),
  /** Why createdBy acted as the employee (with onBehalfOf only; contracts/impersonation.ts). */
  reason: z.string().nullable(),
  eventType: z.string(),
  actionType: z.string(),
  planTypeId: z.number().int().nullable(),
  planType: z.string().nullable(),
  /** The area first (Enrollment, Payroll...), then what happened. */
  description: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof ZAuditEntry>;

/** The client's IANA time zone, which every time of the log is shown in (contracts/formats clientDateTime). */
const ZTimeZone = z.string().describe("The client's IANA time zone (America/New_York): show createdOn in it with clientDateTime (contracts/formats)");

export const ZAuditPage = z.object({ result: z.array(ZAuditEntry), page: z.number().int(), totalCount: z.number().int(), timeZone: ZTimeZone });
export type AuditPage = z.infer<typeof ZAuditPage>;

export const ZAuditDetails = z.object({
  data: z.array(z.object({ title: z.string(), oldValue: z.string().nullable(), newValue: z.string().nullable(), changed: z.boolean() })),
  createdBy: z.string().nullable(),
  onBehalfOf: z.string().nullable(),
  reason: z.string().nullable(),
  createdOn: z.string(),
  actionType: z.string(),
  timeZone: ZTimeZone,
});
export type AuditDetails = z.infer<typeof ZAuditDetails>;
