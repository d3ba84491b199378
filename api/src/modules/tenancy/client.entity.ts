import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Agency } from './agency.entity';

export interface ClientLink {
  title: string;
  url: string;
}

@Entity('client')
export class Client {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'BY DEFAULT' }) id!: number;
  @Column('integer', { name: 'agency_id' }) agencyId!: number;
  @ManyToOne(() => Agency) @JoinColumn({ name: 'agency_id' }) agency?: Relation<Agency>;
  @Column('text') name!: string;
  @Column('text', { name: 'logo_url', nullable: true }) logoUrl!: string | null;
  @Column('text', { nullable: true }) website!: string | null;
  @Column('text', { name: 'header_color', nullable: true }) headerColor!: string | null;
  @Column('text', { name: 'footer_color', nullable: true }) footerColor!: string | null;
  @Column('text') version!: 'full' | 'lite';
  @Column('boolean', { name: 'enable_onboarding' }) enableOnboarding!: boolean;
  @Column('boolean', { name: 'i9_enabled' }) i9Enabled!: boolean;
  @Column('boolean', { name: 'w4_enabled' }) w4Enabled!: boolean;
  @Column('boolean', { name: 'payroll_enabled' }) payrollEnabled!: boolean;
  @Column('boolean', { name: 'eeo_enabled' }) eeoEnabled!: boolean;
  @Column('boolean', { name: 'enrollments_enabled' }) enrollmentsEnabled!: boolean;
  @Column('boolean', { name: 'require_ssn' }) requireSsn!: boolean;
  @Column('boolean', { name: 'hide_document_warnings' }) hideDocumentWarnings!: boolean;
  @Column('boolean', { name: 'enable_midyear_changes' }) enableMidyearChanges!: boolean;
  @Column('boolean', { name: 'work_hours_required' }) workHoursRequired!: boolean;
  @Column('integer', { name: 'pay_periods' }) payPeriods!: number;
  @Column('integer', { name: 'payroll_methods', array: true }) payrollMethods!: number[];
  @Column('jsonb') links!: ClientLink[];
  @Column('date', { name: 'privacy_notice_revision_date', nullable: true }) privacyNoticeRevisionDate!: string | null;
  @Column('text', { name: 'privacy_notice_url', nullable: true }) privacyNoticeUrl!: string | null;
}
