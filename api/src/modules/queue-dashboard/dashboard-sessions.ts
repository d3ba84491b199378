import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { createHash, randomBytes } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../../core/config/app-config';
import { REDIS } from '../../core/redis/redis.tokens';

/** Where bull-board is mounted, under the API's prefix. */
export const DASHBOARD_PATH = '/mbl/api/admin/queues';
/** The dashboard's cookie: httpOnly, SameSite=Strict, only sent to the dashboard. */
export const DASHBOARD_COOKIE = 'bp_queue_dashboard';
/** A ticket in the entry's address lives this long and works once. */
const TICKET_SECONDS = 60;
/** The dashboard's session, renewed by each request (its polling included); the API session behind it still decides. */
const SESSION_SECONDS = 30 * 60;

const hash = (value: string) => createHash('sha256').update(value).digest('hex');
const OPAQUE = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * How a browser reaches the dashboard, whose page the site cannot serve itself: as the Employer Forms pages do
 * (modules/employer-forms/forms-session.ts), the site asks for a one-time ticket and sends the browser to the
 * entry with it; the entry exchanges it at once for a cookie naming a server-side session that holds the API
 * token. The token never reaches the page or an address. Redis keeps only hashes of ticket and cookie.
 */
@Injectable()
export class DashboardSessions {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private key(kind: 'ticket' | 'session', value: string): string {
    return `${this.config.queuePrefix}:queue-dashboard:${kind}:${hash(value)}`;
  }

  async ticketFor(jwt: string): Promise<string> {
    const ticket = randomBytes(24).toString('base64url');
    await this.redis.set(this.key('ticket', ticket), jwt, 'EX', TICKET_SECONDS);
    return ticket;
  }

  /** The ticket's session (a new cookie value), or null for an unknown, used or expired ticket. */
  async exchange(ticket: string): Promise<string | null> {
    if (!OPAQUE.test(ticket)) return null;
    const jwt = await this.redis.getdel(this.key('ticket', ticket));
    if (!jwt) return null;
    const session = randomBytes(24).toString('base64url');
    await this.redis.set(this.key('session', session), jwt, 'EX', SESSION_SECONDS);
    return session;
  }

  /** The token behind a cookie (renewing it), or null. */
  async tokenOf(session: string): Promise<string | null> {
    if (!OPAQUE.test(session)) return null;
    const key = this.key('session', session);
    const [[, jwt]] = (await this.redis.multi().get(key).expire(key, SESSION_SECONDS).exec()) as [[Error | null, string | null], unknown];
    return jwt;
  }

  cookie(session: string, secure: boolean): string {
    return `${DASHBOARD_COOKIE}=${session}; Path=${DASHBOARD_PATH}; Max-Age=${SESSION_SECONDS}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
  }
}
