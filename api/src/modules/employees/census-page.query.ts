import { employeeGroup, EMPLOYEE_GROUPS, type EmployeeGroup, type EmployeeListPage, type EmployeeListQuery } from '../../contracts/employees';

/**
 * One page of the census list in SQL (document 3 section 2.1), shared with the benchmark's floor server so
 * both run exactly the same statements. `$client` is the acting client (core/database/tenant-db.ts).
 * The group's rank is the expression of the employee_census_idx index, so a page reads the index in order.
 */

export type RunSql = <T>(text: string, params: unknown[]) => Promise<T[]>;

const GROUP_RANK = '(CASE WHEN e.cobra THEN 1 WHEN e.terminated THEN 2 ELSE 0 END)';
const RANK_OF: Record<EmployeeGroup, number> = { active: 0, cobra: 1, terminated: 2 };
/** The searched text: the expression of employee_census_search_idx, word for word. */
const SEARCH_TEXT = "lower(e.first_name || ' ' || e.last_name || ' ' || e.last_name || ', ' || e.first_name || ' ' || coalesce(e.email, ''))";

interface Row {
  id: number;
  first_name: string;
  last_name: string;
  email: string | null;
  terminated: boolean;
  cobra: boolean;
  has_account: boolean;
}

/** A LIKE pattern that matches the text anywhere, the text's own % and _ taken literally. */
const contains = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function readCensusPage(q: EmployeeListQuery, run: RunSql): Promise<EmployeeListPage> {
  // One text per employee (names both ways round, the email) under a trigram index (employee_census_search_idx).
  const term = q.search ? contains(q.search.toLowerCase()) : null;
  const matches = `e.client_id = $client AND ($1::text IS NULL OR ${SEARCH_TEXT} LIKE $1)`;
  const group = q.group === undefined ? null : RANK_OF[q.group];
  const [counts, rows] = await Promise.all([
    run<{ rank: number; n: number }>(`SELECT ${GROUP_RANK} AS rank, count(*)::int AS n FROM employee e WHERE ${matches} GROUP BY 1`, [term]),
    // The page's ids first, from the census index alone (a deep page skips index entries, not rows); then their rows.
    run<Row>(
      `WITH page AS (
         SELECT e.id, ${GROUP_RANK} AS rank, lower(e.last_name) AS last, lower(e.first_name) AS first
           FROM employee e
          WHERE ${matches} AND ($2::int IS NULL OR ${GROUP_RANK} = $2)
          ORDER BY ${GROUP_RANK}, lower(e.last_name), lower(e.first_name), e.id
          LIMIT $3 OFFSET $4)
       SELECT e.id, e.first_name, e.last_name, e.email, e.terminated, e.cobra, coalesce(a.password_hash IS NOT NULL, false) AS has_account
         FROM page JOIN employee e ON e.id = page.id LEFT JOIN account a ON a.id = e.account_id
        ORDER BY page.rank, page.last, page.first, page.id`,
      [term, group, q.perPage, (q.page - 1) * q.perPage],
    ),
  ]);
  const groupCounts = { active: 0, cobra: 0, terminated: 0 };
  for (const c of counts) groupCounts[EMPLOYEE_GROUPS[c.rank]!] = c.n;
  return {
    result: rows.map((r) => ({
      id: r.id,
      firstName: r.first_name,
      lastName: r.last_name,
      email: r.email,
      terminated: r.terminated,
      cobra: r.cobra,
      group: employeeGroup(r),
      hasAccount: r.has_account,
    })),
    page: q.page,
    perPage: q.perPage,
    totalCount: q.group === undefined ? groupCounts.active + groupCounts.cobra + groupCounts.terminated : groupCounts[q.group],
    groupCounts,
  };
}
