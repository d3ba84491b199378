/**
 * What one election stores, and the two ways of reading an employee's elections: as signed (the
 * `enrollment` rows, in force) or as being edited (the open change set's rows over them). The wizard reads
 * the second; the dashboard, HR and the signed summary read the first.
 */

/** The stored columns of an election a change touches (enrollment and enrollment_change alike). */
export interface Election {
  plan_id: number | null;
  status: number;
  tier: number | null;
  contribution_cents: number;
  employer_contribution_cents: number;
  hsa_annual_cents: number | null;
  fsa_med_annual_cents: number | null;
  fsa_dep_annual_cents: number | null;
  fsa_tra_annual_cents: number | null;
  fsa_park_annual_cents: number | null;
  coverage_employee_cents: number | null;
  coverage_spouse_cents: number | null;
  coverage_children_cents: number | null;
  waiver_reason_id: number | null;
  waiver_reason_other: string | null;
  waiver_member: string | null;
  waiver_first_name: string | null;
  waiver_last_name: string | null;
  waiver_carrier_name: string | null;
  waiver_policy_number: string | null;
  effective_date: string | null;
  effective_to_date: string | null;
  policy_number: string | null;
}

export const EMPTY_ELECTION: Election = {
  plan_id: null,
  status: 0,
  tier: null,
  contribution_cents: 0,
  employer_contribution_cents: 0,
  hsa_annual_cents: null,
  fsa_med_annual_cents: null,
  fsa_dep_annual_cents: null,
  fsa_tra_annual_cents: null,
  fsa_park_annual_cents: null,
  coverage_employee_cents: null,
  coverage_spouse_cents: null,
  coverage_children_cents: null,
  waiver_reason_id: null,
  waiver_reason_other: null,
  waiver_member: null,
  waiver_first_name: null,
  waiver_last_name: null,
  waiver_carrier_name: null,
  waiver_policy_number: null,
  effective_date: null,
  effective_to_date: null,
  policy_number: null,
};

export const ELECTION_COLUMNS = Object.keys(EMPTY_ELECTION) as Array<keyof Election>;

/** Which elections a read wants: in force, or with the employee's unsigned changes over them. */
export type ElectionView = 'signed' | 'draft';

/** Reads an election's date columns as ISO text, like every other date the services handle. */
export const electionSelectList = (alias: string): string =>
  ELECTION_COLUMNS.map((c) => (c.endsWith('_date') ? `${alias}.${c}::text AS ${c}` : `${alias}.${c}`)).join(', ');

/**
 * A CTE body with the employee's elections of every period as `enrollment` rows (id, client_id,
 * employee_id, open_enrollment_period_id, plan_type_id, member_number, the election columns, dependent_ids).
 * With `draftParam` true, an election the open draft changed reads as the draft has it. Dates stay dates
 * here: the queries that use it format them. `employeeParam` and `draftParam` are placeholders ($1, $2).
 */
export function electionsCte(employeeParam: string, draftParam: string): string {
  const own = (alias: string) => ELECTION_COLUMNS.map((c) => `${alias}.${c}`).join(', ');
  const draftRow = `SELECT 1 FROM enrollment_change ch JOIN election_change_set s ON s.id = ch.change_set_id AND s.status = 'draft' WHERE ch.enrollment_id = en.id`;
  return `
  SELECT en.id, en.client_id, en.employee_id, en.open_enrollment_period_id, en.plan_type_id, en.member_number, ${own('en')},
         ARRAY(SELECT ed.dependent_id FROM enrollment_dependent ed WHERE ed.enrollment_id = en.id ORDER BY ed.dependent_id) AS dependent_ids
    FROM enrollment en
   WHERE en.employee_id = ${employeeParam} AND en.client_id = $client AND NOT (${draftParam}::boolean AND EXISTS (${draftRow}))
  UNION ALL
  SELECT en.id, en.client_id, en.employee_id, en.open_enrollment_period_id, en.plan_type_id, en.member_number, ${own('ch')}, ch.dependent_ids
    FROM enrollment en
    JOIN enrollment_change ch ON ch.enrollment_id = en.id
    JOIN election_change_set s ON s.id = ch.change_set_id AND s.status = 'draft'
   WHERE ${draftParam}::boolean AND en.employee_id = ${employeeParam} AND en.client_id = $client`;
}

/** How an election's changes read in the audit log. */
export const ELECTION_AUDIT_TITLES: Record<string, string> = {
  status: 'Status',
  plan_id: 'Plan',
  tier: 'Tier',
  dependents: 'Dependents',
  contribution_cents: 'Contribution per pay period (cents)',
  hsa_annual_cents: 'HSA annual contribution (cents)',
  fsa_med_annual_cents: 'FSA health (cents)',
  fsa_dep_annual_cents: 'FSA dependent care (cents)',
  fsa_tra_annual_cents: 'FSA transit (cents)',
  fsa_park_annual_cents: 'FSA parking (cents)',
  coverage_employee_cents: 'Employee coverage (cents)',
  coverage_spouse_cents: 'Spouse coverage (cents)',
  coverage_children_cents: 'Children coverage (cents)',
  waiver_reason_id: 'Waiver reason',
  waiver_carrier_name: 'Other carrier',
};
