import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** Document 3 section 3 "Employee". SSN and income are stored sealed (see SecuredDataCipher). */
@Entity('employee')
export class Employee {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'BY DEFAULT' }) id!: number;
  @Column('integer', { name: 'client_id' }) clientId!: number;
  @Column('integer', { name: 'account_id', nullable: true }) accountId!: number | null;
  @Column({ type: 'integer', name: 'individual_id', insert: false, update: false }) individualId!: number;
  @Column('text', { name: 'first_name' }) firstName!: string;
  @Column('text', { name: 'middle_name', nullable: true }) middleName!: string | null;
  @Column('text', { name: 'last_name' }) lastName!: string;
  @Column('text', { name: 'maiden_name', nullable: true }) maidenName!: string | null;
  @Column('citext', { nullable: true }) email!: string | null;
  @Column('integer', { name: 'group_id', nullable: true }) groupId!: number | null;
  @Column('integer', { name: 'employment_id', nullable: true }) employmentId!: number | null;
  @Column('integer', { name: 'office_id', nullable: true }) officeId!: number | null;
  @Column('integer', { name: 'employment_type', nullable: true }) employmentType!: number | null;
  @Column('text', { nullable: true }) title!: string | null;
  @Column('text', { name: 'income_enc', nullable: true, select: false }) incomeEnc!: string | null;
  @Column('numeric', { name: 'work_hours', nullable: true, precision: 5, scale: 2 }) workHours!: string | null;
  @Column('date', { name: 'hire_date', nullable: true }) hireDate!: string | null;
  @Column('date', { name: 'birth_date', nullable: true }) birthDate!: string | null;
  @Column('smallint', { nullable: true }) gender!: number | null;
  @Column('smallint', { nullable: true }) smoker!: number | null;
  @Column('integer', { name: 'marital_status_id' }) maritalStatusId!: number;
  @Column('text', { name: 'ssn_enc', nullable: true, select: false }) ssnEnc!: string | null;
  @Column('text', { nullable: true }) address1!: string | null;
  @Column('text', { nullable: true }) address2!: string | null;
  @Column('text', { nullable: true }) zip!: string | null;
  @Column('text', { nullable: true }) city!: string | null;
  @Column('text', { nullable: true }) state!: string | null;
  @Column('text') country!: string;
  @Column('text', { name: 'office_phone', nullable: true }) officePhone!: string | null;
  @Column('text', { name: 'home_phone', nullable: true }) homePhone!: string | null;
  @Column('text', { name: 'cell_phone', nullable: true }) cellPhone!: string | null;
  @Column('integer', { name: 'office_phone_index', nullable: true }) officePhoneIndex!: number | null;
  @Column('integer', { name: 'home_phone_index', nullable: true }) homePhoneIndex!: number | null;
  @Column('integer', { name: 'cell_phone_index', nullable: true }) cellPhoneIndex!: number | null;
  @Column('date', { name: 'termination_date', nullable: true }) terminationDate!: string | null;
  @Column('boolean') terminated!: boolean;
  @Column('boolean') cobra!: boolean;
  @Column('boolean', { name: 'new_hire' }) newHire!: boolean;
  @Column('date', { name: 'eligibility_date', nullable: true }) eligibilityDate!: string | null;
  @Column('boolean') eoi!: boolean;
  @Column('boolean', { name: 'enable_onboarding' }) enableOnboarding!: boolean;
  @Column('jsonb', { name: 'midyear_changes_data', nullable: true }) midyearChangesData!: Record<string, unknown> | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}
