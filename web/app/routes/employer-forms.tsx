import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { ZEmployerFormsTicket } from '@bp/api/contracts';
import { apiCall } from '~/lib/api.server';
import { pageTitle } from '~/lib/meta';
import { requireUser, throwOnSessionFailure } from '~/lib/shell.server';

export { RouteErrorBoundary as ErrorBoundary } from '~/components/RouteErrorBoundary';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'Employer Forms') }];

/**
 * Employer Forms: a frame of the API's server-rendered wizard. Its address carries a
 * one-time ticket as `jwt` (never the session's token), which the page exchanges at once for its cookie.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { token } = await requireUser(request, context);
  const ticket = await apiCall(ZEmployerFormsTicket, '/employer-forms/ticket', { method: 'POST', token, request, context });
  if (!ticket.ok) {
    await throwOnSessionFailure(ticket);
    throw new Response('Employer Forms could not be opened', { status: ticket.status === 403 ? 403 : 503 });
  }
  // A fresh ticket on every visit: the page must not be kept by the browser or a proxy.
  return data({ src: ticket.data.url }, { headers: { 'Cache-Control': 'no-store' } });
}

export default function EmployerFormsRoute() {
  const { src } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="page-heading" className="mx-auto max-w-6xl">
      <h1 id="page-heading" className="text-2xl font-semibold tracking-tight text-slate-900">
        Employer Forms
      </h1>
      <iframe title="Employer Forms: onboarding steps" src={src} className="mt-6 h-[75vh] min-h-[32rem] w-full rounded-xl border border-slate-200 bg-white shadow-sm" />
    </section>
  );
}
