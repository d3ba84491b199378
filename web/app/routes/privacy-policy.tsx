import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { ZOkResponse } from '@bp/api/contracts';
import { apiCall } from '~/lib/api.server';
import { activeToken, commitSession, getSession, signedOutRedirect } from '~/lib/session.server';
import { safeAppPath } from '~/lib/site';
import { throwOnSessionFailure } from '~/lib/shell.server';

/**
 * The privacy dialog's Continue (POST /update-privacy-policy). Always returns to the page the dialog was
 * shown on: the reloaded user no longer needs the dialog, an idle session brings up its modal there, and
 * any other failure shows as a message.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const session = await getSession(request);
  const token = activeToken(session);
  if (!token) return signedOutRedirect('/login');
  const form = await request.formData();
  const back = safeAppPath(String(form.get('redirectTo') ?? '/'));
  const result = await apiCall(ZOkResponse, '/update-privacy-policy', { method: 'POST', token, request, context });
  if (result.ok || result.status === 408) return redirect(back);
  if (result.status === 401) await throwOnSessionFailure(result);
  session.flash('notice', { type: 'error', text: result.error.message });
  return redirect(back, { headers: { 'Set-Cookie': await commitSession(session) } });
}
