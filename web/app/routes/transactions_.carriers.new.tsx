import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData } from '@remix-run/react';
import { can, ZCarrier, ZCarrierInput } from '@bp/api/contracts';
import { CarrierForm } from '~/components/carriers/CarrierForm';
import { redirectWithFlash, submitForm } from '~/lib/agency-clients.server';
import { pageTitle } from '~/lib/meta';
import { requireUser } from '~/lib/shell.server';

export { RouteErrorBoundary as ErrorBoundary } from '~/components/RouteErrorBoundary';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'Add carrier') }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireUser(request, context);
  if (!can(user.permissions, 'carriers:manage')) throw new Response('Not found', { status: 404 });
  return null;
}

/** POST /carriers. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { token, session } = await requireUser(request, context);
  const sent = await submitForm(request, context, token, ZCarrierInput, { path: '/carriers', method: 'POST', answer: ZCarrier });
  if (!sent.ok) return sent.response;
  return redirectWithFlash(session, '/transactions/carriers', { type: 'success', text: `${sent.data.name} was added.` });
}

export default function NewCarrierRoute() {
  const lastResult = useActionData<typeof action>();
  return (
    <section aria-labelledby="page-heading" className="mx-auto w-full max-w-3xl rounded-xl border border-slate-200 bg-white px-5 py-6 shadow-sm sm:px-6">
      <h1 id="page-heading" className="mb-4 text-2xl font-semibold tracking-tight text-slate-900">
        Add carrier
      </h1>
      <CarrierForm carrier={null} lastResult={lastResult} submitLabel="Add carrier" />
    </section>
  );
}
