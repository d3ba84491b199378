import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { ZClientDetail, ZClientSettings } from '@bp/api/contracts';
import { ClientForm } from '~/components/agency/ClientForm';
import { inputClass, labelClass, secondaryButtonClass } from '~/components/ui';
import { clientIdOf, redirectWithFlash, submitForm, throwLoadFailure } from '~/lib/agency-clients.server';
import { apiCall } from '~/lib/api.server';
import { pageTitle } from '~/lib/meta';
import { requireUser } from '~/lib/shell.server';

export { RouteErrorBoundary as ErrorBoundary } from '~/components/RouteErrorBoundary';

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: pageTitle(matches, data ? `${data.client.name}: settings` : 'Client settings') }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { token } = await requireUser(request, context);
  const id = clientIdOf(params);
  const client = await apiCall(ZClientDetail, `/agency/clients/${id}`, { token, request, context });
  if (!client.ok) return throwLoadFailure(client);
  return { client: client.data };
}

/** PUT /agency/clients/{id}: every setting at once. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { token, session } = await requireUser(request, context);
  const id = clientIdOf(params);
  const sent = await submitForm(request, context, token, ZClientSettings, { path: `/agency/clients/${id}`, method: 'PUT', answer: ZClientDetail });
  if (!sent.ok) return sent.response;
  return redirectWithFlash(session, `/agency-clients/${id}`, { type: 'success', text: `${sent.data.name}'s settings were saved.` });
}

export default function ClientSettingsRoute() {
  const { client } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const uploading = useNavigation().formAction?.startsWith('/agency-clients-logo') === true;
  return (
    <div className="mx-auto w-full max-w-4xl space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="break-words text-2xl font-semibold tracking-tight text-slate-900">{client.name}</h1>
        <nav aria-label="Set up this client" className="flex flex-wrap gap-3">
          <Link to={`/agency-clients/${client.id}/hr`} className={secondaryButtonClass}>
            HR administrators
          </Link>
          <Link to={`/agency-clients/${client.id}/period`} className={secondaryButtonClass}>
            First period
          </Link>
        </nav>
      </div>

      <section aria-labelledby="client-logo" className="rounded-xl border border-slate-200 bg-white px-5 py-6 shadow-sm sm:px-6">
        <h2 id="client-logo" className="text-lg font-semibold text-slate-900">
          Logo
        </h2>
        {client.logoUrl ? (
          <img src={client.logoUrl} alt={`${client.name} logo`} className="mt-3 h-12 w-auto max-w-[220px] rounded border border-slate-200 object-contain p-1" />
        ) : (
          <p className="mt-2 text-sm text-slate-700">No logo yet: the header shows the client's name.</p>
        )}
        <Form method="post" encType="multipart/form-data" action={`/agency-clients-logo?client=${client.id}`} className="mt-4 flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor="logo-file" className={labelClass}>
              Image (PNG, JPEG, GIF or WebP, up to 10 MB)
            </label>
            <input id="logo-file" name="file" type="file" accept="image/png,image/jpeg,image/gif,image/webp" required className={inputClass} />
          </div>
          <button type="submit" disabled={uploading} className={secondaryButtonClass}>
            Upload logo
          </button>
        </Form>
      </section>

      <ClientForm client={client} lastResult={lastResult} submitLabel="Save settings" cancelTo="/agency-clients" />
    </div>
  );
}
