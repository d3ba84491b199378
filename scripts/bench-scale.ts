/**
 * Scaling out the API, run by scripts/bench.ts in a process of its own with the portal's
 * environment (BENCH_ONLY=scale runs only this one): two API processes (dist/api/src/main.js, as scripts/start.sh
 * starts them) on the one bench database and Redis. GET /mbl/api/enrollments as jane, BENCH_CONNECTIONS (20)
 * connections, against one process and against both (the connections split evenly, as a round-robin balancer
 * would: one autocannon per process, run at the same time, so no proxy of ours sits in the way and costs CPU).
 * Reported: requests/s of each, the ratio two/one (median of BENCH_ROUNDS rounds taken in turns), and CPU per
 * request (user + system of the API processes from /proc, over the requests they answered). On a machine of
 * N cores the ceiling is what PostgreSQL, Redis and the load generator leave of them.
 */
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { cpus } from 'node:os';
import { readFileSync } from 'node:fs';
import { freePort } from '../test/support/ports';
import { waitForHealth } from './bench-portal';
import { API_NODE_FLAGS } from '../api/src/bootstrap/node-flags';

const DURATION = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const PATH = '/mbl/api/enrollments';

interface Result {
  rps: number;
  /** CPU time (user + system) the API processes spent per answered request, in microseconds. */
  cpuUs: number;
  p50: number;
  p99: number;
  errors: number;
}

/** The process's CPU time so far (utime + stime from /proc, in clock ticks of 10 ms). */
function cpuTicks(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/** Load on the given processes at once, the connections split between them; rates and CPU summed. */
async function cannon(targets: Array<{ base: string; child: ChildProcess }>, token: string): Promise<Result> {
  const before = targets.map((t) => cpuTicks(t.child.pid!));
  const runs = await Promise.all(
    targets.map((t) => autocannon({ url: `${t.base}${PATH}`, connections: Math.round(CONNECTIONS / targets.length), duration: DURATION, headers: { authorization: `Bearer ${token}` } })),
  );
  const ticks = targets.reduce((sum, t, i) => sum + cpuTicks(t.child.pid!) - before[i]!, 0);
  const total = runs.reduce((sum, r) => sum + r.requests.total, 0);
  return {
    rps: runs.reduce((sum, r) => sum + r.requests.average, 0),
    cpuUs: (ticks * 10_000) / Math.max(1, total),
    // The slower side's percentiles: what a client behind the balancer can see.
    p50: Math.max(...runs.map((r) => r.latency.p50)),
    p99: Math.max(...runs.map((r) => r.latency.p99)),
    errors: runs.reduce((sum, r) => sum + r.errors + r.non2xx, 0),
  };
}

function row(name: string, r: Result): string {
  return `${name.padEnd(34)} ${r.rps.toFixed(0).padStart(8)} req/s   cpu ${r.cpuUs.toFixed(0).padStart(5)} µs/req   p50 ${String(r.p50).padStart(4)} ms   p99 ${String(r.p99).padStart(4)} ms   errors ${r.errors}`;
}

async function main(): Promise<void> {
  const ports = [await freePort(), await freePort()];
  const apis = ports.map((port) => ({
    base: `http://127.0.0.1:${port}`,
    child: spawn(process.execPath, [...API_NODE_FLAGS, 'dist/api/src/main.js'], { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'inherit'] }),
  }));
  try {
    await Promise.all(apis.map((a) => waitForHealth(a.base)));
    const login = await fetch(`${apis[0]!.base}/mbl/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'jane@acme.test', password: 'Passw0rd!' }) });
    const jwt = ((await login.json()) as { jwt: string }).jwt;
    // The same answer from both: one session, one database (the first call makes any missing rows).
    const answers = await Promise.all(apis.map(async (a) => (await fetch(`${a.base}${PATH}`, { headers: { authorization: `Bearer ${jwt}` } })).text()));
    if (answers[0] !== answers[1]) throw new Error(`the two API processes answer ${PATH} differently`);
    const one = [apis[0]!];
    process.stdout.write(`GET ${PATH} as jane: ${CONNECTIONS} connections, one API process against two (${cpus().length} cores), ${ROUNDS} rounds of ${DURATION} s each, taking turns\n`);
    await cannon(apis, jwt); // warm-up of both, not reported
    const rounds: Array<{ single: Result; double: Result }> = [];
    for (let i = 0; i < ROUNDS; i += 1) {
      if (i % 2 === 0) {
        const single = await cannon(one, jwt);
        rounds.push({ single, double: await cannon(apis, jwt) });
      } else {
        const double = await cannon(apis, jwt);
        rounds.push({ single: await cannon(one, jwt), double });
      }
    }
    const ratioOf = (r: { single: Result; double: Result }) => r.double.rps / r.single.rps;
    rounds.sort((x, y) => ratioOf(x) - ratioOf(y));
    const median = rounds[Math.floor(rounds.length / 2)]!;
    process.stdout.write(`${row('one API process', median.single)}\n${row('two API processes', median.double)}\n`);
    process.stdout.write(
      `ratio two/one: ${ratioOf(median).toFixed(2)} (median of ${ROUNDS} rounds, from ${ratioOf(rounds[0]!).toFixed(2)} to ${ratioOf(rounds[rounds.length - 1]!).toFixed(2)}); ` +
        `cpu per request ${median.single.cpuUs.toFixed(0)} µs with one, ${median.double.cpuUs.toFixed(0)} µs with two (summed over the processes)\n`,
    );
  } finally {
    for (const a of apis) a.child.kill('SIGTERM');
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`bench-scale failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
