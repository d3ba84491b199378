import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { REDIS } from './redis.tokens';

export interface AttemptLimit {
  key: string;
  max: number;
  windowSeconds: number;
}

// KEYS: counters; ARGV: max and window (ms) per counter. 1 = taken (all counted), 0 = refused (none counted).
const ATTEMPT_SCRIPT = `
for i, key in ipairs(KEYS) do
  local n = tonumber(redis.call('GET', key) or '0')
  if n >= tonumber(ARGV[2 * i - 1]) then return 0 end
end
for i, key in ipairs(KEYS) do
  if redis.call('INCR', key) == 1 then redis.call('PEXPIRE', key, ARGV[2 * i]) end
end
return 1`;

// KEYS[1]: counter; ARGV: wanted, max, window (ms). Takes what is left of the window (up to wanted): {granted, ms left}.
const TAKE_SCRIPT = `
local n = tonumber(redis.call('GET', KEYS[1]) or '0')
local granted = math.min(tonumber(ARGV[1]), tonumber(ARGV[2]) - n)
if granted <= 0 then return {0, redis.call('PTTL', KEYS[1])} end
if redis.call('INCRBY', KEYS[1], granted) == granted then redis.call('PEXPIRE', KEYS[1], ARGV[3]) end
return {granted, redis.call('PTTL', KEYS[1])}`;

const REFUND_SCRIPT = `
for _, key in ipairs(KEYS) do
  if tonumber(redis.call('GET', key) or '0') > 0 then redis.call('DECR', key) end
end
return 1`;

/**
 * Fixed-window counters in Redis, shared by every replica: a person cannot dodge the limit by landing
 * on another process. Keys carry the deployment's prefix, so test runs and environments sharing one
 * Redis never count each other's attempts.
 */
@Injectable()
export class RateLimiter {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  keyFor(key: string): string {
    return `${this.config.queuePrefix}:rl:${key}`;
  }

  /**
   * Takes one attempt against every limit at once, atomically (one Lua script): when any counter is already at
   * its limit nothing is counted and the answer is false; otherwise every counter goes up and the answer is
   * true. Counting before the work is done means parallel requests cannot all slip under a limit.
   */
  async attempt(limits: readonly AttemptLimit[]): Promise<boolean> {
    const redis = this.redis as Redis & { bpAttempt?: (...args: string[]) => Promise<number> };
    if (!redis.bpAttempt) redis.defineCommand('bpAttempt', { lua: ATTEMPT_SCRIPT });
    const keys = limits.map((l) => this.keyFor(l.key));
    const args = limits.flatMap((l) => [String(l.max), String(l.windowSeconds * 1000)]);
    return (await redis.bpAttempt!(String(keys.length), ...keys, ...args)) === 1;
  }

  /** Gives an attempt back (it succeeded, so it should not count against the person). */
  async refund(...keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    const redis = this.redis as Redis & { bpRefund?: (...args: string[]) => Promise<number> };
    if (!redis.bpRefund) redis.defineCommand('bpRefund', { lua: REFUND_SCRIPT });
    await redis.bpRefund!(String(keys.length), ...keys.map((k) => this.keyFor(k)));
  }

  /**
   * Takes up to `wanted` of the window's `max` at once (atomically), for a caller that spends them one by one
   * locally: one round trip per batch instead of per event. Answers what was granted and when the window ends.
   */
  async take(key: string, wanted: number, max: number, windowSeconds: number): Promise<{ granted: number; msLeft: number }> {
    const redis = this.redis as Redis & { bpTake?: (...args: string[]) => Promise<[number, number]> };
    if (!redis.bpTake) redis.defineCommand('bpTake', { lua: TAKE_SCRIPT, numberOfKeys: 1 });
    const [granted, msLeft] = await redis.bpTake!(this.keyFor(key), String(wanted), String(max), String(windowSeconds * 1000));
    return { granted: Math.max(0, granted), msLeft: msLeft > 0 ? msLeft : windowSeconds * 1000 };
  }

  /** Counts one event; answers the count in the current window. */
  async hit(key: string, windowSeconds: number): Promise<number> {
    const full = this.keyFor(key);
    const [[, count]] = (await this.redis.multi().incr(full).expire(full, windowSeconds, 'NX').exec()) as [[Error | null, number]];
    return count;
  }

  async count(key: string): Promise<number> {
    return Number((await this.redis.get(this.keyFor(key))) ?? 0);
  }

  /** Deletes counters by pattern (rare: after a password reset), with SCAN so Redis never blocks. */
  async resetMatching(...patterns: string[]): Promise<void> {
    for (const pattern of patterns) {
      let cursor = '0';
      do {
        const [next, keys] = await this.redis.scan(cursor, 'MATCH', this.keyFor(pattern), 'COUNT', 500);
        cursor = next;
        if (keys.length > 0) await this.redis.del(...keys);
      } while (cursor !== '0');
    }
  }

  async reset(...keys: string[]): Promise<void> {
    if (keys.length) await this.redis.del(...keys.map((k) => this.keyFor(k)));
  }
}
