import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** Document 1 section 3 "Dependent". The SSN is stored sealed (see SecuredDataCipher); removal is soft. */
@Entity('dependent')
export class DependentEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'BY DEFAULT' }) id!: number;
  @Column('integer', { name: 'client_id' }) clientId!: number;
  @Column('integer', { name: 'employee_id' }) employeeId!: number;
  /** Drawn from the employees' individual-id sequence, so one number names one person across both tables. */
  @Column({ type: 'integer', name: 'individual_id', insert: false, update: false }) individualId!: number;
  @Column('integer', { name: 'relationship_type_id', nullable: true }) relationshipTypeId!: number | null;
  @Column('text', { name: 'first_name', nullable: true }) firstName!: string | null;
  @Column('text', { name: 'middle_name', nullable: true }) middleName!: string | null;
  @Column('text', { name: 'last_name', nullable: true }) lastName!: string | null;
  @Column('text', { name: 'maiden_name', nullable: true }) maidenName!: string | null;
  @Column('date', { name: 'birth_date', nullable: true }) birthDate!: string | null;
  @Column('smallint', { nullable: true }) gender!: number | null;
  @Column('smallint', { nullable: true }) smoker!: number | null;
  @Column('smallint') disabled!: number;
  @Column('integer', { name: 'marital_status_id', nullable: true }) maritalStatusId!: number | null;
  @Column('text', { name: 'ssn_enc', nullable: true, select: false }) ssnEnc!: string | null;
  @Column('citext', { nullable: true }) email!: string | null;
  @Column('text', { nullable: true }) address1!: string | null;
  @Column('text', { nullable: true }) address2!: string | null;
  @Column('text', { nullable: true }) city!: string | null;
  @Column('text', { nullable: true }) state!: string | null;
  @Column('text', { nullable: true }) zip!: string | null;
  @Column('text') country!: string;
  @Column('boolean', { name: 'dependent_different_address' }) dependentDifferentAddress!: boolean;
  @Column('integer', { name: 'last_name_reason_id', nullable: true }) lastNameReasonId!: number | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
  @Column('timestamptz', { name: 'deleted_at', nullable: true }) deletedAt!: Date | null;
}
