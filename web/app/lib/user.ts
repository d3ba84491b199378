import type { CurrentUser } from '@bp/api/contracts';

type Named = Pick<CurrentUser, 'firstName' | 'middleName' | 'lastName'>;

/** "First Last" for the header: the contracts' one way of naming a person. */
export { fullName } from '@bp/api/contracts';

/** Up to two initials for the avatar; '?' when the name is unknown. */
export function initials(user: Named): string {
  const letters = [user.firstName, user.lastName]
    .map((p) => p?.trim().charAt(0) ?? '')
    .filter((c) => c.length > 0)
    .join('');
  return letters.length > 0 ? letters.toUpperCase() : '?';
}
