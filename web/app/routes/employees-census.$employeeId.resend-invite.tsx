import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigate, useNavigation, useRouteLoaderData, useSearchParams } from '@remix-run/react';
import { CensusMessages, fullName, Messages, ZOkResponse } from '@bp/api/contracts';
import { Alert, Modal, primaryButtonClass, secondaryButtonClass } from '~/components/ui';
import { positiveInt } from '~/lib/address';
import { apiCall } from '~/lib/api.server';
import { pageTitle } from '~/lib/meta';
import { requireUser, throwOnSessionFailure } from '~/lib/shell.server';
import { censusAt } from '~/lib/census-address';
import type { loader as employeeLoader } from './employees-census.$employeeId';

export { RouteErrorBoundary as ErrorBoundary } from '~/components/RouteErrorBoundary';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'Resend invite') }];

/**
 * Resend invite: a confirmation of its own over the census, at its own address, so it opens
 * and posts without JavaScript. Only sessions that may change employees get it; the API decides the rest
 * (another client's employee 404, someone registered 409).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { user } = await requireUser(request, context);
  const url = new URL(request.url);
  const employeeId = positiveInt(params.employeeId ?? null);
  if (!user.permissions.includes('employees:update') || employeeId === null) throw redirect(censusAt(url.searchParams, employeeId));
  return { employeeId };
}

/** POST /employees/{id}/welcome-email: a fresh link, the older ones end; back on the census with what happened. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { token } = await requireUser(request, context);
  const url = new URL(request.url);
  const employeeId = positiveInt(params.employeeId ?? null);
  if (employeeId === null) return data({ error: Messages.noEmployeeFound }, { status: 404 });
  const result = await apiCall(ZOkResponse, `/employees/${employeeId}/welcome-email`, { method: 'POST', token, request, context });
  if (!result.ok) {
    await throwOnSessionFailure(result);
    return data({ error: result.error.message }, { status: result.status >= 400 && result.status < 600 ? result.status : 500 });
  }
  const next = new URLSearchParams(url.searchParams);
  next.set('done', 'invited');
  return redirect(censusAt(next, employeeId));
}

export default function ResendInviteDialog() {
  const { employeeId } = useLoaderData<typeof loader>();
  const employee = useRouteLoaderData<typeof employeeLoader>('routes/employees-census.$employeeId');
  const answer = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const busy = useNavigation().state !== 'idle';
  const profile = employee?.selectedId === employeeId ? employee.detail?.profile : undefined;
  // The census under the dialog says when the employee is not there ('No employee found!').
  if (!profile) return null;
  const closeTo = censusAt(searchParams, employeeId);

  return (
    <Modal
      open
      title={CensusMessages.resendInviteTitle(fullName(profile))}
      description={CensusMessages.resendInviteIntro(profile.email ?? '')}
      onOpenChange={(open) => (open ? undefined : navigate(closeTo, { preventScrollReset: true }))}
    >
      <Form method="post" action={`/employees-census/${employeeId}/resend-invite?${searchParams.toString()}`} className="mt-4 space-y-4">
        {answer?.error ? <Alert tone="error">{answer.error}</Alert> : null}
        <div className="flex flex-wrap justify-end gap-3">
          <Link to={closeTo} preventScrollReset className={secondaryButtonClass}>
            Cancel
          </Link>
          <button type="submit" disabled={busy} className={primaryButtonClass}>
            {CensusMessages.resendInviteSubmit}
          </button>
        </div>
      </Form>
    </Modal>
  );
}
