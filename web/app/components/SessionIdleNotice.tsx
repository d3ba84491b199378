import { Form } from '@remix-run/react';
import { Messages } from '@bp/api/contracts';

/**
 * Shown while the API answers 408 (idle session). Seam: the session-expired modal (password prompt,
 * document 1 section 2) replaces this banner; until then the user can at least log out and back in.
 */
export function SessionIdleNotice() {
  return (
    <div role="alert" className="border-b border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="font-medium">{Messages.sessionExpiredModal}</p>
        <Form method="post" action="/logout" reloadDocument>
          <button
            type="submit"
            className="rounded-md border border-amber-400 bg-white px-3 py-1.5 font-semibold text-amber-950 hover:bg-amber-100"
          >
            Logout
          </button>
        </Form>
      </div>
    </div>
  );
}
