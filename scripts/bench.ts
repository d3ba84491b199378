/**
 * npm run bench: autocannon against the real portal (its own process, production mode, its own database)
 * and, in the same run, against the floor (scripts/bench-floor.ts): a bare node:http server in its own
 * process doing the portal's work per request and nothing else (same token check, same Redis session
 * check, same SQL, same JSON). The ratio says what the framework and our middleware cost.
 */
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { freePort } from '../test/support/ports';
import { waitForHealth } from './bench-portal';
import { Client } from 'pg';
import { prepareDatabase } from '../test/support/database';
import { ensureCensusClient } from './bench-census';
import { API_NODE_FLAGS } from '../api/src/bootstrap/node-flags';

const DURATION = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
/** An administrator login; the portal and the floor both run as the least-privilege app role, like `npm start`. */
const PG_BASE = process.env.BENCH_PG_BASE ?? 'postgres://postgres:postgres@127.0.0.1:5432';
const PG_HOST = new URL(PG_BASE).host;
/** BENCH_DB names the database (and its roles and queue prefix), so two benches on one machine never share one. */
const BENCH_DB = process.env.BENCH_DB ?? 'bp_bench';
const DATABASE = {
  app: `postgres://${BENCH_DB}_app:${BENCH_DB}_app_pw@${PG_HOST}/${BENCH_DB}`,
  owner: `postgres://${BENCH_DB}_owner:${BENCH_DB}_owner_pw@${PG_HOST}/${BENCH_DB}`,
  admin: `${PG_BASE}/postgres`,
};
const DATABASE_URL = DATABASE.app;
const SECRET = 'bench-secret-0123456789abcdef-0123456789';

/** A port free right now, so a benchmark never collides with a running portal or test run. */

/** Filled in main() once the portal's port is known. */
const env: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  DATABASE_URL,
  QUEUE_PREFIX: BENCH_DB.replace(/_/g, ''),
  BENCH_OWNER_URL: DATABASE.owner,
  JWT_SECRET: SECRET,
  COOKIE_SECRET: 'bench-cookie-secret-0123456789abcdef',
  DATA_KEYS: `1:${Buffer.alloc(32, 5).toString('base64')}`,
  DATA_KEY_ID: '1',
  LOG_LEVEL: 'warn',
  WEB_MODE: 'off',
  SMTP_URL: 'smtp://127.0.0.1:9',
};

interface Result {
  rps: number;
  /** CPU time (user + system) the server process spent per answered request, in microseconds. */
  cpuUs: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** The process's CPU time so far (utime + stime from /proc, in clock ticks of 10 ms). */
function cpuTicks(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

async function cannon(url: string, token: string, server: ChildProcess, connections = CONNECTIONS): Promise<Result> {
  const before = cpuTicks(server.pid!);
  const r = await autocannon({ url, connections, duration: DURATION, headers: { authorization: `Bearer ${token}` } });
  const cpuUs = ((cpuTicks(server.pid!) - before) * 10_000) / Math.max(1, r.requests.total);
  return { rps: r.requests.average, cpuUs, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx };
}

/** Starts a server script of this bench in its own process with the portal's environment; answers its port (its first line). */
async function startServer(name: string, nodeArgs: string[]): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, nodeArgs, { env, stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the ${name} exited with ${code}`)));
    child.stdout!.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
  });
  return { child, port };
}

/** The floor (scripts/bench-floor.ts), profiled too under BENCH_PROFILE. */
function startFloor(): Promise<{ child: ChildProcess; port: number }> {
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}/floor`] : [];
  return startServer('floor', [...profile, 'dist/scripts/bench-floor.js']);
}

function row(name: string, r: Result): string {
  return `${name.padEnd(34)} ${r.rps.toFixed(0).padStart(8)} req/s   cpu ${r.cpuUs.toFixed(0).padStart(5)} µs/req   p50 ${String(r.p50).padStart(4)} ms   p99 ${String(r.p99).padStart(4)} ms   errors ${r.errors + r.non2xx}`;
}

/**
 * What the HTTP framework itself costs here, apart from anything the portal does: NestJS on its Fastify
 * platform (as the portal runs) answering a constant JSON from one route, against node:http answering the same,
 * each in its own process. The difference is CPU per request the portal cannot cut on this framework.
 */
async function frameworkCost(): Promise<void> {
  const results: Record<string, Result> = {};
  for (const kind of ['nest', 'http'] as const) {
    const { child, port } = await startServer(`${kind} server`, ['dist/scripts/bench-framework.js', kind]);
    try {
      await cannon(`http://127.0.0.1:${port}/mbl/api/constant`, '', child); // warm-up
      results[kind] = await cannon(`http://127.0.0.1:${port}/mbl/api/constant`, '', child);
    } finally {
      child.kill('SIGTERM');
    }
  }
  const { nest, http } = results as { nest: Result; http: Result };
  process.stdout.write(
    `the framework alone (a constant JSON from one route, ${CONNECTIONS} connections): NestJS on Fastify ${nest.rps.toFixed(0)} req/s, cpu ${nest.cpuUs.toFixed(0)} µs/req; ` +
      `node:http ${http.rps.toFixed(0)} req/s, cpu ${http.cpuUs.toFixed(0)} µs/req: ${(nest.cpuUs - http.cpuUs).toFixed(0)} µs of CPU per request before any of the portal's work\n`,
  );
}

/** A benchmark script of its own process, with the portal's environment. */
function runScript(script: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [script], { env, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${script} exited with ${code}`))));
  });
}

async function main(): Promise<void> {
  const PORT = Number(process.env.BENCH_PORT ?? (await freePort()));
  env.PORT = String(PORT);
  process.stdout.write('preparing the bp_bench database\n');
  await prepareDatabase(DATABASE, env);
  if (process.env.BENCH_ONLY === 'campaign') return runScript('dist/scripts/bench-campaign.js');
  if (process.env.BENCH_ONLY === 'sweep') return runScript('dist/scripts/bench-jobs.js');
  if (process.env.BENCH_ONLY === 'reports') return runScript('dist/scripts/bench-jobs.js');
  if (process.env.BENCH_ONLY === 'memory') return runScript('dist/scripts/bench-memory.js');
  if (process.env.BENCH_ONLY === 'imports') return runScript('dist/scripts/bench-imports.js');
  if (process.env.BENCH_ONLY === 'scale') return runScript('dist/scripts/bench-scale.js');
  if (process.env.BENCH_ONLY === 'edi') return runScript('dist/scripts/bench-edi.js');
  if (process.env.BENCH_ONLY === 'pages') return runScript('dist/scripts/bench-pages.js');
  const portal: ChildProcess = spawn(process.execPath, [...API_NODE_FLAGS, ...(process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir=' + process.env.BENCH_PROFILE] : []), 'dist/api/src/main.js'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  const base = `http://127.0.0.1:${PORT}`;
  let floor: ChildProcess | undefined;
  try {
    await waitForHealth(base);
    const tokenOf = async (username: string) => {
      const login = await fetch(`${base}/mbl/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: 'Passw0rd!' }) });
      return ((await login.json()) as { jwt: string }).jwt;
    };
    const jwt = await tokenOf('jane@acme.test');
    const started = await startFloor();
    floor = started.child;
    const floorProcess = started.child;
    const floorBase = `http://127.0.0.1:${started.port}`;

    const compare = async (path: string, goal: number, jwt: string, who = 'jane', p99Goal: number | null = null) => {
      // Same answers from both, headers and JSON, or the comparison means nothing (the portal answers first: it
      // creates missing rows). Only the date and the connection's own headers may differ, and Vary: the portal
      // compresses what a client accepts compressed, which autocannon never asks for (nor this check).
      const answer = async (url: string) => {
        const r = await fetch(url, { headers: { authorization: `Bearer ${jwt}`, 'accept-encoding': 'identity' } });
        const headers = [...r.headers].filter(([name]) => !['date', 'connection', 'keep-alive', 'vary'].includes(name));
        return JSON.stringify({ status: r.status, headers, body: await r.json() });
      };
      const [portalAnswer, floorAnswer] = [await answer(`${base}${path}`), await answer(`${floorBase}${path}`)];
      if (portalAnswer !== floorAnswer) throw new Error(`the portal and the floor answer ${path} differently:\nportal ${portalAnswer}\nfloor  ${floorAnswer}`);
      process.stdout.write(`GET ${path} as ${who}: ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION} s each, portal and floor taking turns\n`);
      await cannon(`${base}${path}`, jwt, portal); // warm-up, not reported
      await cannon(`${floorBase}${path}`, jwt, floorProcess);
      // On a small shared machine the rate drifts from one run to the next; taking turns (ABBA) and the
      // median of the rounds' ratios keeps a slow moment from landing on one side only.
      const rounds: Array<{ real: Result; bare: Result }> = [];
      for (let i = 0; i < ROUNDS; i += 1) {
        if (i % 2 === 0) {
          const real = await cannon(`${base}${path}`, jwt, portal);
          rounds.push({ real, bare: await cannon(`${floorBase}${path}`, jwt, floorProcess) });
        } else {
          const bare = await cannon(`${floorBase}${path}`, jwt, floorProcess);
          rounds.push({ real: await cannon(`${base}${path}`, jwt, portal), bare });
        }
      }
      rounds.sort((x, y) => x.real.rps / x.bare.rps - y.real.rps / y.bare.rps);
      const { real, bare } = rounds[Math.floor(rounds.length / 2)]!;
      const ratio = real.rps / bare.rps;
      process.stdout.write(`${row(`portal GET ${path}`, real)}\n${row('floor (node:http + pg)', bare)}\n`);
      process.stdout.write(
        `ratio portal/floor: ${ratio.toFixed(2)} (median of ${ROUNDS} rounds, from ${(rounds[0]!.real.rps / rounds[0]!.bare.rps).toFixed(2)} ` +
          `to ${(rounds[rounds.length - 1]!.real.rps / rounds[rounds.length - 1]!.bare.rps).toFixed(2)}; goal >= ${goal.toFixed(2)}: ${ratio >= goal ? 'meets' : 'below'}); ` +
          `p50 ${real.p50}/${bare.p50} ms, p99 ${real.p99}/${bare.p99} ms (portal/floor)` +
          (p99Goal === null ? '' : `; p99 goal <= ${p99Goal} ms: ${real.p99 <= p99Goal ? 'meets' : 'below'}`) +
          '\n',
      );
      if (p99Goal !== null) {
        // The same page for one person at a time (an administrator at work), where queueing behind 19 others
        // on this machine's cores does not count: the latency the page itself takes.
        const alone = await cannon(`${base}${path}`, jwt, portal, 1);
        const bareAlone = await cannon(`${floorBase}${path}`, jwt, floorProcess, 1);
        process.stdout.write(
          `one connection: p50 ${alone.p50}/${bareAlone.p50} ms, p99 ${alone.p99}/${bareAlone.p99} ms (portal/floor); p99 goal <= ${p99Goal} ms: ${alone.p99 <= p99Goal ? 'meets' : 'below'}\n`,
        );
      }
    };
    await compare('/mbl/api/me', 0.6, jwt);
    await compare('/mbl/api/enrollments', 0.7, jwt);
    await frameworkCost();
    if (process.env.BENCH_ONLY === 'employee') return;

    // The HR Audit Log of a client with a million entries: one filtered page, portal against the
    // same statements on node:http. The entries are made once per bench database.
    const audit = new Client({ connectionString: DATABASE.owner });
    await audit.connect();
    try {
      const [{ n }] = (await audit.query(`SELECT count(*)::int AS n FROM audit_log l JOIN client c ON c.id = l.client_id WHERE c.name = 'Acme Corp'`)).rows as Array<{ n: number }>;
      if (n < 1_000_000) {
        process.stdout.write(`adding ${1_000_000 - n} audit entries to Acme (once per bench database)\n`);
        await audit.query(
          `INSERT INTO audit_log (client_id, employee_id, event_type, action_type, plan_type_id, description, data, created_at)
           SELECT c.id, ids[1 + i % cardinality(ids)], (ARRAY['Enrollment', 'Beneficiary', 'Dependent', 'Payroll'])[1 + i % 4],
                  (ARRAY['update', 'update', 'update', 'create', 'update', 'update', 'create', 'update', 'update', 'delete'])[1 + i % 10],
                  CASE WHEN i % 3 = 0 THEN 1 + i % 8 END, 'Bench entry ' || i, '[]', now() - make_interval(secs => i)
             FROM generate_series(1, $1::int) i,
                  (SELECT c.id, (SELECT array_agg(e.id) FROM employee e WHERE e.client_id = c.id) AS ids FROM client c WHERE c.name = 'Acme Corp') c`,
          [1_000_000 - n],
        );
        // As autovacuum would leave it: statistics, and the visibility map that lets counts read the index only.
        await audit.query('VACUUM ANALYZE audit_log');
      }
    } finally {
      await audit.end();
    }
    await compare('/mbl/api/audits-hr?eventType=delete&perPage=20&page=3', 0.7, await tokenOf('hr@acme.test'), 'hr (1,000,000 entries)', 100);

    // The census of a client with 10,000 employees: a searched page and a deep page of one group,
    // portal against the same statements on node:http. The client, its administrator and its people are made
    // once per bench database.
    await ensureCensusClient(DATABASE.owner, (line) => process.stdout.write(line));
    const benchHr = await tokenOf('hr@bench.test');
    await compare('/mbl/api/employees?search=garcia&group=active&page=2', 0.7, benchHr, 'hr (10,000 employees, searched)', 100);
    await compare('/mbl/api/employees?group=active&page=150', 0.7, benchHr, 'hr (10,000 employees, page 150)', 100);

    // Pages under load (goal: ratio >= 0.7): the site's dashboard, registration step 4 and census, each against the
    // same API calls made without rendering; a portal process of its own that serves the site.
    await runScript('dist/scripts/bench-pages.js');
    // The jobs: the reports job against exceljs's raw streaming writer, closing an open enrollment
    // of 10,000 employees, and the hourly sweep over 1,000 clients; in a process of their own, so its
    // peak RSS is theirs.
    await runScript('dist/scripts/bench-jobs.js');
    // Communications: a 10,000-recipient campaign through the workers against raw pooled nodemailer.
    await runScript('dist/scripts/bench-campaign.js');
    // Memory after load: a fresh API process of its own, so no earlier part's load is counted.
    await runScript('dist/scripts/bench-memory.js');
    // Imports: a 2,000-plan rate sheet and a 10,000-employee census file, uploaded and committed.
    await runScript('dist/scripts/bench-imports.js');
    // Scaling out: GET /enrollments on two API processes against one.
    await runScript('dist/scripts/bench-scale.js');
    // Carrier feeds: the full EDI 834 of 10,000 households against node-x12 writing the same segments.
    await runScript('dist/scripts/bench-edi.js');
  } finally {
    floor?.kill('SIGTERM');
    portal.kill('SIGTERM');
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`bench failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
