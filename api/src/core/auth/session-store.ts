import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { randomUUID } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { REDIS } from '../redis/redis.tokens';

export type SessionState = 'active' | 'idle' | 'revoked';

// One round trip: read the last activity, decide, and (when asked) record this request as activity.
const CHECK_SCRIPT = `
local last = redis.call('GET', KEYS[1])
if not last then return 'revoked' end
if tonumber(ARGV[1]) - tonumber(last) > tonumber(ARGV[2]) then return 'idle' end
if ARGV[3] == '1' then redis.call('SET', KEYS[1], ARGV[1], 'KEEPTTL') end
return 'active'`;

// KEYS: the children indexes of the sessions to end; ARGV: the session key prefix (the deployment's), then their
// session ids. Ends each session and each session it opened.
const REVOKE_SCRIPT = `
local prefix = ARGV[1]
for i = 2, #ARGV do
  redis.call('DEL', prefix .. ARGV[i])
  local index = KEYS[i - 1]
  for _, child in ipairs(redis.call('SMEMBERS', index)) do redis.call('DEL', prefix .. child) end
  redis.call('DEL', index)
end
return #ARGV - 1`;

/**
 * Server-side sessions: a token is only as good as its session, so logout really ends it. Every key carries the
 * deployment's prefix (QUEUE_PREFIX, as the rate limiter's and the queues' do): deployments sharing one Redis
 * never end each other's sessions of the same account id.
 */
@Injectable()
export class SessionStore {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** EVALSHA after the first call: the script is not re-sent with every request. */
  private checkCommand(key: string, now: string, idleMs: string, touch: string): Promise<unknown> {
    const redis = this.redis as Redis & { bpSessionCheck?: (...args: string[]) => Promise<unknown> };
    if (!redis.bpSessionCheck) redis.defineCommand('bpSessionCheck', { numberOfKeys: 1, lua: CHECK_SCRIPT });
    return redis.bpSessionCheck!(key, now, idleMs, touch);
  }

  /**
   * Opens a session of `person` (the real one: the administrator while impersonating). Indexed per person, so
   * a password change can end the others, and per opening session, so logging out ends what it opened.
   */
  async open(ttlSeconds: number, person: number | null, openedBy: string | null = null): Promise<string> {
    const sid = randomUUID();
    const tx = this.redis.multi().set(this.key(sid), String(Date.now()), 'EX', ttlSeconds);
    for (const index of [person === null ? null : this.personKey(person), openedBy === null ? null : this.childrenKey(openedBy)]) {
      if (index === null) continue;
      // The index lives as long as its longest session.
      tx.sadd(index, sid).expire(index, ttlSeconds, 'NX').expire(index, ttlSeconds, 'GT');
    }
    await tx.exec();
    return sid;
  }

  async check(sid: string, countAsActivity: boolean): Promise<SessionState> {
    const state = (await this.checkCommand(
      this.key(sid),
      String(Date.now()),
      String(this.config.sessionIdleSeconds * 1000),
      countAsActivity ? '1' : '0',
    )) as SessionState;
    return state;
  }

  /** Marks the session active again (after the password was re-entered). */
  async revive(sid: string): Promise<void> {
    await this.redis.set(this.key(sid), String(Date.now()), 'KEEPTTL', 'XX');
  }

  /** Ends the session and every session it opened (impersonation), in one script. */
  async revoke(sid: string): Promise<void> {
    await this.evalRevoke([this.childrenKey(sid)], [sid]);
  }

  /** Ends every session of the person except `keep` (the one that changed the password), with what they opened. */
  async revokeAllOf(person: number, keep: string | null = null): Promise<void> {
    const sids = (await this.redis.smembers(this.personKey(person))).filter((sid) => sid !== keep);
    if (sids.length === 0) return;
    await this.evalRevoke(sids.map((sid) => this.childrenKey(sid)), sids);
    await this.redis.srem(this.personKey(person), ...sids);
  }

  private async evalRevoke(childIndexes: string[], sids: string[]): Promise<void> {
    const redis = this.redis as Redis & { bpSessionRevoke?: (...args: string[]) => Promise<unknown> };
    if (!redis.bpSessionRevoke) redis.defineCommand('bpSessionRevoke', { lua: REVOKE_SCRIPT });
    await redis.bpSessionRevoke!(String(childIndexes.length), ...childIndexes, this.key(''), ...sids);
  }

  /** The Redis key of a session (holds its last activity, epoch ms). */
  key(sid: string): string {
    return `${this.config.queuePrefix}:sess:${sid}`;
  }

  /** The set of a person's sessions. */
  personKey(person: number): string {
    return `${this.config.queuePrefix}:sess-of:${person}`;
  }

  private childrenKey(sid: string): string {
    return `${this.config.queuePrefix}:sess-opened-by:${sid}`;
  }
}
