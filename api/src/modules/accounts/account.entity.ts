import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export type AuthenticationMethod = 'email' | 'username';

/** A person who can sign in: an employee, a client's HR administrator or an agency's agent. */
@Entity('account')
export class Account {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'BY DEFAULT' }) id!: number;
  @Column('integer', { name: 'client_id', nullable: true }) clientId!: number | null;
  @Column('integer', { name: 'agency_id', nullable: true }) agencyId!: number | null;
  @Column('citext') username!: string;
  @Column('citext', { nullable: true }) email!: string | null;
  @Column('text', { name: 'authentication_method' }) authenticationMethod!: AuthenticationMethod;
  @Column('text', { name: 'password_hash', nullable: true, select: false }) passwordHash!: string | null;
  @Column('smallint', { name: 'role_type' }) roleType!: 0 | 1;
  @Column('boolean', { name: 'test_user' }) testUser!: boolean;
  @Column('text', { name: 'first_name', nullable: true }) firstName!: string | null;
  @Column('text', { name: 'last_name', nullable: true }) lastName!: string | null;
  @Column('integer', { name: 'security_question_id', nullable: true }) securityQuestionId!: number | null;
  @Column('text', { name: 'security_answer_hash', nullable: true, select: false }) securityAnswerHash!: string | null;
  @Column('boolean', { name: 'password_reset' }) passwordReset!: boolean;
  @Column('boolean', { name: 'security_question_reset' }) securityQuestionReset!: boolean;
  @Column('timestamptz', { name: 'privacy_policy_agreed_at', nullable: true }) privacyPolicyAgreedAt!: Date | null;
  @Column('smallint', { name: 'registration_step' }) registrationStep!: number;
  @Column('smallint', { name: 'onboarding_step' }) onboardingStep!: number;
  @Column('timestamptz', { name: 'last_login_at', nullable: true }) lastLoginAt!: Date | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}
