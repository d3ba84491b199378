import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { SignedSummary } from './signed-summary';

@Entity('signature')
export class SignatureEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'BY DEFAULT' }) id!: number;
  @Column('integer', { name: 'client_id' }) clientId!: number;
  @Column('integer', { name: 'employee_id' }) employeeId!: number;
  @Column('text') kind!: 'registration';
  @Column('integer', { name: 'image_file_id' }) imageFileId!: number;
  @Column('integer', { name: 'summary_file_id', nullable: true }) summaryFileId!: number | null;
  @Column('integer', { name: 'open_enrollment_period_id', nullable: true }) openEnrollmentPeriodId!: number | null;
  @Column('text', { nullable: true }) ip!: string | null;
  @Column('jsonb') summary!: SignedSummary;
  @Column('timestamptz', { name: 'signed_at' }) signedAt!: Date;
}
