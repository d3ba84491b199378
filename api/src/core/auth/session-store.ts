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

/** Server-side sessions: a token is only as good as its session, so logout really ends it. */
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

  async open(ttlSeconds: number): Promise<string> {
    const sid = randomUUID();
    await this.redis.set(this.key(sid), String(Date.now()), 'EX', ttlSeconds);
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

  async revoke(sid: string): Promise<void> {
    await this.redis.del(this.key(sid));
  }

  private key(sid: string): string {
    return `sess:${sid}`;
  }
}
