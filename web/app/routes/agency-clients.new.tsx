import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData } from '@remix-run/react';
import { ZClientDetail, ZClientSettings } from '@bp/api/contracts';
import { ClientForm } from '~/components/agency/ClientForm';
import { redirectWithFlash, submitForm } from '~/lib/agency-clients.server';
import { pageTitle } from '~/lib/meta';
import { requireUser } from '~/lib/shell.server';

export { RouteErrorBoundary as ErrorBoundary } from '~/components/RouteErrorBoundary';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'New client') }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  return null;
}

/** POST /agency/clients; the new client's HR administrators come next. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { token, session } = await requireUser(request, context);
  const sent = await submitForm(request, context, token, ZClientSettings, { path: '/agency/clients', method: 'POST', answer: ZClientDetail });
  if (!sent.ok) return sent.response;
  return redirectWithFlash(session, `/agency-clients/${sent.data.id}/hr`, { type: 'success', text: `${sent.data.name} was created. Invite its HR administrators next.` });
}

export default function NewClientRoute() {
  const lastResult = useActionData<typeof action>();
  return (
    <div className="mx-auto w-full max-w-4xl space-y-6">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">New client</h1>
      <ClientForm client={null} lastResult={lastResult} submitLabel="Create client" cancelTo="/agency-clients" />
    </div>
  );
}
