import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, type EntityTarget, type ObjectLiteral, type SelectQueryBuilder } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import type { Pool } from 'pg';
import { RequestContext } from '../context/request-context';

const CLIENT_TOKEN = /\$client\b/g;

/** The statement as sent: `$client` becomes the positional parameter after the caller's own. */
export function bindClientParam(sql: string, paramCount: number): string {
  if (!sql.match(CLIENT_TOKEN)) throw new Error('A tenant query must use $client for its client scope');
  return sql.replace(CLIENT_TOKEN, `$${paramCount + 1}`);
}

/** Rows of a table that belongs to a client. */
interface ClientOwned extends ObjectLiteral {
  clientId: number;
}

/**
 * The one way modules read and write tables that belong to a client. The client comes from the request
 * context, never from an argument, so no query can forget it or take another client's:
 * - SQL statements write `$client` where the client goes; it is bound as a parameter, and a statement
 *   without it is refused (a bug, found by the first test that runs it);
 * - query builders, inserts and updates on client entities get the scope added here.
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

  get manager(): EntityManager {
    return this.dataSource.manager;
  }

  transaction<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  query<T>(sql: string, params: readonly unknown[] = [], manager: EntityManager = this.dataSource.manager): Promise<T[]> {
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

  /** A query builder on a client entity, already limited to the acting client: add conditions with andWhere (where() would replace the scope). */
  select<E extends ClientOwned>(entity: EntityTarget<E>, alias: string, manager: EntityManager = this.dataSource.manager): SelectQueryBuilder<E> {
    return manager.getRepository(entity).createQueryBuilder(alias).where(`${alias}.clientId = :tenantClientId`, { tenantClientId: this.context.clientId });
  }

  /** Inserts a row of the acting client; answers its id. */
  async insert<E extends ClientOwned>(entity: EntityTarget<E>, values: QueryDeepPartialEntity<Omit<E, 'clientId'>>, manager: EntityManager = this.dataSource.manager): Promise<number> {
    const { identifiers } = await manager.getRepository(entity).insert({ ...values, clientId: this.context.clientId } as QueryDeepPartialEntity<E>);
    return Number(identifiers[0]!.id);
  }

  /** Updates one row of the acting client by id (a row of another client is left alone). */
  async update<E extends ClientOwned>(entity: EntityTarget<E>, id: number, values: QueryDeepPartialEntity<E>, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.getRepository(entity).update({ id, clientId: this.context.clientId } as never, values);
  }

  /** Deletes one row of the acting client by id. */
  async delete<E extends ClientOwned>(entity: EntityTarget<E>, id: number, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.getRepository(entity).delete({ id, clientId: this.context.clientId } as never);
  }
}
