import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { ZIP_PATTERN, ZZipLookupResponse, type ZipLookupResponse } from '@bp/api/contracts';
import { apiCall } from '~/lib/api.server';
import { activeToken, getSession } from '~/lib/session.server';
import { throwOnSessionFailure } from '~/lib/shell.server';

/** What the address forms receive: city and state, or nothing (a failed lookup is only logged: the user types the city). */
export type ZipLookupAnswer = { found: true; place: ZipLookupResponse } | { found: false };

/**
 * Resource route behind every address form's ZIP field: GET /zip-lookup?zip= with the session's token.
 * It reads the session directly (like session.check) so the registration redirect rules do not apply.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const zip = new URL(request.url).searchParams.get('zip')?.trim() ?? '';
  const token = activeToken(await getSession(request));
  const headers = { 'Cache-Control': 'private, max-age=3600' };
  if (!token || !ZIP_PATTERN.test(zip)) return data<ZipLookupAnswer>({ found: false }, { headers });
  const result = await apiCall(ZZipLookupResponse, `/zip-lookup?zip=${zip}`, { token, request, context });
  if (result.ok) return data<ZipLookupAnswer>({ found: true, place: result.data }, { headers });
  if (result.status === 401) await throwOnSessionFailure(result);
  if (result.status !== 404) console.error(`zip lookup failed with ${result.status}`);
  return data<ZipLookupAnswer>({ found: false }, { headers });
}
