import { performance } from 'node:perf_hooks';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** V8's gc(): a full, non-incremental collection. */
type Collect = () => void;

export interface IdleCollectorOptions {
  /** How often the process looks at itself. */
  checkMs?: number;
  /** Idle: the event loop was busy for less than this share of the last check's interval. */
  idleUtilization?: number;
  /** Heap growth since the lowest level seen (or the last collection) that is worth a collection. */
  growthBytes?: number;
}

/**
 * Full collections once the API has gone idle after work. V8 collects only while JavaScript allocates, so an
 * idle process keeps what the last burst of requests left: objects promoted to the old generation while they were
 * in flight (garbage by now) and a young generation grown to its largest. After 30 s of 50 connections RSS went
 * from 182 to 274 MB and stayed there (npm run bench, memory part); after two full collections V8 gives the pages
 * back within seconds. They run only after a check interval in which the event loop was almost idle (below 2%)
 * and the heap grew by 16 MB, so a pause (about 100-200 ms at that size) falls when there is nothing to answer.
 * `gc` comes from a context of its own (as jest's leak detector takes it), so it never becomes a global of the
 * app or of its packages.
 */
export function collectWhenIdle(options: IdleCollectorOptions = {}): () => void {
  const { checkMs = 2_000, ...rules } = options;
  setFlagsFromString('--expose-gc');
  const collect = runInNewContext('gc') as Collect;
  const policy = new IdleCollectionPolicy(rules, getHeapStatistics().used_heap_size);
  let previous = performance.eventLoopUtilization();
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    if (!policy.shouldCollect(performance.eventLoopUtilization(now, previous).utilization, getHeapStatistics().used_heap_size)) {
      previous = now;
      return;
    }
    collect();
    policy.collected(getHeapStatistics().used_heap_size);
    // The collection's own time is not the app being busy.
    previous = performance.eventLoopUtilization();
  }, checkMs);
  // Never what keeps the process running.
  timer.unref();
  return () => clearInterval(timer);
}

/** When to collect, from what each check sees: the event loop's busy share since the last check, and the heap used. */
export class IdleCollectionPolicy {
  private readonly idleUtilization: number;
  private readonly growthBytes: number;
  private lowest: number;
  private followUp = false;

  constructor(rules: Omit<IdleCollectorOptions, 'checkMs'>, heapUsed: number) {
    this.idleUtilization = rules.idleUtilization ?? 0.02;
    this.growthBytes = rules.growthBytes ?? 16 * 1024 * 1024;
    this.lowest = heapUsed;
  }

  shouldCollect(busy: number, heapUsed: number): boolean {
    this.lowest = Math.min(this.lowest, heapUsed);
    if (busy >= this.idleUtilization) {
      this.followUp = false;
      return false;
    }
    // The first collection still sees the burst's allocation rate and keeps the young generation at its largest;
    // a second one, a check later and still idle, shrinks it (measured: 20-50 MB more given back).
    return this.followUp || heapUsed - this.lowest >= this.growthBytes;
  }

  collected(heapUsed: number): void {
    this.followUp = !this.followUp;
    this.lowest = heapUsed;
  }
}
