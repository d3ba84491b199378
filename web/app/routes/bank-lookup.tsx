import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { isValidRoutingNumber } from '@bp/api/contracts';
import { z } from 'zod';
import { apiCall } from '~/lib/api.server';
import { activeToken, getSession } from '~/lib/session.server';
import { throwOnSessionFailure } from '~/lib/shell.server';

/** The payroll form's bank name under the routing number: a name, unknown (a valid number not in the table), or invalid. */
export type BankLookupAnswer = { kind: 'bank'; name: string } | { kind: 'unknown' } | { kind: 'invalid' };

/** Resource route behind the routing-number field: GET /bank-lookup/{number} with the session's token. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const number = new URL(request.url).searchParams.get('number')?.trim() ?? '';
  const token = activeToken(await getSession(request));
  const headers = { 'Cache-Control': 'private, max-age=3600' };
  // The checksum is the contracts' rule: an invalid number needs no call.
  if (!token || !isValidRoutingNumber(number)) return data<BankLookupAnswer>({ kind: 'invalid' }, { headers });
  const result = await apiCall(z.object({ bankName: z.string().nullable() }), `/bank-lookup/${number}`, { token, request, context });
  if (result.ok) return data<BankLookupAnswer>(result.data.bankName ? { kind: 'bank', name: result.data.bankName } : { kind: 'unknown' }, { headers });
  if (result.status === 401) await throwOnSessionFailure(result);
  if (result.status !== 400) console.error(`bank lookup failed with ${result.status}`);
  return data<BankLookupAnswer>({ kind: 'invalid' }, { headers });
}
