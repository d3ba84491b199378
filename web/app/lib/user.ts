import type { CurrentUser } from '@bp/api/contracts';

type Named = Pick<CurrentUser, 'firstName' | 'middleName' | 'lastName'>;

/** "First Last" for the header; middle names are left out to keep the header short. */
export function fullName(user: Named): string {
  return [user.firstName, user.lastName].filter((p): p is string => Boolean(p && p.trim())).join(' ');
}

/** Up to two initials for the avatar; '?' when the name is unknown. */
export function initials(user: Named): string {
  const letters = [user.firstName, user.lastName]
    .map((p) => p?.trim().charAt(0) ?? '')
    .filter((c) => c.length > 0)
    .join('');
  return letters.length > 0 ? letters.toUpperCase() : '?';
}
