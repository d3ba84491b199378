import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The census search of a 10,000-employee client (issue 13): one lower-case text per employee (names both
 * ways round and the email) under a trigram index, so "contains" reads the index instead of every row.
 * pg_trgm ships with PostgreSQL and is a trusted extension: the database owner may create it. The census
 * order index also carries the listed columns, so a deep page skips index entries without reading rows.
 */
export class CensusSearch1765200000000 implements MigrationInterface {
  name = 'CensusSearch1765200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await q.query(`DROP INDEX IF EXISTS employee_census_idx`);
    await q.query(
      `CREATE INDEX employee_census_idx ON employee (client_id, (CASE WHEN cobra THEN 1 WHEN terminated THEN 2 ELSE 0 END), lower(last_name), lower(first_name), id)
       INCLUDE (cobra, terminated, last_name, first_name)`,
    );
    await q.query(
      `CREATE INDEX employee_census_search_idx ON employee USING gin ((lower(first_name || ' ' || last_name || ' ' || last_name || ', ' || first_name || ' ' || coalesce(email, ''))) gin_trgm_ops)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS employee_census_search_idx`);
    await q.query(`DROP INDEX IF EXISTS employee_census_idx`);
    await q.query(`CREATE INDEX employee_census_idx ON employee (client_id, (CASE WHEN cobra THEN 1 WHEN terminated THEN 2 ELSE 0 END), lower(last_name), lower(first_name), id)`);
  }
}
