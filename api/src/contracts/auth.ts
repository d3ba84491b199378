import { z } from 'zod';
import { ZElectionWindow } from './enrollment-window';
import { PERMISSIONS } from './permissions';
import { Messages } from './messages';
import { emptyToUndefined, requiredString } from './common';

export const ZLoginRequest = z.object({
  username: requiredString(),
  password: z.preprocess(emptyToUndefined, z.string({ error: Messages.fieldRequired }).min(1, Messages.fieldRequired)),
});
export type LoginRequest = z.infer<typeof ZLoginRequest>;

/** The site's login form adds the public-computer choice, which only decides the cookie's lifetime. */
export const ZLoginForm = ZLoginRequest.extend({
  publicComputer: z.preprocess((v) => v === 'on' || v === true || v === 'true', z.boolean()),
});

export const ZLoginResponse = z.object({
  jwt: z.string(),
  version: z.enum(['full', 'lite']),
});
export type LoginResponse = z.infer<typeof ZLoginResponse>;

/** Registration steps. */
export const RegistrationStep = {
  Finished: 0,
  WelcomeEmail: 1,
  Account: 2,
  Profile: 5,
  Dependents: 6,
  Enrollments: 7,
  Beneficiaries: 8,
  AdditionalInfo: 9,
  Signature: 10,
} as const;
export const REGISTRATION_STEP_VALUES = Object.values(RegistrationStep);

/**
 * The registration's steps in the order the server records them, each with what a person calls it: the
 * wizard's screens are the steps after the welcome email, and the server's 409s name
 * the same labels.
 */
export const REGISTRATION_STEPS = [
  { step: RegistrationStep.WelcomeEmail, label: 'Welcome email' },
  { step: RegistrationStep.Account, label: 'Account Setup' },
  { step: RegistrationStep.Profile, label: 'Employee Profile' },
  { step: RegistrationStep.Dependents, label: 'Dependents' },
  { step: RegistrationStep.Enrollments, label: 'Benefits Enrollment' },
  { step: RegistrationStep.Beneficiaries, label: 'Beneficiaries' },
  { step: RegistrationStep.AdditionalInfo, label: 'Additional Information' },
  { step: RegistrationStep.Signature, label: 'Signature' },
  { step: RegistrationStep.Finished, label: 'Summary' },
] as const;
export type RegistrationStepValue = (typeof REGISTRATION_STEPS)[number]['step'];

/** The order the server records registration steps in (each value is the step just completed; 0 = finished). */
export const REGISTRATION_ORDER: readonly RegistrationStepValue[] = REGISTRATION_STEPS.map((s) => s.step);

/**
 * Where a finished registration may be reopened (Edit Profile saves Account, Edit
 * Dependents saves Profile, Modify Selections saves Dependents, Edit Beneficiaries saves Enrollments),
 * and only while elections may change (enrollmentWindow, contracts/enrollment-window.ts).
 */
export const REGISTRATION_REOPEN_STEPS: readonly number[] = [
  RegistrationStep.Account,
  RegistrationStep.Profile,
  RegistrationStep.Dependents,
  RegistrationStep.Enrollments,
];

/** The 409 answers of PUT /me: what is missing, in words a person can act on. */
export const ProgressMessages = {
  profileIncomplete: (fields: string) => `complete your profile (${fields})`,
  dependentsIncomplete: (names: string) => `complete the details of ${names}`,
  plansUndecided: (types: string) => `choose or decline every plan (${types} not decided yet)`,
  reopenClosed: 'Your benefit elections can no longer be changed',
} as const;

export const ZUpdateStepRequest = z.object({
  step: z.coerce
    .number({ error: Messages.fieldRequired })
    .int()
    .refine((v) => (REGISTRATION_STEP_VALUES as number[]).includes(v), 'Unknown registration step'),
});
export type UpdateStepRequest = z.infer<typeof ZUpdateStepRequest>;

export const ZColorConfiguration = z.object({
  headerColor: z.string().nullable(),
  footerColor: z.string().nullable(),
});
export type ColorConfiguration = z.infer<typeof ZColorConfiguration>;

export const ZClientLink = z.object({ title: z.string(), url: z.string() });

/** "Current user session" of: every field comes from the database. */
export const ZCurrentUser = z.object({
  id: z.number().int(),
  /** The employee record the session acts as (null for an agent), and the signed-in account. */
  employeeId: z.number().int().nullable(),
  accountId: z.number().int(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  middleName: z.string().nullable(),
  agencyName: z.string().nullable(),
  agencyLogo: z.string().nullable(),
  agencyWebsite: z.string().nullable(),
  clientName: z.string().nullable(),
  clientLogo: z.string().nullable(),
  clientWebsite: z.string().nullable(),
  openEnrollmentId: z.number().int().nullable(),
  openEnrollmentEndDate: z.string().nullable(),
  openEnrollmentClosedDate: z.string().nullable(),
  payPeriods: z.number().int().nullable(),
  payrollEnabled: z.boolean(),
  payrollMethods: z.array(z.number().int()),
  roleType: z.union([z.literal(0), z.literal(1)]),
  registrationStep: z.number().int(),
  onboardingStep: z.number().int(),
  registrationStepCode: z.string(),
  cobra: z.boolean(),
  impersonatingUserId: z.number().int().nullable(),
  /** Why the administrator or agent acts as this employee (contracts/impersonation.ts): the banner shows it. */
  impersonationReason: z.string().nullable(),
  testUser: z.boolean(),
  passwordReset: z.boolean(),
  securityQuestionReset: z.boolean(),
  newHire: z.boolean(),
  eligibilityDate: z.string().nullable(),
  /** May this employee change elections now, and why (contracts/enrollment-window.ts, in the client's calendar). */
  electionWindow: ZElectionWindow,
  /** The client's calendar date today (YYYY-MM-DD, in its time zone, from the server's clock): the site's "today". */
  today: z.string(),
  authenticationMethod: z.enum(['email', 'username']),
  eoi: z.boolean(),
  eeoEnabled: z.boolean(),
  enrollmentsEnabled: z.boolean(),
  requireSsn: z.boolean(),
  colorConfiguration: ZColorConfiguration,
  enableOnboarding: z.boolean(),
  links: z.array(ZClientLink),
  i9Enabled: z.boolean(),
  w4Enabled: z.boolean(),
  workHoursRequired: z.boolean(),
  /** The access groups and offices the client's census offers (contracts/census-choices): the census forms show these. */
  censusChoices: z.object({ accessGroupIds: z.array(z.number().int()), officeIds: z.array(z.number().int()) }),
  hideDocumentWarnings: z.boolean(),
  maritalStatusId: z.number().int().nullable(),
  medicalEnrolled: z.boolean(),
  /** Changes after Modify Selections not signed yet: the signed elections stay in force, the wizard does not hold the employee. */
  unsignedChanges: z.boolean(),
  midyearChangesData: z.record(z.string(), z.unknown()).nullable(),
  enableMidyearChanges: z.boolean(),
  mblPrivacyPolicyAgreement: z.boolean(),
  privacyNotice: z.object({ revisionDate: z.string().nullable(), mblUrl: z.string().nullable() }),
  isAuthenticated: z.literal(true),
  isAgent: z.boolean(),
  /** What this session may do (contracts/permissions.ts): the site's menus and pages follow it. */
  permissions: z.array(z.enum(PERMISSIONS)),
});
export type CurrentUser = z.infer<typeof ZCurrentUser>;
