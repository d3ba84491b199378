/**
 * The EDI 834 carrier feed (goal: peak RSS <= 300 MB), run by scripts/bench.ts in a process of its own with the portal's environment
 * (BENCH_ONLY=edi runs only this one). A client "Bench EDI Co" (made once per bench database) has
 * BENCH_EDI_EMPLOYEES (10,000) households, each a copy of the seed's jane (spouse and child, SSNs sealed,
 * addresses) enrolled in one medical plan for the family: 30,000 members. Two child processes of this script,
 * each with the portal's modules, take turns BENCH_ROUNDS (3) times:
 * - the portal: CarrierFileWriterService.writeFile, the full file as the workers' job writes it (control number
 *   bumped, the signed elections read, identities read and SSNs unsealed in batches, edi834Members, node-x12
 *   segments streamed through the cipher, the sealed file recorded);
 * - the floor: node-x12 writing the same segments directly (write834Whole, node-x12's whole interchange, of the
 *   members already read and mapped: the library's own cost, no database, no mapping, no sealing).
 * Reported: members per second of each and their ratio (median round), and each process's peak RSS (the
 * kernel's high-water mark, VmHWM): the portal's against the goal of 300 MB. The floor holds the whole
 * interchange, so its peak is its own and does not count against the portal's.
 */
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { DataSource } from 'typeorm';
import { AppModule } from '../api/src/app.module';
import { RequestContext } from '../api/src/core/context/request-context';
import { TenantDb } from '../api/src/core/database/tenant-db';
import { CarrierFileWriterService } from '../api/src/modules/carrier-feeds/carrier-file-writer.service';
import { CarriersService } from '../api/src/modules/carrier-feeds/carriers.service';
import { write834Whole } from '../api/src/modules/carrier-feeds/edi834-writer';
import { WORKERS_NODE_FLAGS } from '../workers/src/node-flags';

const EMPLOYEES = Number(process.env.BENCH_EDI_EMPLOYEES ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const GOAL_MB = 300;
const CLIENT = 'Bench EDI Co';

/** This process's resident set now (VmRSS) or at its peak so far (VmHWM), in bytes. */
const memory = (field: 'VmRSS' | 'VmHWM') => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) * 1024;

/** The columns a copy of a row writes: all but ids, identities, generated columns and sequence defaults. */
async function columns(ds: DataSource, table: string): Promise<string[]> {
  const rows = (await ds.query(
    `SELECT column_name FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = $1 AND column_name <> 'id' AND is_generated = 'NEVER' AND is_identity = 'NO'
        AND coalesce(column_default, '') NOT LIKE 'nextval(%'
      ORDER BY ordinal_position`,
    [table],
  )) as Array<{ column_name: string }>;
  return rows.map((r) => r.column_name);
}

/** INSERT … SELECT copying `table`'s rows from `from` (aliased src), with SQL expressions for some columns. */
async function copy(ds: DataSource, table: string, overrides: Record<string, string>, from: string, params: unknown[]): Promise<Array<{ id: number }>> {
  const cols = await columns(ds, table);
  const select = cols.map((c) => overrides[c] ?? `src."${c}"`);
  return ds.query(`INSERT INTO "${table}" (${cols.map((c) => `"${c}"`).join(', ')}) SELECT ${select.join(', ')} ${from} RETURNING id`, params) as Promise<Array<{ id: number }>>;
}

/** The client with its current period, jane's medical plan and EMPLOYEES copies of jane's household enrolled in it. */
async function ensureClient(ds: DataSource): Promise<{ clientId: number; planTypeId: number }> {
  const [jane] = (await ds.query(
    `SELECT e.id, e.client_id, en.id AS enrollment_id, en.plan_id, en.plan_type_id FROM employee e
       JOIN enrollment en ON en.employee_id = e.id AND en.status = 1 AND en.plan_type_id = 1
       JOIN open_enrollment_period oe ON oe.id = en.open_enrollment_period_id AND oe.is_current
      WHERE e.email = 'jane@acme.test'`,
  )) as Array<{ id: number; client_id: number; enrollment_id: number; plan_id: number; plan_type_id: number }>;
  if (!jane) throw new Error("the seed's jane has no medical election in force");
  let [client] = (await ds.query('SELECT id FROM client WHERE name = $1', [CLIENT])) as Array<{ id: number }>;
  if (client) {
    const [{ n }] = (await ds.query(`SELECT count(*)::int AS n FROM enrollment WHERE client_id = $1 AND status = 1`, [client.id])) as Array<{ n: number }>;
    if (n >= EMPLOYEES) return { clientId: client.id, planTypeId: jane.plan_type_id };
    throw new Error(`${CLIENT} has ${n} elections, not ${EMPLOYEES}: drop the bench database (or set BENCH_DB) to make it again`);
  }
  process.stdout.write(`adding ${CLIENT} with ${EMPLOYEES.toLocaleString('en-US')} households of three (once per bench database)\n`);
  [client] = (await ds.query(`INSERT INTO client (agency_id, name) SELECT agency_id, $1 FROM client WHERE id = $2 RETURNING id`, [CLIENT, jane.client_id])) as Array<{ id: number }>;
  const c = client!.id;
  const [period] = await copy(ds, 'open_enrollment_period', { client_id: '$1::int' }, 'FROM open_enrollment_period src WHERE src.client_id = $2 AND src.is_current', [c, jane.client_id]);
  const [plan] = await copy(ds, 'plan', { client_id: '$1::int', open_enrollment_period_id: '$2::int', hsa_plan_id: 'NULL' }, 'FROM plan src WHERE src.id = $3', [c, period!.id, jane.plan_id]);
  await copy(
    ds,
    'employee',
    { client_id: '$1::int', account_id: 'NULL', email: `'edi' || i || '.' || $1::int || '@bench.test'`, first_name: `'Edi' || i`, employment_id: 'NULL' },
    'FROM employee src, generate_series(1, $3::int) i WHERE src.id = $2',
    [c, jane.id, EMPLOYEES],
  );
  await copy(ds, 'dependent', { client_id: '$1::int', employee_id: 'e.id' }, 'FROM dependent src, employee e WHERE src.employee_id = $2 AND src.deleted_at IS NULL AND e.client_id = $1', [c, jane.id]);
  await copy(
    ds,
    'enrollment',
    { client_id: '$1::int', employee_id: 'e.id', plan_id: '$3::int', open_enrollment_period_id: '$4::int' },
    'FROM enrollment src, employee e WHERE src.id = $2 AND e.client_id = $1',
    [c, jane.enrollment_id, plan!.id, period!.id],
  );
  await ds.query(
    `INSERT INTO enrollment_dependent (enrollment_id, dependent_id)
     SELECT en.id, d.id FROM enrollment en JOIN dependent d ON d.employee_id = en.employee_id AND d.client_id = en.client_id WHERE en.client_id = $1`,
    [c],
  );
  for (const t of ['employee', 'dependent', 'enrollment', 'enrollment_dependent']) await ds.query(`ANALYZE ${t}`);
  return { clientId: c, planTypeId: jane.plan_type_id };
}

type Side = 'portal' | 'floor';
/** A child's answer to one round. */
interface Round {
  membersPerSecond: number;
  members: number;
  controlNumber: number;
  bytes: number;
  /** VmRSS once the modules are up, before any file; VmHWM after this round. */
  bootRss: number;
  peakRss: number;
}

/** The bench client and its carrier, made once (the parent's work; its own memory is not measured). */
async function prepare(): Promise<{ clientId: number; carrierId: number }> {
  const app = await NestFactory.createApplicationContext(AppModule, { logger: false });
  try {
    const ds = app.get(DataSource);
    const context = app.get(RequestContext);
    const carriers = app.get(CarriersService);
    const { clientId, planTypeId } = await ensureClient(ds);
    const carrierId = await context.runAs({ clientId, requestedBy: null }, async () => {
      const [existing] = await carriers.list();
      if (existing) return existing.id;
      const made = await carriers.create({
        name: 'Bench Carrier',
        planTypeIds: [planTypeId],
        policyNumber: 'BENCH-1',
        sponsorFein: '123456789',
        isaSenderQualifier: 'ZZ',
        isaSenderId: 'BENCHEDI',
        isaReceiverQualifier: '30',
        isaReceiverId: '990011223',
        gsSenderCode: 'BENCHEDI',
        gsReceiverCode: 'CARRIER',
        schedule: 'on_demand',
      });
      return made.id;
    });
    return { clientId, carrierId };
  } finally {
    await app.close();
  }
}

/** A child: its side's round each time the parent asks, answered with the figures and this process's memory. */
async function child(side: Side, clientId: number, carrierId: number): Promise<void> {
  const app = await NestFactory.createApplicationContext(AppModule, { logger: false });
  const context = app.get(RequestContext);
  const db = app.get(TenantDb);
  const writer = app.get(CarrierFileWriterService);
  const bootRss = memory('VmRSS');
  const round = async (controlNumber: number): Promise<Round> => {
    if (side === 'portal') {
      // The whole file as the job writes it, in its transaction (its record committed, as the job's is).
      const started = process.hrtime.bigint();
      const written = await context.runAs({ clientId, requestedBy: null }, () => db.transaction(() => writer.writeFile(carrierId, 'full', null)));
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      return { membersPerSecond: written.members / seconds, members: written.members, controlNumber: written.controlNumber, bytes: written.bytes, bootRss, peakRss: memory('VmHWM') };
    }
    // node-x12 writing the same members' segments under the portal's control number (read and mapped beforehand, outside the timing).
    const prepared = await context.runAs({ clientId, requestedBy: null }, () => db.transaction(() => writer.writableMembers(carrierId, 'full', controlNumber)));
    const started = process.hrtime.bigint();
    const edi = write834Whole(prepared.envelope, prepared.members);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    if (edi.length === 0) throw new Error('the floor wrote nothing');
    return { membersPerSecond: prepared.members.length / seconds, members: prepared.members.length, controlNumber, bytes: Buffer.byteLength(edi), bootRss, peakRss: memory('VmHWM') };
  };
  process.on('message', (message: unknown) => {
    if (typeof message === 'object' && message !== null && 'controlNumber' in message) {
      round(Number(message.controlNumber)).then(
        (r) => process.send!(r),
        (err: unknown) => {
          process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
          process.exit(1);
        },
      );
    } else if (message === 'done') void app.close().then(() => process.exit(0));
  });
  process.send!('ready');
}

/** Starts a child of this script for one side; resolves once its modules are up. */
function start(side: Side, clientId: number, carrierId: number): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    // The portal's side runs as the workers process does, with its V8 flags (the floor with Node's defaults).
    const execArgv = side === 'portal' ? [...process.execArgv, ...WORKERS_NODE_FLAGS] : process.execArgv;
    const c = fork(__filename, [side, String(clientId), String(carrierId)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], execArgv });
    c.once('message', () => resolve(c));
    c.once('exit', (code) => reject(new Error(`the ${side} process exited with ${code}`)));
  });
}

function ask(c: ChildProcess, side: Side, controlNumber = 0): Promise<Round> {
  return new Promise((resolve, reject) => {
    const failed = (code: number | null) => reject(new Error(`the ${side} process exited with ${code}`));
    c.once('exit', failed);
    c.once('message', (r) => {
      c.off('exit', failed);
      resolve(r as Round);
    });
    c.send({ controlNumber });
  });
}

async function main(): Promise<void> {
  const { clientId, carrierId } = await prepare();
  const portalProcess = await start('portal', clientId, carrierId);
  const floorProcess = await start('floor', clientId, carrierId);
  const portal: Round[] = [];
  const floor: Round[] = [];
  try {
    for (let round = 0; round < ROUNDS; round += 1) {
      const written = await ask(portalProcess, 'portal');
      portal.push(written);
      floor.push(await ask(floorProcess, 'floor', written.controlNumber));
    }
  } finally {
    for (const c of [portalProcess, floorProcess]) if (c.connected) c.send('done');
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const p = median(portal.map((r) => r.membersPerSecond));
  const f = median(floor.map((r) => r.membersPerSecond));
  const mb = (bytes: number) => (bytes / 1048576).toFixed(0);
  const portalPeak = Math.max(...portal.map((r) => r.peakRss));
  const floorPeak = Math.max(...floor.map((r) => r.peakRss));
  const last = portal[portal.length - 1]!;
  // Same members, same control number: the same size (the files' minute may differ, not their length).
  if (last.members !== floor[floor.length - 1]!.members || last.bytes !== floor[floor.length - 1]!.bytes) throw new Error('the portal and the floor wrote different files');
  process.stdout.write(
    `EDI 834 full file, ${EMPLOYEES.toLocaleString('en-US')} employees with families (${last.members.toLocaleString('en-US')} members, ${(last.bytes / 1048576).toFixed(1)} MB): ` +
      `portal ${Math.round(p).toLocaleString('en-US')} members/s, node-x12 writing the same segments ${Math.round(f).toLocaleString('en-US')} members/s, ratio ${(p / f).toFixed(2)} (median of ${ROUNDS}); ` +
      `peak RSS of the portal's process ${mb(portalPeak)} MB (${mb(last.bootRss)} MB before the files; goal ${GOAL_MB} MB: ${portalPeak / 1048576 <= GOAL_MB ? 'met' : 'NOT met'}), ` +
      `of the floor's ${mb(floorPeak)} MB (node-x12's whole interchange)\n`,
  );
}

const [side, clientId, carrierId] = process.argv.slice(2);
(side === 'portal' || side === 'floor' ? child(side, Number(clientId), Number(carrierId)) : main()).catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
