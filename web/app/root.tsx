import { useEffect, type ReactNode } from 'react';
import { data, type HeadersFunction, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLoaderData,
  useRouteError,
  type ShouldRevalidateFunction,
} from '@remix-run/react';
import { AppShell } from '~/components/AppShell';
import { ErrorPanel } from '~/components/StatusPanels';
import { commitSession } from '~/lib/session.server';
import { loadShell } from '~/lib/shell.server';
import { useNonce } from '~/lib/nonce';
import stylesheet from '~/tailwind.css?url';
import { isCancelledLoad } from '~/lib/cancelled-load';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  // Public files are served under the base path too.
  { rel: 'icon', href: '/mbl/favicon.svg', type: 'image/svg+xml' },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const shell = await loadShell(request, context);
  if (!shell.sessionChanged) return shell.data;
  return data(shell.data, { headers: { 'Set-Cookie': await commitSession(shell.session) } });
}

// The routing rules depend on the user's flags, which change on the server (password reset, onboarding):
// check them on every navigation, not only when the root's own params change.
export const shouldRevalidate: ShouldRevalidateFunction = () => true;

// Pages carry personal data: never let a shared cache or the back button replay them after logout.
export const headers: HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

// Only the error page lacks data; every route sets its own title on top of this one.
export const meta: MetaFunction<typeof loader> = ({ data: shell }) => [{ title: shell?.productName ?? 'Error' }];

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en" className="h-full">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="h-full font-sans">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const shell = useLoaderData<typeof loader>();
  useIgnoreCancelledLoads();
  return (
    <AppShell data={shell}>
      <Outlet />
    </AppShell>
  );
}

/**
 * A fetcher load cancelled by a navigation can also reject a promise that nobody awaits (the same upstream
 * issue as in the error boundaries, remix-run/react-router#14203): it is the outcome the person asked for,
 * so it is not reported as an unhandled error. Every other rejection still is.
 */
function useIgnoreCancelledLoads(): void {
  useEffect(() => {
    const ignore = (event: PromiseRejectionEvent) => {
      if (isCancelledLoad(event.reason)) event.preventDefault();
    };
    window.addEventListener('unhandledrejection', ignore);
    return () => window.removeEventListener('unhandledrejection', ignore);
  }, []);
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isCancelledLoad(error)) return null;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <main className="flex min-h-full items-center justify-center px-4 py-16">
      <ErrorPanel status={status} />
    </main>
  );
}
