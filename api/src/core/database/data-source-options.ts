import type { DataSourceOptions } from 'typeorm';
import { MIGRATIONS } from '../../../../migrations';
import type { AppConfig } from '../config/app-config';
import { AfterCommitSubscriber } from './after-commit';

/** Connections per process (DATABASE_POOL_SIZE, 20): replicas × this must stay under the server's max_connections. */
export function databasePoolSize(value = process.env.DATABASE_POOL_SIZE): number {
  const n = Number(value ?? 20);
  return Number.isInteger(n) && n >= 1 && n <= 500 ? n : 20;
}

export function dataSourceOptions(config: Pick<AppConfig, 'databaseUrl'>): DataSourceOptions {
  return {
    type: 'postgres',
    url: config.databaseUrl,
    // No entities: data access is typed SQL (core/database/sql-table.ts); TypeORM runs the pool, the
    // transactions and the migrations.
    entities: [],
    migrations: MIGRATIONS,
    // Jobs about rows a transaction writes are added once it commits (core/database/after-commit.ts).
    subscribers: [AfterCommitSubscriber],
    migrationsTableName: 'typeorm_migrations',
    // The schema exists only through migrations.
    synchronize: false,
    migrationsRun: false,
    logging: false,
    extra: { max: databasePoolSize(), application_name: 'benefits-portal' },
  };
}
