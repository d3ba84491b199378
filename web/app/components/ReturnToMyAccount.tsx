import * as Tooltip from '@radix-ui/react-tooltip';
import { Form } from '@remix-run/react';
import { Messages } from '@bp/api/contracts';

/**
 * Shown in the header while an administrator acts as an employee. Posting to /logout ends only the
 * impersonation; a full page load then restores the administrator's own session where they left it.
 */
export function ReturnToMyAccount() {
  return (
    <Tooltip.Provider delayDuration={200}>
      <Tooltip.Root>
        <Form method="post" action="/logout" reloadDocument>
          <Tooltip.Trigger asChild>
            <button
              type="submit"
              className="rounded-md border border-current px-3 py-1.5 text-sm font-semibold hover:bg-current/10"
            >
              {Messages.returnToMyAccount}
            </button>
          </Tooltip.Trigger>
        </Form>
        <Tooltip.Portal>
          <Tooltip.Content sideOffset={6} className="z-50 rounded-md bg-slate-900 px-2.5 py-1.5 text-xs font-medium text-white shadow">
            {Messages.logOutFromImpersonation}
            <Tooltip.Arrow className="fill-slate-900" />
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}
