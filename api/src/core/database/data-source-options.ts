import type { DataSourceOptions } from 'typeorm';
import { MIGRATIONS } from '../../../../migrations';
import type { AppConfig } from '../config/app-config';
import { ENTITIES } from './entities';

export function dataSourceOptions(config: Pick<AppConfig, 'databaseUrl'>): DataSourceOptions {
  return {
    type: 'postgres',
    url: config.databaseUrl,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: 'typeorm_migrations',
    // The schema exists only through migrations.
    synchronize: false,
    migrationsRun: false,
    logging: false,
    extra: { max: 20, application_name: 'benefits-portal' },
  };
}
