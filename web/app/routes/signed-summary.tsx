import { redirectDocument, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { ZSignatureResponse } from '@bp/api/contracts';
import { primaryButtonClass } from '~/components/ui';
import { apiCall } from '~/lib/api.server';
import { pageTitle } from '~/lib/meta';
import { requireUser, throwOnSessionFailure } from '~/lib/shell.server';

export { RouteErrorBoundary as ErrorBoundary } from '~/components/RouteErrorBoundary';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'Signed Summary') }];

/**
 * The confirmation email's link: after sign-in it opens the latest signed summary
 * PDF. The email carries no token; the routing rules send a signed-out visitor to the login page and back.
 * Until the documents worker has written the PDF the page says so.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { token } = await requireUser(request, context);
  const result = await apiCall(ZSignatureResponse, '/forms/signature', { token, request, context });
  // A document load of the file route (it streams the PDF), also when this page was reached in the app.
  if (result.ok && result.data.summaryFileId !== null) throw redirectDocument(`/files/${result.data.summaryFileId}`);
  if (!result.ok && result.status !== 404) await throwOnSessionFailure(result);
  // 404: nothing signed yet (a person who has not finished enrolling); otherwise the PDF is on its way.
  return { signed: result.ok };
}

export default function SignedSummaryRoute() {
  const { signed } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="page-heading" className="mx-auto max-w-xl rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h1 id="page-heading" className="text-xl font-semibold text-slate-900">
        Your signed summary
      </h1>
      <p className="mt-3 text-sm text-slate-700">
        {signed
          ? 'Your signed summary is being prepared. It is usually ready within a minute: reload this page to open it.'
          : 'You have not signed your benefit elections yet. Your signed summary appears here once you finish your enrollment.'}
      </p>
      <Link to="/" className={`${primaryButtonClass} mt-5`}>
        Go to the dashboard
      </Link>
    </section>
  );
}
