import { type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { AuditLog } from '~/components/AuditLog';
import { loadAudit } from '~/lib/audit.server';
import { pageTitle } from '~/lib/meta';
import { loadShell, sessionIdleResponse } from '~/lib/shell.server';

export { RouteErrorBoundary as ErrorBoundary } from '~/components/RouteErrorBoundary';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'My Audit Log') }];

/** My Audit Log; the root's routing rules let only those with its permission in. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const shell = await loadShell(request, context);
  if (shell.data.sessionIdle || !shell.token) throw sessionIdleResponse();
  return loadAudit(new URL(request.url), 'user', { token: shell.token, request, context });
}

export default function AuditRoute() {
  const view = useLoaderData<typeof loader>();
  return <AuditLog title="My Audit Log" view={view} showEmployee={false} />;
}
