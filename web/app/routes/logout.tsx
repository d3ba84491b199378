import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useRouteLoaderData } from '@remix-run/react';
import { Messages } from '@bp/api/contracts';
import { apiRequest } from '~/lib/api.server';
import { pageTitle } from '~/lib/meta';
import { commitSession, getSession, signedOutRedirect } from '~/lib/session.server';
import { safeAppPath } from '~/lib/site';
import type { loader as rootLoader } from '~/root';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'Log Out') }];

/** Opening /logout directly shows the confirmation (the no-JavaScript path of the header's dialog). */
export async function loader({ request }: LoaderFunctionArgs) {
  const session = await getSession(request);
  if (!session.has('token')) throw redirect('/login');
  return null;
}

/**
 * Logout: while impersonating, only the impersonation ends and the administrator
 * returns to where they were; otherwise the API token is revoked and the session cookie cleared.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const session = await getSession(request);
  const impersonationToken = session.get('impersonationToken');
  const token = session.get('token');

  if (impersonationToken) {
    // Ends the impersonation session on the API (and audits it); the administrator's own stays.
    await apiRequest('/impersonation/stop', { method: 'POST', token: impersonationToken, request, context });
    session.unset('impersonationToken');
    const returnTo = safeAppPath(session.get('returnTo'));
    session.unset('returnTo');
    return redirect(returnTo, { headers: { 'Set-Cookie': await commitSession(session) } });
  }

  // The cookie is cleared even if the API cannot be reached: the user asked to leave.
  if (token) await apiRequest('/logout', { method: 'POST', token, request, context });
  return signedOutRedirect('/login');
}

export default function LogoutRoute() {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  return (
    <section aria-labelledby="logout-heading" className="mx-auto max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h1 id="logout-heading" className="text-lg font-semibold text-slate-900">
        {Messages.areYouSure}
      </h1>
      <p className="mt-2 text-sm text-slate-700">You will be logged out of {root?.productName}.</p>
      <Form method="post" reloadDocument className="mt-6 flex justify-end gap-3">
        <Link
          to="/"
          className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50"
        >
          Cancel
        </Link>
        <button type="submit" className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-800">
          Yes
        </button>
      </Form>
    </section>
  );
}
