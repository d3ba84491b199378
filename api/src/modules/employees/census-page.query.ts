import { censusProgress, type CensusProgress, type CensusProgressFacts, type CensusProgressState } from '../../contracts/census-progress';
import { employeeGroup, EMPLOYEE_GROUPS, type EmployeeGroup, type EmployeeListItem, type EmployeeListPage, type EmployeeListQuery } from '../../contracts/employees';
import { todayIn } from '../../contracts/engine/dates';
import { enrollmentCompletion, type CompletionPlan } from '../../contracts/enrollment-completion';
import { completionPlanJson } from '../plans/plan-model';

/**
 * One page of the census list in SQL, shared with the benchmark's floor server so
 * both run exactly the same statements. `$client` is the acting client (core/database/tenant-db.ts).
 * The group's rank is the expression of the employee_census_idx index, so a page reads the index in order.
 */

export type RunSql = <T>(text: string, params: unknown[]) => Promise<T[]>;

const GROUP_RANK = '(CASE WHEN e.cobra THEN 1 WHEN e.terminated THEN 2 ELSE 0 END)';
const RANK_OF: Record<EmployeeGroup, number> = { active: 0, cobra: 1, terminated: 2 };
/** The searched text: the expression of employee_census_search_idx, word for word. */
const SEARCH_TEXT = "lower(e.first_name || ' ' || e.last_name || ' ' || e.last_name || ', ' || e.first_name || ' ' || coalesce(e.email, ''))";

/**
 * What the progress rule (contracts/census-progress.ts) reads of each person, from the records that own each
 * part. An account without a password exists only once a registration link was sent. The elections and the
 * signature are counted as the Status Dashboard counts them: the signed elections of the current period, and
 * a registration signature since that period started.
 */
const CURRENT_PERIOD = '(SELECT oe.id, oe.started_at FROM open_enrollment_period oe WHERE oe.client_id = e.client_id AND oe.is_current LIMIT 1)';
const PROGRESS_COLUMNS = `
  e.welcome_email_sent_at IS NOT NULL OR a.id IS NOT NULL AS invited, coalesce(a.password_hash IS NOT NULL, false) AS has_account,
  coalesce(a.onboarding_step, 0) AS onboarding_step, coalesce(a.registration_step, 1) AS registration_step,
  a.registration_reopened_at IS NOT NULL AS registration_reopened, c.enable_onboarding AS client_onboarding, e.enable_onboarding AS employee_onboarding,
  c.i9_enabled AND e.onboarding_i9 AS i9, c.w4_enabled AND e.onboarding_w4 AS w4, c.payroll_enabled AND e.onboarding_payroll AS payroll, c.eeo_enabled AND e.onboarding_eeo AS eeo,
  e.employment_id, e.hire_date::text AS hire_date, e.eligibility_date::text AS eligibility_date, e.work_hours::float8 AS work_hours,
  EXISTS (SELECT 1 FROM signature s, LATERAL ${CURRENT_PERIOD} p
           WHERE s.employee_id = e.id AND s.kind = 'registration' AND s.signed_at >= coalesce(p.started_at, '-infinity')) AS signed,
  (SELECT jsonb_object_agg(en.plan_type_id::text, jsonb_build_array(en.status, en.plan_id))
     FROM enrollment en, LATERAL ${CURRENT_PERIOD} p
    WHERE en.employee_id = e.id AND en.open_enrollment_period_id = p.id) AS elections`;
const PROGRESS_JOINS = 'JOIN client c ON c.id = e.client_id LEFT JOIN account a ON a.id = e.account_id';

/** The plans of the acting client's current period as the completion rule reads them, and the client's time zone. */
const PLANS_SQL = `
SELECT c.time_zone, CASE WHEN p.id IS NULL THEN NULL ELSE ${completionPlanJson('p')} END AS plan
  FROM client c
  LEFT JOIN open_enrollment_period oe ON oe.client_id = c.id AND oe.is_current
  LEFT JOIN plan p ON p.open_enrollment_period_id = oe.id AND p.client_id = c.id
 WHERE c.id = $client
 ORDER BY p.plan_type_id, p.id`;

interface PlanRow {
  time_zone: string;
  /** Null when the client has no current period or it has no plans. */
  plan: CompletionPlan | null;
}

/** What every person's enrollment is measured against: the current period's plans and the client's today. */
interface Period {
  plans: CompletionPlan[];
  today: string;
}

async function currentPeriod(run: RunSql, now: string): Promise<Period> {
  const rows = await run<PlanRow>(PLANS_SQL, []);
  return {
    plans: rows.flatMap((r) => (r.plan === null ? [] : [r.plan])),
    today: todayIn(rows[0]?.time_zone ?? 'UTC', new Date(now)),
  };
}

interface Row {
  id: number;
  first_name: string;
  last_name: string;
  email: string | null;
  terminated: boolean;
  cobra: boolean;
  invited: boolean;
  has_account: boolean;
  onboarding_step: number;
  registration_step: number;
  registration_reopened: boolean;
  client_onboarding: boolean;
  employee_onboarding: boolean;
  i9: boolean;
  w4: boolean;
  payroll: boolean;
  eeo: boolean;
  signed: boolean;
  employment_id: number | null;
  hire_date: string | null;
  eligibility_date: string | null;
  work_hours: number | null;
  /** Plan type id → [status, plan id] of the current period's election. */
  elections: Record<string, [number, number | null]> | null;
}

const factsOf = (r: Row): CensusProgressFacts => ({
  welcomeEmailSent: r.invited,
  registered: r.has_account,
  onboarding: {
    clientEnabled: r.client_onboarding,
    employeeEnabled: r.employee_onboarding,
    step: r.onboarding_step,
    registrationStep: r.registration_step,
    registrationReopened: r.registration_reopened,
  },
  onboardingFlags: { i9Enabled: r.i9, w4Enabled: r.w4, payrollEnabled: r.payroll, eeoEnabled: r.eeo },
  signed: r.signed,
});

/** A LIKE pattern that matches the text anywhere, the text's own % and _ taken literally. */
const contains = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Each person's progress, by the one rule. */
function progressOf(r: Row, period: Period): CensusProgress {
  const elections = Object.fromEntries(Object.entries(r.elections ?? {}).map(([t, [status, planId]]) => [Number(t), { status, planId }]));
  const enrollment =
    period.plans.length === 0
      ? null
      : enrollmentCompletion(period.plans, { employmentId: r.employment_id, hireDate: r.hire_date, eligibilityDate: r.eligibility_date, workHours: r.work_hours, today: period.today, elections });
  return censusProgress(factsOf(r), enrollment);
}

const item = (r: Row, progress: CensusProgress): EmployeeListItem => ({
  id: r.id,
  firstName: r.first_name,
  lastName: r.last_name,
  email: r.email,
  terminated: r.terminated,
  cobra: r.cobra,
  group: employeeGroup(r),
  hasAccount: r.has_account,
  progress,
});

/** The progress of one employee of the acting client (their census record), or null when there is none. */
export async function readEmployeeProgress(id: number, run: RunSql, now: string): Promise<CensusProgress | null> {
  const [rows, period] = await Promise.all([
    run<Row>(`SELECT e.id, e.first_name, e.last_name, e.email, e.terminated, e.cobra, ${PROGRESS_COLUMNS} FROM employee e ${PROGRESS_JOINS} WHERE e.id = $1 AND e.client_id = $client`, [id]),
    currentPeriod(run, now),
  ]);
  return rows[0] ? progressOf(rows[0], period) : null;
}

/** `now` is the Clock's (the elections' eligibility dates are counted from the client's today). */
export async function readCensusPage(q: EmployeeListQuery, run: RunSql, now: string): Promise<EmployeeListPage> {
  // One text per employee (names both ways round, the email) under a trigram index (employee_census_search_idx).
  const term = q.search ? contains(q.search.toLowerCase()) : null;
  const matches = `e.client_id = $client AND ($1::text IS NULL OR ${SEARCH_TEXT} LIKE $1)`;
  if (q.progress !== undefined) return readFilteredPage(q, q.progress, run, now, term, matches);
  const group = q.group === undefined ? null : RANK_OF[q.group];
  const [counts, rows, period] = await Promise.all([
    run<{ rank: number; n: number }>(`SELECT ${GROUP_RANK} AS rank, count(*)::int AS n FROM employee e WHERE ${matches} GROUP BY 1`, [term]),
    // The page's ids first, from the census index alone (a deep page skips index entries, not rows); then their rows.
    run<Row>(
      `WITH page AS (
         SELECT e.id, ${GROUP_RANK} AS rank, lower(e.last_name) AS last, lower(e.first_name) AS first
           FROM employee e
          WHERE ${matches} AND ($2::int IS NULL OR ${GROUP_RANK} = $2)
          ORDER BY ${GROUP_RANK}, lower(e.last_name), lower(e.first_name), e.id
          LIMIT $3 OFFSET $4)
       SELECT e.id, e.first_name, e.last_name, e.email, e.terminated, e.cobra, ${PROGRESS_COLUMNS}
         FROM page JOIN employee e ON e.id = page.id ${PROGRESS_JOINS}
        ORDER BY page.rank, page.last, page.first, page.id`,
      [term, group, q.perPage, (q.page - 1) * q.perPage],
    ),
    currentPeriod(run, now),
  ]);
  const groupCounts = { active: 0, cobra: 0, terminated: 0 };
  for (const c of counts) groupCounts[EMPLOYEE_GROUPS[c.rank]!] = c.n;
  return {
    result: rows.map((r) => item(r, progressOf(r, period))),
    page: q.page,
    perPage: q.perPage,
    totalCount: q.group === undefined ? groupCounts.active + groupCounts.cobra + groupCounts.terminated : groupCounts[q.group],
    groupCounts,
  };
}

/** Filtered by progress: the rule decides, so every searched person's state is worked out before the groups are counted and the page is cut. */
async function readFilteredPage(q: EmployeeListQuery, state: CensusProgressState, run: RunSql, now: string, term: string | null, matches: string): Promise<EmployeeListPage> {
  const [rows, period] = await Promise.all([
    run<Row>(
      `SELECT e.id, e.first_name, e.last_name, e.email, e.terminated, e.cobra, ${PROGRESS_COLUMNS}
         FROM employee e ${PROGRESS_JOINS}
        WHERE ${matches}
        ORDER BY ${GROUP_RANK}, lower(e.last_name), lower(e.first_name), e.id`,
      [term],
    ),
    currentPeriod(run, now),
  ]);
  const kept = rows.flatMap((r) => {
    const progress = progressOf(r, period);
    return progress.state === state ? [item(r, progress)] : [];
  });
  const groupCounts = { active: 0, cobra: 0, terminated: 0 };
  for (const e of kept) groupCounts[e.group] += 1;
  const inGroup = q.group === undefined ? kept : kept.filter((e) => e.group === q.group);
  return {
    result: inGroup.slice((q.page - 1) * q.perPage, q.page * q.perPage),
    page: q.page,
    perPage: q.perPage,
    totalCount: inGroup.length,
    groupCounts,
  };
}
