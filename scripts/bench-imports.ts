/**
 * Imports (goal: peak RSS <= 300 MB), run by scripts/bench.ts in a process of its own with the portal's environment
 * (BENCH_ONLY=imports runs only this one): a fresh API process (dist/api/src/main.js) and a workers process
 * (dist/workers/src/main.js) take, as Harbor's agent on Bayside Dental (the seed's client with a plan year Ready
 * to Start), a rate sheet of BENCH_IMPORT_PLANS (2,000) plan rows with their rates, then a census file of
 * BENCH_IMPORT_EMPLOYEES (10,000) employees, each uploaded (read with exceljs's streaming reader and checked
 * whole) and committed: the plans written through the plans module in the request; the census by the workers'
 * imports.census-commit job (bulk Add New Employee, 500 rows per transaction with its progress, without welcome
 * emails), timed from the commit until GET /census-imports/{id} says done. Reported per step: seconds and rows
 * per second; and each process's peak RSS over the whole run (sampled from /proc every 20 ms), against the goal
 * of 300 MB.
 */
import ExcelJS from 'exceljs';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { CENSUS_HEADINGS, CENSUS_SHEET } from '../api/src/contracts/census-import';
import { RATE_SHEET_COLUMNS, RATE_SHEET_NAMES as S } from '../api/src/contracts/rate-sheet';
import { freePort } from '../test/support/ports';
import { waitForHealth } from './bench-portal';
import { API_NODE_FLAGS } from '../api/src/bootstrap/node-flags';
import { WORKERS_NODE_FLAGS } from '../workers/src/node-flags';

const PLANS = Number(process.env.BENCH_IMPORT_PLANS ?? 2_000);
const EMPLOYEES = Number(process.env.BENCH_IMPORT_EMPLOYEES ?? 10_000);
const GOAL_MB = 300;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const FOUR = 'Single / Husband/Wife / Parent/Child / Family';

const mb = (bytes: number) => bytes / 1048576;
const rss = (pid: number) => Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

async function workbook(sheets: Array<[string, readonly string[], Array<Array<string | number | null>>]>): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  for (const [name, headings, rows] of sheets) {
    const ws = wb.addWorksheet(name);
    ws.addRow([...headings]);
    for (const r of rows) ws.addRow(r);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** PLANS plans of four kinds (medical by percent, dental, vision, employer-paid life) and a rate for each of their tiers. */
async function rateSheet(): Promise<{ file: Buffer; rates: number }> {
  const plans: Array<Array<string | number | null>> = [];
  const rates: Array<Array<string | number | null>> = [];
  const row = (v: Partial<Record<(typeof RATE_SHEET_COLUMNS.plans)[number], string | number>>) => RATE_SHEET_COLUMNS.plans.map((h) => v[h] ?? null);
  for (let i = 1; i <= PLANS; i += 1) {
    const name = `Plan ${i}`;
    const cents = (n: number) => (n + (i % 97)).toFixed(2);
    switch (i % 4) {
      case 0:
        plans.push(row({ 'Plan name': name, 'Plan type': 'Group Medical', Carrier: 'Bench Health', Tiers: FOUR, 'Employer contribution': 'Percent', 'Employer employee only': 80, 'Employer + spouse': 60, 'Employer + children': 60, 'Employer family': 50, 'Waiting period (days)': 30, 'Dependent age limit': 26 }));
        for (const [t, a] of [['Single', 600], ['Husband/Wife', 1200], ['Parent/Child', 1100], ['Family', 1700]] as const) rates.push([name, t, null, null, cents(a)]);
        break;
      case 1:
        plans.push(row({ 'Plan name': name, 'Plan type': 'Group Dental', Carrier: 'Bench Dental', Tiers: FOUR }));
        for (const [t, a] of [['Single', 30], ['Husband/Wife', 60], ['Parent/Child', 65], ['Family', 95]] as const) rates.push([name, t, null, null, cents(a)]);
        break;
      case 2:
        plans.push(row({ 'Plan name': name, 'Plan type': 'Group Vision', Carrier: 'Bench Vision', Tiers: 'Single / Family' }));
        rates.push([name, 'Single', null, null, cents(8)], [name, 'Family', null, null, cents(20)]);
        break;
      default:
        plans.push(row({ 'Plan name': name, 'Plan type': 'Group Life', Tiers: 'Single / Family', 'Employer contribution': 'Employer paid', 'Benefit amount': '50000.00' }));
        rates.push([name, 'Single', null, null, cents(9)]);
    }
  }
  const file = await workbook([
    [S.planYear, RATE_SHEET_COLUMNS.planYear, [['01/01/2030', '12/31/2030']]],
    [S.plans, RATE_SHEET_COLUMNS.plans, plans],
    [S.rates, RATE_SHEET_COLUMNS.rates, rates],
  ]);
  return { file, rates: rates.length };
}

async function censusFile(): Promise<Buffer> {
  const run = Date.now().toString(36);
  const rows: Array<Array<string | null>> = [];
  for (let i = 1; i <= EMPLOYEES; i += 1) {
    const cells: Record<string, string> = {
      'First name': `Import${i}`,
      'Last name': ['Smith', 'Jones', 'Garcia', 'Miller', 'Davis', 'Lopez'][i % 6]!,
      Email: `import${i}.${run}@bench-import.test`,
      'Access group': 'Full-Time Employees',
      'Employment status': 'Full-Time',
      'Hire date': '01/04/2027',
      'Birth date': `0${1 + (i % 9)}/15/19${60 + (i % 40)}`,
      Gender: i % 2 ? 'Female' : 'Male',
      'Work hours': '40',
      SSN: `${String(100 + (i % 800)).padStart(3, '0')}-${String(10 + (i % 89)).padStart(2, '0')}-${String(1000 + i).slice(-4)}`,
      Income: String(40_000 + (i % 60) * 1_000),
      ZIP: '94105',
      State: 'CA',
    };
    rows.push(CENSUS_HEADINGS.map((h) => cells[h] ?? null));
  }
  return workbook([[CENSUS_SHEET, CENSUS_HEADINGS, rows]]);
}

async function call(base: string, token: string, path: string, init: { body?: unknown; file?: { name: string; bytes: Buffer } } = {}): Promise<unknown> {
  let body: FormData | string | undefined;
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  if (init.file) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(init.file.bytes)], { type: XLSX }), init.file.name);
    body = form;
  } else if (init.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.body);
  }
  const res = await fetch(`${base}/mbl/api${path}`, { method: body === undefined ? 'GET' : 'POST', headers, body });
  const answer = (await res.json()) as unknown;
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(answer).slice(0, 500)}`);
  return answer;
}

async function main(): Promise<void> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  process.stdout.write(`imports: generating a rate sheet of ${PLANS} plans and a census file of ${EMPLOYEES} employees\n`);
  const sheet = await rateSheet();
  const census = await censusFile();
  const portal: ChildProcess = spawn(process.execPath, [...API_NODE_FLAGS, 'dist/api/src/main.js'], { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'inherit'] });
  const workers: ChildProcess = spawn(process.execPath, [...WORKERS_NODE_FLAGS, 'dist/workers/src/main.js'], { env: { ...process.env, WORKER_CRON: 'off', LOG_LEVEL: 'warn' }, stdio: ['ignore', 'ignore', 'inherit'] });
  let peak = 0;
  let workersPeak = 0;
  // The API's peak since the last step line: which step the memory goes to.
  let stepPeak = 0;
  const sampler = setInterval(() => {
    try {
      const now = rss(portal.pid!);
      peak = Math.max(peak, now);
      stepPeak = Math.max(stepPeak, now);
      workersPeak = Math.max(workersPeak, rss(workers.pid!));
    } catch {
      // a process is starting or gone
    }
  }, 20);
  try {
    await waitForHealth(base);
    const start = rss(portal.pid!);
    stepPeak = 0;
    const login = (await (await fetch(`${base}/mbl/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'agent@harbor.test', password: 'Passw0rd!' }) })).json()) as { jwt: string };
    const agency = (await call(base, login.jwt, '/agency')) as { clients: Array<{ id: number; name: string }> };
    const bayside = agency.clients.find((c) => c.name === 'Bayside Dental')!;
    const { jwt } = (await call(base, login.jwt, `/agency/clients/${bayside.id}/open`, { body: {} })) as { jwt: string };

    const timed = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
      const t0 = process.hrtime.bigint();
      const out = await work();
      return [out, Number(process.hrtime.bigint() - t0) / 1e9];
    };
    const line = (what: string, rows: number, seconds: number) => {
      process.stdout.write(`  ${what}: ${rows.toLocaleString('en-US')} rows in ${seconds.toFixed(2)} s, ${Math.round(rows / seconds).toLocaleString('en-US')} rows/s; API peak ${mb(stepPeak).toFixed(0)} MB\n`);
      stepPeak = 0;
    };

    const [preview, checkSeconds] = await timed(() => call(base, jwt, '/rate-sheets', { file: { name: 'bench-rates.xlsx', bytes: sheet.file } }) as Promise<{ id: number; plans: unknown[] }>);
    line(`rate sheet upload and check (${(sheet.file.length / 1024).toFixed(0)} kB, ${PLANS} plans + ${sheet.rates} rates)`, PLANS + sheet.rates, checkSeconds);
    const [, commitSeconds] = await timed(() => call(base, jwt, `/rate-sheets/${preview.id}/commit`, { body: {} }));
    line('rate sheet commit (plans and rates written)', PLANS + sheet.rates, commitSeconds);

    const [kept, censusSeconds] = await timed(() => call(base, jwt, '/census-imports', { file: { name: 'bench-census.xlsx', bytes: census } }) as Promise<{ id: number; count: number }>);
    line(`census upload and check (${(census.length / 1024).toFixed(0)} kB)`, kept.count, censusSeconds);
    const t0 = process.hrtime.bigint();
    type Progress = { committed: boolean; progress: { status: string; rowsDone: number; rowsTotal: number; issues: unknown[] } | null };
    const accepted = (await call(base, jwt, `/census-imports/${kept.id}/commit`, { body: { sendEmail: false } })) as Progress;
    const answered = Number(process.hrtime.bigint() - t0) / 1e9;
    let state = accepted;
    // The job's progress as the import page reads it, until done (or failed, or 10 minutes).
    while (state.progress?.status !== 'done' && state.progress?.status !== 'failed' && Number(process.hrtime.bigint() - t0) / 1e9 < 600) {
      // Once a second, as the import page polls.
      await new Promise((r) => setTimeout(r, 1000));
      state = (await call(base, jwt, `/census-imports/${kept.id}`)) as Progress;
    }
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    if (state.progress?.status === 'done') {
      line(`census commit (202 in ${(answered * 1000).toFixed(0)} ms; the workers' job, 500 employees per transaction)`, state.progress.rowsDone, seconds);
    } else {
      process.stdout.write(`  census commit of ${kept.count.toLocaleString('en-US')} rows not done after ${seconds.toFixed(0)} s: ${JSON.stringify(state.progress).slice(0, 300)}\n`);
      process.exitCode = 1;
    }

    peak = Math.max(peak, rss(portal.pid!));
    workersPeak = Math.max(workersPeak, rss(workers.pid!));
    const met = (bytes: number) => (mb(bytes) <= GOAL_MB ? 'met' : 'NOT met');
    process.stdout.write(
      `imports: API process RSS ${mb(start).toFixed(0)} MB before, peak ${mb(peak).toFixed(0)} MB (goal <= ${GOAL_MB} MB: ${met(peak)}); workers process peak ${mb(workersPeak).toFixed(0)} MB (${met(workersPeak)})\n`,
    );
  } finally {
    clearInterval(sampler);
    portal.kill('SIGTERM');
    workers.kill('SIGTERM');
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`bench-imports failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
