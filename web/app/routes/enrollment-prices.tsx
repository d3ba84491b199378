import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { ZPlanList, type PlanPrice } from '@bp/api/contracts';
import { apiCall } from '~/lib/api.server';
import { activeToken, getSession } from '~/lib/session.server';
import { throwOnSessionFailure } from '~/lib/shell.server';

/** What the enrollment dialog's plan list receives as the chosen people change: each plan's price, by id. */
export type PricesAnswer = { ok: true; prices: Record<string, PlanPrice> } | { ok: false };

const IDS = /^(\d{1,9}(,\d{1,9})*)?$/;

/**
 * Resource route behind the dialog's side-by-side prices: GET /plans?type=&dependents= with the session's
 * token, so every plan is priced by the server at the tier the chosen people make in it.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const type = Number(url.searchParams.get('type'));
  const dependents = url.searchParams.get('dependents') ?? '';
  const token = activeToken(await getSession(request));
  const headers = { 'Cache-Control': 'private, no-store' };
  if (!token || !Number.isInteger(type) || type <= 0 || !IDS.test(dependents)) return data<PricesAnswer>({ ok: false }, { headers });
  const result = await apiCall(ZPlanList, `/plans?type=${type}&dependents=${dependents}`, { token, request, context });
  if (result.ok) return data<PricesAnswer>({ ok: true, prices: Object.fromEntries(result.data.map((p) => [String(p.id), p.price])) }, { headers });
  if (result.status === 401) await throwOnSessionFailure(result);
  console.error(`side-by-side prices of plan type ${type} failed with ${result.status}`);
  return data<PricesAnswer>({ ok: false }, { headers });
}
