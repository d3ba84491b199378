import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData, useRouteLoaderData } from '@remix-run/react';
import { Dashboard } from '~/components/Dashboard';
import { LoginPage } from '~/components/LoginForm';
import { loginAction, loginLoaderData } from '~/lib/login.server';
import { pageTitle } from '~/lib/meta';
import { loadShell } from '~/lib/shell.server';
import type { loader as rootLoader } from '~/root';

/** '/' is the dashboard when signed in and the login page when signed out (document 1 section 2). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const shell = await loadShell(request, context);
  if (shell.data.signedIn) return { view: 'dashboard' as const, notice: null };
  const { notice, headers } = await loginLoaderData(request, context);
  return data({ view: 'login' as const, notice }, { headers });
}

// The login form posts to the page it is on, so '/' accepts it too.
export const action = loginAction;

export const meta: MetaFunction<typeof loader> = ({ data: page, matches }) => [
  { title: page?.view === 'login' ? 'Login' : pageTitle(matches, 'Dashboard') },
];

export default function IndexRoute() {
  const page = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<typeof rootLoader>('root');
  if (page.view === 'login') return <LoginPage productName={root?.productName ?? ''} notice={page.notice} />;
  return <Dashboard user={root?.user ?? null} sidebar={root?.sidebar ?? []} />;
}
