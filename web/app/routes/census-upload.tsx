import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { FileMessages } from '@bp/api/contracts';
import { redirectWithNotice } from '~/lib/employee-data.server';
import { activeToken, getSession } from '~/lib/session.server';
import { forwardUpload } from '~/lib/upload.server';

/**
 * The census Files tab's upload: the title and the one file go on to
 * POST /employees/{id}/files; HR is back on the tab with 'File uploaded' or the API's reason.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const employee = Number(new URL(request.url).searchParams.get('employee'));
  const session = await getSession(request);
  const token = activeToken(session);
  if (!token) return redirect('/');
  if (!Number.isInteger(employee) || employee <= 0) return redirect('/employees-census');
  const back = `/employees-census/${employee}?tab=files`;
  const outcome = await forwardUpload(request, context, token, `/employees/${employee}/files`);
  if (outcome.ok) return redirectWithNotice(session, back, { type: 'success', text: 'File uploaded' });
  const text = outcome.status === 413 ? FileMessages.tooLarge : outcome.status === 400 && outcome.message ? outcome.message : FileMessages.uploadError;
  return redirectWithNotice(session, back, { type: 'error', text });
}
