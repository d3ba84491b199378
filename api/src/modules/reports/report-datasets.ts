import type { ReportDataset } from '../../contracts/reports';

/**
 * Each base dataset of the reports as SQL: one row per line of the report, every column of
 * REPORT_DATASETS under its field name (quoted aliases), plus "_key" (a stable tiebreak for the order).
 * Values as the column's kind takes them (report-columns.ts): dates ISO text, so they also sort by date.
 * `$client` is the acting client; the current period is the client's current open enrollment.
 */
export const DATASET_SQL: Record<ReportDataset, string> = {
  census: `
    SELECT e.id AS "_key", e.last_name AS "lastName", e.first_name AS "firstName", e.email AS "email",
           to_char(e.hire_date, 'YYYY-MM-DD') AS "hireDate", es.text AS "employmentStatus", ag.text AS "group",
           CASE WHEN e.cobra THEN 'COBRA/Continuation' WHEN e.terminated THEN 'Terminated' ELSE 'Active' END AS "censusGroup", e.title AS "title"
      FROM employee e LEFT JOIN option_item es ON es.type = 'employmentStatus' AND es.id = e.employment_id
      LEFT JOIN option_item ag ON ag.type = 'accessGroup' AND ag.id = e.group_id
     WHERE e.client_id = $client`,
  enrollments: `
    SELECT en.id AS "_key", e.last_name AS "lastName", e.first_name AS "firstName", pt.text AS "planType", p.name AS "planName",
           en.tier AS "tier", round(en.contribution_cents / 100.0, 2)::float8 AS "perPaycheck", to_char(en.effective_date, 'YYYY-MM-DD') AS "effectiveDate"
      FROM enrollment en JOIN employee e ON e.id = en.employee_id JOIN plan p ON p.id = en.plan_id
      JOIN open_enrollment_period oe ON oe.id = en.open_enrollment_period_id AND oe.is_current
      LEFT JOIN option_item pt ON pt.type = 'planType' AND pt.id = en.plan_type_id
     WHERE en.client_id = $client AND en.status = 1`,
  dependents: `
    SELECT d.id AS "_key", e.last_name AS "lastName", e.first_name AS "firstName", concat_ws(' ', d.first_name, d.last_name) AS "dependentName",
           rt.text AS "relationship", to_char(d.birth_date, 'YYYY-MM-DD') AS "birthDate"
      FROM dependent d JOIN employee e ON e.id = d.employee_id
      LEFT JOIN option_item rt ON rt.type = 'relationshipType' AND rt.id = d.relationship_type_id
     WHERE d.client_id = $client AND d.deleted_at IS NULL`,
  beneficiaries: `
    SELECT b.id AS "_key", e.last_name AS "lastName", e.first_name AS "firstName", concat_ws(' ', b.first_name, b.last_name) AS "beneficiaryName",
           bt.text AS "beneficiaryType", b.share::float8 AS "share"
      FROM beneficiary b JOIN employee e ON e.id = b.employee_id
      LEFT JOIN option_item bt ON bt.type = 'beneficiaryType' AND bt.id = b.beneficiary_type
     WHERE b.client_id = $client`,
  waivers: `
    SELECT en.id AS "_key", e.last_name AS "lastName", e.first_name AS "firstName", pt.text AS "planType",
           CASE en.status WHEN -1 THEN 'Waived' ELSE 'Declined' END AS "status", coalesce(wr.text, en.waiver_reason_other) AS "reason"
      FROM enrollment en JOIN employee e ON e.id = en.employee_id
      JOIN open_enrollment_period oe ON oe.id = en.open_enrollment_period_id AND oe.is_current
      LEFT JOIN option_item pt ON pt.type = 'planType' AND pt.id = en.plan_type_id
      LEFT JOIN option_item wr ON wr.type = 'waiverReason' AND wr.id = en.waiver_reason_id
     WHERE en.client_id = $client AND en.status IN (-1, -2)`,
  terminations: `
    SELECT t.id AS "_key", e.last_name AS "lastName", e.first_name AS "firstName", to_char(t.termination_date, 'YYYY-MM-DD') AS "terminationDate",
           CASE WHEN t.cobra_election THEN 'Yes' ELSE 'No' END AS "cobra", qe.text AS "qualifyingEvent", to_char(t.coverage_end_date, 'YYYY-MM-DD') AS "coverageEnds"
      FROM termination t JOIN employee e ON e.id = t.employee_id
      LEFT JOIN option_item qe ON qe.type = 'qualifyingEvent' AND qe.id = t.qualifying_event_id
     WHERE t.client_id = $client`,
};
