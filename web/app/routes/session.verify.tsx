import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { Messages } from '@bp/api/contracts';
import { ZPasswordPrompt } from '~/lib/account-forms';
import { apiRequest } from '~/lib/api.server';
import { activeToken, commitSession, getSession, signedOutRedirect } from '~/lib/session.server';
import { safeAppPath } from '~/lib/site';
import { throwOnSessionFailure } from '~/lib/shell.server';

/**
 * The session-expired modal's Submit (POST /auth/verify-password). Answers with a redirect back to the
 * page the person was on in every case: the right password revives the session and the page reloads in
 * place; a wrong one comes back as a one-time field error, so the same path works without JavaScript.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const session = await getSession(request);
  const token = activeToken(session);
  if (!token) return signedOutRedirect('/login');
  const form = await request.formData();
  const back = safeAppPath(String(form.get('redirectTo') ?? '/'));

  const parsed = ZPasswordPrompt.safeParse({ password: form.get('password') ?? undefined });
  let error: string;
  if (parsed.success) {
    const result = await apiRequest('/auth/verify-password', { method: 'POST', body: parsed.data, token, request, context });
    if (result.ok) return redirect(back);
    if (result.status === 401) await throwOnSessionFailure(result);
    // The spec shows the server's developer message ('Incorrect password') as the field error.
    error = result.error.developerMessage ?? (result.status === 429 ? Messages.tooManyAttempts : result.error.message);
  } else {
    error = Messages.fieldRequired;
  }
  session.flash('sessionPasswordError', error);
  return redirect(back, { headers: { 'Set-Cookie': await commitSession(session) } });
}
