import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData, useRouteLoaderData } from '@remix-run/react';
import { LIFE_EVENT_TYPES, LifeEventMessages, ZMidyearChangesData, type LifeEventType } from '@bp/api/contracts';
import { Dashboard } from '~/components/Dashboard';
import { Alert } from '~/components/ui';
import { apiCall } from '~/lib/api.server';
import { LoginPage } from '~/components/LoginForm';
import { cancelChanges, loadDashboard, modifySelections } from '~/lib/dashboard.server';
import { loginAction, loginLoaderData } from '~/lib/login.server';
import { pageTitle } from '~/lib/meta';
import { loadShell, requireUser, sessionIdleResponse } from '~/lib/shell.server';
import type { loader as rootLoader } from '~/root';

export { RouteErrorBoundary as ErrorBoundary } from '~/components/RouteErrorBoundary';

/** '/' is the dashboard when signed in and the login page when signed out. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const shell = await loadShell(request, context);
  if (shell.data.signedIn) {
    if (shell.data.sessionIdle || !shell.data.user || !shell.token) throw sessionIdleResponse();
    const caller = { token: shell.token, request, context };
    const user = shell.data.user;
    const [dashboard, lifeEvent] = await Promise.all([
      loadDashboard(new URL(request.url), user, caller),
      // A life event signed and waiting for HR, or returned: the dashboard says so.
      user.enableMidyearChanges && user.employeeId !== null ? apiCall(ZMidyearChangesData, '/midyear-changes', caller) : null,
    ]);
    const waiting = lifeEvent?.ok && lifeEvent.data.status !== 'draft' ? lifeEvent.data : null;
    return { view: 'dashboard' as const, notice: null, dashboard, lifeEvent: waiting };
  }
  const { notice, headers } = await loginLoaderData(request, context);
  return data({ view: 'login' as const, notice, dashboard: null, lifeEvent: null }, { headers });
}

/** The login form posts to the page it is on, so '/' accepts it too; signed in, Modify Selections and Cancel changes. */
export async function action(args: ActionFunctionArgs) {
  const { request, context } = args;
  // Read a copy: the login action reads the body itself.
  const intent = (await request.clone().formData()).get('intent');
  if (intent !== 'modify' && intent !== 'cancelChanges') return loginAction(args);
  const { user, token, session } = await requireUser(request, context);
  if (intent === 'cancelChanges') return cancelChanges({ token, request, context }, session);
  return modifySelections(user, { token, request, context }, session);
}

export const meta: MetaFunction<typeof loader> = ({ data: page, matches }) => [
  { title: page?.view === 'login' ? 'Login' : pageTitle(matches, 'Dashboard') },
];

export default function IndexRoute() {
  const page = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<typeof rootLoader>('root');
  if (page.view === 'login' || !page.dashboard) return <LoginPage productName={root?.productName ?? ''} notice={page.notice} />;
  const lifeEvent = page.lifeEvent;
  return (
    <>
      {lifeEvent ? (
        <Alert tone={lifeEvent.status === 'rejected' ? 'warning' : 'info'} className="mx-auto mb-4 max-w-6xl">
          {lifeEvent.status === 'rejected'
            ? `HR returned your ${LIFE_EVENT_TYPES[lifeEvent.eventType as LifeEventType]} change: ${lifeEvent.rejectionReason ?? ''}`
            : `${LifeEventMessages.pendingApproval}: ${LIFE_EVENT_TYPES[lifeEvent.eventType as LifeEventType]} on ${lifeEvent.effectiveDate}, taking effect on ${lifeEvent.coverageStarts} once approved.`}
        </Alert>
      ) : null}
      <Dashboard data={page.dashboard} firstName={root?.user?.firstName?.trim() || null} />
    </>
  );
}
