import { data, type ActionFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useNavigate, useNavigation } from '@remix-run/react';
import { useEffect } from 'react';
import { CommunicationMessages, ZCampaignPreview } from '@bp/api/contracts';
import { Alert, Modal, primaryButtonClass, secondaryButtonClass, useHydrated } from '~/components/ui';
import { apiCall } from '~/lib/api.server';
import { draftOf } from '~/lib/message-draft';
import { pageTitle } from '~/lib/meta';
import { requireUser, throwOnSessionFailure } from '~/lib/shell.server';

export { RouteErrorBoundary as ErrorBoundary } from '~/components/RouteErrorBoundary';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, CommunicationMessages.previewTitle) }];

/** Where the dialog goes back to, and where its Send posts: Communications' Custom tab. */
const BACK_TO = '/message-board?tab=custom';

/**
 * POST /campaigns/preview with the compose form as posted: the email as its first chosen recipient would
 * receive it (the API renders it with the sender's own function), and the form carried on to send or edit.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { token } = await requireUser(request, context);
  const draft = draftOf(await request.formData());
  const first = draft.all ? undefined : draft.recipients[0];
  const body = { subject: draft.subject, comment: draft.comment, ...(first ? { employeeId: first } : {}) };
  const result = await apiCall(ZCampaignPreview, '/campaigns/preview', { method: 'POST', body, token, request, context });
  if (!result.ok) {
    await throwOnSessionFailure(result);
    const known = result.status === 400 || result.status === 404;
    const error = known ? (result.error.errors?.[0]?.message ?? result.error.message) : CommunicationMessages.serverError;
    return data({ draft, preview: null, error }, { status: known ? result.status : 503 });
  }
  return { draft, preview: result.data, error: null };
}

/**
 * The custom email's preview: a dialog at its own address over Communications, so it opens,
 * sends and goes back without JavaScript. The email is shown whole in a sandboxed frame (no scripts, no
 * access to the page), as the recipient sees it: the client's header, the subject, the message, the footer.
 */
export default function MessagePreviewDialog() {
  const answer = useActionData<typeof action>();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const busy = useNavigation().state !== 'idle';
  // Opened by its address alone there is nothing to show: back to the form.
  useEffect(() => {
    if (!answer) navigate(BACK_TO, { replace: true });
  }, [answer, navigate]);
  if (!answer) return null;
  const { draft, preview, error } = answer;
  const count = draft.all ? null : draft.recipients.length;
  const who = preview?.recipient ? `As ${preview.recipient.firstName} ${preview.recipient.lastName} will receive it. ` : '';
  const to = count === null ? 'Sent to every employee who can receive it.' : `Sent to ${count} ${count === 1 ? 'employee' : 'employees'}.`;
  return (
    <Modal open xl focusPanel title={CommunicationMessages.previewTitle} description={`${who}${to}`} onOpenChange={(open) => (open ? undefined : navigate(BACK_TO, { preventScrollReset: true }))}>
      <Form method="post" action={BACK_TO} className="mt-4 space-y-4">
        {error ? <Alert tone="error">{error}</Alert> : null}
        {preview ? (
          <>
            <p className="break-words text-sm text-slate-900">
              <span className="font-semibold">Subject:</span> <span>{preview.subject}</span>
            </p>
            <iframe title={`Email: ${preview.subject}`} sandbox="" srcDoc={preview.html} className="h-[26rem] w-full rounded-md border border-slate-300 bg-white" />
          </>
        ) : null}
        <input type="hidden" name="subject" value={draft.subject} />
        <input type="hidden" name="comment" value={draft.comment} />
        {draft.recipients.map((id) => (
          <input key={id} type="hidden" name="recipient" value={id} />
        ))}
        {draft.all ? <input type="hidden" name="all" value="1" /> : null}
        <div className="flex flex-wrap justify-end gap-3">
          {/* With scripts the form under the dialog still holds everything; without, Back posts it to be drawn again. */}
          {hydrated ? (
            <Link to={BACK_TO} preventScrollReset className={secondaryButtonClass}>
              Back to edit
            </Link>
          ) : (
            <button type="submit" name="intent" value="edit" className={secondaryButtonClass}>
              Back to edit
            </button>
          )}
          {preview ? (
            <button type="submit" name="intent" value="send" disabled={busy} className={primaryButtonClass}>
              Send emails
            </button>
          ) : null}
        </div>
      </Form>
    </Modal>
  );
}
