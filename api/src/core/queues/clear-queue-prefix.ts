import Redis from 'ioredis';

/**
 * Deletes every BullMQ key under `prefix:`. Job ids are fixed per database row (email-12, report-export-3),
 * so the queues of a database that was dropped and made again would hold finished jobs whose ids the new
 * rows reuse, and adding those jobs again would be a no-op: a fresh database starts with empty queues.
 */
export async function clearQueuePrefix(redisUrl: string, prefix: string): Promise<number> {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  let removed = 0;
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length > 0) removed += await redis.unlink(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
  return removed;
}
