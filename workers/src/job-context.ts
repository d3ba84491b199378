import type { RequestContext } from '@bp/api/server';

/** The tenant a payload names, when it is about one client (jobs carry clientId and requestedBy). */
export function tenantOf(data: unknown): { clientId: number; requestedBy: number | null } | null {
  if (typeof data !== 'object' || data === null || !('clientId' in data)) return null;
  const { clientId, requestedBy } = data as { clientId: unknown; requestedBy?: unknown };
  if (!Number.isSafeInteger(clientId)) return null;
  return { clientId: clientId as number, requestedBy: Number.isSafeInteger(requestedBy) ? (requestedBy as number) : null };
}

/**
 * Runs a job's handler in the context its payload names: a job about a client in that client's tenancy, acting as
 * the account that asked for it; any other job as system work, with tenant data out of reach.
 */
export function runInJobContext<T>(context: RequestContext, data: unknown, work: () => Promise<T>): Promise<T> {
  const tenant = tenantOf(data);
  return tenant ? context.runAs(tenant, work) : context.runSystem(work);
}
