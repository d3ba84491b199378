import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigate, useNavigation } from '@remix-run/react';
import { ZHrAdministrator, ZHrAdministratorList, fullName } from '@bp/api/contracts';
import { Alert, Modal, primaryButtonClass, secondaryButtonClass } from '~/components/ui';
import { positiveInt } from '~/lib/address';
import { clientIdOf, redirectWithFlash, throwLoadFailure } from '~/lib/agency-clients.server';
import { apiCall } from '~/lib/api.server';
import { pageTitle } from '~/lib/meta';
import { requireUser, throwOnSessionFailure } from '~/lib/shell.server';

export { RouteErrorBoundary as ErrorBoundary } from '~/components/RouteErrorBoundary';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'Disable HR administrator') }];

/** Disabling cannot be undone here, so it asks first: a dialog at its own address over the list (works without JavaScript). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { token } = await requireUser(request, context);
  const id = clientIdOf(params);
  const accountId = positiveInt(new URL(request.url).searchParams.get('account'));
  const list = await apiCall(ZHrAdministratorList, `/agency/clients/${id}/hr-administrators`, { token, request, context });
  if (!list.ok) return throwLoadFailure(list);
  const admin = list.data.administrators.find((a) => a.id === accountId && a.status !== 'disabled');
  if (!admin) throw redirect(`/agency-clients/${id}/hr`);
  return { client: list.data.client, admin: { id: admin.id, name: fullName(admin), email: admin.email } };
}

/** POST /agency/clients/{id}/hr-administrators/{accountId}/disable. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { token, session } = await requireUser(request, context);
  const id = clientIdOf(params);
  const accountId = positiveInt(new URL(request.url).searchParams.get('account'));
  if (accountId === null) return redirect(`/agency-clients/${id}/hr`);
  const result = await apiCall(ZHrAdministrator, `/agency/clients/${id}/hr-administrators/${accountId}/disable`, { method: 'POST', token, request, context });
  if (!result.ok) {
    await throwOnSessionFailure(result);
    return { error: result.error.message };
  }
  return redirectWithFlash(session, `/agency-clients/${id}/hr`, { type: 'success', text: `${fullName(result.data)} was disabled: they can no longer sign in.` });
}

export default function DisableHrDialog() {
  const { client, admin } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigate = useNavigate();
  const busy = useNavigation().state !== 'idle';
  const back = `/agency-clients/${client.id}/hr`;
  return (
    <Modal
      open
      wide
      title={`Disable ${admin.name}?`}
      description={
        <>
          <p className="break-all">{admin.email}</p>
          <p className="mt-2">They can no longer sign in to {client.name}: any session of theirs ends now, and an unused invitation link stops working.</p>
        </>
      }
      onOpenChange={(open) => (open ? undefined : navigate(back, { preventScrollReset: true }))}
    >
      <Form method="post" action={`/agency-clients/${client.id}/hr/disable?account=${admin.id}`} className="mt-6 space-y-4">
        {answer?.error ? <Alert tone="error">{answer.error}</Alert> : null}
        <div className="flex flex-wrap justify-end gap-3">
          <Link to={back} preventScrollReset className={secondaryButtonClass}>
            Keep access
          </Link>
          <button type="submit" disabled={busy} className={primaryButtonClass}>
            Disable
          </button>
        </div>
      </Form>
    </Modal>
  );
}
