import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { CarrierLinks, CustomField, PlanBenefits } from '../../contracts/plans';
import type { EmployerContribution, RatePeriod, RateType } from '../../contracts/engine';

/** A benefit plan of one open-enrollment period (document 2 section 3); benefit fields are validated jsonb per type. */
@Entity('plan')
export class Plan {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'BY DEFAULT' }) id!: number;
  @Column('integer', { name: 'client_id' }) clientId!: number;
  @Column('integer', { name: 'open_enrollment_period_id' }) openEnrollmentPeriodId!: number;
  @Column('integer', { name: 'plan_type_id' }) planTypeId!: number;
  @Column('text') name!: string;
  @Column('text', { nullable: true }) carrier!: string | null;
  @Column('text', { name: 'policy_number', nullable: true }) policyNumber!: string | null;
  @Column('text', { nullable: true }) description!: string | null;
  @Column('text', { name: 'mbl_comment', nullable: true }) mblComment!: string | null;
  @Column('date', { name: 'effective_date' }) effectiveDate!: string;
  @Column('date', { name: 'end_date' }) endDate!: string;
  @Column('smallint', { name: 'tier_structure' }) tierStructure!: 2 | 3 | 4 | 5;
  @Column('smallint', { name: 'rate_type' }) rateType!: RateType;
  @Column('text', { name: 'rate_period' }) ratePeriod!: RatePeriod;
  @Column('smallint', { name: 'contribution_type' }) contributionType!: 1 | 2;
  @Column('jsonb', { name: 'employer_contribution' }) employerContribution!: EmployerContribution;
  @Column('boolean', { name: 'employer_contributes' }) employerContributes!: boolean;
  @Column('smallint', { name: 'dependent_max_age', nullable: true }) dependentMaxAge!: number | null;
  @Column('smallint', { name: 'domestic_partner_rule' }) domesticPartnerRule!: 0 | 1 | 2 | 3;
  @Column('smallint') restricted!: number;
  @Column('integer', { name: 'waiting_period_days' }) waitingPeriodDays!: number;
  @Column('integer', { name: 'eligible_employment_ids', array: true, nullable: true }) eligibleEmploymentIds!: number[] | null;
  @Column('bigint', { name: 'benefit_amount_cents', nullable: true }) benefitAmountCents!: string | null;
  @Column('bigint', { name: 'guaranteed_amount_cents', nullable: true }) guaranteedAmountCents!: string | null;
  @Column('jsonb') benefits!: PlanBenefits;
  @Column('jsonb', { name: 'custom_fields' }) customFields!: CustomField[];
  @Column('jsonb') links!: Partial<CarrierLinks>;
  @Column('integer', { name: 'hsa_plan_id', nullable: true }) hsaPlanId!: number | null;
  @Column('integer', { name: 'sort_order' }) sortOrder!: number;
}

@Entity('plan_rate')
export class PlanRate {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'BY DEFAULT' }) id!: number;
  @Column('integer', { name: 'plan_id' }) planId!: number;
  @Column('smallint') tier!: number;
  @Column('smallint', { name: 'min_age' }) minAge!: number;
  @Column('smallint', { name: 'max_age' }) maxAge!: number;
  @Column('integer', { name: 'cost_cents' }) costCents!: number;
}
