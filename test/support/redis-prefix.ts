import Redis from 'ioredis';
import { REDIS_URL } from './test-env';

/**
 * Deletes every key under `prefix:` so a run that reuses a run id (TEST_RUN_ID fixed by hand) starts with
 * empty queues: BullMQ keeps finished job ids, and a job queued again under a kept id would be dropped.
 */
export async function clearRedisPrefix(prefix: string): Promise<void> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length > 0) await redis.unlink(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
