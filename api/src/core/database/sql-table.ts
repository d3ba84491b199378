/**
 * The project's one data-access style is typed SQL: statements written out, rows typed by an interface.
 * A SqlTable names a table's columns once (row property → column), so the statements that read or write
 * whole rows are built from that list instead of being spelled out again in every service:
 * - select() gives the SELECT list with each column aliased to its property (dates as ISO text, secret
 *   columns only when asked for), so a row comes back already shaped like the interface;
 * - insert() / update() build the statement and its parameters from the properties given.
 * Tables that belong to a client are reached through TenantDb, which adds the client scope; the others
 * (accounts, tokens, agencies, clients, options, the outbox, the audit log) through a manager's query().
 */

/** How a property is stored: its column, and whether it is a date, a secret or written by the database. */
export interface ColumnSpec {
  name: string;
  /** A `date` column: read as 'YYYY-MM-DD' text, as the API and the contracts use it. */
  date?: boolean;
  /** Sealed or hashed data: left out of select() unless named in its `secret` argument. */
  secret?: boolean;
  /** A jsonb column: written as JSON text (pg would send a JS array as a PostgreSQL array). */
  json?: boolean;
  /** Filled by the database (an identity, a sequence, a default timestamp): never inserted or updated. */
  generated?: boolean;
}

export type Columns<Row> = { [K in keyof Row]-?: string | ColumnSpec };

/** A value computed by PostgreSQL at write time (for example `now()`), not sent as a parameter. */
export class SqlExpression {
  constructor(readonly text: string) {}
}
export const NOW = new SqlExpression('now()');

/** Values for an insert or update: a property's value, or an expression such as NOW. */
export type Writable<Row> = { [K in keyof Row]?: Row[K] | SqlExpression };

export interface Statement {
  text: string;
  values: unknown[];
}

const spec = (c: string | ColumnSpec): ColumnSpec => (typeof c === 'string' ? { name: c } : c);

export class SqlTable<Row extends object> {
  private readonly specs: ReadonlyArray<[keyof Row & string, ColumnSpec]>;
  private readonly byProperty: ReadonlyMap<string, ColumnSpec>;

  constructor(
    readonly name: string,
    columns: Columns<Row>,
    /** The table carries client_id: only TenantDb reaches it. */
    readonly clientOwned: boolean,
    /** The column that an update sets to now() (updated_at), if the table has one. */
    private readonly touched: string | null = null,
  ) {
    this.specs = Object.entries(columns).map(([property, c]) => [property as keyof Row & string, spec(c as string | ColumnSpec)]);
    this.byProperty = new Map(this.specs);
  }

  /** The SELECT list, each column aliased to its property; secret columns only when named. */
  select(alias: string, secret: ReadonlyArray<keyof Row> = []): string {
    return this.specs
      .filter(([property, c]) => !c.secret || secret.includes(property))
      .map(([property, c]) => `${alias}.${c.name}${c.date ? '::text' : ''} AS "${property}"`)
      .join(', ');
  }

  /** A whole-row SELECT of this table under `alias`, with the condition and options given. */
  selectStatement(alias: string, condition: string, options: Omit<RowsOptions<Row>, 'acrossClients'> = {}): string {
    return (
      `SELECT ${this.select(alias, options.secret)} FROM ${this.name} ${alias} WHERE ${condition}` +
      (options.orderBy ? ` ORDER BY ${options.orderBy}` : '') +
      (options.limit ? ` LIMIT ${Math.trunc(options.limit)}` : '') +
      (options.lock === 'skip-locked' ? ' FOR UPDATE SKIP LOCKED' : options.lock ? ' FOR UPDATE' : '')
    );
  }

  /** The column of a property, for WHERE and ORDER BY clauses. */
  column(property: keyof Row & string): string {
    const c = this.byProperty.get(property);
    if (!c) throw new Error(`${this.name} has no column for ${property}`);
    return c.name;
  }

  /**
   * INSERT of the given properties, answering the new id. `first` are extra column/value pairs placed
   * first (TenantDb's client scope), with parameters numbered from 1.
   */
  insert(values: Writable<Row>, first: ReadonlyArray<[string, unknown]> = []): Statement {
    const columns: string[] = [];
    const placeholders: string[] = [];
    const params: unknown[] = [];
    const add = (column: string, value: unknown) => {
      columns.push(column);
      if (value instanceof SqlExpression) placeholders.push(value.text);
      else {
        params.push(value);
        placeholders.push(`$${params.length}`);
      }
    };
    for (const [column, value] of first) add(column, value);
    for (const [column, value] of this.entries(values)) add(column, value);
    return { text: `INSERT INTO ${this.name} (${columns.join(', ')}) VALUES (${placeholders.join(', ')}) RETURNING id`, values: params };
  }

  /**
   * UPDATE of the given properties (and the touched column). `where` writes its own parameters as {1},
   * {2} ..., numbered here after the values'.
   */
  update(values: Writable<Row>, where: string, whereParams: readonly unknown[]): Statement {
    const sets: string[] = [];
    const params: unknown[] = [];
    for (const [column, value] of this.entries(values)) {
      if (value instanceof SqlExpression) sets.push(`${column} = ${value.text}`);
      else {
        params.push(value);
        sets.push(`${column} = $${params.length}`);
      }
    }
    if (this.touched && !sets.some((s) => s.startsWith(`${this.touched} =`))) sets.push(`${this.touched} = now()`);
    const offset = params.length;
    const condition = where.replace(/\{(\d+)\}/g, (_, n: string) => `$${offset + Number(n)}`);
    return { text: `UPDATE ${this.name} SET ${sets.join(', ')} WHERE ${condition}`, values: [...params, ...whereParams] };
  }

  private entries(values: Writable<Row>): Array<[string, unknown]> {
    const out: Array<[string, unknown]> = [];
    for (const [property, value] of Object.entries(values)) {
      if (value === undefined) continue;
      const c = this.byProperty.get(property);
      if (!c) throw new Error(`${this.name} has no column for ${property}`);
      if (c.generated) throw new Error(`${this.name}.${c.name} is written by the database`);
      out.push([c.name, c.json && !(value instanceof SqlExpression) && value !== null ? JSON.stringify(value) : value]);
    }
    return out;
  }
}

/** What runs a statement: the DataSource, or a transaction's EntityManager. */
export interface Queryable {
  query(text: string, params?: unknown[]): Promise<unknown>;
}

export interface RowsOptions<Row> {
  secret?: ReadonlyArray<keyof Row>;
  orderBy?: string;
  limit?: number;
  /** FOR UPDATE, or FOR UPDATE SKIP LOCKED (a row another worker holds is passed over). */
  lock?: boolean | 'skip-locked';
  /**
   * Reading a client table without the request's client: only look-ups that find the client (a login name
   * or an account before sign-in). Everything else goes through TenantDb.
   */
  acrossClients?: boolean;
}

function unscoped<Row extends object>(table: SqlTable<Row>, acrossClients = false): SqlTable<Row> {
  if (table.clientOwned && !acrossClients) throw new Error(`${table.name} belongs to a client: use TenantDb`);
  return table;
}

/** Whole rows of a table that belongs to no one client, shaped by its SqlTable (`condition` uses $1..$n). */
export async function selectRows<Row extends object>(
  db: Queryable,
  table: SqlTable<Row>,
  alias: string,
  condition: string,
  params: readonly unknown[] = [],
  options: RowsOptions<Row> = {},
): Promise<Row[]> {
  return (await db.query(unscoped(table, options.acrossClients).selectStatement(alias, condition, options), [...params])) as Row[];
}

/** Inserts a row into a table that belongs to no one client; answers its id. */
export async function insertRow<Row extends object>(db: Queryable, table: SqlTable<Row>, values: Writable<Row>): Promise<number> {
  const { text, values: params } = unscoped(table).insert(values);
  const rows = (await db.query(text, params)) as Array<{ id: number | string }>;
  return Number(rows[0]!.id);
}

/** Updates the rows `where` names (parameters {1}, {2} ...) in a table that belongs to no one client. */
export async function updateRows<Row extends object>(db: Queryable, table: SqlTable<Row>, values: Writable<Row>, where: string, whereParams: readonly unknown[]): Promise<void> {
  const { text, values: params } = unscoped(table).update(values, where, whereParams);
  await db.query(text, params);
}
