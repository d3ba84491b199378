/**
 * Pages under load, run by scripts/bench.ts in a process of its own with the portal's environment
 * (BENCH_ONLY=pages runs only this one). A portal process that serves the site (the production build in web/build,
 * as `npm start` serves it) answers three signed-in pages at BENCH_CONNECTIONS (20) connections: jane's dashboard,
 * her registration step 4 (Benefits Enrollment) and the census of a client of 10,000 employees. Each is compared
 * with its floor: the same API calls the page's loaders make, sent all at once over HTTP to the same process and
 * read, without rendering anything. Reported: pages/s of each, their ratio (median of BENCH_ROUNDS rounds taken in
 * turns), p50/p99 per page and the portal process's CPU per page. Goals: ratio >= 0.7, dashboard p99 <= 250 ms.
 * The load generator is the same for both sides (node:http, keep-alive), so its own cost is alike on each.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { Agent, get } from 'node:http';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { EMPLOYEE_GROUPS } from '../api/src/contracts/employees';
import { freePort } from '../test/support/ports';
import { ensureCensusClient } from './bench-census';
import { waitForHealth } from './bench-portal';
import { API_NODE_FLAGS } from '../api/src/bootstrap/node-flags';

const DURATION = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const RATIO_GOAL = 0.7;
const DASHBOARD_P99_GOAL_MS = 250;
const OWNER_URL = process.env.BENCH_OWNER_URL ?? '';

interface Result {
  pagesPerSecond: number;
  p50: number;
  p99: number;
  /** CPU time (user + system) of the portal process per page, in microseconds. */
  cpuUs: number;
  errors: number;
}

/** The process's CPU time so far (utime + stime from /proc, in clock ticks of 10 ms). */
function cpuTicks(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

const agent = new Agent({ keepAlive: true, maxSockets: Infinity });

/** One GET, the body read to the end (and kept when asked); answers the status. */
function fetchOnce(url: string, headers: Record<string, string>, keep = false): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = get(url, { agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => {
        if (keep) chunks.push(chunk);
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? 0 : Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!);
}

/** `connections` loops each loading one page after another for `seconds`; a page that is not all 200 is an error. */
async function load(page: () => Promise<boolean>, portal: ChildProcess, seconds = DURATION): Promise<Result> {
  const latencies: number[] = [];
  let errors = 0;
  const cpuBefore = cpuTicks(portal.pid!);
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        const ok = await page().catch(() => false);
        latencies.push(performance.now() - t);
        if (!ok) errors += 1;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    pagesPerSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    cpuUs: ((cpuTicks(portal.pid!) - cpuBefore) * 10_000) / Math.max(1, latencies.length),
    errors,
  };
}

function row(name: string, r: Result): string {
  return `${name.padEnd(34)} ${r.pagesPerSecond.toFixed(1).padStart(7)} pages/s   cpu ${r.cpuUs.toFixed(0).padStart(6)} µs/page   p50 ${String(r.p50).padStart(4)} ms   p99 ${String(r.p99).padStart(4)} ms   errors ${r.errors}`;
}

/** Signs in through the site's login form, as a browser does; answers the session cookie. */
async function siteCookie(base: string, username: string): Promise<string> {
  const response = await fetch(`${base}/mbl/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
    body: new URLSearchParams({ username, password: 'Passw0rd!' }).toString(),
    redirect: 'manual',
  });
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('bp_session='));
  if (!cookie) throw new Error(`signing in ${username} on the site answered ${response.status} without a session`);
  return cookie.split(';')[0]!;
}

async function apiToken(base: string, username: string): Promise<string> {
  const login = await fetch(`${base}/mbl/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: 'Passw0rd!' }) });
  if (!login.ok) throw new Error(`API login of ${username} answered ${login.status}`);
  return ((await login.json()) as { jwt: string }).jwt;
}

interface PageCase {
  name: string;
  path: string;
  /** Text the page must contain, so the bench measures the page and not a redirect or an error page. */
  marker: string;
  /** The API paths the page's loaders call (root's GET /me among them). */
  calls: string[];
  who: string;
  cookie: string;
  jwt: string;
  p99Goal: number | null;
}

async function compare(base: string, portal: ChildProcess, c: PageCase): Promise<boolean> {
  const first = await fetchOnce(`${base}/mbl${c.path}`, { cookie: c.cookie }, true);
  if (first.status !== 200 || !first.body.includes(c.marker)) throw new Error(`${c.path} as ${c.who} answered ${first.status} without '${c.marker}'`);
  for (const call of c.calls) {
    const r = await fetchOnce(`${base}/mbl/api${call}`, { authorization: `Bearer ${c.jwt}` });
    if (r.status !== 200) throw new Error(`the floor's GET ${call} answered ${r.status}`);
  }
  const sitePage = async () => (await fetchOnce(`${base}/mbl${c.path}`, { cookie: c.cookie })).status === 200;
  const floorPage = async () => {
    const answers = await Promise.all(c.calls.map((call) => fetchOnce(`${base}/mbl/api${call}`, { authorization: `Bearer ${c.jwt}` })));
    return answers.every((a) => a.status === 200);
  };
  process.stdout.write(`${c.name} (${c.path} as ${c.who}): ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION} s; floor: GET ${c.calls.join(', ')} at once\n`);
  await load(sitePage, portal, 2); // warm-up, not reported
  await load(floorPage, portal, 2);
  const rounds: Array<{ site: Result; floor: Result }> = [];
  for (let i = 0; i < ROUNDS; i += 1) {
    // Taking turns (ABBA) so a slow moment of the shared machine does not land on one side only.
    if (i % 2 === 0) {
      const site = await load(sitePage, portal);
      rounds.push({ site, floor: await load(floorPage, portal) });
    } else {
      const floor = await load(floorPage, portal);
      rounds.push({ site: await load(sitePage, portal), floor });
    }
  }
  const ratioOf = (r: { site: Result; floor: Result }) => r.site.pagesPerSecond / r.floor.pagesPerSecond;
  rounds.sort((x, y) => ratioOf(x) - ratioOf(y));
  const median = rounds[Math.floor(rounds.length / 2)]!;
  const ratio = ratioOf(median);
  const p99Met = c.p99Goal === null || median.site.p99 <= c.p99Goal;
  process.stdout.write(
    `${row(`site ${c.path}`, median.site)}\n${row(`floor (${c.calls.length} API calls)`, median.floor)}\n` +
      `ratio site/floor: ${ratio.toFixed(2)} (median of ${ROUNDS} rounds, from ${ratioOf(rounds[0]!).toFixed(2)} to ${ratioOf(rounds[rounds.length - 1]!).toFixed(2)}; ` +
      `goal >= ${RATIO_GOAL}: ${ratio >= RATIO_GOAL ? 'meets' : 'below'}); p50 ${median.site.p50}/${median.floor.p50} ms, p99 ${median.site.p99}/${median.floor.p99} ms (site/floor)` +
      (c.p99Goal === null ? '' : `; p99 goal <= ${c.p99Goal} ms: ${p99Met ? 'meets' : 'below'}`) +
      '\n',
  );
  return ratio >= RATIO_GOAL && p99Met;
}

async function main(): Promise<void> {
  if (!existsSync('web/build/server/index.js')) throw new Error('the site is not built: npm run build:web');
  if (!OWNER_URL) throw new Error('BENCH_OWNER_URL is not set (run through npm run bench)');
  await ensureCensusClient(OWNER_URL, (line) => process.stdout.write(line));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const portal = spawn(process.execPath, [...API_NODE_FLAGS, 'dist/api/src/main.js'], {
    env: { ...process.env, PORT: String(port), PUBLIC_URL: base, WEB_MODE: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const owner = new Client({ connectionString: OWNER_URL });
  await owner.connect();
  try {
    await waitForHealth(base);
    const jane = { cookie: await siteCookie(base, 'jane@acme.test'), jwt: await apiToken(base, 'jane@acme.test') };
    const hr = { cookie: await siteCookie(base, 'hr@bench.test'), jwt: await apiToken(base, 'hr@bench.test') };
    const me = (await (await fetch(`${base}/mbl/api/me`, { headers: { authorization: `Bearer ${jane.jwt}` } })).json()) as {
      enableMidyearChanges: boolean;
      employeeId: number | null;
      unsignedChanges: boolean;
    };
    // What the dashboard's loaders ask (root, routes/_index, lib/dashboard.server) for this employee; GET /dashboard
    // answers what GET /summary?view=signed, /tasks and /carrier-links did (BENCH_PAGE_CALLS=separate: those three).
    const dashboardCalls = [
      '/me',
      ...(process.env.BENCH_PAGE_CALLS === 'separate' ? ['/summary?view=signed', '/tasks', '/carrier-links'] : ['/dashboard']),
      ...(me.enableMidyearChanges && me.employeeId !== null ? ['/midyear-changes'] : []),
      ...(me.unsignedChanges ? ['/enrollments/draft'] : []),
    ];
    let met = await compare(base, portal, { name: 'dashboard', path: '/', marker: 'snapshot-heading', calls: dashboardCalls, who: 'jane', ...jane, p99Goal: DASHBOARD_P99_GOAL_MS });

    // Registration step 4 needs someone whose dependents step is done: jane, for this part only.
    await owner.query(`UPDATE account SET registration_step = 6 WHERE username = 'jane@acme.test'`);
    try {
      met =
        (await compare(base, portal, {
          name: 'registration step 4',
          path: '/registration?step=4',
          marker: 'Benefits Enrollment',
          calls: ['/me', '/enrollments', '/plans?includeCurrent=1'],
          who: 'jane (dependents done)',
          ...jane,
          p99Goal: null,
        })) && met;
    } finally {
      await owner.query(`UPDATE account SET registration_step = 0 WHERE username = 'jane@acme.test'`);
    }

    met =
      (await compare(base, portal, {
        name: 'census',
        path: '/employees-census',
        marker: 'Active Employees',
        calls: ['/me', ...EMPLOYEE_GROUPS.map((group) => `/employees?group=${group}&page=1`)],
        who: 'hr (10,000 employees)',
        ...hr,
        p99Goal: null,
      })) && met;
    process.stdout.write(`pages under load: ${met ? 'every goal met' : 'some goal not met'}\n`);
  } finally {
    await owner.end();
    agent.destroy();
    portal.kill('SIGTERM');
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`bench-pages failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
