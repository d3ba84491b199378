/**
 * npm run lighthouse (and the last part of npm run bench): Lighthouse 12.2.3, at its default mobile settings
 * (Moto G Power emulation, simulated slow 4G and 4x CPU), on the ten main pages of the production build served
 * as `npm start` serves it (site and API in one process, NODE_ENV=production), on a database of its own seeded
 * like npm start's, in Debian's Chromium, signed in as each page's user. Prints performance, accessibility and
 * best practices with LCP, TBT and CLS per page; exits 1 when a page is under 95 / 100 / 100.
 * Needs `npm run build` (NODE_ENV=production) first; LIGHTHOUSE_PAGES=login,dashboard limits the pages,
 * LIGHTHOUSE_REPORTS=dir keeps each page's JSON report. The CPU column is Lighthouse's benchmark index of this
 * machine at that moment: its simulated 4x slowdown multiplies the tasks it observed, so a busy machine scores
 * performance (TBT above all) lower than an idle one.
 */
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { chromium, type BrowserContext } from 'playwright-core';
import { prepareDatabase } from '../test/support/database';
import { freePort } from '../test/support/ports';
import { waitForHealth } from '../test/support/portal-process';
import { API_NODE_FLAGS } from '../api/src/bootstrap/node-flags';

const run = promisify(execFile);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PASSWORD = 'Passw0rd!';
const TARGET = { performance: 95, accessibility: 100, 'best-practices': 100 } as const;
const PG_BASE = process.env.BENCH_PG_BASE ?? 'postgres://postgres:postgres@127.0.0.1:5432';
const PG_HOST = new URL(PG_BASE).host;
const DB = process.env.LIGHTHOUSE_DB ?? 'bp_lighthouse';
const DATABASE = {
  app: `postgres://${DB}_app:${DB}_app_pw@${PG_HOST}/${DB}`,
  owner: `postgres://${DB}_owner:${DB}_owner_pw@${PG_HOST}/${DB}`,
  admin: `${PG_BASE}/postgres`,
};

/** Who opens each page (null: signed out); `before` runs once signed in, before Lighthouse loads the page. */
interface Page {
  name: string;
  path: string;
  user: string | null;
  before?: () => Promise<void>;
}

const PAGES: Page[] = [
  { name: 'login', path: '/mbl/login', user: null },
  { name: 'dashboard', path: '/mbl', user: 'jane@acme.test' },
  { name: 'profile', path: '/mbl/profile', user: 'jane@acme.test' },
  // The page at jane's step (the first: she has no change under way); /change-benefits itself only sends on to it.
  { name: 'change-benefits', path: '/mbl/change-benefits/event', user: 'jane@acme.test' },
  // Step 4, Benefits Enrollment, is where a person resumes once Dependents is saved (RegistrationStep.Dependents).
  { name: 'registration-4', path: '/mbl/registration?step=4', user: 'jane@acme.test', before: () => sql(`UPDATE account SET registration_step = 6 WHERE username = 'jane@acme.test'`) },
  { name: 'census', path: '/mbl/employees-census', user: 'hr@acme.test' },
  { name: 'status-dashboard', path: '/mbl/status-dashboard', user: 'hr@acme.test' },
  { name: 'action-center', path: '/mbl/action-center', user: 'hr@acme.test' },
  { name: 'hr-reports', path: '/mbl/reports', user: 'hr@acme.test' },
  { name: 'communications', path: '/mbl/message-board', user: 'hr@acme.test' },
];

async function sql(text: string): Promise<void> {
  const client = new Client({ connectionString: DATABASE.app });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

interface Scores {
  name: string;
  performance: number;
  accessibility: number;
  'best-practices': number;
  lcp: number;
  tbt: number;
  cls: number;
  benchmarkIndex: number;
  failing: string[];
}

interface LighthouseReport {
  categories: Record<keyof typeof TARGET, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, { score: number | null; numericValue?: number; title: string; scoreDisplayMode: string }>;
  environment: { benchmarkIndex: number };
}

/** One Lighthouse run in the running Chromium (its cookies kept: --disable-storage-reset). */
async function lighthouse(name: string, url: string, port: number): Promise<Scores> {
  const { stdout } = await run(
    process.execPath,
    [
      require.resolve('lighthouse/cli/index.js'),
      url,
      `--port=${port}`,
      '--output=json',
      '--output-path=stdout',
      '--only-categories=performance,accessibility,best-practices',
      '--disable-storage-reset',
      '--quiet',
    ],
    { maxBuffer: 256 * 1024 * 1024 },
  );
  if (process.env.LIGHTHOUSE_REPORTS) writeFileSync(join(process.env.LIGHTHOUSE_REPORTS, `${name}.json`), stdout);
  const report = JSON.parse(stdout) as LighthouseReport;
  const score = (key: keyof typeof TARGET) => Math.round((report.categories[key].score ?? 0) * 100);
  // What keeps a category under 100: its weighted audits that did not pass.
  const failing = (['accessibility', 'best-practices'] as const).flatMap((key) =>
    report.categories[key].auditRefs
      .filter((ref) => ref.weight > 0 && report.audits[ref.id]?.scoreDisplayMode === 'binary' && report.audits[ref.id]?.score === 0)
      .map((ref) => `${key}: ${ref.id}`),
  );
  return {
    name,
    performance: score('performance'),
    accessibility: score('accessibility'),
    'best-practices': score('best-practices'),
    lcp: report.audits['largest-contentful-paint']?.numericValue ?? NaN,
    tbt: report.audits['total-blocking-time']?.numericValue ?? NaN,
    cls: report.audits['cumulative-layout-shift']?.numericValue ?? NaN,
    benchmarkIndex: report.environment.benchmarkIndex,
    failing,
  };
}

/** Signs in as a person does (the login form), in the browser's default context that Lighthouse's tab shares. */
async function signIn(context: BrowserContext, base: string, username: string): Promise<void> {
  await context.clearCookies();
  const page = await context.newPage();
  try {
    await page.goto(`${base}/mbl/login`);
    await page.getByLabel('Email or Username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL((url) => !url.pathname.endsWith('/login'));
  } finally {
    await page.close();
  }
}

/** Ends a process this script started and waits for it to exit. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function main(): Promise<void> {
  for (const file of ['web/build/server/index.js', 'dist/api/src/main.js']) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first`);
  }
  const only = process.env.LIGHTHOUSE_PAGES?.split(',');
  const pages = only ? PAGES.filter((p) => only.includes(p.name)) : PAGES;
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: base,
    DATABASE_URL: DATABASE.app,
    QUEUE_PREFIX: DB.replace(/_/g, ''),
    JWT_SECRET: 'lighthouse-secret-0123456789abcdef-0123456789',
    COOKIE_SECRET: 'lighthouse-cookie-secret-0123456789abcdef',
    DATA_KEYS: `1:${Buffer.alloc(32, 6).toString('base64')}`,
    DATA_KEY_ID: '1',
    LOG_LEVEL: 'warn',
    WEB_MODE: 'production',
    SMTP_URL: 'smtp://127.0.0.1:9',
  };
  process.stdout.write(`preparing the ${DB} database\n`);
  await prepareDatabase(DATABASE, env);
  const portal = spawn(process.execPath, [...API_NODE_FLAGS, 'dist/api/src/main.js'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  const profile = mkdtempSync(join(tmpdir(), 'bp-lighthouse-'));
  const debugPort = await freePort();
  const chrome = spawn(
    CHROMIUM,
    ['--headless=new', `--remote-debugging-port=${debugPort}`, `--user-data-dir=${profile}`, '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-sync', '--disable-background-networking', '--disable-component-update', 'about:blank'],
    { stdio: 'ignore' },
  );
  const results: Scores[] = [];
  try {
    await waitForHealth(base, 180_000);
    let browser;
    for (let i = 0; !browser; i += 1) {
      try {
        browser = await chromium.connectOverCDP(`http://127.0.0.1:${debugPort}`);
      } catch (e) {
        if (i > 50) throw e;
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    const context = browser.contexts()[0]!;
    let signedIn: string | null = null;
    for (const page of pages) {
      if (page.user !== signedIn) {
        if (page.user) await signIn(context, base, page.user);
        else await context.clearCookies();
        signedIn = page.user;
      }
      await page.before?.();
      // One unmeasured visit first, so the server's first render of the route (module loading, JIT) is not scored.
      const warm = await context.newPage();
      await warm.goto(`${base}${page.path}`);
      // Storage is kept for the sign-in (--disable-storage-reset), so empty the HTTP cache here: scored as a first visit.
      await (await context.newCDPSession(warm)).send('Network.clearBrowserCache');
      await warm.close();
      const scores = await lighthouse(page.name, `${base}${page.path}`, debugPort);
      results.push(scores);
      process.stdout.write(`${page.name}: ${scores.performance} / ${scores.accessibility} / ${scores['best-practices']}${scores.failing.length ? `  (${scores.failing.join(', ')})` : ''}\n`);
    }
    await browser.close().catch(() => undefined);
  } finally {
    await stop(chrome);
    await stop(portal);
    rmSync(profile, { recursive: true, force: true, maxRetries: 5 });
  }

  process.stdout.write('\nLighthouse 12.2.3, mobile (performance / accessibility / best practices, LCP, TBT, CLS)\n');
  process.stdout.write(`${'page'.padEnd(18)} perf  a11y  best   LCP ms  TBT ms    CLS   CPU\n`);
  let failed = false;
  for (const r of results) {
    const under = (Object.keys(TARGET) as (keyof typeof TARGET)[]).filter((k) => r[k] < TARGET[k]);
    if (under.length) failed = true;
    process.stdout.write(
      `${r.name.padEnd(18)} ${String(r.performance).padStart(4)}  ${String(r.accessibility).padStart(4)}  ${String(r['best-practices']).padStart(4)}  ${r.lcp.toFixed(0).padStart(7)} ${r.tbt.toFixed(0).padStart(7)}  ${r.cls.toFixed(3).padStart(5)} ${r.benchmarkIndex.toFixed(0).padStart(5)}${under.length ? `  under target: ${under.join(', ')}` : ''}\n`,
    );
  }
  process.exit(failed ? 1 : 0);
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
