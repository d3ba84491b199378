import { z } from 'zod';
import { AMOUNT_INPUT_PATTERN, centsToDecimal } from './engine/money';
import { blankToUndefined, isValidUsDate, optionalOptionId, toIntOrUndefined } from './formats';
import { Messages } from './messages';

/**
 * New-hire onboarding (document 3 sections 2.12, 3, 4, 5, 7 and 9): the steps, their rules and their
 * messages, shared by the API, the OpenAPI document and the site's forms.
 */

/** The saved onboarding step is the last one completed (document 3 section 4); 0 finished, 1 nothing done yet. */
export const OnboardingStep = {
  Finished: 0,
  Pending: 1,
  Profile: 2,
  Documents: 3,
  Eligibility: 4,
  Tax: 5,
  Payroll: 6,
  Eeo: 7,
  Signature: 8,
} as const;
export type OnboardingStepValue = (typeof OnboardingStep)[keyof typeof OnboardingStep];

/** The screens a person goes through, with their names (document 3 section 2.12). */
export const ONBOARDING_STEP_LABELS: Record<Exclude<OnboardingStepValue, 0 | 1>, string> = {
  2: 'Employee Profile',
  3: 'Documents',
  4: 'Employment Eligibility Verification',
  5: 'Tax Withholding',
  6: 'Payroll',
  7: 'EEO',
  8: 'Signature',
};

export interface OnboardingFlags {
  i9Enabled: boolean;
  w4Enabled: boolean;
  payrollEnabled: boolean;
  eeoEnabled: boolean;
}

/** The steps to complete, in order: the optional ones only with their flag (document 3 section 2.12). */
export function onboardingSteps(flags: OnboardingFlags): Array<Exclude<OnboardingStepValue, 0 | 1>> {
  return [
    OnboardingStep.Profile,
    OnboardingStep.Documents,
    ...(flags.i9Enabled ? [OnboardingStep.Eligibility] : []),
    ...(flags.w4Enabled ? [OnboardingStep.Tax] : []),
    ...(flags.payrollEnabled ? [OnboardingStep.Payroll] : []),
    ...(flags.eeoEnabled ? [OnboardingStep.Eeo] : []),
    OnboardingStep.Signature,
  ];
}

/**
 * The Finish screen's button: into benefit enrollment while elections can be made (a new hire, or open
 * enrollment not over), else a neutral start (the spec's product name replaced, as it asks).
 */
export function finishLabel(user: { newHire: boolean; openEnrollmentEndDate: string | null }, today: Date = new Date()): string {
  if (user.newHire) return OnboardingMessages.continueToEnrollment;
  const end = user.openEnrollmentEndDate?.match(/^(\d{2})\/(\d{2})\/(\d{4})$/);
  if (end) {
    const endDay = Date.UTC(Number(end[3]), Number(end[1]) - 1, Number(end[2]));
    const day = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
    if (endDay > day) return OnboardingMessages.continueToEnrollment;
  }
  return OnboardingMessages.getStarted;
}

/** Document 3 sections 5 and 8, word for word; the server's own where the spec has none. */
export const OnboardingMessages = {
  continueToEnrollment: 'Continue to Benefit Enrollment',
  getStarted: 'Get Started',
  // Employment eligibility
  selectOneOfFour: 'Please select one of the four options*',
  fieldIsRequired: 'Field Is Required',
  expireDateRequired: 'Expire Date Is Required',
  dateFormatNotValid: 'Date Format Is Not Valid',
  bothFieldsRequired: 'Both Fields Are Required',
  documentsNote: 'You may present these documents within 3 days of your first day of work.',
  // Tax
  filingStatusRequired: 'Filing Status Is Required',
  allowancesRequired: 'Allowances Number Is Required',
  allowancesNegative: 'Allowances Number Cannot Be Less Than 0',
  amountNegative: 'Amount Cannot Be Less Than 0',
  certifyBoth: 'Confirm both statements to claim exemption from withholding',
  exemptLastYear: (year: number) => `Last year (${year - 1}) I had a right to a refund of all federal income tax withheld because I had no tax liability.`,
  exemptThisYear: (year: number) => `This year (${year}) I expect a refund of all federal income tax withheld because I expect to have no tax liability.`,
  // Payroll
  fieldRequired: Messages.fieldRequired,
  amountRequired: 'Amount is required',
  selectAccountType: 'Select Account Type',
  totalSummary: 'Total summary must be equal 100%',
  totalPercentage: 'Total percentage must be 100%',
  createPayrollMethods: 'Please create payroll methods to continue',
  routingInvalid: 'This is not a valid routing number',
  accountInvalid: 'Enter the account number (4 to 17 digits)',
  firstMethodKept: 'The first payroll method cannot be deleted',
  methodNotOffered: 'Your employer does not offer this payroll method',
  methodNotFound: 'Payroll method not found',
  // EEO and signature
  eeoFetch: 'Error, when trying to fetch eeo info',
  eeoChange: 'Error, when trying to change EEO',
  signatureServerError: 'Server error!',
  notRunning: 'Onboarding is not running for this account',
  accountSettingsFirst: 'save your account settings first',
} as const;

// ---------------------------------------------------------------------------------------------------------
// Employment eligibility (I-9)

export const WorkEligibility = { Citizen: 1, NoncitizenNational: 2, PermanentResident: 3, AlienAuthorized: 4 } as const;

const optionalCode = z.preprocess(blankToUndefined, z.string().trim().max(40).optional());

/** PUT /onboarding/i9 and the step's form: the four types and their conditional fields (document 3 section 5). */
export const ZI9Request = z
  .object({
    workEligibilityType: z.preprocess(toIntOrUndefined, z.unknown()),
    /** A/USCIS number; the mask the API answered keeps the stored one. */
    uscisNumber: optionalCode,
    i94Number: optionalCode,
    passportNumber: optionalCode,
    issuanceCountry: optionalCode,
    /** MM/DD/YYYY. */
    expirationDate: z.preprocess(blankToUndefined, z.string().trim().max(20).optional()),
  })
  .superRefine((v, c) => {
    const type = v.workEligibilityType;
    if (type !== 1 && type !== 2 && type !== 3 && type !== 4) {
      c.addIssue({ code: 'custom', path: ['workEligibilityType'], message: OnboardingMessages.selectOneOfFour });
      return;
    }
    if (type === WorkEligibility.PermanentResident && !v.uscisNumber) c.addIssue({ code: 'custom', path: ['uscisNumber'], message: OnboardingMessages.fieldIsRequired });
    if (type === WorkEligibility.AlienAuthorized) {
      if (!v.expirationDate) c.addIssue({ code: 'custom', path: ['expirationDate'], message: OnboardingMessages.expireDateRequired });
      else if (!isValidUsDate(v.expirationDate)) c.addIssue({ code: 'custom', path: ['expirationDate'], message: OnboardingMessages.dateFormatNotValid });
      const passport = Boolean(v.passportNumber) || Boolean(v.issuanceCountry);
      if (passport && !(v.passportNumber && v.issuanceCountry)) {
        c.addIssue({ code: 'custom', path: [v.passportNumber ? 'issuanceCountry' : 'passportNumber'], message: OnboardingMessages.bothFieldsRequired });
      } else if (!v.uscisNumber && !v.i94Number && !passport) {
        c.addIssue({ code: 'custom', path: ['uscisNumber'], message: OnboardingMessages.fieldIsRequired });
      }
    }
  })
  .transform((v) => {
    const type = v.workEligibilityType as 1 | 2 | 3 | 4;
    // Only what the chosen type asks is kept: a citizen's record carries no leftover numbers.
    return {
      workEligibilityType: type,
      uscisNumber: type === 3 || type === 4 ? (v.uscisNumber ?? null) : null,
      i94Number: type === 4 ? (v.i94Number ?? null) : null,
      passportNumber: type === 4 ? (v.passportNumber ?? null) : null,
      issuanceCountry: type === 4 ? (v.issuanceCountry ?? null) : null,
      expirationDate: type === 4 ? (v.expirationDate ?? null) : null,
    };
  });
export type I9Request = z.output<typeof ZI9Request>;

export const ZI9 = z.object({
  workEligibilityType: z.number().int().nullable(),
  /** Masked (XXXXX1234) until unlocked. */
  uscisNumber: z.string().nullable(),
  i94Number: z.string().nullable(),
  passportNumber: z.string().nullable(),
  issuanceCountry: z.string().nullable(),
  expirationDate: z.string().nullable(),
});
export type I9 = z.infer<typeof ZI9>;

/** How an identity number reads until unlocked: its last four characters. */
export function maskIdentityNumber(value: string | null | undefined): string | null {
  if (!value) return null;
  return `XXXXX${value.slice(-4)}`;
}

/** A value the API answered masked (XXXXX1234): sent back, it stands for the stored number. Passport numbers may hold an X, so only the mask's prefix counts. */
export const isMaskedNumber = (value: string): boolean => /^X{5}/i.test(value);

/** GET /onboarding/i9-docs: the acceptable documents (Form I-9, lists A, B and C). */
export const ZI9Documents = z.object({
  note: z.string(),
  lists: z.array(z.object({ title: z.string(), description: z.string(), documents: z.array(z.string()) })),
});
export type I9Documents = z.infer<typeof ZI9Documents>;

// ---------------------------------------------------------------------------------------------------------
// Tax withholding (W-4)

/** PUT /onboarding/w4: filing status, allowances, additional amount, exemption with its two certifications. */
export const ZW4Request = z
  .object({
    federalFilingStatus: z.preprocess(toIntOrUndefined, z.unknown()),
    federalWithholdingAllowance: z.preprocess(blankToUndefined, z.union([z.string(), z.number()]).optional()),
    federalAdditionalWithholding: z.preprocess(blankToUndefined, z.union([z.string(), z.number()]).optional()),
    federalExemption: z.preprocess((v) => (v === true || v === 'on' || v === 1 || v === '1' ? '1' : '0'), z.enum(['0', '1'])),
    certifyLastYear: z.preprocess((v) => v === true || v === 'on' || v === 'true' || v === '1', z.boolean()),
    certifyThisYear: z.preprocess((v) => v === true || v === 'on' || v === 'true' || v === '1', z.boolean()),
  })
  .superRefine((v, c) => {
    if (v.federalFilingStatus !== 1 && v.federalFilingStatus !== 2 && v.federalFilingStatus !== 3) {
      c.addIssue({ code: 'custom', path: ['federalFilingStatus'], message: OnboardingMessages.filingStatusRequired });
    }
    const allowances = v.federalWithholdingAllowance === undefined ? '' : String(v.federalWithholdingAllowance).trim();
    if (allowances === '') c.addIssue({ code: 'custom', path: ['federalWithholdingAllowance'], message: OnboardingMessages.allowancesRequired });
    else if (allowances.startsWith('-')) c.addIssue({ code: 'custom', path: ['federalWithholdingAllowance'], message: OnboardingMessages.allowancesNegative });
    else if (!/^\d{1,2}$/.test(allowances)) c.addIssue({ code: 'custom', path: ['federalWithholdingAllowance'], message: Messages.unknownOption });
    const extra = v.federalAdditionalWithholding === undefined ? '' : String(v.federalAdditionalWithholding).trim();
    if (extra.startsWith('-')) c.addIssue({ code: 'custom', path: ['federalAdditionalWithholding'], message: OnboardingMessages.amountNegative });
    else if (extra !== '' && !AMOUNT_INPUT_PATTERN.test(extra.replace(/[$,]/g, ''))) c.addIssue({ code: 'custom', path: ['federalAdditionalWithholding'], message: Messages.unknownOption });
    if (v.federalExemption === '1' && !(v.certifyLastYear && v.certifyThisYear)) c.addIssue({ code: 'custom', path: ['certifyThisYear'], message: OnboardingMessages.certifyBoth });
  })
  .transform((v) => {
    const extra = v.federalAdditionalWithholding === undefined ? '' : String(v.federalAdditionalWithholding).trim().replace(/[$,]/g, '');
    return {
      federalFilingStatus: v.federalFilingStatus as 1 | 2 | 3,
      federalWithholdingAllowance: Number(String(v.federalWithholdingAllowance).trim()),
      federalAdditionalWithholdingCents: extra === '' ? 0 : Math.round(Number(extra) * 100),
      federalExemption: v.federalExemption,
    };
  });
export type W4Request = z.output<typeof ZW4Request>;

export const ZW4 = z.object({
  /** As a string (document 3 section 7). */
  federalFilingStatus: z.string().nullable(),
  federalWithholdingAllowance: z.number().int().nullable(),
  federalAdditionalWithholding: z.string().nullable(),
  federalExemption: z.enum(['0', '1']),
  /** The year the exemption certifications are for. */
  exemptionYear: z.number().int().nullable(),
});
export type W4 = z.infer<typeof ZW4>;

// ---------------------------------------------------------------------------------------------------------
// EEO (all optional)

export const ZEeoRequest = z.object({
  eeoGender: optionalOptionId('gender'),
  eeoRace: optionalOptionId('eeoRace'),
  eeoJobCategory: optionalOptionId('eeoJobCategory'),
  eeoMilitaryStatus: optionalOptionId('eeoMilitaryStatus'),
});
export type EeoRequest = z.output<typeof ZEeoRequest>;
export const ZEeo = z.object({
  eeoGender: z.number().int().nullable(),
  eeoRace: z.number().int().nullable(),
  eeoJobCategory: z.number().int().nullable(),
  eeoMilitaryStatus: z.number().int().nullable(),
});
export type Eeo = z.infer<typeof ZEeo>;

// ---------------------------------------------------------------------------------------------------------
// Payroll

export const PayrollMethodType = { Deposit: 1, Card: 2, Check: 3 } as const;
export const PayrollAmountType = { Percentage: 1, Dollars: 2, RemainingAmount: 3 } as const;

/** The ABA routing number checksum: 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) is a multiple of 10. */
export function isValidRoutingNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const d = [...value].map(Number);
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  return sum % 10 === 0 && value !== '000000000';
}

/** XXXXX6789 for a stored account or routing number until it is unlocked. */
export const maskBankNumber = (value: string | null | undefined): string | null => (value ? `XXXXX${value.slice(-4)}` : null);

const methodId = z.preprocess(toIntOrUndefined, z.union([z.literal(1), z.literal(2), z.literal(3)], { error: Messages.fieldRequired }));
const amountTypeId = z.preprocess(toIntOrUndefined, z.union([z.literal(1), z.literal(2), z.literal(3)], { error: Messages.fieldRequired }));

/** One payroll method as the form and POST/PUT send it (document 3 sections 3 and 5). */
export const ZPayrollMethodRequest = z
  .object({
    method: methodId,
    amountType: amountTypeId,
    amount: z.preprocess(blankToUndefined, z.union([z.string(), z.number()]).optional()),
    /** Deposit only; a mask the API answered keeps the stored number. */
    routingNumber: z.preprocess(blankToUndefined, z.string().trim().max(20).optional()),
    accountNumber: z.preprocess(blankToUndefined, z.string().trim().max(20).optional()),
    accountType: z.preprocess(toIntOrUndefined, z.union([z.literal(1), z.literal(2)]).optional()),
    sortOrder: z.preprocess((v) => (v === undefined || v === null ? undefined : String(v)), z.string().max(10).optional()),
  })
  .superRefine((v, c) => {
    const amount = v.amount === undefined ? '' : String(v.amount).trim().replace(/[$,%]/g, '');
    if (v.amountType !== PayrollAmountType.RemainingAmount) {
      if (amount === '') c.addIssue({ code: 'custom', path: ['amount'], message: OnboardingMessages.amountRequired });
      else if (amount.startsWith('-')) c.addIssue({ code: 'custom', path: ['amount'], message: OnboardingMessages.amountNegative });
      else if (!AMOUNT_INPUT_PATTERN.test(amount) || (v.amountType === PayrollAmountType.Percentage && Number(amount) > 100)) {
        c.addIssue({ code: 'custom', path: ['amount'], message: Messages.unknownOption });
      }
    }
    if (v.method === PayrollMethodType.Deposit) {
      if (!v.routingNumber) c.addIssue({ code: 'custom', path: ['routingNumber'], message: OnboardingMessages.fieldRequired });
      else if (!isMaskedNumber(v.routingNumber) && !isValidRoutingNumber(v.routingNumber)) c.addIssue({ code: 'custom', path: ['routingNumber'], message: OnboardingMessages.routingInvalid });
      if (!v.accountNumber) c.addIssue({ code: 'custom', path: ['accountNumber'], message: OnboardingMessages.fieldRequired });
      else if (!isMaskedNumber(v.accountNumber) && !/^\d{4,17}$/.test(v.accountNumber)) c.addIssue({ code: 'custom', path: ['accountNumber'], message: OnboardingMessages.accountInvalid });
      if (v.accountType === undefined) c.addIssue({ code: 'custom', path: ['accountType'], message: OnboardingMessages.selectAccountType });
    }
  })
  .transform((v) => {
    const amount = v.amount === undefined ? '' : String(v.amount).trim().replace(/[$,%]/g, '');
    const deposit = v.method === PayrollMethodType.Deposit;
    return {
      method: v.method,
      amountType: v.amountType,
      /** Percent in hundredths for Percentage, cents for Dollars, 0 for the remaining amount. */
      amount: v.amountType === PayrollAmountType.RemainingAmount || amount === '' ? 0 : Math.round(Number(amount) * 100),
      routingNumber: deposit ? (v.routingNumber ?? null) : null,
      accountNumber: deposit ? (v.accountNumber ?? null) : null,
      accountType: deposit ? (v.accountType ?? null) : null,
      sortOrder: v.sortOrder ?? null,
    };
  });
export type PayrollMethodRequest = z.output<typeof ZPayrollMethodRequest>;

export const ZPayrollMethod = z.object({
  id: z.number().int(),
  method: z.number().int(),
  amountType: z.number().int(),
  /** '60.00' (percent) or '250.00' (dollars); '0.00' for the remaining amount. */
  amount: z.string(),
  /** Masked (XXXXX6789) until unlocked; null for a card or check. */
  routingNumber: z.string().nullable(),
  accountNumber: z.string().nullable(),
  accountType: z.number().int().nullable(),
  bankName: z.string().nullable(),
  sortOrder: z.string(),
});
export type PayrollMethod = z.infer<typeof ZPayrollMethod>;
export const ZPayrollMethodList = z.array(ZPayrollMethod);

/** PUT /payroll: the whole list in order (the step's Save), so the totals rule sees every method at once. */
export const ZPayrollSaveRequest = z.object({ methods: z.array(z.object({ id: z.preprocess(toIntOrUndefined, z.number().int().min(1)), sortOrder: z.string().max(10) })).min(1) });

export interface PayrollRow {
  amountType: number;
  /** Hundredths of a percent or cents. */
  amount: number;
  sortOrder: string;
}

const bySortOrder = <T extends { sortOrder: string }>(rows: readonly T[]): T[] => [...rows].sort((a, b) => Number(a.sortOrder) - Number(b.sortOrder) || a.sortOrder.localeCompare(b.sortOrder));

/**
 * The conversions of document 3 section 4: when no method is a percentage and there is more than one, the
 * last by sortOrder takes the remaining amount; on save a remaining amount is stored as Dollars 0 ("the
 * rest"). Answers the rows in sort order.
 */
export function normalizePayroll<T extends PayrollRow>(rows: readonly T[]): T[] {
  const ordered = bySortOrder(rows);
  const anyPercentage = ordered.some((r) => r.amountType === PayrollAmountType.Percentage);
  return ordered.map((r, i) => {
    const last = i === ordered.length - 1;
    if (!anyPercentage && ordered.length > 1 && last) return { ...r, amountType: PayrollAmountType.Dollars, amount: 0 };
    if (r.amountType === PayrollAmountType.RemainingAmount) return { ...r, amountType: PayrollAmountType.Dollars, amount: 0 };
    return r;
  });
}

/** The totals rule: percentages, when used, make exactly 100%; at least one method exists. */
export function payrollIssues(rows: readonly PayrollRow[]): string[] {
  if (rows.length === 0) return [OnboardingMessages.createPayrollMethods];
  const percentages = rows.filter((r) => r.amountType === PayrollAmountType.Percentage);
  if (percentages.length > 0 && percentages.reduce((s, r) => s + r.amount, 0) !== 100_00) return [OnboardingMessages.totalPercentage];
  return [];
}

/** Stored hundredths to '60.00'. */
export const payrollAmountText = (amount: number): string => centsToDecimal(amount);

// ---------------------------------------------------------------------------------------------------------
// Progress and signature

export const ZOnboardingStepRequest = z.object({ step: z.preprocess(toIntOrUndefined, z.number().int().min(0).max(8)) });

/**
 * Account Settings, the first onboarding screen only for a username account whose registration is still at
 * the welcome-email step (document 3 section 2.12): the email the account will use and its security
 * question. Not a numbered onboarding step: it is done when the registration moves past the welcome email.
 */
export const ZOnboardingAccountRequest = z.object({
  email: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string({ error: Messages.fieldRequired }).trim().max(254, Messages.invalidEmail).pipe(z.email({ error: Messages.invalidEmail })),
  ),
  securityQuestionId: z.preprocess(toIntOrUndefined, z.number({ error: Messages.fieldRequired }).int().min(1)),
  securityAnswer: z.preprocess(blankToUndefined, z.string({ error: Messages.fieldRequired }).trim().max(200)),
});
export type OnboardingAccountRequest = z.output<typeof ZOnboardingAccountRequest>;

export const ZOnboardingStatus = z.object({
  /** The last step completed (0 finished). */
  step: z.number().int(),
  /** Account Settings comes first (a username account not past the welcome email). */
  accountSettings: z.boolean(),
  steps: z.array(z.object({ step: z.number().int(), label: z.string() })),
  finishLabel: z.string(),
});
export type OnboardingStatus = z.infer<typeof ZOnboardingStatus>;

/** GET /employees/{id}/onboarding: what HR sees of an employee's onboarding (read-only, numbers masked). */
export const ZEmployeeOnboarding = z.object({
  step: z.number().int(),
  i9: ZI9,
  w4: ZW4,
  eeo: ZEeo,
  payroll: ZPayrollMethodList,
  /** When the onboarding was signed; null before. */
  signedAt: z.string().nullable(),
});
export type EmployeeOnboarding = z.infer<typeof ZEmployeeOnboarding>;

// ---------------------------------------------------------------------------------------------------------
// Custom documents (document 3 sections 3, 4 and 5)

export const CUSTOM_FIELD_TYPES = ['text', 'textarea', 'date', 'checkbox', 'dropdown', 'amount', 'phone', 'ssn', 'email', 'state', 'zip'] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

/** Document 3 section 5, word for word; the acknowledgment text is the product's own. */
export const CustomDocumentMessages = {
  fieldRequired: Messages.fieldRequired,
  invalidEmail: 'Invalid Email Format',
  invalidSsn: 'Invalid SSN Format',
  invalidPhone: 'Invalid Phone Format',
  invalidZip: 'Invalid ZIP code Format',
  invalidDate: Messages.dateInvalid,
  invalidAmount: 'Please enter a valid amount',
  unknownChoice: Messages.unknownOption,
  openAll: 'Please open and read all attached documents',
  fileMustBeOpened: 'File is required to be opened',
  fileMustBeUploaded: 'File must be uploaded',
  nameRequired: 'Name is required',
  acknowledge: 'Please confirm that you have read this document',
  documentNotFound: 'Document not found',
} as const;

export const ZDocumentField = z.object({
  id: z.number().int(),
  fieldLabel: z.string(),
  fieldType: z.enum(CUSTOM_FIELD_TYPES),
  /** The choices of a dropdown. */
  options: z.array(z.string()).optional(),
  /** The employee's answer ('true'/'false' for a checkbox; an SSN masked). */
  value: z.string().nullable(),
});
export type DocumentField = z.infer<typeof ZDocumentField>;

export const ZCustomDocument = z.object({
  id: z.number().int(),
  title: z.string(),
  /** HTML written by HR (sanitized when it is saved). */
  comment: z.string(),
  includeInRegistration: z.boolean(),
  customFields: z.array(ZDocumentField),
  files: z.array(z.object({ id: z.number().int(), title: z.string(), opened: z.boolean() })),
  requireFileView: z.boolean(),
  requireFileUpload: z.boolean(),
  requireAcknowledgment: z.boolean(),
  requireSignature: z.boolean(),
  requireApproval: z.boolean(),
  /** The employee's answer so far. */
  fullName: z.string().nullable(),
  acknowledged: z.boolean(),
  fileId: z.number().int().nullable(),
  fileTitle: z.string().nullable(),
  submittedAt: z.string().nullable(),
  /** With requireApproval: HR's decision on the submitted document. */
  approval: z.enum(['pending', 'approved']).nullable(),
});
export type CustomDocument = z.infer<typeof ZCustomDocument>;
export const ZCustomDocumentList = z.array(ZCustomDocument);

/** PUT /onboarding/custom: one document's answer. */
export const ZCustomDocumentRequest = z.object({
  id: z.preprocess(toIntOrUndefined, z.number({ error: CustomDocumentMessages.documentNotFound }).int().min(1).max(2_147_483_647)),
  customFields: z.array(z.object({ id: z.preprocess(toIntOrUndefined, z.number().int()), value: z.preprocess((v) => (v === null || v === undefined ? '' : String(v)), z.string().max(2000)) })).default([]),
  fullName: z.preprocess((v) => (v === null || v === undefined ? '' : String(v).trim()), z.string().max(200)),
  acknowledged: z.preprocess((v) => v === true || v === 'on' || v === 'true' || v === '1', z.boolean()),
  fileId: z.preprocess(toIntOrUndefined, z.number().int().min(1).optional()),
});
export type CustomDocumentRequest = z.output<typeof ZCustomDocumentRequest>;

const EMAIL_RE = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;

/** A field's message for a value, or null when it passes (checkboxes are never required). */
export function customFieldIssue(field: Pick<DocumentField, 'fieldType' | 'options'>, raw: string, states: ReadonlySet<string>): string | null {
  const value = raw.trim();
  if (field.fieldType === 'checkbox') return value === '' || value === 'true' || value === 'false' ? null : CustomDocumentMessages.unknownChoice;
  if (value === '') return CustomDocumentMessages.fieldRequired;
  switch (field.fieldType) {
    case 'email':
      return EMAIL_RE.test(value) ? null : CustomDocumentMessages.invalidEmail;
    case 'ssn':
      return /^\d{3}-\d{2}-\d{4}$/.test(value) || /^X{3}-X{2}-\d{4}$/i.test(value) ? null : CustomDocumentMessages.invalidSsn;
    case 'phone':
      return /^\d{3}-\d{3}-\d{4}$/.test(value) ? null : CustomDocumentMessages.invalidPhone;
    case 'zip':
      return /^\d{5}$/.test(value) ? null : CustomDocumentMessages.invalidZip;
    case 'date':
      return isValidUsDate(value) ? null : CustomDocumentMessages.invalidDate;
    case 'amount':
      return AMOUNT_INPUT_PATTERN.test(value.replace(/[$,]/g, '')) ? null : CustomDocumentMessages.invalidAmount;
    case 'dropdown':
      return (field.options ?? []).includes(value) ? null : CustomDocumentMessages.unknownChoice;
    case 'state':
      return states.has(value.toUpperCase()) ? null : CustomDocumentMessages.unknownChoice;
    default:
      return null;
  }
}

/** '$1,234.50' for an amount field: the $ prefix and the thousands separator of document 3 section 5. */
export function formatAmountField(raw: string): string {
  const cleaned = raw.replace(/[$,\s]/g, '');
  if (!AMOUNT_INPUT_PATTERN.test(cleaned)) return raw;
  const [whole, cents = ''] = cleaned.split('.');
  return `$${Number(whole).toLocaleString('en-US')}${cleaned.includes('.') ? `.${cents.padEnd(2, '0')}` : ''}`;
}

export interface CustomDocumentRules {
  customFields: ReadonlyArray<Pick<DocumentField, 'id' | 'fieldType' | 'options'>>;
  fileIds: readonly number[];
  requireFileView: boolean;
  requireFileUpload: boolean;
  requireAcknowledgment: boolean;
  requireSignature: boolean;
  requireApproval: boolean;
}

/** Every rule of a document over an answer: fields, files opened, the upload, the acknowledgment and typed name. */
export function customDocumentIssues(
  doc: CustomDocumentRules,
  answer: { values: ReadonlyMap<number, string>; fullName: string; acknowledged: boolean; fileId: number | null },
  opened: ReadonlySet<number>,
  states: ReadonlySet<string>,
): Array<{ path: string; message: string }> {
  const issues: Array<{ path: string; message: string }> = [];
  doc.customFields.forEach((f, i) => {
    const message = customFieldIssue(f, answer.values.get(f.id) ?? '', states);
    if (message) issues.push({ path: `customFields.${i}.value`, message });
  });
  if (doc.requireFileView) {
    const unopened = doc.fileIds.filter((id) => !opened.has(id));
    if (unopened.length) issues.push({ path: 'files', message: CustomDocumentMessages.openAll }, ...unopened.map((id) => ({ path: `files.${id}`, message: CustomDocumentMessages.fileMustBeOpened })));
  }
  if (doc.requireFileUpload && answer.fileId === null) issues.push({ path: 'fileId', message: CustomDocumentMessages.fileMustBeUploaded });
  if (doc.requireAcknowledgment || doc.requireSignature || doc.requireApproval) {
    if (!answer.acknowledged) issues.push({ path: 'acknowledged', message: CustomDocumentMessages.acknowledge });
    if (answer.fullName.trim() === '') issues.push({ path: 'fullName', message: CustomDocumentMessages.nameRequired });
  }
  return issues;
}
