/**
 * Preloaded (`node -r`) into the API process by scripts/bench-memory.ts only: answers its parent's 'memory'
 * message with the process's own figures (the V8 heap cannot be read from outside), and 'gc' with a full
 * collection first when the process runs with --expose-gc. Nothing of it is in the portal's own start.
 */
import { getHeapStatistics } from 'node:v8';

export interface MemoryFigures {
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  /** V8's malloc'ed memory outside the JS heap (compiler zones, etc.). */
  mallocedMemory: number;
  gcRan: boolean;
}

process.on('message', (message: unknown) => {
  if (message !== 'memory' && message !== 'gc') return;
  const collect = (globalThis as { gc?: () => void }).gc;
  if (message === 'gc' && collect) collect();
  const usage = process.memoryUsage();
  const figures: MemoryFigures = {
    rss: usage.rss,
    heapTotal: usage.heapTotal,
    heapUsed: usage.heapUsed,
    external: usage.external,
    arrayBuffers: usage.arrayBuffers,
    mallocedMemory: getHeapStatistics().malloced_memory,
    gcRan: message === 'gc' && collect !== undefined,
  };
  process.send?.(figures);
});
// The IPC channel must not keep the process alive on its own: the server does that.
process.channel?.unref();
