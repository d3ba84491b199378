/**
 * Reference data for every option list served by `GET /options?type=` and `GET /options`
 * (each item is an id and a text; security questions are
 * answered as value and label by `GET /options/security-question`, mapped from id and text).
 *
 * Framework-free on purpose: the API module, the seed and the tests all read these constants.
 * Where the spec documents give ids they are used exactly; where they give none, the ids below were
 * chosen here (starting at 1) and each list says so in its comment.
 */

export const OPTION_TYPES = [
  'gender',
  'smoker',
  'state',
  'securityQuestion',
  'maritalStatus',
  'lastNameReason',
  'relationshipType',
  'accessGroup',
  'employmentStatus',
  'office',
  'employmentType',
  'qualifyingEvent',
  'logEventType',
  'planType',
  'workEligibilityType',
  'w4FilingStatus',
  'payrollMethod',
  'payrollAmountType',
  'payrollAccountType',
  'eeoRace',
  'eeoJobCategory',
  'eeoMilitaryStatus',
  'beneficiaryRelationshipType',
  'beneficiaryType',
  'waiverReason',
] as const;

export type OptionType = (typeof OPTION_TYPES)[number];

export interface OptionItem {
  id: number;
  text: string;
}

/** True when `value` names one of the option lists (e.g. the `type` query parameter). */
export function isOptionType(value: unknown): value is OptionType {
  return typeof value === 'string' && (OPTION_TYPES as readonly string[]).includes(value);
}

// Gender: ids as specified ("Gender codes 1 Male, 2 Female").
const GENDER: readonly OptionItem[] = [
  { id: 1, text: 'Male' },
  { id: 2, text: 'Female' },
];

// Smoker: as specified ("smoker (0 or another value from an options list)"; "value 0 counts as
// present"), so 0 = No. The id of Yes is not given by the spec: chosen here (1).
const SMOKER: readonly OptionItem[] = [
  { id: 0, text: 'No' },
  { id: 1, text: 'Yes' },
];

// State: not given by the spec: chosen here. The 50 states plus DC, ordered by state name, ids
// sequential from 1, text = two-letter USPS code.
const STATE: readonly OptionItem[] = [
  'AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL',
  'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY', 'LA', 'ME',
  'MD', 'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH',
  'NJ', 'NM', 'NY', 'NC', 'ND', 'OH', 'OK', 'OR', 'PA', 'RI',
  'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI',
  'WY',
].map((code, index) => ({ id: index + 1, text: code }));

// Security questions: not given by the spec: chosen here. Answered as { value: id, label: text }
// by GET /options/security-question; registration sends securityQuestionId as a string.
const SECURITY_QUESTION: readonly OptionItem[] = [
  { id: 1, text: "What is your mother's maiden name?" },
  { id: 2, text: 'What was the name of your first pet?' },
  { id: 3, text: 'In what city were you born?' },
  { id: 4, text: 'What was the name of your elementary school?' },
  { id: 5, text: 'What was the make and model of your first car?' },
  { id: 6, text: 'What is the name of the street you grew up on?' },
  { id: 7, text: 'What was the name of your childhood best friend?' },
  { id: 8, text: 'In what city did your parents meet?' },
];

// Marital status: id 1 is the default ("Default marital status id 1") and 2 is
// Married (the Marriage event is hidden when maritalStatusId is 2). The other ids
// are not given by the spec: chosen here.
const MARITAL_STATUS: readonly OptionItem[] = [
  { id: 1, text: 'Single' },
  { id: 2, text: 'Married' },
  { id: 3, text: 'Divorced' },
  { id: 4, text: 'Widowed' },
  { id: 5, text: 'Separated' },
  { id: 6, text: 'Domestic partnership' },
];

// Last-name reason (lastNameReasonId, for a child whose last name differs from the user's):
// not given by the spec: chosen here.
const LAST_NAME_REASON: readonly OptionItem[] = [
  { id: 1, text: 'Stepchild' },
  { id: 2, text: 'Adopted child' },
  { id: 3, text: 'Foster child' },
  { id: 4, text: 'Child under legal guardianship' },
  { id: 5, text: "Child uses the other parent's last name" },
  { id: 6, text: 'Hyphenated or legally changed last name' },
  { id: 7, text: 'Other' },
];

// Relationship type of a dependent: "1 Spouse, 2 Child, 7 Domestic partner". The enrollment part of the
// spec once says "Relationship type id 2 is Spouse"; the account part states 1 Spouse / 2 Child twice and
// is followed here. Ids 3-6 are deliberately unused: everything that treats a child as id 2 keeps working.
const RELATIONSHIP_TYPE: readonly OptionItem[] = [
  { id: 1, text: 'Spouse' },
  { id: 2, text: 'Child' },
  { id: 7, text: 'Domestic partner' },
];

// Access group (employee groupId): not given by the spec: chosen here.
const ACCESS_GROUP: readonly OptionItem[] = [
  { id: 1, text: 'Full-Time Employees' },
  { id: 2, text: 'Part-Time Employees' },
  { id: 3, text: 'Management' },
  { id: 4, text: 'Executives' },
  { id: 5, text: 'Union Employees' },
];

// Employment status (employee employmentId): not given by the spec: chosen here.
// Terminated and COBRA are flags of the employee, not statuses.
const EMPLOYMENT_STATUS: readonly OptionItem[] = [
  { id: 1, text: 'Full-Time' },
  { id: 2, text: 'Part-Time' },
  { id: 3, text: 'Seasonal' },
  { id: 4, text: 'Temporary' },
  { id: 5, text: 'Leave of Absence' },
  { id: 6, text: 'Retired' },
];

// Office (employee officeId; "officeLocation" in the spec): not given by the spec: chosen here.
const OFFICE: readonly OptionItem[] = [
  { id: 1, text: 'Headquarters' },
  { id: 2, text: 'East Coast Office' },
  { id: 3, text: 'West Coast Office' },
  { id: 4, text: 'Remote' },
];

// Employment type: "2 means hourly, label Wage/hour; otherwise Salary" ("Employment type 2 = hourly"). The id of Salary is not given by the spec: chosen here (1).
const EMPLOYMENT_TYPE: readonly OptionItem[] = [
  { id: 1, text: 'Salary' },
  { id: 2, text: 'Wage/hour' },
];

// Qualifying event: ids 1-9 are the life event types (mid-year change wizard,
// step 1; event 9 opens the Decline tab). Ids 10-15 are the employment-related
// (federal COBRA) qualifying events for the termination dialog ("federal
// qualifying-event mode"): not given by the spec: chosen here. Use LIFE_EVENT_IDS and
// TERMINATION_QUALIFYING_EVENT_IDS below to offer each screen its own part of the list.
const QUALIFYING_EVENT: readonly OptionItem[] = [
  { id: 1, text: 'Birth or adoption' },
  { id: 2, text: 'Marriage' },
  { id: 3, text: 'Spouse lost coverage' },
  { id: 4, text: 'Child lost coverage' },
  { id: 5, text: 'Divorce or legal separation' },
  { id: 6, text: 'Death of spouse' },
  { id: 7, text: 'Child no longer a dependent' },
  { id: 8, text: 'Remove dependents' },
  { id: 9, text: 'Decline coverage' },
  { id: 10, text: 'Voluntary termination of employment' },
  { id: 11, text: 'Involuntary termination of employment' },
  { id: 12, text: 'Reduction in hours' },
  { id: 13, text: 'Death of employee' },
  { id: 14, text: 'Retirement' },
  { id: 15, text: 'Employee entitled to Medicare' },
];

// Log event type (audit log "Event Type" filter): the spec names create, update and delete
// (the audit actionType values); the numeric ids are not given by the spec: chosen here.
const LOG_EVENT_TYPE: readonly OptionItem[] = [
  { id: 1, text: 'Create' },
  { id: 2, text: 'Update' },
  { id: 3, text: 'Delete' },
];

// Plan type: ids exactly as the spec's "Plan type ids"; texts from its "Plan type names" where
// given (Group Medical, Group Dental, ...), otherwise the id list's name spelled out.
// 9 is State STD, never a waiver (waiving is a status).
const PLAN_TYPE: readonly OptionItem[] = [
  { id: 1, text: 'Group Medical' },
  { id: 2, text: 'Group Dental' },
  { id: 3, text: 'Group Life' },
  { id: 4, text: 'AD&D' },
  { id: 6, text: 'LTD' },
  { id: 7, text: 'STD' },
  { id: 8, text: 'Group Vision' },
  { id: 9, text: 'State STD' },
  { id: 10, text: 'Pension' },
  { id: 11, text: 'LTC' },
  { id: 12, text: 'FSA' },
  { id: 13, text: 'Section 125' },
  { id: 15, text: 'EAP' },
  { id: 16, text: 'Pediatric' },
  { id: 19, text: 'HRA' },
  { id: 20, text: 'HSA' },
  { id: 32, text: 'Voluntary Dental' },
  { id: 33, text: 'Voluntary Life' },
  { id: 34, text: 'Voluntary AD&D' },
  { id: 36, text: 'Voluntary STD' },
  { id: 37, text: 'Voluntary LTD' },
  { id: 38, text: 'Voluntary Vision' },
  { id: 42, text: 'Worksite Benefits Dental' },
  { id: 48, text: 'Worksite Benefits Vision' },
];

// Work eligibility type (Form I-9, the employee's part: four options; "Resident" needs
// a USCIS number, "Alien authorized to work" an expiration date): the ids are not given by the spec:
// chosen here, in the order of the form.
const WORK_ELIGIBILITY_TYPE: readonly OptionItem[] = [
  { id: 1, text: 'A citizen of the United States' },
  { id: 2, text: 'A noncitizen national of the United States' },
  { id: 3, text: 'A lawful permanent resident' },
  { id: 4, text: 'An alien authorized to work' },
];

// W-4 filing status (federalFilingStatus, sent as a string): not given by the spec:
// chosen here, with the filing statuses of the 2020 and later Form W-4 (step 1(c)).
const W4_FILING_STATUS: readonly OptionItem[] = [
  { id: 1, text: 'Single or Married filing separately' },
  { id: 2, text: 'Married filing jointly or Qualifying surviving spouse' },
  { id: 3, text: 'Head of household' },
];

// Payroll method: ids as specified ("1 Deposit, 2 Card, 3 Check").
const PAYROLL_METHOD: readonly OptionItem[] = [
  { id: 1, text: 'Deposit' },
  { id: 2, text: 'Card' },
  { id: 3, text: 'Check' },
];

// Payroll amount type: ids as specified ("1 Percentage, 2 Dollars, 3 RemainingAmount").
const PAYROLL_AMOUNT_TYPE: readonly OptionItem[] = [
  { id: 1, text: 'Percentage' },
  { id: 2, text: 'Dollars' },
  { id: 3, text: 'Remaining Amount' },
];

// Payroll account type (direct deposit accountType): not given by the spec:
// chosen here.
const PAYROLL_ACCOUNT_TYPE: readonly OptionItem[] = [
  { id: 1, text: 'Checking' },
  { id: 2, text: 'Savings' },
];

// EEO race/ethnicity (eeoRace, optional): not given by the spec: chosen here, the
// EEO-1 race/ethnicity categories plus an explicit decline.
const EEO_RACE: readonly OptionItem[] = [
  { id: 1, text: 'Hispanic or Latino' },
  { id: 2, text: 'White (Not Hispanic or Latino)' },
  { id: 3, text: 'Black or African American (Not Hispanic or Latino)' },
  { id: 4, text: 'Native Hawaiian or Other Pacific Islander (Not Hispanic or Latino)' },
  { id: 5, text: 'Asian (Not Hispanic or Latino)' },
  { id: 6, text: 'American Indian or Alaska Native (Not Hispanic or Latino)' },
  { id: 7, text: 'Two or More Races (Not Hispanic or Latino)' },
  { id: 8, text: 'I do not wish to self-identify' },
];

// EEO job category (eeoJobCategory, optional): not given by the spec: chosen here,
// the 10 EEO-1 job categories in the order of the EEO-1 report.
const EEO_JOB_CATEGORY: readonly OptionItem[] = [
  { id: 1, text: 'Executive/Senior Level Officials and Managers' },
  { id: 2, text: 'First/Mid-Level Officials and Managers' },
  { id: 3, text: 'Professionals' },
  { id: 4, text: 'Technicians' },
  { id: 5, text: 'Sales Workers' },
  { id: 6, text: 'Administrative Support Workers' },
  { id: 7, text: 'Craft Workers' },
  { id: 8, text: 'Operatives' },
  { id: 9, text: 'Laborers and Helpers' },
  { id: 10, text: 'Service Workers' },
];

// EEO military status (eeoMilitaryStatus, optional): not given by the spec: chosen
// here, the VEVRAA protected-veteran categories plus "not protected" and a decline.
const EEO_MILITARY_STATUS: readonly OptionItem[] = [
  { id: 1, text: 'Disabled veteran' },
  { id: 2, text: 'Recently separated veteran' },
  { id: 3, text: 'Active duty wartime or campaign badge veteran' },
  { id: 4, text: 'Armed Forces service medal veteran' },
  { id: 5, text: 'Not a protected veteran' },
  { id: 6, text: 'I do not wish to self-identify' },
];

// Beneficiary relationship type (beneficiary relationshipTypeId): not given
// by the spec: chosen here. Spouse 1, Child 2 and Domestic partner 7 match the dependent relationship
// types so a dependent can be named as a beneficiary without translating ids.
const BENEFICIARY_RELATIONSHIP_TYPE: readonly OptionItem[] = [
  { id: 1, text: 'Spouse' },
  { id: 2, text: 'Child' },
  { id: 3, text: 'Parent' },
  { id: 4, text: 'Sibling' },
  { id: 5, text: 'Grandchild' },
  { id: 6, text: 'Other relative' },
  { id: 7, text: 'Domestic partner' },
  { id: 8, text: 'Friend' },
  { id: 9, text: 'Trust' },
  { id: 10, text: 'Estate' },
  { id: 11, text: 'Charity or organization' },
  { id: 12, text: 'Other' },
];

// Beneficiary type: ids as specified ("1 primary, 2 contingent, 3 tertiary").
const BENEFICIARY_TYPE: readonly OptionItem[] = [
  { id: 1, text: 'Primary' },
  { id: 2, text: 'Contingent' },
  { id: 3, text: 'Tertiary' },
];

// Waiver reason (kind of other coverage when declining with "have other coverage"):
// -1 = Other is given by the spec (it requires reasonOther and member); the other ids
// are not given by the spec: chosen here.
const WAIVER_REASON: readonly OptionItem[] = [
  { id: 1, text: "Covered under my spouse's or domestic partner's plan" },
  { id: 2, text: "Covered under my parent's plan" },
  { id: 3, text: "Covered under another employer's plan" },
  { id: 4, text: 'Medicare' },
  { id: 5, text: 'Medicaid or CHIP' },
  { id: 6, text: 'TRICARE or VA coverage' },
  { id: 7, text: 'Individual or Marketplace coverage' },
  { id: -1, text: 'Other' },
];

export const OPTION_LISTS: Record<OptionType, readonly OptionItem[]> = {
  gender: GENDER,
  smoker: SMOKER,
  state: STATE,
  securityQuestion: SECURITY_QUESTION,
  maritalStatus: MARITAL_STATUS,
  lastNameReason: LAST_NAME_REASON,
  relationshipType: RELATIONSHIP_TYPE,
  accessGroup: ACCESS_GROUP,
  employmentStatus: EMPLOYMENT_STATUS,
  office: OFFICE,
  employmentType: EMPLOYMENT_TYPE,
  qualifyingEvent: QUALIFYING_EVENT,
  logEventType: LOG_EVENT_TYPE,
  planType: PLAN_TYPE,
  workEligibilityType: WORK_ELIGIBILITY_TYPE,
  w4FilingStatus: W4_FILING_STATUS,
  payrollMethod: PAYROLL_METHOD,
  payrollAmountType: PAYROLL_AMOUNT_TYPE,
  payrollAccountType: PAYROLL_ACCOUNT_TYPE,
  eeoRace: EEO_RACE,
  eeoJobCategory: EEO_JOB_CATEGORY,
  eeoMilitaryStatus: EEO_MILITARY_STATUS,
  beneficiaryRelationshipType: BENEFICIARY_RELATIONSHIP_TYPE,
  beneficiaryType: BENEFICIARY_TYPE,
  waiverReason: WAIVER_REASON,
};

// Qualifying-event ids of the mid-year life events (event types 1 to 9).
export const LIFE_EVENT_IDS: readonly number[] = [1, 2, 3, 4, 5, 6, 7, 8, 9];

// Qualifying-event ids offered in the termination dialog: the employment-related (COBRA) events of
// the covered employee chosen here (10-15).
export const TERMINATION_QUALIFYING_EVENT_IDS: readonly number[] = [10, 11, 12, 13, 14, 15];

// Reasons for life events 3 and 4 (mid-year reasonId). Not one of the 25
// option lists; the texts are the documented ones, the ids are not given by the spec: chosen here.
export const LIFE_EVENT_REASONS: readonly OptionItem[] = [
  { id: 1, text: 'Termination of employment' },
  { id: 2, text: 'Reduction in hours' },
  { id: 3, text: "Termination of the other plan's coverage" },
];
