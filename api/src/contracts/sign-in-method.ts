/**
 * How a client's employees sign in (the agent chooses it in the client's settings). 'email': the
 * account's sign-in name is the address HR entered, where the welcome email goes. 'username': the account gets a
 * username made from that address (the part before @), the welcome email goes to the address on the record, and
 * the employee chooses the account's own email at registration (Account Setup asks for it only then). HR
 * administrators an agent invites always sign in with their email.
 */
export type SignInMethod = 'email' | 'username';

/** The longest username made here (the account table takes any length; a sign-in name should be typeable). */
export const USERNAME_MAX = 40;

/** The username base of an address: its part before @, lower case, only letters, digits, dot, dash, underscore. */
export function usernameBase(address: string): string {
  const local = (address.split('@')[0] ?? '').toLowerCase().replace(/[^a-z0-9._-]/g, '').replace(/^[._-]+|[._-]+$/g, '');
  return (local || 'user').slice(0, USERNAME_MAX);
}

/**
 * The username for a new account of a username client: the address's base, or the base with the first number
 * from 2 that no account uses (`taken` holds the sign-in names and emails in use that start with the base, any case).
 */
export function usernameFor(address: string, taken: ReadonlySet<string>): string {
  const base = usernameBase(address);
  const used = new Set([...taken].map((t) => t.toLowerCase()));
  if (!used.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base.slice(0, USERNAME_MAX - String(n).length)}${n}`;
    if (!used.has(candidate)) return candidate;
  }
}
