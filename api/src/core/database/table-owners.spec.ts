import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { TABLE_OWNERS } from './table-owners';

const root = join(__dirname, '../../../..');

/** Every source file under a folder, specs aside. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(path) && !/\.spec\.tsx?$/.test(path) ? [path] : [];
  });
}

/** The folder a source belongs to: modules/<name> or core/<name> under api/src, or the workers. */
export function moduleOf(file: string): string {
  const parts = relative(root, file).split(/[\\/]/);
  if (parts[0] === 'workers') return 'workers';
  return parts[2] === 'modules' || parts[2] === 'core' ? `${parts[2]}/${parts[3]}` : parts[2]!;
}

/** Each SqlTable constant's table, read from its `new SqlTable<Row>('name'` definition. */
export function sqlTablesIn(text: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const m of text.matchAll(/export const (\w+)\s*=\s*new SqlTable<[^>]*>\(\s*'([a-z_]+)'/g)) found.set(m[1]!, m[2]!);
  return found;
}

/**
 * The tables a source writes, with their lines: SQL (upper-case INSERT INTO / UPDATE / DELETE FROM, so prose
 * and `FOR UPDATE` clauses are not taken for writes) and the SqlTable writers (insertRow, updateRows, TenantDb's
 * insert/update/delete).
 */
export function writesIn(text: string, tables: ReadonlyMap<string, string>): Array<{ table: string; line: number }> {
  const out: Array<{ table: string; line: number }> = [];
  const lineAt = (index: number) => text.slice(0, index).split('\n').length;
  for (const m of text.matchAll(/\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+([a-z_]+)\b/g)) {
    if (m[1]! in TABLE_OWNERS) out.push({ table: m[1]!, line: lineAt(m.index!) });
  }
  for (const m of text.matchAll(/\b(?:insertRow|updateRows)\(\s*[\w.]+\s*,\s*(\w+)|\.(?:insert|update|delete)\(\s*(\w+Table)\b/g)) {
    const table = tables.get((m[1] ?? m[2])!);
    if (table) out.push({ table, line: lineAt(m.index!) });
  }
  return out;
}

/**
 * Writes still outside their owner, each with why. Remove an entry when its write moves (the test fails while a
 * listed write no longer exists, so this list only shrinks).
 */
const PENDING: ReadonlyArray<{ module: string; table: string; why: string }> = [];

describe('the write scanner', () => {
  const tables = new Map([['accountTable', 'account']]);
  it.each([
    ['INSERT INTO file (client_id) VALUES ($client)', ['file']],
    ['`UPDATE enrollment en SET x = 1`', ['enrollment']],
    ['DELETE FROM plan_rate WHERE id = $1', ['plan_rate']],
    ['await insertRow(m, accountTable, { username })', ['account']],
    ['await updateRows(this.db.manager, accountTable, values, "id = {1}", [id])', ['account']],
    ['await this.db.update(accountTable, id, values)', ['account']],
    ['SELECT id FROM account WHERE id = $1 FOR UPDATE', []],
    ['ON CONFLICT (id) DO UPDATE SET title = EXCLUDED.title', []],
    ['// update the account of the employee', []],
    ['INSERT INTO not_a_table (x) VALUES (1)', []],
  ])('%s writes %j', (text, expected) => {
    expect(writesIn(text, tables).map((w) => w.table)).toEqual(expected);
  });
});

describe('each table is written only by the module that owns it', () => {
  const files = [...sources(join(root, 'api/src')), ...sources(join(root, 'workers/src'))].filter((f) => !/[\\/](seed|migrations)[\\/]/.test(f));
  const tables = new Map(files.flatMap((f) => [...sqlTablesIn(readFileSync(f, 'utf8'))]));

  it('every table of the migrations has one owner, and every owner is a source folder', () => {
    const created = new Set<string>();
    for (const f of readdirSync(join(root, 'migrations')).filter((n) => n.endsWith('.ts'))) {
      for (const m of readFileSync(join(root, 'migrations', f), 'utf8').matchAll(/CREATE TABLE (?:IF NOT EXISTS )?"?([a-z_]+)/g)) created.add(m[1]!);
    }
    expect([...created].filter((table) => !(table in TABLE_OWNERS))).toEqual([]);
    const folders = new Set(files.map(moduleOf));
    expect(Object.values(TABLE_OWNERS).filter((owner) => !folders.has(owner))).toEqual([]);
  });

  it('finds the SqlTable definitions', () => {
    expect(tables.get('accountTable')).toBe('account');
    expect(tables.get('employeeTable')).toBe('employee');
  });

  const writes = files.flatMap((file) =>
    writesIn(readFileSync(file, 'utf8'), tables).map((w) => ({ ...w, file: relative(root, file).split('\\').join('/'), module: moduleOf(file) })),
  );

  it('finds the writes', () => {
    expect(writes.length).toBeGreaterThan(100);
  });

  it('no source writes a table another module owns', () => {
    const pending = (w: { module: string; table: string }) => PENDING.some((p) => p.module === w.module && p.table === w.table);
    const offenders = writes.filter((w) => TABLE_OWNERS[w.table] !== w.module && !pending(w)).map((w) => `${w.file}:${w.line} writes ${w.table} (owned by ${TABLE_OWNERS[w.table]})`);
    expect(offenders).toEqual([]);
  });

  it('every write still listed as pending exists (the list only shrinks)', () => {
    const gone = PENDING.filter((p) => !writes.some((w) => w.module === p.module && w.table === p.table));
    expect(gone).toEqual([]);
  });
});
