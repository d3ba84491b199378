import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { can, CarrierFeedMessages, ZCarrier, ZCarrierFileList, ZCarrierInput } from '@bp/api/contracts';
import { CarrierForm } from '~/components/carriers/CarrierForm';
import { ScrollRegion, secondaryButtonClass } from '~/components/ui';
import { redirectWithFlash, submitForm, throwLoadFailure } from '~/lib/agency-clients.server';
import { apiCall } from '~/lib/api.server';
import { pageTitle } from '~/lib/meta';
import { requireUser } from '~/lib/shell.server';
import { sitePath } from '~/lib/site';

export { RouteErrorBoundary as ErrorBoundary } from '~/components/RouteErrorBoundary';

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: pageTitle(matches, data ? `Carrier: ${data.carrier.name}` : 'Carrier') }];

function carrierIdOf(params: { id?: string }): number {
  const id = /^\d{1,10}$/.test(params.id ?? '') ? Number(params.id) : NaN;
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw new Response(CarrierFeedMessages.notFound, { status: 404 });
  return id;
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { token, user } = await requireUser(request, context);
  if (!can(user.permissions, 'carriers:manage')) throw new Response('Not found', { status: 404 });
  const id = carrierIdOf(params);
  const caller = { token, request, context };
  const [carrier, files] = await Promise.all([apiCall(ZCarrier, `/carriers/${id}`, caller), apiCall(ZCarrierFileList, `/carriers/${id}/files`, caller)]);
  if (!carrier.ok) return throwLoadFailure(carrier);
  if (!files.ok) return throwLoadFailure(files);
  return { carrier: carrier.data, files: files.data };
}

/** PUT /carriers/{id}. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { token, session } = await requireUser(request, context);
  const id = carrierIdOf(params);
  const sent = await submitForm(request, context, token, ZCarrierInput, { path: `/carriers/${id}`, method: 'PUT', answer: ZCarrier });
  if (!sent.ok) return sent.response;
  return redirectWithFlash(session, '/transactions/carriers', { type: 'success', text: `${sent.data.name} was saved.` });
}

export default function CarrierRoute() {
  const { carrier, files } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const written = files.filter((f) => f.downloadable);
  return (
    <div className="mx-auto w-full max-w-3xl space-y-6">
      <section aria-labelledby="page-heading" className="rounded-xl border border-slate-200 bg-white px-5 py-6 shadow-sm sm:px-6">
        <h1 id="page-heading" className="mb-4 break-words text-2xl font-semibold tracking-tight text-slate-900">
          {carrier.name}
        </h1>
        <CarrierForm key={carrier.id} carrier={carrier} lastResult={lastResult} submitLabel="Save carrier" />
      </section>
      <section aria-labelledby="weekly-heading" className="rounded-xl border border-slate-200 bg-white px-5 py-6 shadow-sm sm:px-6">
        <h2 id="weekly-heading" className="text-lg font-semibold text-slate-900">
          Written files
        </h2>
        {written.length === 0 ? (
          <p className="mt-2 text-sm text-slate-700">No file yet.</p>
        ) : (
          <ScrollRegion label="Written files" className="mt-3 overflow-x-auto">
            <ul className="space-y-2">
              {written.map((f) => (
                <li key={f.id} className="flex flex-wrap items-center gap-3 text-sm text-slate-800">
                  <span>{`${f.week ? `Week of ${f.week}` : `${f.kind === 'full' ? 'Full' : 'Changes'} file, control number ${f.controlNumber}`}: ${f.members} members`}</span>
                  <a
                    href={sitePath(`/carrier-file/${carrier.id}/${f.id}`)}
                    download
                    className={secondaryButtonClass}
                    aria-label={f.week ? `Download the file of the week of ${f.week}` : `Download the ${f.kind} file with control number ${f.controlNumber}`}
                  >
                    Download
                  </a>
                </li>
              ))}
            </ul>
          </ScrollRegion>
        )}
      </section>
    </div>
  );
}
