import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { ZContributionResponse, type ContributionResponse } from '@bp/api/contracts';
import { apiCall } from '~/lib/api.server';
import { activeToken, getSession } from '~/lib/session.server';
import { throwOnSessionFailure } from '~/lib/shell.server';

/** What the enrollment dialog's live prediction receives; a failure is only logged. */
export type ContributionAnswer = { ok: true; prediction: ContributionResponse } | { ok: false };

const PASSED = ['dependents', 'tier', 'enrollment_status', 'employee', 'spouse', 'child'] as const;

/**
 * Resource route behind the dialog's contribution prediction: GET /plans/{id}/contributions with the
 * session's token (dependents, tier, enrollment_status; or employee, spouse, child).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const plan = Number(url.searchParams.get('plan'));
  const token = activeToken(await getSession(request));
  const headers = { 'Cache-Control': 'private, no-store' };
  if (!token || !Number.isInteger(plan) || plan <= 0) return data<ContributionAnswer>({ ok: false }, { headers });
  const query = new URLSearchParams();
  for (const name of PASSED) {
    const value = url.searchParams.get(name);
    if (value) query.set(name, value);
  }
  const result = await apiCall(ZContributionResponse, `/plans/${plan}/contributions?${query.toString()}`, { token, request, context });
  if (result.ok) return data<ContributionAnswer>({ ok: true, prediction: result.data }, { headers });
  if (result.status === 401) await throwOnSessionFailure(result);
  console.error(`contribution prediction for plan ${plan} failed with ${result.status}`);
  return data<ContributionAnswer>({ ok: false }, { headers });
}
