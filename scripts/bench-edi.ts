/**
 * The EDI 834 (issue 30), run by scripts/bench.ts in a process of its own with the portal's environment
 * (BENCH_ONLY=edi runs only this one), so the peak RSS is the job's process, as in the workers.
 * A client "Bench EDI Co" (made once per bench database) has BENCH_EDI_EMPLOYEES (10,000) households, each
 * a copy of the seed's jane (spouse and child, SSNs sealed, addresses) enrolled in one medical plan for the
 * family: 30,000 members. Measured in one run, alternately, BENCH_ROUNDS (3) times:
 * - the portal: CarrierFeedsService.writeFile, the full file as the workers write it (control number bumped,
 *   the signed elections read, SSNs unsealed, edi834Members, node-x12, the file's record written);
 * - the floor: node-x12 writing the same segments directly (write834 of the members already read and mapped:
 *   the library's own cost, no database, no mapping).
 * Reported: members per second of each and their ratio (median round), and this process's peak RSS
 * (sampled from /proc every 20 ms) against the goal of 300 MB.
 */
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { readFileSync } from 'node:fs';
import { DataSource } from 'typeorm';
import { AppModule } from '../api/src/app.module';
import { RequestContext } from '../api/src/core/context/request-context';
import { TenantDb } from '../api/src/core/database/tenant-db';
import { CarrierFeedsService } from '../api/src/modules/carrier-feeds/carrier-feeds.service';
import { write834 } from '../api/src/modules/carrier-feeds/edi834-writer';

const EMPLOYEES = Number(process.env.BENCH_EDI_EMPLOYEES ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const GOAL_MB = 300;
const CLIENT = 'Bench EDI Co';

const rssBytes = () => Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) * 1024;

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

async function main(): Promise<void> {
  let peak = rssBytes();
  const sampler = setInterval(() => (peak = Math.max(peak, rssBytes())), 20);
  const app = await NestFactory.createApplicationContext(AppModule, { logger: false });
  try {
    const ds = app.get(DataSource);
    const context = app.get(RequestContext);
    const db = app.get(TenantDb);
    const feeds = app.get(CarrierFeedsService);
    const { clientId, planTypeId } = await ensureClient(ds);
    const before = peak;
    const carrierId = await context.runAs({ clientId, requestedBy: null }, async () => {
      const [existing] = await feeds.list();
      if (existing) return existing.id;
      const made = await feeds.create({
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
    const portal: number[] = [];
    const floor: number[] = [];
    let members = 0;
    let bytes = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      // The portal: the whole file as the job writes it, in its transaction (its record committed, as the job's is).
      const started = process.hrtime.bigint();
      const written = await context.runAs({ clientId, requestedBy: null }, () => db.transaction((m) => feeds.writeFile(carrierId, 'full', null, m)));
      portal.push(written.members / (Number(process.hrtime.bigint() - started) / 1e9));
      members = written.members;
      bytes = written.edi.length;
      // The floor: node-x12 writing the same members' segments (read and mapped beforehand, outside the timing).
      const prepared = await context.runAs({ clientId, requestedBy: null }, () => db.transaction((m) => feeds.writableMembers(carrierId, 'full', m)));
      const t0 = process.hrtime.bigint();
      const edi = write834(prepared.envelope, prepared.members);
      floor.push(prepared.members.length / (Number(process.hrtime.bigint() - t0) / 1e9));
      if (edi.length === 0) throw new Error('the floor wrote nothing');
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const p = median(portal);
    const f = median(floor);
    const peakMb = peak / 1048576;
    process.stdout.write(
      `EDI 834 full file, ${EMPLOYEES.toLocaleString('en-US')} employees with families (${members.toLocaleString('en-US')} members, ${(bytes / 1048576).toFixed(1)} MB): ` +
        `portal ${Math.round(p).toLocaleString('en-US')} members/s, node-x12 writing the same segments ${Math.round(f).toLocaleString('en-US')} members/s, ratio ${(p / f).toFixed(2)} (median of ${ROUNDS}); ` +
        `peak RSS ${peakMb.toFixed(0)} MB (${(before / 1048576).toFixed(0)} MB before the files; goal ${GOAL_MB} MB: ${peakMb <= GOAL_MB ? 'met' : 'NOT met'})\n`,
    );
  } finally {
    clearInterval(sampler);
    await app.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
