import * as argon2 from 'argon2';

/** argon2id with the library's current defaults (OWASP's minimum or better). */
export function hashSecret(secret: string): Promise<string> {
  return argon2.hash(secret, { type: argon2.argon2id });
}

export async function verifySecret(hash: string | null | undefined, secret: string): Promise<boolean> {
  if (!hash) return false;
  try {
    return await argon2.verify(hash, secret);
  } catch {
    return false;
  }
}

/** Security answers are compared without case or surrounding spaces, then hashed like passwords. */
export function normalizeAnswer(answer: string): string {
  return answer.trim().toLowerCase().replace(/\s+/g, ' ');
}
