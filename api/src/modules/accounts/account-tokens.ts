import { createHash, createHmac, randomBytes } from 'node:crypto';

/** 256 bits from the OS; url-safe so it survives being a query parameter. */
export function newRawToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are looked up by their SHA-256; the raw token only ever exists in the email. */
export function hashToken(raw: string): string {
  return createHash('sha256').update(raw, 'utf8').digest('hex');
}

/** A token derived from a secret, so re-running the seed prints the same link without rewriting rows. */
export function derivedToken(secret: string, label: string): string {
  return createHmac('sha256', secret).update(label).digest('base64url');
}
