import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { apiRequest } from '~/lib/api.server';
import { activeToken, getSession } from '~/lib/session.server';
import { throwOnSessionFailure } from '~/lib/shell.server';

/**
 * The page's 30-second activity check: GET /check with the session's token. The
 * API does not count it as activity, so an open but untouched page still goes idle. An expired token
 * answers the same redirect to /login as any other call.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await getSession(request);
  const token = activeToken(session);
  const headers = { 'Cache-Control': 'no-store' };
  if (!token) return data({ idle: false, signedIn: false }, { headers });
  const result = await apiRequest('/check', { token, request, context });
  if (!result.ok && result.status === 401) await throwOnSessionFailure(result);
  return data({ idle: !result.ok && result.status === 408, signedIn: true }, { headers });
}
