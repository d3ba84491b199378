import { z } from 'zod';
import { parseMoney } from './engine/money';
import {
  blankToUndefined,
  isValidBirthDate,
  isValidUsDate,
  optionalOptionId,
  optionalName,
  optionalText,
  optionId,
  requiredName,
  toIntOrUndefined,
  ZCheckbox,
  ZOptionalPhone,
  ZOptionalState,
  ZOptionalZip,
  normalizeSsn,
  ssnFormatIssue,
  isMaskedSsn,
} from './formats';
import { CensusMessages, Messages } from './messages';
import { TERMINATION_QUALIFYING_EVENT_IDS } from './option-lists';

/** The qualifying events the termination dialog offers (the census's part of the list). */
export { TERMINATION_QUALIFYING_EVENT_IDS };
import { ZNewPassword } from './account';
import { ZSignatureRequest } from './forms';
import { ZEmployeeProfile } from './profile';
import { ZCensusProgress, ZCensusProgressState } from './census-progress';

/** The census list groups. */
export const EMPLOYEE_GROUPS = ['active', 'cobra', 'terminated'] as const;
export type EmployeeGroup = (typeof EMPLOYEE_GROUPS)[number];

/** Terminated and not cobra = Terminated; cobra = COBRA; everything else Active. */
export function employeeGroup(e: { terminated: boolean; cobra: boolean }): EmployeeGroup {
  if (e.cobra) return 'cobra';
  return e.terminated ? 'terminated' : 'active';
}

export const EMPLOYEE_GROUP_TITLES: Record<EmployeeGroup, string> = {
  active: 'Active Employees',
  cobra: 'COBRA/Continuation',
  terminated: 'Terminated Employees',
};

/** How many census rows one page holds by default, and at most. */
export const CENSUS_PAGE_SIZE = 50;
export const CENSUS_MAX_PAGE_SIZE = 200;

/**
 * GET /employees?search=&group=&page=&perPage=: one page of one group (or of the whole census, groups in
 * their order), searched and sorted on the server so a client of 10,000 employees answers as fast as one of 10.
 */
export const ZEmployeeListQuery = z.object({
  search: z.string().trim().max(100).optional(),
  group: z.enum(EMPLOYEE_GROUPS).optional(),
  /** Only the people at this point of their progress (census-progress.ts); an empty value means everyone. */
  progress: z.preprocess(blankToUndefined, ZCensusProgressState.optional()),
  /** One-based. */
  page: z.preprocess(toIntOrUndefined, z.number().int().min(1).max(100_000).default(1)),
  perPage: z.preprocess(toIntOrUndefined, z.number().int().min(1).max(CENSUS_MAX_PAGE_SIZE).default(CENSUS_PAGE_SIZE)),
});
export type EmployeeListQuery = z.output<typeof ZEmployeeListQuery>;

export const ZEmployeeListItem = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  terminated: z.boolean(),
  cobra: z.boolean(),
  group: z.enum(EMPLOYEE_GROUPS),
  /** True once the employee created an account (has a password): only then can an administrator log in as them. */
  hasAccount: z.boolean(),
  /** Invited, registered, onboarding, enrollment, signed (census-progress.ts). */
  progress: ZCensusProgress,
});
export type EmployeeListItem = z.infer<typeof ZEmployeeListItem>;
/** Sorted by group (active, COBRA, terminated), then last name, then first name. */
export const ZEmployeeList = z.array(ZEmployeeListItem);
export const ZEmployeeListPage = z.object({
  result: ZEmployeeList,
  page: z.number().int(),
  perPage: z.number().int(),
  /** Employees matching the search in the asked group (or in all groups). */
  totalCount: z.number().int(),
  /** Employees matching the search per group, for the groups' headings. */
  groupCounts: z.object({ active: z.number().int(), cobra: z.number().int(), terminated: z.number().int() }),
});
export type EmployeeListPage = z.infer<typeof ZEmployeeListPage>;

/** POST /employee/personal: the clear secured data of the token's employee. */
export const ZPersonalData = z.object({
  ssn: z.string().nullable(),
  /** Annual income as a decimal string ("72000.00"). */
  income: z.string().nullable(),
});
export type PersonalData = z.infer<typeof ZPersonalData>;

// ---------------------------------------------------------------------------------------------------------
// Add and edit employee

/** A required MM/DD/YYYY date. */
const ZUsDate = z.preprocess(blankToUndefined, z.string({ error: Messages.fieldRequired }).trim().refine(isValidUsDate, Messages.dateInvalid));
const ZOptionalUsDate = z.preprocess(blankToUndefined, z.string().trim().refine(isValidUsDate, Messages.dateInvalid).optional());

/** Income as typed ("$72,000"): an amount, not below 0 ('Cannot be less than 0'). */
const ZIncome = z.preprocess(
  blankToUndefined,
  z
    .string()
    .trim()
    .max(20)
    .refine((v) => parseMoney(v) !== null, CensusMessages.amountInvalid)
    .refine((v) => (parseMoney(v) ?? 0) >= 0, CensusMessages.cannotBeNegative)
    .optional(),
);

const ZWorkHours = z.preprocess(
  (v) => {
    const b = blankToUndefined(v);
    return typeof b === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(b) ? Number(b) : b;
  },
  z.number({ error: Messages.fieldRequired }).min(0, CensusMessages.cannotBeNegative).max(168).optional(),
);

/** An optional SSN: blank is none, the mask (XXX-XX-1234) keeps the stored one, else ###-##-####. */
const ZOptionalSsn = z.preprocess(
  blankToUndefined,
  z
    .string()
    .max(20)
    .transform(normalizeSsn)
    .refine((v) => isMaskedSsn(v) || ssnFormatIssue(v, 'strict') === null, Messages.ssnInvalid)
    .optional(),
);

const ZRequiredEmail = z.preprocess(blankToUndefined, z.string({ error: Messages.fieldRequired }).trim().max(254, Messages.invalidEmail).pipe(z.email({ error: Messages.invalidEmail })));

/** The fields add and edit share: the census's Employee. */
const employeeFields = {
  firstName: requiredName(),
  middleName: optionalName(),
  lastName: requiredName(),
  groupId: optionalOptionId('accessGroup'),
  employmentId: optionId('employmentStatus'),
  /** 2 is hourly (Wage/hour); otherwise Salary. */
  employmentType: optionalOptionId('employmentType'),
  officeId: optionalOptionId('office'),
  title: optionalText(),
  /** MM/DD/YYYY. */
  hireDate: ZUsDate,
  /** MM/DD/YYYY, not in the future. */
  birthDate: z.preprocess(blankToUndefined, z.string().trim().refine((v) => isValidBirthDate(v), Messages.dateInvalid).optional()),
  gender: optionalOptionId('gender'),
  maritalStatusId: optionalOptionId('maritalStatus'),
  ssn: ZOptionalSsn,
  income: ZIncome,
  workHours: ZWorkHours,
  address1: optionalText(200),
  address2: optionalText(200),
  zip: ZOptionalZip,
  city: optionalText(),
  state: ZOptionalState,
  officePhone: ZOptionalPhone,
  homePhone: ZOptionalPhone,
  cellPhone: ZOptionalPhone,
};

/** Which optional onboarding steps run for the employee when the client has them on. */
export const ONBOARDING_STEP_FLAGS = ['onboardingI9', 'onboardingW4', 'onboardingPayroll', 'onboardingEeo'] as const;
export const ONBOARDING_STEP_FLAG_LABELS: Record<(typeof ONBOARDING_STEP_FLAGS)[number], string> = {
  onboardingI9: 'Employment eligibility (I-9)',
  onboardingW4: 'Tax withholding (W-4)',
  onboardingPayroll: 'Payroll (direct deposit)',
  onboardingEeo: 'EEO',
};

/** A JSON flag that defaults to on when absent (sendEmail, the step flags). */
const flagDefaultOn = z.preprocess((v) => (v === undefined || v === null ? true : v === true || v === 'on' || v === 'true' || v === 1 || v === '1'), z.boolean());
const flagDefaultOff = z.preprocess((v) => v === true || v === 'on' || v === 'true' || v === 1 || v === '1', z.boolean());

/**
 * POST /employees (Add New Employee; validated on blur). Email is required: it is where the welcome email
 * with the registration link goes, and the sign-in address of the account it creates.
 */
export const ZNewEmployee = z.object({
  ...employeeFields,
  /** Required when adding, optional when editing. */
  groupId: optionId('accessGroup'),
  email: ZRequiredEmail,
  /** Queue the welcome email with the registration link (default on). */
  sendEmail: flagDefaultOn,
  enableOnboarding: flagDefaultOff,
  onboardingI9: flagDefaultOn,
  onboardingW4: flagDefaultOn,
  onboardingPayroll: flagDefaultOn,
  onboardingEeo: flagDefaultOn,
});
export type NewEmployee = z.output<typeof ZNewEmployee>;
/** The same rules for the HTML form, where an unticked checkbox sends nothing (so absent is off). */
export const ZNewEmployeeForm = ZNewEmployee.extend({
  sendEmail: ZCheckbox,
  enableOnboarding: ZCheckbox,
  onboardingI9: ZCheckbox,
  onboardingW4: ZCheckbox,
  onboardingPayroll: ZCheckbox,
  onboardingEeo: ZCheckbox,
});

export const ZNewEmployeeResponse = z.object({ id: z.number().int(), individualId: z.number().int(), firstName: z.string(), lastName: z.string() });
export type NewEmployeeResponse = z.infer<typeof ZNewEmployeeResponse>;

/** Blank keeps the password; anything else follows the one rule for every password. */
const ZAdminPassword = z.preprocess(blankToUndefined, ZNewPassword.optional());

/**
 * PUT /employees/{id} (Edit Employee; validated on submit). The email is required when the account signs in
 * by email (checked on the server, which knows the account); a username account may change its username.
 * A password sets a new one that the employee must change at the next sign-in. Blank income keeps the
 * stored one; the SSN mask keeps the stored SSN.
 */
export const ZEmployeeUpdate = z.object({
  ...employeeFields,
  email: z.preprocess(blankToUndefined, z.string().trim().max(254, Messages.invalidEmail).pipe(z.email({ error: Messages.invalidEmail })).optional()),
  username: optionalText(100),
  password: ZAdminPassword,
  /**
   * Onboarding for this employee; absent keeps it as it is. Turned on before they finish registering, the
   * wizard starts at their next sign-in; turned off before they start, it is skipped (contracts/onboarding-start.ts).
   */
  enableOnboarding: z.preprocess((v) => (v === undefined || v === null ? undefined : v === true || v === 'on' || v === 'true' || v === 1 || v === '1'), z.boolean().optional()),
});
export type EmployeeUpdate = z.output<typeof ZEmployeeUpdate>;
/** The same rules for the HTML form, where an unticked checkbox sends nothing (so absent is off). */
export const ZEmployeeUpdateForm = ZEmployeeUpdate.extend({ enableOnboarding: ZCheckbox });

/** GET /employees/{id}/employee: what the census shows and the edit form starts from (SSN masked, income never). */
export const ZCensusEmployee = ZEmployeeProfile.extend({
  username: z.string().nullable(),
  authenticationMethod: z.enum(['email', 'username']).nullable(),
  hasAccount: z.boolean(),
  terminated: z.boolean(),
  cobra: z.boolean(),
  /** MM/DD/YYYY. */
  terminationDate: z.string().nullable(),
  /** The last day of coverage after a termination, MM/DD/YYYY. */
  coverageEndDate: z.string().nullable(),
  enableOnboarding: z.boolean(),
  onboardingI9: z.boolean(),
  onboardingW4: z.boolean(),
  onboardingPayroll: z.boolean(),
  onboardingEeo: z.boolean(),
  /** The same progress as the census list shows. */
  progress: ZCensusProgress,
});
export type CensusEmployee = z.infer<typeof ZCensusEmployee>;

// ---------------------------------------------------------------------------------------------------------
// Terminate

/**
 * PUT /employees/{id}/terminate. Coverage ends on the last day of the month of the termination date (the
 * rule chosen here, as most carriers do), shown as effectiveToDate; sign-in ends after the termination date.
 */
/** What decides what a termination changes: the dates, the event and COBRA (Terminate's first step). */
const TERMINATION_FIELDS = {
  /** MM/DD/YYYY. */
  terminationDate: ZUsDate,
  totalDisability: flagDefaultOff,
  /** MM/DD/YYYY; required when totalDisability. */
  disabilityStartDate: ZOptionalUsDate,
  qualifyingEventId: z.preprocess(
    toIntOrUndefined,
    z.number({ error: (i) => (i.input === undefined ? Messages.fieldRequired : CensusMessages.terminationQualifyingEvent) }).refine((id) => TERMINATION_QUALIFYING_EVENT_IDS.includes(id), CensusMessages.terminationQualifyingEvent),
  ),
  /** The employee elects COBRA continuation: they move to COBRA/Continuation instead of Terminated. */
  cobraElection: flagDefaultOff,
};
const disabilityNeedsStart = (v: { totalDisability: boolean; disabilityStartDate?: string | undefined }, ctx: z.RefinementCtx) => {
  if (v.totalDisability && !v.disabilityStartDate) ctx.addIssue({ code: 'custom', path: ['disabilityStartDate'], message: CensusMessages.disabilityStartRequired });
};

/** GET /employees/{id}/termination-review: the first step's fields, before anything is signed. */
export const ZTerminationReviewQuery = z.object(TERMINATION_FIELDS).superRefine(disabilityNeedsStart);
export type TerminationReviewQuery = z.output<typeof ZTerminationReviewQuery>;

export const ZTerminationRequest = z
  .object({ ...TERMINATION_FIELDS, notes: optionalText(2000) })
  .extend(ZSignatureRequest.shape)
  .superRefine(disabilityNeedsStart);
export type TerminationRequest = z.output<typeof ZTerminationRequest>;

/** The last day of coverage for a termination date (YYYY-MM-DD): the last day of that month. */
export function coverageEndFor(terminationIsoDate: string): string {
  const [y, m] = terminationIsoDate.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(last).padStart(2, '0')}`;
}

export const ZTerminationResponse = z.object({
  group: z.enum(EMPLOYEE_GROUPS),
  /** MM/DD/YYYY. */
  terminationDate: z.string(),
  coverageEndDate: z.string(),
  actionIds: z.array(z.number().int()),
});
export type TerminationResponse = z.infer<typeof ZTerminationResponse>;

/**
 * What a termination will change, shown before HR signs: sign-in ends after the
 * termination date, each current election's coverage ends on coverageEndFor's date, COBRA or not, and where
 * the employee's termination notice is emailed (null: no address, no email).
 */
export const ZTerminationReview = z.object({
  employeeName: z.string(),
  /** MM/DD/YYYY: the last day the employee can sign in. */
  terminationDate: z.string(),
  coverageEndDate: z.string(),
  qualifyingEvent: z.string(),
  cobraElection: z.boolean(),
  plans: z.array(z.object({ planType: z.string(), planName: z.string(), coverageEnds: z.string() })),
  noticeTo: z.string().nullable(),
});
export type TerminationReview = z.infer<typeof ZTerminationReview>;
