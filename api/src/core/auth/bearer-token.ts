import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TokenPayload } from './auth-user';

export type BearerCheck = { ok: true; payload: TokenPayload } | { ok: false; reason: 'missing' | 'invalid' | 'expired' };

/** The only header the portal signs: a token claiming another algorithm (or none) is refused. */
const HS256_HEADER = { alg: 'HS256', typ: 'JWT' };

/**
 * Verifies the session token of every API request: HS256 with the portal's secret, then its expiry. Done here
 * rather than through passport-jwt (which rebuilt the strategy and a key per request, a fifth of GET /me's
 * CPU); login still goes through passport's local strategy, and tokens are still signed by @nestjs/jwt.
 */
export class BearerTokens {
  private readonly secret: Buffer;

  constructor(secret: string) {
    this.secret = Buffer.from(secret, 'utf8');
  }

  check(authorization: string | undefined, nowMs = Date.now()): BearerCheck {
    if (!authorization || !authorization.startsWith('Bearer ')) return { ok: false, reason: 'missing' };
    const parts = authorization.slice(7).trim().split('.');
    if (parts.length !== 3) return { ok: false, reason: 'invalid' };
    const [header, body, signature] = parts as [string, string, string];
    const expected = createHmac('sha256', this.secret).update(`${header}.${body}`).digest();
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid' };
    const decoded = parseJson(header);
    if (!decoded || decoded.alg !== HS256_HEADER.alg) return { ok: false, reason: 'invalid' };
    const payload = parseJson(body) as (TokenPayload & { exp?: unknown }) | null;
    if (!payload || typeof payload.exp !== 'number' || typeof payload.cid !== 'number' || typeof payload.sid !== 'string') return { ok: false, reason: 'invalid' };
    if (payload.exp * 1000 <= nowMs) return { ok: false, reason: 'expired' };
    return { ok: true, payload };
  }
}

function parseJson(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
