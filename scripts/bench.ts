/**
 * npm run bench: autocannon against the real portal (its own process, production mode, its own database)
 * and, in the same run, against a bare node:http server that does the same work with nothing else: verify
 * the same JWT, run the same SQL with pg, answer the same JSON. The ratio says what the framework costs.
 */
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Pool } from 'pg';
import { CURRENT_USER_SQL, CURRENT_USER_STATEMENT, toCurrentUser, type CurrentUserRow } from '../api/src/modules/auth/current-user.query';
import { ENROLLMENTS_SQL, ENROLLMENTS_STATEMENT, hasElection, toEnrollment, type EnrollmentRow } from '../api/src/modules/enrollments/enrollments.query';
import { prepareDatabase } from '../test/support/database';

const PORT = Number(process.env.BENCH_PORT ?? 3950);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/bp_bench';
const SECRET = 'bench-secret-0123456789abcdef-0123456789';

const env: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: 'production',
  PORT: String(PORT),
  HOST: '127.0.0.1',
  DATABASE_URL,
  QUEUE_PREFIX: 'bpbench',
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
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function cannon(url: string, token: string): Promise<Result> {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers: { authorization: `Bearer ${token}` } });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx };
}

async function waitForHealth(base: string): Promise<void> {
  for (let i = 0; i < 120; i += 1) {
    try {
      if ((await fetch(`${base}/mbl/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('portal did not start');
}

/** HS256 verification by hand: the least any server must do for this request. */
function verifyJwt(token: string): Record<string, unknown> | null {
  const [h, p, s] = token.split('.');
  if (!h || !p || !s) return null;
  const expected = createHmac('sha256', SECRET).update(`${h}.${p}`).digest();
  const given = Buffer.from(s, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const payload = JSON.parse(Buffer.from(p, 'base64url').toString('utf8')) as Record<string, unknown>;
  return typeof payload.exp === 'number' && payload.exp * 1000 > Date.now() ? payload : null;
}

function floorServer(pool: Pool): Promise<Server> {
  const server = createServer((req, res) => {
    const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    const payload = verifyJwt(token);
    const send = (body: unknown) => res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
    if (payload && req.url === '/mbl/api/me') {
      pool
        .query<CurrentUserRow>({ name: CURRENT_USER_STATEMENT, text: CURRENT_USER_SQL, values: [payload.sub, payload.emp, payload.cid] })
        .then(({ rows }) => send(toCurrentUser(rows[0]!, { impersonatorId: null, agencyId: null })))
        .catch(() => res.writeHead(500).end());
      return;
    }
    if (payload && req.url === '/mbl/api/enrollments') {
      // The same rows and mapping as the API (the API creates missing rows first; after its first answer there are none).
      pool
        .query<EnrollmentRow>({ name: ENROLLMENTS_STATEMENT, text: ENROLLMENTS_SQL, values: [payload.emp, payload.cid] })
        .then(({ rows }) => send(rows.filter(hasElection).map(toEnrollment)))
        .catch(() => res.writeHead(500).end());
      return;
    }
    res.writeHead(401).end();
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

function row(name: string, r: Result): string {
  return `${name.padEnd(34)} ${r.rps.toFixed(0).padStart(8)} req/s   p50 ${String(r.p50).padStart(4)} ms   p99 ${String(r.p99).padStart(4)} ms   errors ${r.errors + r.non2xx}`;
}

async function main(): Promise<void> {
  process.stdout.write(`preparing ${DATABASE_URL}\n`);
  await prepareDatabase(DATABASE_URL, env);
  const portal: ChildProcess = spawn(process.execPath, ['dist/api/src/main.js'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  const base = `http://127.0.0.1:${PORT}`;
  const pool = new Pool({ connectionString: DATABASE_URL, max: 20 });
  let floor: Server | undefined;
  try {
    await waitForHealth(base);
    const login = await fetch(`${base}/mbl/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'jane@acme.test', password: 'Passw0rd!' }) });
    const { jwt } = (await login.json()) as { jwt: string };
    floor = await floorServer(pool);
    const floorBase = `http://127.0.0.1:${(floor.address() as AddressInfo).port}`;

    const compare = async (path: string, goal: number) => {
      // Same answers from both, or the comparison means nothing (the portal answers first: it creates missing rows).
      const a = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${jwt}` } }).then((r) => r.json());
      const b = await fetch(`${floorBase}${path}`, { headers: { authorization: `Bearer ${jwt}` } }).then((r) => r.json());
      if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error(`the portal and the floor answer different JSON for ${path}`);
      process.stdout.write(`GET ${path} as jane: ${CONNECTIONS} connections, ${DURATION} s each\n`);
      await cannon(`${base}${path}`, jwt); // warm-up, not reported
      const real = await cannon(`${base}${path}`, jwt);
      const bare = await cannon(`${floorBase}${path}`, jwt);
      process.stdout.write(`${row(`portal GET ${path}`, real)}\n${row('floor (node:http + pg)', bare)}\n`);
      process.stdout.write(`ratio portal/floor: ${(real.rps / bare.rps).toFixed(2)} (goal >= ${goal.toFixed(2)})\n`);
    };
    await compare('/mbl/api/me', 0.6);
    await compare('/mbl/api/enrollments', 0.7);
  } finally {
    floor?.close();
    await pool.end();
    portal.kill('SIGTERM');
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`bench failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
