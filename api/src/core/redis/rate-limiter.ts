import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { REDIS } from './redis.tokens';

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

  /** Counts one event; answers the count in the current window. */
  async hit(key: string, windowSeconds: number): Promise<number> {
    const full = this.keyFor(key);
    const [[, count]] = (await this.redis.multi().incr(full).expire(full, windowSeconds, 'NX').exec()) as [[Error | null, number]];
    return count;
  }

  async count(key: string): Promise<number> {
    return Number((await this.redis.get(this.keyFor(key))) ?? 0);
  }

  async reset(...keys: string[]): Promise<void> {
    if (keys.length) await this.redis.del(...keys.map((k) => this.keyFor(k)));
  }
}
