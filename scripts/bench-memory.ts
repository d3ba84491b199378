/**
 * Memory after load (goal: RSS back within 20% of before), run by scripts/bench.ts in a process of its own with the portal's
 * environment (BENCH_ONLY=memory runs only this one): a fresh API process (dist/api/src/main.js, as
 * scripts/start.sh starts it; BENCH_MEMORY_NODE_FLAGS adds node flags to try, such as --max-semi-space-size=N)
 * gets BENCH_MEMORY_CONNECTIONS (50) connections for BENCH_MEMORY_SECONDS (30 s) alternating GET /me and
 * GET /enrollments as jane. Reported: its RSS and V8 heap before the load (after
 * a short one-connection warm-up, so code loaded on first use is not counted as load), at the peak, and at
 * 5, 10, 20 and 30 s after the load, and the ratio after/before; finally the same after a full collection
 * (the portal runs with --expose-gc here only), which tells garbage not yet collected from memory kept.
 */
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { freePort } from '../test/support/ports';
import { waitForHealth } from './bench-portal';
import type { MemoryFigures } from './bench-memory-probe';
import { API_NODE_FLAGS } from '../api/src/bootstrap/node-flags';

const SECONDS = Number(process.env.BENCH_MEMORY_SECONDS ?? 30);
const CONNECTIONS = Number(process.env.BENCH_MEMORY_CONNECTIONS ?? 50);
const AFTER = [5, 10, 20, 30];
/** The goal: back within 20% of the level before the load. */
const GOAL = 1.2;

const mb = (bytes: number) => `${(bytes / 1048576).toFixed(0)} MB`;

/** Resident memory from /proc: all of it, and the anonymous part (heap, malloc arenas) apart from mapped files. */
function resident(pid: number): { rss: number; anon: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), anon: kb('RssAnon') };
}

class Portal {
  private readonly child: ChildProcess;
  private readonly answers: Array<(figures: MemoryFigures) => void> = [];

  constructor(port: number, flags: string[]) {
    this.child = spawn(process.execPath, [...API_NODE_FLAGS, ...flags, '--expose-gc', '-r', `${__dirname}/bench-memory-probe.js`, 'dist/api/src/main.js'], {
      env: { ...process.env, PORT: String(port) },
      // BENCH_MEMORY_TRACE shows the portal's output, for a run with API_NODE_FLAGS=--trace-gc.
      stdio: ['ignore', process.env.BENCH_MEMORY_TRACE ? 'inherit' : 'ignore', 'inherit', 'ipc'],
    });
    this.child.on('message', (figures: MemoryFigures) => this.answers.shift()?.(figures));
  }

  get pid(): number {
    return this.child.pid!;
  }

  figures(message: 'memory' | 'gc' = 'memory'): Promise<MemoryFigures & { anon: number }> {
    return new Promise((resolve) => {
      this.answers.push((f) => resolve({ ...f, anon: resident(this.pid).anon }));
      this.child.send(message);
    });
  }

  stop(): void {
    this.child.kill('SIGTERM');
  }
}

const pause = (seconds: number) => new Promise((r) => setTimeout(r, seconds * 1000));

function line(label: string, f: MemoryFigures & { anon: number }): string {
  return (
    `${label.padEnd(24)} rss ${mb(f.rss).padStart(7)} (anonymous ${mb(f.anon).padStart(7)})   heap ${mb(f.heapUsed).padStart(6)} used of ${mb(f.heapTotal).padStart(6)}` +
    `   external ${mb(f.external).padStart(5)} (array buffers ${mb(f.arrayBuffers)})   outside the heap ${mb(f.rss - f.heapTotal).padStart(6)}\n`
  );
}

async function main(): Promise<void> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const flags = (process.env.BENCH_MEMORY_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  const tried = [...flags, ...(process.env.MALLOC_ARENA_MAX ? [`MALLOC_ARENA_MAX=${process.env.MALLOC_ARENA_MAX}`] : [])].join(' ');
  process.stdout.write(`memory after load: ${CONNECTIONS} connections for ${SECONDS} s on GET /me and GET /enrollments (jane), a fresh API process${tried ? ` (with ${tried})` : ''}\n`);
  const portal = new Portal(port, flags);
  try {
    await waitForHealth(base);
    const login = await fetch(`${base}/mbl/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'jane@acme.test', password: 'Passw0rd!' }) });
    const { jwt } = (await login.json()) as { jwt: string };
    const load = (connections: number, duration: number) =>
      autocannon({
        url: base,
        connections,
        duration,
        headers: { authorization: `Bearer ${jwt}` },
        requests: [{ method: 'GET', path: '/mbl/api/me' }, { method: 'GET', path: '/mbl/api/enrollments' }],
      });
    process.stdout.write(line('after start', await portal.figures()));
    await load(1, 2);
    await pause(5);
    const before = await portal.figures();
    process.stdout.write(line('before (warmed up)', before));

    let peak = before;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const now = await portal.figures();
        if (now.rss > peak.rss) peak = now;
        await pause(0.5);
      }
    })();
    const result = await load(CONNECTIONS, SECONDS);
    sampling = false;
    await sampler;
    process.stdout.write(line('peak during the load', peak));
    process.stdout.write(`  the load: ${result.requests.total} requests, ${result.requests.average.toFixed(0)} req/s, errors ${result.errors + result.non2xx}\n`);

    let waited = 0;
    let after = before;
    for (const at of AFTER) {
      await pause(at - waited);
      waited = at;
      after = await portal.figures();
      process.stdout.write(line(`${at} s after`, after));
    }
    const ratio = after.rss / before.rss;
    process.stdout.write(
      `rss ${AFTER[AFTER.length - 1]} s after / before: ${ratio.toFixed(2)} (${mb(before.rss)} -> peak ${mb(peak.rss)} -> ${mb(after.rss)}); goal <= ${GOAL.toFixed(2)}: ${ratio <= GOAL ? 'meets' : 'above'}\n`,
    );
    // What is garbage and what is kept: a full collection, then time for V8's memory reducer (which starts
    // after a full collection) to give unused pages back.
    process.stdout.write(line('after a full collection', await portal.figures('gc')));
    await pause(12);
    process.stdout.write(line('12 s after it', await portal.figures()));
  } finally {
    portal.stop();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`memory bench failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
