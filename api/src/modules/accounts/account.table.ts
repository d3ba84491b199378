import { SqlTable } from '../../core/database/sql-table';

export type AuthenticationMethod = 'email' | 'username';

/** A person who can sign in: an employee, a client's HR administrator or an agency's agent. */
export interface Account {
  id: number;
  clientId: number | null;
  agencyId: number | null;
  username: string;
  email: string | null;
  authenticationMethod: AuthenticationMethod;
  passwordHash: string | null;
  roleType: 0 | 1;
  testUser: boolean;
  /** Runs the platform itself (the queue dashboard): set by an operator in the database, no screen grants it. */
  platformAdmin: boolean;
  firstName: string | null;
  lastName: string | null;
  securityQuestionId: number | null;
  securityAnswerHash: string | null;
  passwordReset: boolean;
  securityQuestionReset: boolean;
  privacyPolicyAgreedAt: Date | null;
  registrationStep: number;
  onboardingStep: number;
  lastLoginAt: Date | null;
  /** Set when an agent turned the account off (an HR administrator): no sign-in from then on. */
  disabledAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export const accountTable = new SqlTable<Account>(
  'account',
  {
    id: { name: 'id', generated: true },
    clientId: 'client_id',
    agencyId: 'agency_id',
    username: 'username',
    email: 'email',
    authenticationMethod: 'authentication_method',
    passwordHash: { name: 'password_hash', secret: true },
    roleType: 'role_type',
    testUser: 'test_user',
    platformAdmin: 'platform_admin',
    firstName: 'first_name',
    lastName: 'last_name',
    securityQuestionId: 'security_question_id',
    securityAnswerHash: { name: 'security_answer_hash', secret: true },
    passwordReset: 'password_reset',
    securityQuestionReset: 'security_question_reset',
    privacyPolicyAgreedAt: 'privacy_policy_agreed_at',
    registrationStep: 'registration_step',
    onboardingStep: 'onboarding_step',
    lastLoginAt: 'last_login_at',
    disabledAt: 'disabled_at',
    createdAt: { name: 'created_at', generated: true },
    updatedAt: { name: 'updated_at', generated: true },
  },
  false,
  'updated_at',
);

