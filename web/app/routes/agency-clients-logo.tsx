import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { FileMessages } from '@bp/api/contracts';
import { redirectWithFlash } from '~/lib/agency-clients.server';
import { activeToken, getSession } from '~/lib/session.server';
import { forwardUpload } from '~/lib/upload.server';

/**
 * The client settings page's logo upload: the one file goes on to POST /agency/clients/{id}/logo, where
 * it is checked like every upload (size, kind read from the bytes, an image only); back on the settings page with
 * the outcome.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const client = Number(new URL(request.url).searchParams.get('client'));
  const session = await getSession(request);
  const token = activeToken(session);
  if (!token) return redirect('/');
  if (!Number.isInteger(client) || client <= 0) return redirect('/agency-clients');
  const back = `/agency-clients/${client}`;
  const outcome = await forwardUpload(request, context, token, `/agency/clients/${client}/logo`);
  if (outcome.ok) return redirectWithFlash(session, back, { type: 'success', text: 'Logo uploaded' });
  if (outcome.status === 404) return redirect('/agency-clients');
  const text = outcome.status === 413 ? FileMessages.tooLarge : outcome.status === 400 && outcome.message ? outcome.message : FileMessages.uploadError;
  return redirectWithFlash(session, back, { type: 'error', text });
}
