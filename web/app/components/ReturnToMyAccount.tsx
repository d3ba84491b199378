import { lazy, Suspense } from 'react';
import { Form } from '@remix-run/react';
import { Messages } from '@bp/api/contracts';
import { useHydrated } from './ui';

// Radix's tooltip (and its positioning engine) only explains the button: fetched after hydration, so the pages
// an administrator does not impersonate on never wait for it.
const ReturnToMyAccountTooltip = lazy(() => import('./ReturnToMyAccountTooltip'));

/**
 * Shown in the header while an administrator acts as an employee. Posting to /logout ends only the
 * impersonation; a full page load then restores the administrator's own session where they left it.
 */
export function ReturnToMyAccount() {
  const hydrated = useHydrated();
  const button = (
    <button type="submit" className="rounded-md border border-current px-3 py-1.5 text-sm font-semibold hover:bg-current/10">
      {Messages.returnToMyAccount}
    </button>
  );
  return (
    <Form method="post" action="/logout" reloadDocument>
      {hydrated ? (
        <Suspense fallback={button}>
          <ReturnToMyAccountTooltip>{button}</ReturnToMyAccountTooltip>
        </Suspense>
      ) : (
        button
      )}
    </Form>
  );
}
