import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { createHash, randomBytes } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../../core/config/app-config';
import { REDIS } from '../../core/redis/redis.tokens';

/** The cookie of the framed pages: httpOnly, SameSite=Strict, only sent to them. */
export const FORMS_COOKIE = 'bp_employer_forms';
export const FORMS_PATH = '/mbl/api/employer-forms';
/** A ticket in the frame's address lives this long and works once. */
const TICKET_SECONDS = 60;
/** The pages' session (renewed on each page) and cookie. */
export const FORMS_SESSION_SECONDS = 30 * 60;

const hash = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * The frame's sign-in (decisions: the site frames the wizard with the access token as `jwt` in the query; the
 * page exchanges it for a short-lived cookie at once). The site never puts its session token in a page: it asks
 * for a one-time ticket, which the page exchanges for a cookie naming a server-side session that holds the
 * token. Redis keeps only hashes of ticket and cookie.
 */
@Injectable()
export class FormsSessions {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private key(kind: 'ticket' | 'session', value: string): string {
    return `${this.config.queuePrefix}:employer-forms:${kind}:${hash(value)}`;
  }

  async ticketFor(jwt: string): Promise<string> {
    const ticket = randomBytes(24).toString('base64url');
    await this.redis.set(this.key('ticket', ticket), jwt, 'EX', TICKET_SECONDS);
    return ticket;
  }

  /** The ticket's session (a new cookie value), or null for an unknown, used or expired ticket. */
  async exchange(ticket: string): Promise<string | null> {
    if (!/^[A-Za-z0-9_-]{16,64}$/.test(ticket)) return null;
    const jwt = await this.redis.getdel(this.key('ticket', ticket));
    if (!jwt) return null;
    const session = randomBytes(24).toString('base64url');
    await this.redis.set(this.key('session', session), jwt, 'EX', FORMS_SESSION_SECONDS);
    return session;
  }

  /** The token behind a cookie (renewing it), or null. */
  async tokenOf(session: string): Promise<string | null> {
    if (!/^[A-Za-z0-9_-]{16,64}$/.test(session)) return null;
    const key = this.key('session', session);
    const [[, jwt]] = (await this.redis.multi().get(key).expire(key, FORMS_SESSION_SECONDS).exec()) as [[Error | null, string | null], unknown];
    return jwt;
  }

  cookie(session: string, secure: boolean): string {
    return `${FORMS_COOKIE}=${session}; Path=${FORMS_PATH}; Max-Age=${FORMS_SESSION_SECONDS}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
  }
}

/** One cookie's value from a Cookie header. */
export function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return v.join('=');
  }
  return null;
}
