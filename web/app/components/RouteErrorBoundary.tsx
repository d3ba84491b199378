import { isRouteErrorResponse, useRouteError } from '@remix-run/react';
import { Messages } from '@bp/api/contracts';
import { isCancelledLoad } from '~/lib/cancelled-load';

/**
 * Error boundary for screens inside the shell. 408 (idle session) keeps the shell, so the session-expired
 * modal can be answered; the right password reloads the screen in place.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  if (isCancelledLoad(error)) return null;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error)) console.error(error);
  const text =
    status === 408
      ? Messages.sessionExpiredModal
      : status >= 500
        ? Messages.serviceUnavailable
        : 'An unexpected error occurred. Please try again; if it keeps happening, contact support.';
  return (
    <section aria-live="polite" className="mx-auto max-w-xl rounded-xl border border-slate-200 bg-white px-6 py-10 text-center shadow-sm">
      <p className="text-slate-700">{text}</p>
    </section>
  );
}
