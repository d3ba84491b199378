import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigate, useNavigation, useSearchParams } from '@remix-run/react';
import { OpenEnrollmentMessages, ZOpenEnrollmentData, ZUnfinishedCount } from '@bp/api/contracts';
import { Alert, Modal, primaryButtonClass, secondaryButtonClass } from '~/components/ui';
import { positiveInt } from '~/lib/address';
import { apiCall } from '~/lib/api.server';
import { pageTitle } from '~/lib/meta';
import { requireUser, throwOnSessionFailure } from '~/lib/shell.server';

export { RouteErrorBoundary as ErrorBoundary } from '~/components/RouteErrorBoundary';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, OpenEnrollmentMessages.closeTitle) }];

/** The dashboard at the same address, without this dialog and without the Open Enrollment dialog under it. */
function dashboardAt(url: URL, change: Record<string, string | null> = {}): string {
  const params = new URLSearchParams(url.searchParams);
  for (const [k, v] of Object.entries({ dialog: null, ...change })) {
    if (v === null) params.delete(k);
    else params.set(k, v);
  }
  return `/status-dashboard?${params.toString()}`;
}

/**
 * Close OE now asks first: a dialog at its own address over the Status Dashboard, so it
 * opens and posts without JavaScript, with the number of employees who have not finished (the API counts
 * them with the dashboard's rule). Only an active period of a client whose HR manages open enrollment.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { token, user } = await requireUser(request, context);
  const url = new URL(request.url);
  const periodId = positiveInt(url.searchParams.get('period'));
  const caller = { token, request, context };
  const oe = await apiCall(ZOpenEnrollmentData, '/openEnrollment', caller);
  if (!oe.ok) await throwOnSessionFailure(oe);
  const period = oe.ok ? oe.data.periods.find((p) => p.id === periodId && p.state === 'active') : undefined;
  if (!oe.ok || !period || !oe.data.settings.allowHrOe || !user.permissions.includes('open-enrollment:manage')) throw redirect(dashboardAt(url));
  const count = await apiCall(ZUnfinishedCount, `/dashboards/${period.id}/unfinished`, caller);
  if (!count.ok) {
    await throwOnSessionFailure(count);
    throw new Response(OpenEnrollmentMessages.periodFetchFailed, { status: 503 });
  }
  return { period: { id: period.id, title: period.title }, count: count.data };
}

/** POST /openEnrollment {close}; back on the dashboard, its notice says what happened (?done=closed). */
export async function action({ request, context }: ActionFunctionArgs) {
  const { token } = await requireUser(request, context);
  const url = new URL(request.url);
  const periodId = positiveInt(url.searchParams.get('period'));
  if (periodId === null) return data({ error: OpenEnrollmentMessages.periodFetchFailed }, { status: 404 });
  const result = await apiCall(ZOpenEnrollmentData, '/openEnrollment', { method: 'POST', body: { openEnrollmentId: periodId, close: true }, token, request, context });
  if (!result.ok) {
    await throwOnSessionFailure(result);
    return data({ error: result.error.message }, { status: result.status >= 400 && result.status < 600 ? result.status : 500 });
  }
  return redirect(dashboardAt(url, { done: 'closed' }));
}

export default function CloseOpenEnrollmentDialog() {
  const { period, count } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const busy = useNavigation().state !== 'idle';
  // Keeping it open goes back to the Open Enrollment dialog it was asked from.
  const params = new URLSearchParams(searchParams);
  params.set('dialog', 'open-enrollment');
  const cancelTo = `/status-dashboard?${params.toString()}`;
  return (
    <Modal
      open
      wide
      title={OpenEnrollmentMessages.closeTitle}
      description={
        <>
          <p className="font-medium text-slate-900">{period.title}</p>
          <p className="mt-2">{OpenEnrollmentMessages.closeUnfinished(count.unfinished, count.employees)}</p>
          <p className="mt-2">{OpenEnrollmentMessages.closeConsequence}</p>
        </>
      }
      onOpenChange={(open) => (open ? undefined : navigate(cancelTo, { preventScrollReset: true }))}
    >
      <Form method="post" action={`/status-dashboard/close?${searchParams.toString()}`} className="mt-6 space-y-4">
        {answer?.error ? <Alert tone="error">{answer.error}</Alert> : null}
        <div className="flex flex-wrap justify-end gap-3">
          <Link to={cancelTo} preventScrollReset className={secondaryButtonClass}>
            {OpenEnrollmentMessages.closeCancel}
          </Link>
          <button type="submit" disabled={busy} className={primaryButtonClass}>
            {OpenEnrollmentMessages.closeConfirm}
          </button>
        </div>
      </Form>
    </Modal>
  );
}
