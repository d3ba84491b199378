import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigate, useNavigation, useSearchParams } from '@remix-run/react';
import { ENROLLMENT_STATE_LABELS, StatusDashboardMessages, ZReminderPreview, ZSendEmailsResponse } from '@bp/api/contracts';
import { Alert, Modal, primaryButtonClass, ScrollRegion, secondaryButtonClass } from '~/components/ui';
import { positiveInt } from '~/lib/address';
import { apiCall } from '~/lib/api.server';
import { pageTitle } from '~/lib/meta';
import { requireUser, throwOnSessionFailure } from '~/lib/shell.server';

export { RouteErrorBoundary as ErrorBoundary } from '~/components/RouteErrorBoundary';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, StatusDashboardMessages.remindTitle) }];

/** The dashboard at the same address (its period and filters), without this dialog. */
function dashboardAt(url: URL, change: Record<string, string | null> = {}): string {
  const params = new URLSearchParams(url.searchParams);
  for (const [k, v] of Object.entries(change)) {
    if (v === null) params.delete(k);
    else params.set(k, v);
  }
  return `/status-dashboard?${params.toString()}`;
}

/**
 * "Remind the unfinished": a dialog at its own address over the Status Dashboard, so it opens
 * and sends without JavaScript. It shows the reminder as it will arrive (subject and the rendered email) and
 * exactly who gets it, from the API, which decides who has not finished with the dashboard's own rule.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { token, user } = await requireUser(request, context);
  const url = new URL(request.url);
  const periodId = positiveInt(url.searchParams.get('period'));
  if (periodId === null || !user.permissions.includes('communications:send')) throw redirect(dashboardAt(url));
  const preview = await apiCall(ZReminderPreview, `/dashboards/${periodId}/reminder`, { token, request, context });
  if (!preview.ok) {
    await throwOnSessionFailure(preview);
    // Not running (or not this client's): the dashboard, which offers no reminder then.
    throw redirect(dashboardAt(url));
  }
  return { preview: preview.data };
}

/** POST /dashboards/{id}/reminder; back on the dashboard, its notice says how many it goes to. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { token } = await requireUser(request, context);
  const url = new URL(request.url);
  const periodId = positiveInt(url.searchParams.get('period'));
  if (periodId === null) return data({ error: StatusDashboardMessages.noInformation }, { status: 404 });
  const result = await apiCall(ZSendEmailsResponse, `/dashboards/${periodId}/reminder`, { method: 'POST', token, request, context });
  if (!result.ok) {
    await throwOnSessionFailure(result);
    return data({ error: result.error.message }, { status: result.status >= 400 && result.status < 600 ? result.status : 500 });
  }
  return redirect(dashboardAt(url, { reminded: result.data.alreadyRunning ? 'running' : String(result.data.campaign.total) }));
}

export default function RemindDialog() {
  const { preview } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const busy = useNavigation().state !== 'idle';
  const cancelTo = `/status-dashboard?${searchParams.toString()}`;
  const count = preview.recipients.length;
  return (
    <Modal
      open
      wide
      xl
      title={StatusDashboardMessages.remindTitle}
      description={<p className="font-medium text-slate-900">{preview.title}</p>}
      onOpenChange={(open) => (open ? undefined : navigate(cancelTo, { preventScrollReset: true }))}
    >
      <div className="mt-4 space-y-4">
        {answer?.error ? <Alert tone="error">{answer.error}</Alert> : null}
        {count === 0 ? (
          <p className="text-sm text-slate-800">{StatusDashboardMessages.nobodyToRemind}</p>
        ) : (
          <>
            <p className="text-sm text-slate-800">
              <span className="font-semibold">Subject: </span>
              {preview.subject}
            </p>
            <iframe title="The reminder email as it will arrive" sandbox="" srcDoc={preview.html} className="h-72 w-full rounded-lg border border-slate-300 bg-white" />
            <h3 className="text-sm font-semibold text-slate-900">{StatusDashboardMessages.remindRecipients(count)}</h3>
            <ScrollRegion label="Recipients" className="max-h-60 overflow-auto rounded-lg border border-slate-200">
              <ul className="divide-y divide-slate-200 text-sm">
                {preview.recipients.map((r) => (
                  <li key={r.employeeId} className="px-3 py-2">
                    <span className="font-medium text-slate-900">{`${r.lastName}, ${r.firstName}`}</span>{' '}
                    <span className="break-all text-slate-700">{r.email}</span>
                    <span className="block text-slate-700">
                      {ENROLLMENT_STATE_LABELS[r.state]}
                      {r.missing.length ? `: ${r.missing.join(', ')} still to decide` : ''}
                    </span>
                  </li>
                ))}
              </ul>
            </ScrollRegion>
          </>
        )}
        {preview.unreachable.length ? (
          <div className="text-sm text-slate-800">
            <p>{StatusDashboardMessages.remindUnreachable(preview.unreachable.length)}</p>
            <p className="mt-1">{preview.unreachable.map((u) => `${u.firstName} ${u.lastName}`).join(', ')}</p>
          </div>
        ) : null}
        <Form method="post" action={`/status-dashboard/remind?${searchParams.toString()}`} className="flex flex-wrap justify-end gap-3">
          <Link to={cancelTo} preventScrollReset className={secondaryButtonClass}>
            Cancel
          </Link>
          {count > 0 ? (
            <button type="submit" disabled={busy} className={primaryButtonClass}>
              {`Send to ${count} ${count === 1 ? 'employee' : 'employees'}`}
            </button>
          ) : null}
        </Form>
      </div>
    </Modal>
  );
}
