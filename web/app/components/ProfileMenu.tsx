import { lazy, Suspense } from 'react';
import { Link } from '@remix-run/react';
import type { CurrentUser } from '@bp/api/contracts';
import { useHydrated } from '~/components/ui';
import { fullName, initials } from '~/lib/user';

export const itemClass =
  'flex w-full items-center rounded-md px-3 py-2 text-left text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:bg-slate-100';

// Radix's popover and its positioning engine are a fifth of a first visit's script: fetched after hydration,
// so no page waits for them; until then (and without scripts) the native disclosure below works.
const ProfileMenuPopover = lazy(() => import('./ProfileMenuPopover'));

/** The user's name in the header; opens 'Change Password' and 'Log Out'. */
export function ProfileMenu({ user, productName }: { user: CurrentUser; productName: string }) {
  const hydrated = useHydrated();
  const fallback = <ProfileMenuDisclosure user={user} />;
  if (!hydrated) return fallback;
  return (
    <Suspense fallback={fallback}>
      <ProfileMenuPopover user={user} productName={productName} />
    </Suspense>
  );
}

/** Before scripts run (or without them): a native disclosure with plain links; /logout asks to confirm. */
function ProfileMenuDisclosure({ user }: { user: CurrentUser }) {
  const name = fullName(user) || 'My account';
  return (
    <details className="relative">
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-full py-1 pl-1 pr-2 hover:bg-current/10 sm:pr-3">
        <span aria-hidden="true" className="inline-flex h-8 w-8 items-center justify-center rounded-full bg-white text-sm font-semibold text-slate-800 ring-1 ring-black/10">
          {initials(user)}
        </span>
        <span className="sr-only max-w-[220px] truncate text-sm font-medium sm:not-sr-only">{name}</span>
      </summary>
      <ul aria-label="Account" className="absolute right-0 z-50 mt-2 w-56 rounded-lg border border-slate-200 bg-white p-1.5 text-slate-900 shadow-lg">
        <li>
          <Link to="/change-password" className={itemClass}>
            Change Password
          </Link>
        </li>
        <li>
          <Link to="/logout" className={itemClass}>
            Log Out
          </Link>
        </li>
      </ul>
    </details>
  );
}
