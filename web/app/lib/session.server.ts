import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from 'node:crypto';
import { createCookie, createSession, redirect, type Session, type SessionStorage } from '@remix-run/node';

/**
 * The site's cookie session. It holds the API token, so the whole value is encrypted (AES-256-GCM) rather
 * than only signed: page scripts cannot read it (httpOnly) and neither can anyone who copies the cookie
 * text out of a browser profile without the server key.
 */

export interface FlashMessage {
  /** 'info' stays on screen; 'success' and 'error' hide after the feedback delay. */
  type: 'info' | 'success' | 'error';
  text: string;
}

/** Every field is optional: a new or signed-out session holds none of them. */
export interface SessionData {
  token?: string;
  /** Token of an employee an administrator is acting as; used instead of `token` while valid. */
  impersonationToken?: string;
  /** Where to go back to after impersonation ends or the idle-session password prompt succeeds. */
  returnTo?: string;
  /**
   * Epoch seconds at which the cookie should expire in the browser (the token's exp). Absent means a
   * browser-session cookie ("This is a public computer").
   */
  cookieExpiresAt?: number;
  /**
   * Password-reset link token, moved out of the address bar and kept only while the
   * person is on /reset-password.
   */
  resetToken?: string;
  /** Welcome-email registration token, kept the same way while the person is on /registration. */
  registrationToken?: string;
  /**
   * The right password was given and a second step is due (an authenticator's code, or setting one up): the
   * API's short-lived token for it, and what the password step chose. There is no signed-in token meanwhile.
   */
  mfaPending?: { token: string; step: 'code' | 'enroll'; publicComputer: boolean; next: string };
}

export interface SessionFlashData {
  notice: FlashMessage;
  /** Field error of the session-expired modal after a submission without JavaScript. */
  sessionPasswordError: string;
  /** A new authenticator's recovery codes, carried once to Sign-in Security (never stored anywhere else). */
  recoveryCodes: string[];
}

export type AppSession = Session<SessionData, SessionFlashData>;

const COOKIE_NAME = 'bp_session';
const FORMAT_VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
// Only for local development and tests; production refuses to start without COOKIE_SECRET.
const DEV_SECRET = 'benefits-portal-development-cookie-secret-not-for-production';
// A fixed salt is fine: COOKIE_SECRET is the secret, scrypt only stretches it into a 256-bit key.
const KEY_SALT = 'bp_session/aes-256-gcm/v1';

const isProduction = process.env.NODE_ENV === 'production';

/**
 * COOKIE_SECRET may list several comma-separated secrets: the first encrypts, all decrypt, so a secret
 * can be rotated without signing everyone out.
 */
function readSecrets(): string[] {
  const secrets = (process.env.COOKIE_SECRET ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  if (secrets.length > 0) return secrets;
  if (isProduction) throw new Error('COOKIE_SECRET must be set when NODE_ENV=production');
  return [DEV_SECRET];
}

let cachedKeys: Buffer[] | null = null;
function keys(): Buffer[] {
  // scrypt is deliberately slow, so derive once per process.
  cachedKeys ??= readSecrets().map((secret) => scryptSync(secret, KEY_SALT, 32));
  return cachedKeys;
}

// Fail at start-up rather than on the first visitor's request.
keys();

/** Encrypts a session payload into `v1.<base64url(iv | tag | ciphertext)>`. */
export function sealSessionValue(plain: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keys()[0], iv);
  // The cookie name as associated data keeps a sealed value from being replayed as another cookie.
  cipher.setAAD(Buffer.from(COOKIE_NAME));
  const encrypted = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${FORMAT_VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), encrypted]).toString('base64url')}`;
}

/** Decrypts a sealed value; null for anything tampered with, truncated or sealed with an unknown key. */
export function unsealSessionValue(sealed: string): string | null {
  const [version, body] = sealed.split('.');
  if (version !== FORMAT_VERSION || !body) return null;
  const raw = Buffer.from(body, 'base64url');
  if (raw.length < IV_BYTES + TAG_BYTES) return null;
  const iv = raw.subarray(0, IV_BYTES);
  const tag = raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES);
  const encrypted = raw.subarray(IV_BYTES + TAG_BYTES);
  for (const key of keys()) {
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAAD(Buffer.from(COOKIE_NAME));
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(encrypted), decipher.final()]).toString('utf8');
    } catch {
      // Wrong key or tampered value: try the next key, then give up.
    }
  }
  return null;
}

// No Remix signing secrets: the encryption above already authenticates the value.
const cookie = createCookie(COOKIE_NAME, {
  // Not '/mbl': single fetch loads the index route's data from '/mbl.data', which a cookie scoped to
  // '/mbl' does not reach (the browser would look signed out on every client navigation to '/').
  path: '/',
  httpOnly: true,
  sameSite: 'lax',
  // Not here: the host (api/src/web/remix-host.ts) marks the site's cookies Secure whenever the public URL or the
  // request is https, which NODE_ENV cannot tell.
});

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Seconds the cookie should live, or undefined for a browser-session cookie. */
function maxAgeOf(session: AppSession): number | undefined {
  const expiresAt = session.get('cookieExpiresAt');
  if (typeof expiresAt !== 'number') return undefined;
  return Math.max(0, Math.floor(expiresAt - Date.now() / 1000));
}

export const sessionStorage: SessionStorage<SessionData, SessionFlashData> = {
  async getSession(cookieHeader) {
    const sealed: unknown = await cookie.parse(cookieHeader ?? null);
    const plain = typeof sealed === 'string' ? unsealSessionValue(sealed) : null;
    let data: unknown = null;
    try {
      data = plain === null ? null : JSON.parse(plain);
    } catch {
      data = null;
    }
    // An unreadable cookie is an empty session, never an error page. A readable one was written by us
    // (the cipher authenticates it), so its shape can be trusted.
    return createSession<SessionData, SessionFlashData>(isRecord(data) ? (data as SessionData) : {});
  },
  async commitSession(session, options) {
    const maxAge = maxAgeOf(session);
    return cookie.serialize(sealSessionValue(JSON.stringify(session.data)), {
      ...options,
      ...(maxAge === undefined ? {} : { maxAge }),
    });
  },
  async destroySession(_session, options) {
    return cookie.serialize('', { ...options, maxAge: undefined, expires: new Date(0) });
  },
};

export function getSession(request: Request): Promise<AppSession> {
  return sessionStorage.getSession(request.headers.get('Cookie'));
}

export function commitSession(session: AppSession): Promise<string> {
  return sessionStorage.commitSession(session);
}

export function destroySession(session: AppSession): Promise<string> {
  return sessionStorage.destroySession(session);
}

/** Reads the `exp` claim (epoch seconds) of a JWT without verifying it: the API verifies, we only time cookies. */
export function jwtExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return isRecord(claims) && typeof claims.exp === 'number' ? claims.exp : null;
  } catch {
    return null;
  }
}

function isUnexpired(token: string): boolean {
  const exp = jwtExpiry(token);
  return exp === null || exp > Date.now() / 1000;
}

/** The token API calls use: the impersonation token while it is valid, else the user's own. */
export function activeToken(session: AppSession): string | null {
  const impersonation = session.get('impersonationToken');
  if (impersonation && isUnexpired(impersonation)) return impersonation;
  return session.get('token') ?? null;
}

/**
 * A fresh session for a signed-in user. On a public computer the cookie ends with the browser session;
 * otherwise it lives exactly as long as the token can be used.
 */
export function createSignedInSession(token: string, publicComputer: boolean): AppSession {
  const session = createSession<SessionData, SessionFlashData>({});
  session.set('token', token);
  const exp = jwtExpiry(token);
  if (!publicComputer && exp !== null) session.set('cookieExpiresAt', exp);
  return session;
}

/**
 * Replaces whatever session there was with one that only carries a message for the next page.
 * `to` is an app path: Remix adds the /mbl basename to redirects.
 */
export async function signedOutRedirect(to: string, notice?: FlashMessage): Promise<Response> {
  const session = createSession<SessionData, SessionFlashData>({});
  if (notice) session.flash('notice', notice);
  // An empty session still needs a cookie when it carries a flash; otherwise the cookie is cleared.
  const setCookie = notice ? await commitSession(session) : await destroySession(session);
  return redirect(to, { headers: { 'Set-Cookie': setCookie } });
}
