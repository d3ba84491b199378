import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { FileMessages } from '@bp/api/contracts';
import { currentStepPath } from '~/lib/change-benefits.server';
import { redirectWithNotice } from '~/lib/employee-data.server';
import { activeToken, getSession } from '~/lib/session.server';
import { forwardUpload } from '~/lib/upload.server';

/** The life event's supporting document: one file on to POST /midyear-changes/proof, back to the wizard. */
export async function action({ request, context }: ActionFunctionArgs) {
  const session = await getSession(request);
  const token = activeToken(session);
  if (!token) return redirect('/');
  const outcome = await forwardUpload(request, context, token, '/midyear-changes/proof');
  // Straight to the step's own address: a hop through /change-benefits would draw a page that reads the notice.
  const back = await currentStepPath({ token, request, context });
  if (outcome.ok) return redirectWithNotice(session, back, { type: 'success', text: FileMessages.uploaded });
  const text = outcome.status === 413 ? FileMessages.tooLarge : outcome.status >= 500 ? FileMessages.serverError : (outcome.message ?? FileMessages.uploadError);
  return redirectWithNotice(session, back, { type: 'error', text });
}
