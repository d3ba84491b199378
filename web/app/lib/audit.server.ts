import { ZAuditDetails, ZAuditPage, type AuditDetails, type AuditPage } from '@bp/api/contracts';
import { apiCall } from './api.server';
import { orThrow, type Caller } from './employee-data.server';
import { throwOnSessionFailure } from './shell.server';

/** Server side of My Audit Log and the HR Audit Log. */

export interface AuditView {
  page: AuditPage;
  /** The query as the address has it (filters, order, paging), for the form and the links. */
  query: Record<string, string>;
  details: (AuditDetails & { id: number }) | null;
  /** The entry asked for could not be read (not found): the dialog says so instead. */
  detailsMissing: boolean;
}

const PARAMS = ['perPage', 'page', 'orderBy', 'orderDirection', 'employeeName', 'eventType', 'planType', 'description'] as const;

export async function loadAudit(url: URL, kind: 'user' | 'hr', caller: Caller): Promise<AuditView> {
  const { token, request, context } = caller;
  const query: Record<string, string> = {};
  for (const name of PARAMS) {
    // Checkbox groups arrive as repeated parameters; the API takes them comma-joined.
    const values = url.searchParams.getAll(name).map((v) => v.trim()).filter(Boolean);
    if (values.length) query[name] = values.join(',');
  }
  if (kind === 'user') delete query.employeeName;
  const page = await apiCall(ZAuditPage, `/audits-${kind}?${new URLSearchParams(query).toString()}`, { token, request, context });
  // A hand-edited address with values the API refuses shows the first page instead of an error.
  const shown = page.ok ? page.data : await orThrow(await apiCall(ZAuditPage, `/audits-${kind}`, { token, request, context }));
  if (!page.ok) await throwOnSessionFailure(page);
  const entry = Number(url.searchParams.get('entry'));
  let details: AuditView['details'] = null;
  let detailsMissing = false;
  if (Number.isInteger(entry) && entry > 0) {
    const found = await apiCall(ZAuditDetails, `/audits-${kind}/${entry}`, { token, request, context });
    if (found.ok) details = { ...found.data, id: entry };
    else {
      await throwOnSessionFailure(found);
      detailsMissing = true;
    }
  }
  return { page: shown, query: page.ok ? query : {}, details, detailsMissing };
}
