import { fullName, ImpersonationMessages } from '@bp/api/contracts';
import { ReturnToMyAccount } from './ReturnToMyAccount';

/**
 * While an administrator or agent acts as an employee, a bar across the top of every
 * page and width says so, with the reason given and the way back, in a colour that cannot
 * be mistaken for the client's header.
 */
export function ImpersonationBanner({ person }: { person: { firstName?: string | null; lastName?: string | null; impersonationReason?: string | null } }) {
  return (
    <div role="region" aria-label="Acting as an employee" className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 bg-amber-300 px-3 py-2 text-amber-950 [--focus-ring:var(--color-amber-950)] sm:px-4">
      <div className="min-w-0 text-sm">
        <p className="font-semibold">You are acting as {fullName(person) || 'an employee'}</p>
        {person.impersonationReason ? <p className="break-words">{ImpersonationMessages.bannerReason(person.impersonationReason)}</p> : null}
      </div>
      <ReturnToMyAccount />
    </div>
  );
}
