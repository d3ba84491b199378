import { centsToDecimal, isoToUs, PLAN_TYPE_NAMES, type PlanTypeId } from '../../contracts/plans';
import type { Enrollment } from '../../contracts/enrollments';
import { offersFor, planTypeRestriction, type CompletionPlan } from '../../contracts/enrollment-completion';
import { completionPlanJson } from '../plans/plan-model';
import { electionsCte } from './elections';

/**
 * GET /enrollments in one round trip: one row per plan type offered in the client's current period, with
 * the employee's election of that type when there is one. The SQL only gathers facts (each plan's, the
 * employee's, the medical election's); whether the type can be taken is the contracts' rule (toEnrollment). Shared with the benchmark's floor server, so
 * both run exactly the same SQL. $1 employee; $2 true for the elections with the unsigned changes over them
 * (the wizard), false for the signed ones; $3 the clock's now (core/clock: "today" is the client's, in its
 * time zone); $client the acting client (core/database/tenant-db.ts).
 */
export const ENROLLMENTS_STATEMENT = 'enrollments';
export const ENROLLMENTS_SQL = `
WITH emp AS (SELECT id, hire_date::text AS hire_date, eligibility_date::text AS eligibility_date, employment_id, work_hours::float8 AS work_hours FROM employee WHERE id = $1 AND client_id = $client),
oe AS (SELECT id FROM open_enrollment_period WHERE client_id = $client AND is_current),
elections AS (${electionsCte('$1', '$2')}),
types AS (
  SELECT p.plan_type_id, count(*)::int AS plan_count,
         bool_and(p.contribution_type = 2) AS employer_paid_only,
         bool_or(p.employer_contributes) AS employer_contributes,
         json_agg(${completionPlanJson('p')} ORDER BY p.id) AS plans,
         (array_agg(p.id ORDER BY p.sort_order, p.id))[1] AS first_plan_id
    FROM plan p JOIN oe ON p.open_enrollment_period_id = oe.id
   GROUP BY p.plan_type_id),
-- The current medical election: an HSA can only go with a qualified high-deductible medical plan.
med AS (
  SELECT en.status, coalesce((pl.benefits->>'hsaQualified')::boolean, false) AS hsa_qualified
    FROM elections en JOIN oe ON en.open_enrollment_period_id = oe.id LEFT JOIN plan pl ON pl.id = en.plan_id
   WHERE en.plan_type_id = 1)
SELECT t.plan_type_id, t.plan_count, t.employer_paid_only, t.employer_contributes, t.plans,
       emp.hire_date, emp.eligibility_date, emp.employment_id, emp.work_hours,
       (SELECT med.status FROM med LIMIT 1) AS medical_status, (SELECT med.hsa_qualified FROM med LIMIT 1) AS medical_hsa_qualified,
       (SELECT ($3::timestamptz AT TIME ZONE c.time_zone)::date::text FROM client c WHERE c.id = $client) AS today, t.first_plan_id, oe.id AS period_id,
       en.id, en.plan_id, pl.name AS plan_name, en.status, en.tier, en.contribution_cents, en.employer_contribution_cents,
       en.hsa_annual_cents, en.fsa_med_annual_cents, en.fsa_dep_annual_cents, en.fsa_tra_annual_cents, en.fsa_park_annual_cents,
       en.coverage_employee_cents, en.coverage_spouse_cents, en.coverage_children_cents,
       en.waiver_reason_id, en.waiver_reason_other, en.waiver_member, en.waiver_first_name, en.waiver_last_name,
       en.waiver_carrier_name, en.waiver_policy_number, en.effective_date::text AS effective_date,
       en.effective_to_date::text AS effective_to_date, en.policy_number, en.member_number,
       coalesce((SELECT json_agg(json_build_object('id', d.id, 'name', d.first_name) ORDER BY d.id)
                   FROM dependent d WHERE d.id = ANY (en.dependent_ids)), '[]') AS dependents,
       EXISTS (SELECT 1 FROM enrollment prev
                WHERE prev.employee_id = emp.id AND prev.plan_type_id = t.plan_type_id
                  AND prev.open_enrollment_period_id <> oe.id AND prev.status <> 0) AS has_previous
  FROM emp CROSS JOIN oe CROSS JOIN types t
  LEFT JOIN elections en ON en.open_enrollment_period_id = oe.id AND en.plan_type_id = t.plan_type_id
  LEFT JOIN plan pl ON pl.id = en.plan_id
 ORDER BY t.plan_type_id`;

export interface EnrollmentRow {
  plan_type_id: number;
  plan_count: number;
  employer_paid_only: boolean;
  employer_contributes: boolean;
  /** The facts of each plan of the type that decide whether the employee can take it. */
  plans: CompletionPlan[];
  hire_date: string | null;
  eligibility_date: string | null;
  employment_id: number | null;
  work_hours: number | null;
  /** The employee's medical election of the period (status, and whether its plan is HSA-qualified); null: none. */
  medical_status: number | null;
  medical_hsa_qualified: boolean | null;
  today: string;
  first_plan_id: number;
  period_id: number;
  id: number | null;
  plan_id: number | null;
  plan_name: string | null;
  status: number | null;
  tier: number | null;
  contribution_cents: number | null;
  employer_contribution_cents: number | null;
  hsa_annual_cents: number | null;
  fsa_med_annual_cents: number | null;
  fsa_dep_annual_cents: number | null;
  fsa_tra_annual_cents: number | null;
  fsa_park_annual_cents: number | null;
  coverage_employee_cents: string | null;
  coverage_spouse_cents: string | null;
  coverage_children_cents: string | null;
  waiver_reason_id: number | null;
  waiver_reason_other: string | null;
  waiver_member: 'self' | 'spouse' | 'other' | null;
  waiver_first_name: string | null;
  waiver_last_name: string | null;
  waiver_carrier_name: string | null;
  waiver_policy_number: string | null;
  effective_date: string | null;
  effective_to_date: string | null;
  policy_number: string | null;
  member_number: string | null;
  dependents: Array<{ id: number; name: string | null }>;
  has_previous: boolean;
}

const money = (cents: number | string | null): string | null => (cents === null ? null : centsToDecimal(Number(cents)));
const STATUS: Record<string, Enrollment['status']> = { '1': '1', '0': '0', '-1': '-1', '-2': '-2' };

/** Rows with an election (id not null) as the API answers them. */
export function toEnrollment(r: EnrollmentRow & { id: number }): Enrollment {
  const status = STATUS[String(r.status ?? 0)] ?? '0';
  // The contracts' rule, the one the Status Dashboard's completion uses, over the facts the SQL gathered.
  const [offer] = offersFor(r.plans, { employmentId: r.employment_id, hireDate: r.hire_date, eligibilityDate: r.eligibility_date, workHours: r.work_hours, today: r.today });
  const medical = r.medical_status === null ? null : { status: r.medical_status, hsaQualified: r.medical_hsa_qualified === true };
  const restricted = planTypeRestriction(offer!, medical);
  const selectable = !r.employer_paid_only;
  return {
    id: r.id,
    planTypeId: r.plan_type_id,
    planType: PLAN_TYPE_NAMES[r.plan_type_id as PlanTypeId] ?? String(r.plan_type_id),
    planId: r.plan_id,
    planName: r.plan_name,
    status,
    selectable,
    restricted,
    eligibilityDate: isoToUs(offer!.eligibilityDate),
    isNewOE: status === '0' && r.has_previous,
    declineAllowed: selectable && !r.employer_contributes,
    planCount: r.plan_count,
    dependents: r.dependents.map((d) => d.id),
    dependentNames: r.dependents.map((d) => d.name ?? ''),
    contributionAmount: money(r.contribution_cents ?? 0)!,
    employerContributionAmount: money(r.employer_contribution_cents ?? 0)!,
    tier: r.tier,
    hsaContributionAmount: money(r.hsa_annual_cents),
    fsaContributionAmounts: {
      med: money(r.fsa_med_annual_cents),
      dep: money(r.fsa_dep_annual_cents),
      tra: money(r.fsa_tra_annual_cents),
      park: money(r.fsa_park_annual_cents),
    },
    coverageAmounts: { employee: money(r.coverage_employee_cents), spouse: money(r.coverage_spouse_cents), children: money(r.coverage_children_cents) },
    waiver:
      status === '-1'
        ? {
            reasonId: r.waiver_reason_id,
            reasonOther: r.waiver_reason_other,
            member: r.waiver_member,
            firstName: r.waiver_first_name,
            lastName: r.waiver_last_name,
            carrierName: r.waiver_carrier_name,
            policyNumber: r.waiver_policy_number,
          }
        : null,
    effectiveDate: isoToUs(r.effective_date),
    effectiveToDate: isoToUs(r.effective_to_date),
    policyNumber: r.policy_number,
    memberNumber: r.member_number,
  };
}

export function hasElection(r: EnrollmentRow): r is EnrollmentRow & { id: number } {
  return r.id !== null;
}
