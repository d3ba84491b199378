import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { ZClientList } from '@bp/api/contracts';
import { primaryButtonClass } from '~/components/ui';
import { throwLoadFailure } from '~/lib/agency-clients.server';
import { apiCall } from '~/lib/api.server';
import { pageTitle } from '~/lib/meta';
import { requireUser } from '~/lib/shell.server';

export { RouteErrorBoundary as ErrorBoundary } from '~/components/RouteErrorBoundary';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'Clients') }];

const STATE_LABELS = { ready: 'Ready to Start', active: 'Open enrollment running', closed: 'In force' } as const;

/** The agent's clients: what each still needs (HR administrators, a first period), and a new one. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { token } = await requireUser(request, context);
  const list = await apiCall(ZClientList, '/agency/clients', { token, request, context });
  if (!list.ok) return throwLoadFailure(list);
  return list.data;
}

export default function AgencyClientsRoute() {
  const { clients } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto w-full max-w-5xl space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Clients</h1>
        <Link to="/agency-clients/new" className={primaryButtonClass}>
          New client
        </Link>
      </div>
      <p className="text-sm text-slate-700">Set up each employer your agency serves: its settings, its HR administrators and its first enrollment period. Every client here is also in the client switcher.</p>
      {clients.length === 0 ? (
        <p className="text-sm text-slate-700">No clients yet.</p>
      ) : (
        <ul aria-label="Clients of your agency" className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white shadow-sm">
          {clients.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center justify-between gap-4 px-5 py-4">
              <div className="min-w-0">
                <h2 className="break-words text-base font-semibold text-slate-900">
                  <Link to={`/agency-clients/${c.id}`} className="underline-offset-4 hover:underline">
                    {c.name}
                  </Link>
                </h2>
                <p className="mt-1 text-sm text-slate-700">
                  {c.employees} {c.employees === 1 ? 'employee' : 'employees'} · {c.hrAdministrators} HR {c.hrAdministrators === 1 ? 'administrator' : 'administrators'} ·{' '}
                  {c.period ? `${c.period.title}: ${STATE_LABELS[c.period.state]}` : 'No enrollment period yet'}
                </p>
              </div>
              <nav aria-label={`Set up ${c.name}`} className="flex flex-wrap gap-x-4 gap-y-2 text-sm font-semibold">
                <Link to={`/agency-clients/${c.id}`} className="text-brand-700 underline underline-offset-4">
                  Settings<span className="sr-only"> of {c.name}</span>
                </Link>
                <Link to={`/agency-clients/${c.id}/hr`} className="text-brand-700 underline underline-offset-4">
                  HR administrators<span className="sr-only"> of {c.name}</span>
                </Link>
                <Link to={`/agency-clients/${c.id}/period`} className="text-brand-700 underline underline-offset-4">
                  First period<span className="sr-only"> of {c.name}</span>
                </Link>
              </nav>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
