import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, Outlet, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { getFormProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { HR_STATUS_LABELS, ZHrAdministrator, ZHrAdministratorList, ZHrInvite, fullName } from '@bp/api/contracts';
import { Alert, InputField, primaryButtonClass, secondaryButtonClass } from '~/components/ui';
import { clientIdOf, redirectWithFlash, submitForm, throwLoadFailure } from '~/lib/agency-clients.server';
import { apiCall } from '~/lib/api.server';
import { pageTitle } from '~/lib/meta';
import { requireUser } from '~/lib/shell.server';

export { RouteErrorBoundary as ErrorBoundary } from '~/components/RouteErrorBoundary';

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: pageTitle(matches, data ? `${data.client.name}: HR administrators` : 'HR administrators') }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { token } = await requireUser(request, context);
  const id = clientIdOf(params);
  const list = await apiCall(ZHrAdministratorList, `/agency/clients/${id}/hr-administrators`, { token, request, context });
  if (!list.ok) return throwLoadFailure(list);
  return list.data;
}

/** POST /agency/clients/{id}/hr-administrators: the invitation email with its registration link goes out. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { token, session } = await requireUser(request, context);
  const id = clientIdOf(params);
  const sent = await submitForm(request, context, token, ZHrInvite, { path: `/agency/clients/${id}/hr-administrators`, method: 'POST', answer: ZHrAdministrator });
  if (!sent.ok) return sent.response;
  return redirectWithFlash(session, `/agency-clients/${id}/hr`, { type: 'success', text: `An invitation was emailed to ${sent.data.email}.` });
}

function dateOf(iso: string): string {
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${m}/${d}/${y}`;
}

export default function HrAdministratorsRoute() {
  const { client, administrators } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const submitting = useNavigation().state === 'submitting';
  const [form, fields] = useForm({
    id: 'hr-invite',
    lastResult,
    constraint: getZodConstraint(ZHrInvite),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ZHrInvite }),
  });
  const formError = form.errors?.[0] ?? null;

  return (
    <div className="mx-auto w-full max-w-4xl space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="break-words text-2xl font-semibold tracking-tight text-slate-900">{client.name}: HR administrators</h1>
        <nav aria-label="Set up this client" className="flex flex-wrap gap-3">
          <Link to={`/agency-clients/${client.id}`} className={secondaryButtonClass}>
            Settings
          </Link>
          <Link to={`/agency-clients/${client.id}/period`} className={secondaryButtonClass}>
            First period
          </Link>
        </nav>
      </div>

      <section aria-labelledby="hr-list" className="rounded-xl border border-slate-200 bg-white px-5 py-6 shadow-sm sm:px-6">
        <h2 id="hr-list" className="text-lg font-semibold text-slate-900">
          Administrators
        </h2>
        {administrators.length === 0 ? (
          <p className="mt-2 text-sm text-slate-700">No HR administrators yet: invite the first one below.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200">
            {administrators.map((a) => {
              const name = fullName(a);
              return (
                <li key={a.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                  <div className="min-w-0">
                    <p className="break-words font-medium text-slate-900">{name}</p>
                    <p className="break-all text-sm text-slate-600">{a.email}</p>
                    <p className="text-sm text-slate-700">
                      {HR_STATUS_LABELS[a.status]}
                      {a.status === 'invited' ? ` on ${dateOf(a.invitedAt)}` : a.lastLoginAt ? `, last signed in on ${dateOf(a.lastLoginAt)}` : ''}
                    </p>
                  </div>
                  {a.status !== 'disabled' ? (
                    <Link to={`disable?account=${a.id}`} preventScrollReset className={secondaryButtonClass} aria-label={`Disable ${name}`}>
                      Disable
                    </Link>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <section aria-labelledby="hr-invite-title" className="rounded-xl border border-slate-200 bg-white px-5 py-6 shadow-sm sm:px-6">
        <h2 id="hr-invite-title" className="text-lg font-semibold text-slate-900">
          Invite an HR administrator
        </h2>
        <p className="mt-1 text-sm text-slate-700">They receive an email with a link to choose their password; then they sign in to {client.name}.</p>
        {formError ? (
          <Alert tone="error" id={form.errorId} className="mt-4">
            {formError}
          </Alert>
        ) : null}
        <Form method="post" {...getFormProps(form)} className="mt-4 grid gap-5 sm:grid-cols-2">
          <InputField meta={fields.firstName} label="First name" type="text" autoComplete="off" />
          <InputField meta={fields.lastName} label="Last name" type="text" autoComplete="off" />
          <InputField meta={fields.email} label="Email" type="email" autoComplete="off" />
          <div className="flex items-end">
            <button type="submit" disabled={submitting} className={primaryButtonClass}>
              Send invitation
            </button>
          </div>
        </Form>
      </section>
      <Outlet />
    </div>
  );
}
