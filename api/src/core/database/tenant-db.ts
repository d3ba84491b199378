import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, type ObjectLiteral } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import type { Pool } from 'pg';
import { RequestContext } from '../context/request-context';
import type { RowsOptions, SqlTable, Writable } from './sql-table';

const CLIENT_TOKEN = /\$client\b/g;

/** The statement as sent: `$client` becomes the positional parameter after the caller's own. */
export function bindClientParam(sql: string, paramCount: number): string {
  if (!sql.match(CLIENT_TOKEN)) throw new Error('A tenant query must use $client for its client scope');
  return sql.replace(CLIENT_TOKEN, `$${paramCount + 1}`);
}

/**
 * The one way modules read and write tables that belong to a client. The client comes from the request
 * context, never from an argument, so no query can forget it or take another client's:
 * - SQL statements write `$client` where the client goes; it is bound as a parameter, and a statement
 *   without it is refused (a bug, found by the first test that runs it);
 * - whole-row reads, inserts, updates and deletes on a client table (a SqlTable) get the scope added here.
 * Cross-client look-ups before sign-in (a login name, a registration or reset token) use the DataSource
 * directly: they find the client.
 */
@Injectable()
export class TenantDb {
  private readonly preparedText = new Map<string, string>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly context: RequestContext,
  ) {}

  /** The request's (or job's) open transaction, else the pool: what every statement here runs on by default. */
  get manager(): EntityManager {
    return this.context.transaction ?? this.dataSource.manager;
  }

  /**
   * Runs work in a transaction that the request context carries: the owning modules' methods called from it
   * (their writes, the audit entry) join it without being handed a manager. Called inside another one, it joins
   * that one too (a savepoint), so a change and its audit entry never commit apart.
   */
  transaction<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    const outer = this.context.transaction;
    const run = (m: EntityManager) => this.context.inTransaction(m, () => work(m));
    return outer ? outer.transaction(run) : this.dataSource.transaction(run);
  }

  query<T>(sql: string, params: readonly unknown[] = [], manager: EntityManager = this.manager): Promise<T[]> {
    const clientId = this.context.clientId;
    return manager.query(bindClientParam(sql, params.length), [...params, clientId]);
  }

  /**
   * A hot read as a named (prepared) statement straight on the driver's pool: PostgreSQL plans it once per
   * connection. Same `$client` rule as query().
   */
  async prepared<T extends ObjectLiteral>(name: string, sql: string, params: readonly unknown[] = []): Promise<T[]> {
    let text = this.preparedText.get(name);
    if (text === undefined) {
      text = bindClientParam(sql, params.length);
      this.preparedText.set(name, text);
    }
    const pool = (this.dataSource.driver as PostgresDriver).master as Pool;
    return (await pool.query<T>({ name, text, values: [...params, this.context.clientId] })).rows;
  }

  /**
   * Whole rows of a client table, shaped by its SqlTable: `condition` is SQL on `alias` with parameters $1..$n
   * (params), ANDed to the client scope. `secret` names sealed columns to read; `lock` adds FOR UPDATE.
   */
  rows<Row extends object>(
    table: SqlTable<Row>,
    alias: string,
    condition: string,
    params: readonly unknown[] = [],
    options: Omit<RowsOptions<Row>, 'acrossClients'> = {},
    manager: EntityManager = this.manager,
  ): Promise<Row[]> {
    return this.query<Row>(this.owned(table).selectStatement(alias, `${alias}.client_id = $client AND (${condition})`, options), params, manager);
  }

  /** Inserts a row of the acting client; answers its id. */
  async insert<Row extends object>(table: SqlTable<Row>, values: Writable<Omit<Row, 'clientId'>>, manager: EntityManager = this.manager): Promise<number> {
    const { text, values: params } = this.owned(table).insert(values as Writable<Row>, [['client_id', this.context.clientId]]);
    const rows = (await manager.query(text, params)) as Array<{ id: number | string }>;
    return Number(rows[0]!.id);
  }

  /** Updates one row of the acting client by id (a row of another client is left alone). */
  async update<Row extends object>(table: SqlTable<Row>, id: number, values: Writable<Row>, manager: EntityManager = this.manager): Promise<void> {
    const { text, values: params } = this.owned(table).update(values, 'id = {1} AND client_id = {2}', [id, this.context.clientId]);
    await manager.query(text, params);
  }

  /** Deletes one row of the acting client by id. */
  async delete<Row extends object>(table: SqlTable<Row>, id: number, manager: EntityManager = this.manager): Promise<void> {
    await this.query(`DELETE FROM ${this.owned(table).name} WHERE id = $1 AND client_id = $client`, [id], manager);
  }

  private owned<Row extends object>(table: SqlTable<Row>): SqlTable<Row> {
    if (!table.clientOwned) throw new Error(`${table.name} does not belong to a client: use the manager's query()`);
    return table;
  }
}
