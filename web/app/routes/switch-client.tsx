import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { ZJwtResponse } from '@bp/api/contracts';
import { apiCall } from '~/lib/api.server';
import { throwOnSessionFailure } from '~/lib/shell.server';
import { commitSession, getSession, jwtExpiry } from '~/lib/session.server';

/** Nothing to show: the switcher posts here and the agent lands on the new client's dashboard. */
export function loader() {
  return redirect('/');
}

export async function action({ request, context }: ActionFunctionArgs) {
  const session = await getSession(request);
  const token = session.get('token');
  if (!token) return redirect('/login');
  const clientId = Number((await request.formData()).get('clientId'));
  if (!Number.isInteger(clientId) || clientId <= 0) return redirect('/');

  // The API checks that the client belongs to the agent's agency (404 otherwise) and ends the old session.
  const result = await apiCall(ZJwtResponse, `/agency/clients/${clientId}/open`, { method: 'POST', token, request, context });
  if (!result.ok) {
    await throwOnSessionFailure(result);
    session.flash('notice', { type: 'error', text: result.error.message });
    return redirect('/', { headers: { 'Set-Cookie': await commitSession(session) } });
  }
  session.set('token', result.data.jwt);
  // A cookie that outlived the browser keeps doing so, now for the new token's lifetime.
  if (session.has('cookieExpiresAt')) {
    const exp = jwtExpiry(result.data.jwt);
    if (exp !== null) session.set('cookieExpiresAt', exp);
  }
  return redirect('/', { headers: { 'Set-Cookie': await commitSession(session) } });
}
