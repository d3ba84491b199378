import { type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { can, CARRIER_SCHEDULE_LABELS, FEED_PLAN_TYPES, ZCarrierList } from '@bp/api/contracts';
import { primaryButtonClass, ScrollRegion, secondaryButtonClass } from '~/components/ui';
import { apiCall } from '~/lib/api.server';
import { pageTitle } from '~/lib/meta';
import { requireUser, throwOnSessionFailure } from '~/lib/shell.server';
import { sitePath } from '~/lib/site';

export { RouteErrorBoundary as ErrorBoundary } from '~/components/RouteErrorBoundary';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'Carrier files') }];

/** Transactions → Carrier files: each carrier's EDI 834 full and changes files, made for the download. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { token, user } = await requireUser(request, context);
  const carriers = await apiCall(ZCarrierList, '/carriers', { token, request, context });
  if (!carriers.ok) {
    await throwOnSessionFailure(carriers);
    throw new Response('Carriers are not available', { status: 503 });
  }
  return { carriers: carriers.data, manage: can(user.permissions, 'carriers:manage') };
}

const typeNames = (ids: number[]) => ids.map((id) => FEED_PLAN_TYPES.find((t) => t.id === id)?.name ?? String(id)).join(', ');

export default function CarrierFilesRoute() {
  const { carriers, manage } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="page-heading" className="mx-auto max-w-6xl">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="page-heading" className="text-2xl font-semibold tracking-tight text-slate-900">
          Carrier files
        </h1>
        <nav aria-label="Carrier files" className="flex flex-wrap gap-3">
          <Link to="/transactions" className={secondaryButtonClass}>
            Transactions
          </Link>
          {manage ? (
            <Link to="/transactions/carriers/new" className={primaryButtonClass}>
              Add carrier
            </Link>
          ) : null}
        </nav>
      </div>
      <p className="mt-2 text-sm text-slate-700">
        EDI 834 enrollment files (005010X220A1) written by the portal from the signed elections when you download them, and kept encrypted. The changes file holds what changed since the last file of the carrier. Files hold Social Security numbers: keep them safe.
      </p>
      {carriers.length === 0 ? (
        <p className="mt-6 text-slate-700">No carriers yet.</p>
      ) : (
        <ScrollRegion label="Carriers" className="mt-6 overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
          <table className="w-full min-w-[40rem] border-collapse text-sm">
            <caption className="px-4 pt-4 pb-2 text-left text-base font-semibold text-slate-900">{`Carriers (${carriers.length})`}</caption>
            <thead>
              <tr className="border-b border-slate-300 bg-slate-50 text-left text-slate-800">
                <th scope="col" className="px-3 py-2 font-semibold">
                  Carrier
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Plan types
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Schedule
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Files
                </th>
              </tr>
            </thead>
            <tbody>
              {carriers.map((c) => (
                <tr key={c.id} className="border-b border-slate-200 align-top">
                  <th scope="row" className="px-3 py-2 text-left font-medium text-slate-900">
                    {manage ? (
                      <Link to={`/transactions/carriers/${c.id}`} className="text-blue-800 underline" aria-label={`Edit ${c.name}`}>
                        {c.name}
                      </Link>
                    ) : (
                      c.name
                    )}
                  </th>
                  <td className="px-3 py-2 text-slate-700">{typeNames(c.planTypeIds)}</td>
                  <td className="px-3 py-2 text-slate-700">{CARRIER_SCHEDULE_LABELS[c.schedule]}</td>
                  <td className="px-3 py-2">
                    <div className="flex flex-wrap gap-2">
                      <a href={sitePath(`/carrier-834/${c.id}/full`)} download className={secondaryButtonClass} aria-label={`Download the full file for ${c.name}`}>
                        Full file
                      </a>
                      <a href={sitePath(`/carrier-834/${c.id}/changes`)} download className={secondaryButtonClass} aria-label={`Download the changes file for ${c.name}`}>
                        Changes file
                      </a>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}
