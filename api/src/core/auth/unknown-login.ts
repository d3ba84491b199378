import { createHmac } from 'node:crypto';

/**
 * How a failed login for an unknown username is named in the audit log: never the text itself (people type
 * their password into the username field, or someone else's address), but a short keyed digest of it, so
 * repeated tries of the same text can be told apart and counted. Keyed with a server secret, so the digest
 * cannot be reversed by hashing guessed addresses.
 */
export function unknownLoginDigest(secret: string): (login: string) => string {
  const key = createHmac('sha256', secret).update('audit:unknown-login').digest();
  return (login) => createHmac('sha256', key).update(login.trim().toLowerCase()).digest('hex').slice(0, 16);
}
