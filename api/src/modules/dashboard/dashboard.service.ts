import { Clock } from '../../core/clock/clock';
import { Injectable, NotFoundException } from '@nestjs/common';
import { DashboardMessages, type CarrierLinkRow, type EnrollmentIssue, type PlanEnrollmentSummary } from '../../contracts/dashboard';
import { EnrollmentStatus, type EnrollmentStatusValue } from '../../contracts/enrollments';
import { Messages } from '../../contracts/messages';
import { perPeriodToAnnual } from '../../contracts/engine/money';
import { tierLabel, type TierStructure } from '../../contracts/engine/tiers';
import { centsToDecimal, isoToUs, parseMoney, PLAN_TYPE_NAMES, PlanTypeIds, type CarrierLinks, type PlanBenefits, type PlanTypeId } from '../../contracts/plans';
import { RequestContext } from '../../core/context/request-context';
import { TenantDb } from '../../core/database/tenant-db';
import { BeneficiariesService } from '../beneficiaries/beneficiaries.service';
import { EnrollmentsService } from '../enrollments/enrollments.service';
import { electionsCte, type ElectionView } from '../enrollments/elections';
import { inForcePeriodSql, type PeriodView } from '../enrollments/in-force-period';

const employeeNotFound = () => new NotFoundException({ statusCode: 404, message: Messages.noEmployeeFound });

const STATUS: Record<string, EnrollmentStatusValue> = { '1': '1', '0': '0', '-1': '-1', '-2': '-2' };
const typeName = (id: number) => PLAN_TYPE_NAMES[id as PlanTypeId] ?? String(id);

interface SummaryRow {
  id: number;
  plan_id: number | null;
  plan_type_id: number;
  status: number;
  plan_name: string | null;
  effective_date: string | null;
  effective_to_date: string | null;
  policy_number: string | null;
  member_number: string | null;
  contribution_cents: number;
  employer_contribution_cents: number;
  pay_periods: number;
  dependents: string[];
  tier: number | null;
  tier_structure: TierStructure | null;
}

/**
 * Decided elections (not NotSelected) of one period, with the covered dependents' full names; $2 true reads
 * the unsigned changes over the signed elections (what the review before signing shows); $3 true: the period
 * in force (in-force-period.ts, $4 the clock's now), false: the current period.
 */
const SUMMARY_SQL = `
WITH elections AS (${electionsCte('$1', '$2')})
SELECT en.id, en.plan_id, en.plan_type_id, en.status, pl.name AS plan_name, en.effective_date::text AS effective_date,
       en.effective_to_date::text AS effective_to_date, en.policy_number, en.member_number, en.contribution_cents,
       en.employer_contribution_cents, c.pay_periods, en.tier, pl.tier_structure,
       coalesce((SELECT json_agg(concat_ws(' ', d.first_name, d.last_name) ORDER BY d.id)
                   FROM dependent d WHERE d.id = ANY (en.dependent_ids)), '[]') AS dependents
  FROM elections en
  JOIN open_enrollment_period oe ON oe.id = en.open_enrollment_period_id
   AND oe.id = CASE WHEN $3 THEN ${inForcePeriodSql('$4')} ELSE (SELECT id FROM open_enrollment_period WHERE client_id = $client AND is_current) END
  JOIN client c ON c.id = en.client_id
  LEFT JOIN plan pl ON pl.id = en.plan_id
 WHERE en.status <> 0
 ORDER BY en.plan_type_id`;

interface LifeRow {
  plan_type_id: number;
  plan_name: string;
  benefits: PlanBenefits;
  ce: string | null;
  cs: string | null;
  cc: string | null;
  eoi: boolean;
  eoi_file_id: number | null;
}

/**
 * What the Summary step and the dashboard read besides GET /enrollments: the plan enrollment summary
 * view, carrier links of the enrolled plans and the enrollment issues. Scoped by employee and client.
 */
@Injectable()
export class DashboardService {
  constructor(
    private readonly db: TenantDb,
    private readonly context: RequestContext,
    private readonly beneficiaries: BeneficiariesService,
    private readonly enrollments: EnrollmentsService,
    private readonly clock: Clock,
  ) {}

  /** The employee of the session, or (for an administrator) an employee of the acting client; 404 otherwise. */
  async employeeOf(employeeId?: number): Promise<number> {
    const id = employeeId ?? this.context.user.employeeId;
    if (id === null) throw employeeNotFound();
    const rows = await this.db.query('SELECT 1 FROM employee WHERE id = $1 AND client_id = $client', [id]);
    if (rows.length === 0) throw employeeNotFound();
    return id;
  }

  /**
   * The elections of the period in force (what covers the employee today) unless the current period is asked
   * for: the unsigned changes (the wizard) and what is being signed are the current period's.
   */
  async summary(employeeId: number, view: ElectionView = 'signed', period: PeriodView = view === 'draft' ? 'current' : 'in-force'): Promise<PlanEnrollmentSummary[]> {
    const rows = await this.db.query<SummaryRow>(SUMMARY_SQL, [employeeId, view === 'draft', period === 'in-force', this.clock.nowIso()]);
    return rows.map((r) => {
      // Only an election costs anything; a declined or waived row shows zeros.
      const own = r.status === 1 ? r.contribution_cents : 0;
      const employer = r.status === 1 ? r.employer_contribution_cents : 0;
      return {
        enrollmentId: r.id,
        planId: r.plan_id,
        planTypeId: r.plan_type_id,
        planType: typeName(r.plan_type_id),
        planName: r.plan_name ?? typeName(r.plan_type_id),
        status: STATUS[String(r.status)] ?? EnrollmentStatus.NotSelected,
        dependents: r.dependents,
        eligibilityDate: isoToUs(r.effective_date),
        effectiveToDate: isoToUs(r.effective_to_date),
        policyNumber: r.policy_number,
        memberNumber: r.member_number,
        contributionAmount: centsToDecimal(own),
        annualContributionAmount: centsToDecimal(perPeriodToAnnual(own, r.pay_periods)),
        employerContributionAmount: centsToDecimal(employer),
        annualEmployerContributionAmount: centsToDecimal(perPeriodToAnnual(employer, r.pay_periods)),
        payPeriods: r.pay_periods,
        // The tier the covered people make, which the amounts are priced at.
        tierLabel: r.status === 1 && r.tier_structure !== null ? tierLabel(r.tier_structure, r.tier) : null,
      };
    });
  }

  /** Directories of the enrolled medical, dental and vision plans of the current period. */
  async carrierLinks(employeeId: number): Promise<CarrierLinkRow[]> {
    const rows = await this.db.query<{ id: number; plan_type_id: number; name: string; carrier: string | null; links: Partial<CarrierLinks> }>(
      `SELECT p.id, p.plan_type_id, p.name, p.carrier, p.links
         FROM enrollment en
         JOIN open_enrollment_period oe ON oe.id = en.open_enrollment_period_id AND oe.id = ${inForcePeriodSql('$3')}
         JOIN plan p ON p.id = en.plan_id
        WHERE en.employee_id = $1 AND en.client_id = $client AND en.status = 1 AND en.plan_type_id = ANY ($2)
        ORDER BY en.plan_type_id, p.id`,
      [employeeId, [1, 2, 32, 42, 8, 38, 48], this.clock.nowIso()],
    );
    return rows.map((r) => ({
      planId: r.id,
      planTypeId: r.plan_type_id,
      planName: r.name,
      carrier: r.carrier,
      medicalDirectory: r.links.medicalDirectory ?? null,
      rxDirectory: r.links.rxDirectory ?? null,
      dentalDirectory: r.links.dentalDirectory ?? null,
      visionDirectory: r.links.visionDirectory ?? null,
    }));
  }

  /**
   * Enrollment issues: plan types still undecided, beneficiary totals that break the rules while a life
   * plan is enrolled, and life coverage above the guaranteed issue amount (with the plan's EOI form).
   */
  async tasks(employeeId: number): Promise<EnrollmentIssue[]> {
    const issues: EnrollmentIssue[] = [];
    // The same rule as the registration's Benefits Enrollment step (a type without its row is undecided too).
    const undecided = await this.enrollments.undecidedPlanTypes(employeeId);
    if (undecided.length > 0) issues.push({ label: DashboardMessages.undecidedPlans(undecided), fileId: null });

    for (const message of await this.beneficiaries.totalsIssues(employeeId, 'signed')) issues.push({ label: DashboardMessages.beneficiariesIncomplete(message), fileId: null });

    const life = await this.db.query<LifeRow>(
      `SELECT en.plan_type_id, p.name AS plan_name, p.benefits, en.coverage_employee_cents::text AS ce, en.coverage_spouse_cents::text AS cs,
              en.coverage_children_cents::text AS cc, e.eoi,
              (SELECT f.id FROM plan_file pf JOIN file f ON f.id = pf.file_id
                WHERE pf.plan_id = p.id AND f.title ~* '(evidence of insurability|\\meoi\\M)' ORDER BY pf.sort_order, f.id LIMIT 1) AS eoi_file_id
         FROM enrollment en
         JOIN open_enrollment_period oe ON oe.id = en.open_enrollment_period_id AND oe.id = ${inForcePeriodSql('$3')}
         JOIN plan p ON p.id = en.plan_id
         JOIN employee e ON e.id = en.employee_id
        WHERE en.employee_id = $1 AND en.client_id = $client AND en.status = 1 AND en.plan_type_id = ANY ($2)
        ORDER BY en.plan_type_id`,
      [employeeId, [PlanTypeIds.Life, PlanTypeIds.VoluntaryLife], this.clock.nowIso()],
    );
    for (const r of life) if (this.needsEoi(r)) issues.push({ label: DashboardMessages.eoiRequired(r.plan_name), fileId: r.eoi_file_id });
    return issues;
  }

  private needsEoi(r: LifeRow): boolean {
    // Group life: the employee's eoi flag (income above the guaranteed issue) says so.
    if (r.plan_type_id === PlanTypeIds.Life) return r.eoi;
    if (r.benefits.kind !== 'voluntaryLife') return false;
    const above = (amount: string | null, guaranteed: string | null | undefined) => {
      const a = amount === null ? null : Number(amount);
      const g = parseMoney(guaranteed ?? null);
      return a !== null && g !== null && a > g;
    };
    const b = r.benefits;
    return above(r.ce, b.employee.guaranteedIssue) || above(r.cs, b.spouse?.guaranteedIssue) || above(r.cc, b.child?.guaranteedIssue);
  }
}
