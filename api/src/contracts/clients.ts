import { z } from 'zod';
import { bandContrast, BAND_MIN_CONTRAST } from './colors';
import { CONTACT_TYPES, type ContactType } from './communications';
import { Messages } from './messages';
import { blankToUndefined, isValidUsDate, optionId, requiredName, toIntOrUndefined, ZCheckbox, ZOptionalPhone } from './formats';

/**
 * A broker's agent sets up the employers of its agency:
 * the client's settings, its HR administrators and its first enrollment period. The documents describe no such
 * screens, so the words here are the product's own.
 */
export const ClientMessages = {
  colorFormat: 'Enter a colour as # and six hex digits, like #1F3A5F',
  colorContrast: (ratio: number) =>
    `Text on this colour would be hard to read (contrast ${ratio.toFixed(2)}:1, at least ${BAND_MIN_CONTRAST}:1 is needed): choose a darker or lighter colour`,
  timeZone: 'Choose a time zone from the list',
  payPeriods: 'Pay periods per year must be 12, 24, 26 or 52',
  planYearStart: 'Choose the month the plan year starts',
  website: 'Enter the website as an address starting with https:// or http://',
  accessGroupRequired: 'Choose at least one access group',
  tooMany: 'Too many entries',
  clientNotFound: 'No such client',
  logoType: 'The logo must be a PNG, JPEG, GIF or WebP image',
  logoMissing: 'Choose an image file for the logo',
  hrNotFound: 'No such HR administrator',
  emailInUse: 'An account already uses this email',
  alreadyDisabled: 'This HR administrator is already disabled',
  accessDisabled: 'Your access to the portal has been turned off. Please contact your benefits agent.',
  periodExists: 'This client already has an enrollment period: HR manages it from the Status Dashboard',
  periodKind: 'Choose new-hire enrollment or open enrollment',
} as const;

/** The pay periods a year the contribution engine and payroll know (the client table's check). */
export const PAY_PERIODS = [12, 24, 26, 52] as const;
export const PAY_PERIOD_LABELS: Record<(typeof PAY_PERIODS)[number], string> = { 12: 'Monthly (12)', 24: 'Semi-monthly (24)', 26: 'Bi-weekly (26)', 52: 'Weekly (52)' };

export const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

/** The zones offered first in the form (the US ones employers use); any IANA zone is accepted. */
export const COMMON_TIME_ZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
  'America/Puerto_Rico',
] as const;

/** True for a time zone name of the IANA database that this runtime knows ('America/New_York', 'UTC'). */
export function isIanaTimeZone(value: string): boolean {
  // Offsets and abbreviations ('+05:00', 'EST') are not places: a client's days follow a place's rules.
  if (!/^(?:[A-Za-z][A-Za-z0-9_+-]*)(?:\/[A-Za-z0-9_+-]+)*$/.test(value) || /^[A-Z]{3,4}$/.test(value)) return value === 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** Every IANA zone this runtime lists, the common ones first (the form's select). */
export function timeZoneChoices(): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...COMMON_TIME_ZONES, ...all.filter((zone) => !(COMMON_TIME_ZONES as readonly string[]).includes(zone))];
}

/** '#1f3a5f' or '1F3A5F' are stored as '#1F3A5F'; the band's text must be readable by the spec's luminance rule. */
const ZBandColor = z.preprocess(
  blankToUndefined,
  z
    .string({ error: Messages.fieldRequired })
    .trim()
    .regex(/^#?[0-9a-fA-F]{6}$/, ClientMessages.colorFormat)
    .transform((v) => `#${v.replace(/^#/, '').toUpperCase()}`)
    .superRefine((v, ctx) => {
      const band = bandContrast(v);
      if (band && !band.readable) ctx.addIssue({ code: 'custom', message: ClientMessages.colorContrast(band.ratio) });
    }),
);

const ZWebsite = z.preprocess(
  blankToUndefined,
  z
    .string()
    .trim()
    .max(300, ClientMessages.website)
    .refine((v) => {
      try {
        const url = new URL(v);
        return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
      } catch {
        return false;
      }
    }, ClientMessages.website)
    .optional(),
);

/** A list field of a form: absent is empty, one ticked box arrives as a single value. */
const asList = (value: unknown): unknown => (value === undefined || value === null || value === '' ? [] : Array.isArray(value) ? value : [value]);

export const CONTACT_TYPE_LABELS: Record<ContactType, string> = { hr: 'HR', agent: 'Insurance agent' };

/** A contact employees reach from the Contact page (the client's HR or the agency's agent). */
export const ZClientContact = z.object({
  contactType: z.enum(CONTACT_TYPES, { error: Messages.unknownOption }),
  firstName: requiredName(),
  lastName: requiredName(),
  phone: ZOptionalPhone,
  email: z.preprocess(blankToUndefined, z.string({ error: Messages.fieldRequired }).trim().max(254, Messages.invalidEmail).pipe(z.email({ error: Messages.invalidEmail }))),
});
export type ClientContactInput = z.output<typeof ZClientContact>;

/** POST /agency/clients and PUT /agency/clients/{id}: every setting of the client (a PUT replaces them all). */
export const ZClientSettings = z.object({
  name: requiredName(100),
  website: ZWebsite,
  headerColor: ZBandColor,
  footerColor: ZBandColor,
  timeZone: z.preprocess(blankToUndefined, z.string({ error: Messages.fieldRequired }).trim().max(64, ClientMessages.timeZone).refine(isIanaTimeZone, ClientMessages.timeZone)),
  payPeriods: z.preprocess(
    toIntOrUndefined,
    z.number({ error: (issue) => (issue.input === undefined ? Messages.fieldRequired : ClientMessages.payPeriods) }).refine((n) => (PAY_PERIODS as readonly number[]).includes(n), ClientMessages.payPeriods),
  ),
  /** The month (1 January .. 12 December) whose first day starts each plan year. */
  planYearStartMonth: z.preprocess(
    toIntOrUndefined,
    z.number({ error: (issue) => (issue.input === undefined ? Messages.fieldRequired : ClientMessages.planYearStart) }).int(ClientMessages.planYearStart).min(1, ClientMessages.planYearStart).max(12, ClientMessages.planYearStart),
  ),
  /** Onboarding for new hires, and which of its optional steps run. */
  enableOnboarding: ZCheckbox,
  i9Enabled: ZCheckbox,
  w4Enabled: ZCheckbox,
  payrollEnabled: ZCheckbox,
  eeoEnabled: ZCheckbox,
  /** Life events (mid-year changes) offered to employees. */
  enableMidyearChanges: ZCheckbox,
  requireSsn: ZCheckbox,
  /** How the client's new accounts sign in: by their email, or by a username (with an email chosen at registration). */
  authenticationMethod: z.enum(['email', 'username'], { error: Messages.unknownOption }),
  contacts: z.preprocess(asList, z.array(ZClientContact).max(10, ClientMessages.tooMany)),
  /** The access groups (option list accessGroup) the client's census uses. */
  accessGroupIds: z.preprocess(asList, z.array(optionId('accessGroup')).min(1, ClientMessages.accessGroupRequired).max(50, ClientMessages.tooMany)),
  /** The offices (option list office) the client's census uses. */
  officeIds: z.preprocess(asList, z.array(optionId('office')).max(50, ClientMessages.tooMany)),
});
export type ClientSettings = z.output<typeof ZClientSettings>;

export const ZClientContactView = z.object({
  id: z.number().int(),
  contactType: z.enum(CONTACT_TYPES),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  email: z.string(),
});

/** GET /agency/clients/{id}: the settings as stored, with the logo's address. */
export const ZClientDetail = z.object({
  id: z.number().int(),
  name: z.string(),
  logoUrl: z.string().nullable(),
  website: z.string().nullable(),
  headerColor: z.string().nullable(),
  footerColor: z.string().nullable(),
  timeZone: z.string(),
  payPeriods: z.number().int(),
  planYearStartMonth: z.number().int(),
  enableOnboarding: z.boolean(),
  i9Enabled: z.boolean(),
  w4Enabled: z.boolean(),
  payrollEnabled: z.boolean(),
  eeoEnabled: z.boolean(),
  enableMidyearChanges: z.boolean(),
  requireSsn: z.boolean(),
  authenticationMethod: z.enum(['email', 'username']),
  contacts: z.array(ZClientContactView),
  accessGroupIds: z.array(z.number().int()),
  officeIds: z.array(z.number().int()),
});
export type ClientDetail = z.infer<typeof ZClientDetail>;

export const PERIOD_KINDS = ['new-hire', 'open-enrollment'] as const;
export type PeriodKind = (typeof PERIOD_KINDS)[number];

/** The client's first period as the agent left it (HR runs it afterwards from the Status Dashboard). */
export const ZFirstPeriod = z.object({
  id: z.number().int(),
  title: z.string(),
  kind: z.enum(PERIOD_KINDS),
  /** ready: open enrollment Ready to Start; active: running; closed: its window is over (new-hire enrollment is "closed" from the start). */
  state: z.enum(['ready', 'active', 'closed']),
  /** MM/DD/YYYY: the plan year's first day (new-hire enrollment from this day). */
  startDate: z.string(),
  plans: z.number().int(),
});
export type FirstPeriod = z.infer<typeof ZFirstPeriod>;

/** One row of the agent's client list. */
export const ZClientSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  logoUrl: z.string().nullable(),
  website: z.string().nullable(),
  employees: z.number().int(),
  hrAdministrators: z.number().int(),
  period: ZFirstPeriod.pick({ id: true, title: true, state: true }).nullable(),
});
export const ZClientList = z.object({ clients: z.array(ZClientSummary) });
export type ClientList = z.infer<typeof ZClientList>;
export type ClientSummary = z.infer<typeof ZClientSummary>;

/** POST /agency/clients/{id}/hr-administrators: who gets the registration link. */
export const ZHrInvite = z.object({
  firstName: requiredName(),
  lastName: requiredName(),
  email: z.preprocess(blankToUndefined, z.string({ error: Messages.fieldRequired }).trim().max(254, Messages.invalidEmail).pipe(z.email({ error: Messages.invalidEmail }))),
});
export type HrInvite = z.output<typeof ZHrInvite>;

export const HR_STATUSES = ['invited', 'active', 'disabled'] as const;
export const HR_STATUS_LABELS: Record<(typeof HR_STATUSES)[number], string> = { invited: 'Invited', active: 'Active', disabled: 'Disabled' };

export const ZHrAdministrator = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  status: z.enum(HR_STATUSES),
  /** ISO: when the invitation (or the latest one) was sent. */
  invitedAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type HrAdministrator = z.infer<typeof ZHrAdministrator>;
export const ZHrAdministratorList = z.object({ client: z.object({ id: z.number().int(), name: z.string() }), administrators: z.array(ZHrAdministrator) });
export type HrAdministratorList = z.infer<typeof ZHrAdministratorList>;

/** POST /agency/clients/{id}/first-period. */
export const ZFirstPeriodRequest = z.object({
  kind: z.enum(PERIOD_KINDS, { error: ClientMessages.periodKind }),
  /** MM/DD/YYYY: the plan year's first day; for new-hire enrollment, the day from which new hires enroll. */
  startDate: z.preprocess(blankToUndefined, z.string({ error: Messages.fieldRequired }).trim().refine(isValidUsDate, Messages.dateInvalid)),
});
export type FirstPeriodRequest = z.output<typeof ZFirstPeriodRequest>;
export const ZFirstPeriodAnswer = z.object({ client: z.object({ id: z.number().int(), name: z.string(), planYearStartMonth: z.number().int() }), period: ZFirstPeriod.nullable() });
export type FirstPeriodAnswer = z.infer<typeof ZFirstPeriodAnswer>;

/** The first period's title: open enrollment is named for the plan year it enrolls, new-hire enrollment for its plan year. */
export function firstPeriodTitle(kind: PeriodKind, isoStart: string): string {
  const year = isoStart.slice(0, 4);
  return kind === 'open-enrollment' ? `Open Enrollment ${year}` : `Plan Year ${year}`;
}
