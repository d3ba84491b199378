import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { FileMessages } from '@bp/api/contracts';
import { redirectWithNotice } from '~/lib/employee-data.server';
import { activeToken, getSession } from '~/lib/session.server';
import { forwardUpload } from '~/lib/upload.server';

/**
 * My Documents' Add file: the name and the one file go on to POST /files; the
 * employee is back on Personal Documents with 'File uploaded successfully!' or the reason.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const session = await getSession(request);
  const token = activeToken(session);
  if (!token) return redirect('/');
  const outcome = await forwardUpload(request, context, token, '/files');
  if (outcome.ok) return redirectWithNotice(session, '/documents?tab=personal', { type: 'success', text: FileMessages.uploaded });
  const text =
    outcome.status === 413 ? FileMessages.tooLarge : outcome.status >= 500 ? FileMessages.serverError : outcome.status === 400 && outcome.message ? outcome.message : FileMessages.uploadError;
  return redirectWithNotice(session, '/documents?tab=personal&add=1', { type: 'error', text });
}
