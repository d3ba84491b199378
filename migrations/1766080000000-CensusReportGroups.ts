import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 28 item 4: the census dataset's "group" is the access group now (document 3 section 3: groupId), and
 * the census list's group (Active, COBRA/Continuation, Terminated) is "censusGroup". Reports saved with
 * "group" meant the latter, so they are renamed to keep what they show and filter; the stock Census report
 * shows both.
 */
export class CensusReportGroups1766080000000 implements MigrationInterface {
  name = 'CensusReportGroups1766080000000';

  async up(q: QueryRunner): Promise<void> {
    await this.rename(q, 'group', 'censusGroup');
    await q.query(
      `UPDATE report SET columns = ARRAY['lastName', 'firstName', 'email', 'hireDate', 'employmentStatus', 'group', 'censusGroup'] WHERE client_id IS NULL AND title = 'Census' AND dataset = 'census'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE report SET columns = array_remove(columns, 'group') WHERE dataset = 'census'`);
    await this.rename(q, 'censusGroup', 'group');
  }

  private async rename(q: QueryRunner, from: string, to: string): Promise<void> {
    await q.query(
      `UPDATE report
          SET columns = array_replace(columns, $1, $2),
              order_by = CASE WHEN order_by = $1 THEN $2 ELSE order_by END,
              filters = (SELECT coalesce(jsonb_agg(CASE WHEN f->>'field' = $1 THEN jsonb_set(f, '{field}', to_jsonb($2::text)) ELSE f END ORDER BY i), '[]'::jsonb)
                           FROM jsonb_array_elements(filters) WITH ORDINALITY AS x(f, i))
        WHERE dataset = 'census' AND (client_id IS NOT NULL OR $1 = 'censusGroup')`,
      [from, to],
    );
  }
}
