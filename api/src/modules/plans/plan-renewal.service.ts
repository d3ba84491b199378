import { Injectable } from '@nestjs/common';
import { TenantDb } from '../../core/database/tenant-db';

/** The plan's own columns a renewal carries over as they are (everything but ids, period, dates and the HSA link). */
const CARRIED = [
  'plan_type_id',
  'name',
  'carrier',
  'policy_number',
  'description',
  'mbl_comment',
  'tier_structure',
  'rate_type',
  'rate_period',
  'contribution_type',
  'employer_contribution',
  'employer_contributes',
  'dependent_max_age',
  'domestic_partner_rule',
  'restricted',
  'waiting_period_days',
  'eligible_employment_ids',
  'benefit_amount_cents',
  'guaranteed_amount_cents',
  'benefits',
  'custom_fields',
  'links',
  'sort_order',
].join(', ');

/**
 * Renewing a plan year: the plans of one period copied into the next, one year later, with their
 * rates and documents, so HR can start next year's open enrollment without a back office. The plans keep
 * their names, which is how an as-is renewal finds the plan it replaces. The plans module owns these tables.
 */
@Injectable()
export class PlanRenewalService {
  constructor(private readonly db: TenantDb) {}

  /** A plan of the period takes the effective date open enrollment starts it with; false when it is not the period's. */
  async setEffectiveDate(planId: number, periodId: number, effectiveDate: string | null): Promise<boolean> {
    const updated = await this.db.query(`UPDATE plan SET effective_date = $3 WHERE id = $1 AND open_enrollment_period_id = $2 AND client_id = $client RETURNING id`, [planId, periodId, effectiveDate]);
    return updated.length > 0;
  }

  /** Copies every plan of `from` into `to`, dates a year later; answers how many plans it copied. */
  async renewInto(from: number, to: number): Promise<number> {
    const copied = await this.db.query<{ id: number; old_id: number }>(
      `WITH source AS (SELECT * FROM plan WHERE open_enrollment_period_id = $1 AND client_id = $client),
       made AS (
         INSERT INTO plan (client_id, open_enrollment_period_id, effective_date, end_date, ${CARRIED})
         SELECT $client, $2, (effective_date + interval '1 year')::date, (end_date + interval '1 year')::date, ${CARRIED} FROM source ORDER BY id
         RETURNING id, plan_type_id, name)
       SELECT made.id, source.id AS old_id FROM made JOIN source ON source.plan_type_id = made.plan_type_id AND source.name = made.name`,
      [from, to],
    );
    if (copied.length === 0) return 0;
    const ids = copied.map((c) => c.id);
    const oldIds = copied.map((c) => c.old_id);
    // Each copy's rates and documents are its source's; the HSA link points at the copy of the linked plan.
    await this.db.query(
      `INSERT INTO plan_rate (plan_id, tier, min_age, max_age, cost_cents)
       SELECT m.id, r.tier, r.min_age, r.max_age, r.cost_cents
         FROM unnest($1::int[], $2::int[]) AS m(id, old_id) JOIN plan_rate r ON r.plan_id = m.old_id
         JOIN plan p ON p.id = m.id AND p.client_id = $client`,
      [ids, oldIds],
    );
    await this.db.query(
      `INSERT INTO plan_file (plan_id, file_id, sort_order)
       SELECT m.id, f.file_id, f.sort_order
         FROM unnest($1::int[], $2::int[]) AS m(id, old_id) JOIN plan_file f ON f.plan_id = m.old_id
         JOIN plan p ON p.id = m.id AND p.client_id = $client`,
      [ids, oldIds],
    );
    await this.db.query(
      `UPDATE plan p SET hsa_plan_id = copy.id
         FROM unnest($1::int[], $2::int[]) AS m(id, old_id)
         JOIN plan old ON old.id = m.old_id
         JOIN unnest($1::int[], $2::int[]) AS copy(id, old_id) ON copy.old_id = old.hsa_plan_id
        WHERE p.id = m.id AND p.client_id = $client`,
      [ids, oldIds],
    );
    return copied.length;
  }
}
