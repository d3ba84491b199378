import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity('open_enrollment_period')
export class OpenEnrollmentPeriod {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'BY DEFAULT' }) id!: number;
  @Column('integer', { name: 'client_id' }) clientId!: number;
  @Column('text') title!: string;
  @Column('date', { name: 'start_date' }) startDate!: string;
  @Column('date', { name: 'end_date' }) endDate!: string;
  @Column('date', { name: 'closed_date', nullable: true }) closedDate!: string | null;
  @Column('boolean', { name: 'is_current' }) isCurrent!: boolean;
}
