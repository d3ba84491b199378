import { insertRow, NOW, selectRows, SqlTable, updateRows, type Queryable } from './sql-table';

interface Thing {
  id: number;
  clientId: number;
  firstName: string | null;
  birthDate: string | null;
  ssnEnc: string | null;
  tags: string[];
  updatedAt: Date;
}

const things = new SqlTable<Thing>(
  'thing',
  {
    id: { name: 'id', generated: true },
    clientId: 'client_id',
    firstName: 'first_name',
    birthDate: { name: 'birth_date', date: true },
    ssnEnc: { name: 'ssn_enc', secret: true },
    tags: { name: 'tags', json: true },
    updatedAt: { name: 'updated_at', generated: true },
  },
  false,
  'updated_at',
);

const owned = new SqlTable<Pick<Thing, 'id' | 'clientId'>>('owned', { id: { name: 'id', generated: true }, clientId: 'client_id' }, true);

/** Records the statements instead of running them. */
function recorder(rows: unknown[] = [{ id: '7' }]): Queryable & { calls: Array<[string, unknown[] | undefined]> } {
  const calls: Array<[string, unknown[] | undefined]> = [];
  return { calls, query: (text, params) => (calls.push([text, params]), Promise.resolve(rows)) };
}

describe('SqlTable: statements built from one column list', () => {
  it.each([
    [[], 't.id AS "id", t.client_id AS "clientId", t.first_name AS "firstName", t.birth_date::text AS "birthDate", t.tags AS "tags", t.updated_at AS "updatedAt"'],
    [['ssnEnc'] as const, 't.id AS "id", t.client_id AS "clientId", t.first_name AS "firstName", t.birth_date::text AS "birthDate", t.ssn_enc AS "ssnEnc", t.tags AS "tags", t.updated_at AS "updatedAt"'],
  ])('select with secret %j: aliases to properties, dates as text, secrets only when asked', (secret, expected) => {
    expect(things.select('t', secret)).toBe(expected);
  });

  it.each([
    ['plain values', { firstName: 'Ann', birthDate: '1990-01-02' }, [], 'INSERT INTO thing (first_name, birth_date) VALUES ($1, $2) RETURNING id', ['Ann', '1990-01-02']],
    ['json as text, NOW inline, undefined skipped', { tags: ['a'], firstName: undefined, ssnEnc: NOW }, [], 'INSERT INTO thing (tags, ssn_enc) VALUES ($1, now()) RETURNING id', ['["a"]']],
    ['extra leading columns', { firstName: null }, [['client_id', 3]] as Array<[string, unknown]>, 'INSERT INTO thing (client_id, first_name) VALUES ($1, $2) RETURNING id', [3, null]],
  ])('insert: %s', (_name, values, first, text, params) => {
    expect(things.insert(values as never, first)).toEqual({ text, values: params });
  });

  it.each([
    ['values then where parameters, touching updated_at', { firstName: 'Bo' }, 'id = {1} AND client_id = {2}', [5, 9], 'UPDATE thing SET first_name = $1, updated_at = now() WHERE id = $2 AND client_id = $3', ['Bo', 5, 9]],
    ['an expression takes no parameter', { ssnEnc: NOW, firstName: 'C' }, 'id = {1}', [1], 'UPDATE thing SET ssn_enc = now(), first_name = $1, updated_at = now() WHERE id = $2', ['C', 1]],
  ])('update: %s', (_name, values, where, whereParams, text, params) => {
    expect(things.update(values as never, where, whereParams)).toEqual({ text, values: params });
  });

  it('refuses unknown and database-written properties', () => {
    expect(() => things.insert({ nope: 1 } as never)).toThrow(/no column for nope/);
    expect(() => things.insert({ id: 1 })).toThrow(/written by the database/);
    expect(() => things.update({ updatedAt: new Date() }, 'id = {1}', [1])).toThrow(/written by the database/);
    expect(things.column('firstName')).toBe('first_name');
  });
});

describe('selectRows / insertRow / updateRows: tables of no one client', () => {
  it('reads with order, limit and a lock, and inserts answering the id as a number', async () => {
    const db = recorder();
    await selectRows(db, things, 't', 't.id = $1', [4], { orderBy: 't.id', limit: 1, lock: 'skip-locked' });
    expect(db.calls[0]).toEqual([`SELECT ${things.select('t')} FROM thing t WHERE t.id = $1 ORDER BY t.id LIMIT 1 FOR UPDATE SKIP LOCKED`, [4]]);
    await expect(insertRow(db, things, { firstName: 'D' })).resolves.toBe(7);
    await updateRows(db, things, { firstName: 'E' }, 'id = {1}', [7]);
    expect(db.calls[2]).toEqual(['UPDATE thing SET first_name = $1, updated_at = now() WHERE id = $2', ['E', 7]]);
  });

  it('refuses a client table unless the look-up is across clients by intent', async () => {
    const db = recorder();
    await expect(selectRows(db, owned, 'o', 'true')).rejects.toThrow(/belongs to a client: use TenantDb/);
    await expect(insertRow(db, owned, {})).rejects.toThrow(/TenantDb/);
    await expect(updateRows(db, owned, {}, 'id = {1}', [1])).rejects.toThrow(/TenantDb/);
    await expect(selectRows(db, owned, 'o', 'o.id = $1', [1], { acrossClients: true })).resolves.toHaveLength(1);
    expect(db.calls).toHaveLength(1);
  });
});
