import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { REDIS } from './redis.tokens';

/**
 * Fixed-window counters in Redis, shared by every replica: a person cannot dodge the limit by landing
 * on another process.
 */
@Injectable()
export class RateLimiter {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  /** Counts one event; answers the count in the current window. */
  async hit(key: string, windowSeconds: number): Promise<number> {
    const full = `rl:${key}`;
    const [[, count]] = (await this.redis.multi().incr(full).expire(full, windowSeconds, 'NX').exec()) as [[Error | null, number]];
    return count;
  }

  async count(key: string): Promise<number> {
    return Number((await this.redis.get(`rl:${key}`)) ?? 0);
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(`rl:${key}`);
  }
}
