import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** Document 2 section 3 "Beneficiary". The SSN is stored sealed (see SecuredDataCipher); removal is a real delete. */
@Entity('beneficiary')
export class BeneficiaryEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'BY DEFAULT' }) id!: number;
  @Column('integer', { name: 'client_id' }) clientId!: number;
  @Column('integer', { name: 'employee_id' }) employeeId!: number;
  @Column('integer', { name: 'relationship_id', nullable: true }) relationshipId!: number | null;
  @Column('integer', { name: 'relationship_type_id' }) relationshipTypeId!: number;
  @Column('smallint', { name: 'beneficiary_type' }) beneficiaryType!: number;
  @Column('smallint') share!: number;
  @Column('text', { name: 'first_name' }) firstName!: string;
  @Column('text', { name: 'last_name' }) lastName!: string;
  @Column('date', { name: 'birth_date', nullable: true }) birthDate!: string | null;
  @Column('text', { name: 'ssn_enc', nullable: true, select: false }) ssnEnc!: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}
