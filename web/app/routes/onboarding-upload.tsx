import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { CustomDocumentMessages, Messages } from '@bp/api/contracts';
import { forwardUpload } from '~/lib/upload.server';
import { redirectWithNotice } from '~/lib/employee-data.server';
import { activeToken, getSession } from '~/lib/session.server';

/**
 * A custom document's upload (one file, 10,000,000 bytes): the multipart body goes
 * through to POST /onboarding/custom/{id}/file with the session's token, then the person is back on the
 * document. The site host lets this one path read a body that large (api/src/web/site-guard.ts); an
 * expired token gets the API's 401, shown as the failure it is, and the page then asks to sign in again.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const url = new URL(request.url);
  const documentId = Number(url.searchParams.get('doc'));
  const back = url.searchParams.get('back') ?? '/onboarding';
  // Only back into the wizard: never a redirect elsewhere.
  const to = back.startsWith('/onboarding?') || back === '/onboarding' ? back : '/onboarding';
  // The session is read directly (like zip-lookup): the page routing rules would send this post to /onboarding.
  const session = await getSession(request);
  const token = activeToken(session);
  if (!token) return redirect('/');
  if (!Number.isInteger(documentId) || documentId <= 0) return redirect(to);
  const outcome = await forwardUpload(request, context, token, `/onboarding/custom/${documentId}/file`);
  if (outcome.ok) return redirectWithNotice(session, to, { type: 'success', text: 'File uploaded' });
  const text = outcome.status === 413 ? 'File size should be less than 10mb' : outcome.status === 400 ? CustomDocumentMessages.fileMustBeUploaded : Messages.serverError;
  return redirectWithNotice(session, to, { type: 'error', text });
}
