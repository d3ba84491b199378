import { z } from 'zod';
import { OPTION_LISTS, type OptionType } from './option-lists';
import { Messages } from './messages';
import { contractsNow } from './now';
import { dateTimeIn } from './engine/dates';

/**
 * Field formats, shared by the API and the site's forms (conform). Every
 * builder treats "", whitespace and null as absent: conform sends undefined, JSON clients "" or the null a
 * GET answered.
 */

export const PHONE_PATTERN = /^\d{3}-\d{3}-\d{4}$/;
export const ZIP_PATTERN = /^\d{5}$/;
/** Digits or X placeholders, so a masked value (XXX-XX-1234) passes the form unchanged. */
export const SSN_PATTERN = /^[\dX]{3}-[\dX]{2}-[\dX]{4}$/;
/** The placeholder a child under 1 may use when requireSsn is on. */
export const SSN_PLACEHOLDER = '000-00-0000';
export const US_DATE_PATTERN = /^(\d{2})\/(\d{2})\/(\d{4})$/;
/** Birth dates before this year are typing mistakes, not people. */
export const MIN_BIRTH_YEAR = 1900;

export const blankToUndefined = (value: unknown): unknown =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

/** "12" and 12 both name option 12 (numeric-string ids). */
export const toIntOrUndefined = (value: unknown): unknown => {
  const v = blankToUndefined(value);
  return typeof v === 'string' && /^\s*-?\d{1,9}\s*$/.test(v) ? Number(v) : v;
};

// ---------------------------------------------------------------------------------------------------------
// SSN

/** Which SSN rule applies: the placeholder rule only for a child under 1 while the client requires SSNs. */
export type SsnRule = 'strict' | 'newborn';

/** A value with an X is the mask the API answered: it stands for the stored SSN, not a new one. */
export function isMaskedSsn(value: string): boolean {
  return /x/i.test(value);
}

export function normalizeSsn(value: string): string {
  return value.trim().toUpperCase();
}

/** The rule's message for a present value, or null when it passes. */
export function ssnFormatIssue(value: string, rule: SsnRule): string | null {
  const v = normalizeSsn(value);
  if (rule === 'newborn') return SSN_PATTERN.test(v) ? null : Messages.ssnNewborn;
  return SSN_PATTERN.test(v) && v !== SSN_PLACEHOLDER ? null : Messages.ssnInvalid;
}

/** The rule's message for a value that may be absent, or null when it passes. */
export function ssnIssue(value: string | null | undefined, rule: SsnRule, required: boolean): string | null {
  if (value === null || value === undefined || value.trim() === '') {
    // A newborn's SSN arrives weeks after the birth: it may be left empty until then.
    if (!required || rule === 'newborn') return null;
    return Messages.fieldRequired;
  }
  return ssnFormatIssue(value, rule);
}

// ---------------------------------------------------------------------------------------------------------
// Dates: MM/DD/YYYY on screen and on the wire, ISO (YYYY-MM-DD) in the database.

interface DateParts {
  year: number;
  month: number;
  day: number;
}

function partsOf(value: string): DateParts | null {
  const us = US_DATE_PATTERN.exec(value.trim());
  const iso = us ? null : /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  const [year, month, day] = us ? [Number(us[3]), Number(us[1]), Number(us[2])] : iso ? [Number(iso[1]), Number(iso[2]), Number(iso[3])] : [NaN, NaN, NaN];
  if (!Number.isInteger(year) || month < 1 || month > 12 || day < 1) return null;
  // Day 0 of the next month is the last day of this one (leap years included).
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day > daysInMonth ? null : { year, month, day };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** True for a real calendar date written MM/DD/YYYY. */
export function isValidUsDate(value: string): boolean {
  return US_DATE_PATTERN.test(value.trim()) && partsOf(value) !== null;
}

/** MM/DD/YYYY (or an ISO date) to YYYY-MM-DD; null when it is no date. */
export function toIsoDate(value: string | null | undefined): string | null {
  const p = value ? partsOf(value) : null;
  return p ? `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}` : null;
}

/** YYYY-MM-DD (or MM/DD/YYYY) to MM/DD/YYYY; null when it is no date. */
export function toUsDate(value: string | null | undefined): string | null {
  const p = value ? partsOf(value) : null;
  return p ? `${pad(p.month)}/${pad(p.day)}/${pad(p.year, 4)}` : null;
}

function localParts(today: Date): DateParts {
  return { year: today.getFullYear(), month: today.getMonth() + 1, day: today.getDate() };
}

/**
 * A calendar day (YYYY-MM-DD, say a client's today from the server's clock) as the local-midnight Date the
 * age rules below take, so they count in that calendar rather than the machine's.
 */
export function calendarDay(iso: string): Date {
  const [y, m, d] = iso.slice(0, 10).split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
}

/** Whole years between a birth date (MM/DD/YYYY or ISO) and today; null when it is no date. */
export function ageInYears(birthDate: string | null | undefined, today: Date = contractsNow()): number | null {
  const b = birthDate ? partsOf(birthDate) : null;
  if (!b) return null;
  const t = localParts(today);
  const hadBirthday = t.month > b.month || (t.month === b.month && t.day >= b.day);
  return t.year - b.year - (hadBirthday ? 0 : 1);
}

/** A valid MM/DD/YYYY date that is not in the future and not before MIN_BIRTH_YEAR. */
export function isValidBirthDate(value: string, today: Date = contractsNow()): boolean {
  if (!isValidUsDate(value)) return false;
  const age = ageInYears(value, today);
  const p = partsOf(value)!;
  return age !== null && age >= 0 && p.year >= MIN_BIRTH_YEAR;
}

// ---------------------------------------------------------------------------------------------------------
// zod builders

/** A required trimmed text with the spec's 'Field is required'. */
export const requiredText = (max = 100) =>
  z.preprocess(blankToUndefined, z.string({ error: Messages.fieldRequired }).trim().min(1, Messages.fieldRequired).max(max));

/** An optional trimmed text: absent, "" and null all become undefined. */
export const optionalText = (max = 100) => z.preprocess(blankToUndefined, z.string().trim().max(max).optional());

/**
 * Control characters (CR, LF, tab, NUL, DEL, C1) and the Unicode line and paragraph separators: a name is one
 * line of visible text. A name with a line break forges lines in CSV and 834 exports, email headers and logs.
 */
const CONTROL_CHARACTERS = /[\p{Cc}\u2028\u2029]/u;
const oneLine = (value: string | undefined) => value === undefined || !CONTROL_CHARACTERS.test(value);

/** A person's name (first, middle, last, other): required text of one line. */
export const requiredName = (max = 100) => requiredText(max).refine(oneLine, Messages.nameControlCharacters);
/** An optional name part (middle name, other names used): optional text of one line. */
export const optionalName = (max = 100) => optionalText(max).refine(oneLine, Messages.nameControlCharacters);

export const ZOptionalPhone = z.preprocess(blankToUndefined, z.string().trim().regex(PHONE_PATTERN, Messages.phoneInvalid).optional());

export const ZZip = z.preprocess(blankToUndefined, z.string({ error: Messages.fieldRequired }).trim().regex(ZIP_PATTERN, Messages.zipInvalid));
export const ZOptionalZip = z.preprocess(blankToUndefined, z.string().trim().regex(ZIP_PATTERN, Messages.zipInvalid).optional());

const STATE_CODES = new Set(OPTION_LISTS.state.map((s) => s.text));
const stateCode = z
  .string({ error: Messages.fieldRequired })
  .trim()
  .toUpperCase()
  .refine((v) => STATE_CODES.has(v), Messages.unknownOption);
/** A state is stored as its two-letter code (the text of the state option list). */
export const ZState = z.preprocess(blankToUndefined, stateCode);
export const ZOptionalState = z.preprocess(blankToUndefined, stateCode.optional());

/** A required birth date, MM/DD/YYYY, real, not in the future. */
export const ZBirthDate = z.preprocess(
  blankToUndefined,
  z
    .string({ error: Messages.fieldRequired })
    .trim()
    .refine((v) => isValidBirthDate(v), Messages.dateInvalid),
);

/** The employee's own SSN: required, strict rule (a mask passes and means "keep the stored one"). */
export const ZSsn = z.preprocess(
  blankToUndefined,
  z
    .string({ error: Messages.fieldRequired })
    .transform(normalizeSsn)
    .refine((v) => ssnFormatIssue(v, 'strict') === null, Messages.ssnInvalid),
);

/** An SSN whose rule depends on other fields (dependents): only trimmed here, checked by the form's rules. */
export const ZLooseSsn = z.preprocess(blankToUndefined, z.string().max(20).transform(normalizeSsn).optional());

export const ZOptionalEmail = z.preprocess(blankToUndefined, z.string().trim().max(254, Messages.invalidEmail).pipe(z.email({ error: Messages.invalidEmail })).optional());

const optionNumber = (type: OptionType) => {
  const ids = new Set(OPTION_LISTS[type].map((o) => o.id));
  return z
    .number({ error: (issue) => (issue.input === undefined ? Messages.fieldRequired : Messages.unknownOption) })
    .refine((id) => ids.has(id), Messages.unknownOption);
};

/** A required id of an option list; "0" and 0 count as present (smoker No). */
export const optionId = (type: OptionType) => z.preprocess(toIntOrUndefined, optionNumber(type));
export const optionalOptionId = (type: OptionType) => z.preprocess(toIntOrUndefined, optionNumber(type).optional());

/** Phone indexes are the phone service's, carried through untouched. */
export const ZPhoneIndex = z.preprocess(toIntOrUndefined, z.number().int().min(0).max(2_147_483_647).optional());

/** A checkbox: conform sends "on" or nothing; JSON sends a boolean. */
export const ZCheckbox = z.preprocess((v) => v === true || v === 'on' || v === 'true' || v === 1 || v === '1', z.boolean());

/** A 0/1 flag that a checkbox may also send (Totally disabled). */
export const ZFlag = z.preprocess(
  (v) => (v === true || v === 'on' || v === 'true' ? 1 : v === false || v === 'false' ? 0 : (toIntOrUndefined(v) ?? 0)),
  z.union([z.literal(0), z.literal(1)], { error: Messages.unknownOption }),
);

/** A positive int4 id in a body (a dependent's id in the addresses list). */
export const ZRowId = z.preprocess(toIntOrUndefined, z.number({ error: Messages.fieldRequired }).int().min(1).max(2_147_483_647));

// ---------------------------------------------------------------------------------------------------------
// Times

/**
 * An instant as the client's people read it: 'MM/DD/YYYY hh:mm AM EST' in the client's IANA time zone with the
 * zone's abbreviation. The one formatter of times shown: audit logs, reports' run time,
 * emails; the API answers the client's zone and the site calls this with it.
 */
export function clientDateTime(at: string | Date, timeZone: string): string {
  return dateTimeIn(timeZone, typeof at === 'string' ? new Date(at) : at);
}
