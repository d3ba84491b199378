import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** One employee's election for one plan type in one open-enrollment period. Status: 1, 0, -1, -2. */
@Entity('enrollment')
export class Enrollment {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'BY DEFAULT' }) id!: number;
  @Column('integer', { name: 'client_id' }) clientId!: number;
  @Column('integer', { name: 'employee_id' }) employeeId!: number;
  @Column('integer', { name: 'open_enrollment_period_id' }) openEnrollmentPeriodId!: number;
  @Column('integer', { name: 'plan_type_id' }) planTypeId!: number;
  @Column('integer', { name: 'plan_id', nullable: true }) planId!: number | null;
  @Column('smallint') status!: number;
  @Column('smallint', { nullable: true }) tier!: number | null;
  @Column('integer', { name: 'contribution_cents' }) contributionCents!: number;
  @Column('integer', { name: 'employer_contribution_cents' }) employerContributionCents!: number;
  @Column('integer', { name: 'hsa_annual_cents', nullable: true }) hsaAnnualCents!: number | null;
  @Column('integer', { name: 'fsa_med_annual_cents', nullable: true }) fsaMedAnnualCents!: number | null;
  @Column('integer', { name: 'fsa_dep_annual_cents', nullable: true }) fsaDepAnnualCents!: number | null;
  @Column('integer', { name: 'fsa_tra_annual_cents', nullable: true }) fsaTraAnnualCents!: number | null;
  @Column('integer', { name: 'fsa_park_annual_cents', nullable: true }) fsaParkAnnualCents!: number | null;
  @Column('bigint', { name: 'coverage_employee_cents', nullable: true }) coverageEmployeeCents!: string | null;
  @Column('bigint', { name: 'coverage_spouse_cents', nullable: true }) coverageSpouseCents!: string | null;
  @Column('bigint', { name: 'coverage_children_cents', nullable: true }) coverageChildrenCents!: string | null;
  @Column('integer', { name: 'waiver_reason_id', nullable: true }) waiverReasonId!: number | null;
  @Column('text', { name: 'waiver_reason_other', nullable: true }) waiverReasonOther!: string | null;
  @Column('text', { name: 'waiver_member', nullable: true }) waiverMember!: 'self' | 'spouse' | 'other' | null;
  @Column('text', { name: 'waiver_first_name', nullable: true }) waiverFirstName!: string | null;
  @Column('text', { name: 'waiver_last_name', nullable: true }) waiverLastName!: string | null;
  @Column('text', { name: 'waiver_carrier_name', nullable: true }) waiverCarrierName!: string | null;
  @Column('text', { name: 'waiver_policy_number', nullable: true }) waiverPolicyNumber!: string | null;
  @Column('date', { name: 'effective_date', nullable: true }) effectiveDate!: string | null;
  @Column('date', { name: 'effective_to_date', nullable: true }) effectiveToDate!: string | null;
  @Column('text', { name: 'policy_number', nullable: true }) policyNumber!: string | null;
  @Column('text', { name: 'member_number', nullable: true }) memberNumber!: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}
