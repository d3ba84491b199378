import type { DataSourceOptions } from 'typeorm';
import { MIGRATIONS } from '../../../../migrations';
import type { AppConfig } from '../config/app-config';

export function dataSourceOptions(config: Pick<AppConfig, 'databaseUrl'>): DataSourceOptions {
  return {
    type: 'postgres',
    url: config.databaseUrl,
    // No entities: data access is typed SQL (core/database/sql-table.ts); TypeORM runs the pool, the
    // transactions and the migrations.
    entities: [],
    migrations: MIGRATIONS,
    migrationsTableName: 'typeorm_migrations',
    // The schema exists only through migrations.
    synchronize: false,
    migrationsRun: false,
    logging: false,
    extra: { max: 20, application_name: 'benefits-portal' },
  };
}
