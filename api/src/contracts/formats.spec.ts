import {
  clientDateTime,
  optionalName,
  requiredName,
  ageInYears,
  isMaskedSsn,
  isValidBirthDate,
  isValidUsDate,
  optionId,
  optionalOptionId,
  ssnFormatIssue,
  ssnIssue,
  toIsoDate,
  toUsDate,
  ZBirthDate,
  ZCheckbox,
  ZFlag,
  ZOptionalEmail,
  ZOptionalPhone,
  ZSsn,
  ZState,
  ZZip,
} from './formats';
import type { z } from 'zod';
import { Messages } from './messages';

const TODAY = new Date(2026, 10, 22); // 11/22/2026, local time like the forms

/** The first message of a failed parse, or 'ok' and the value. */
function outcome(schema: z.ZodType, value: unknown): unknown {
  const r = schema.safeParse(value);
  return r.success ? ['ok', r.data] : r.error.issues[0]?.message;
}

describe('phone ###-###-####', () => {
  it.each([
    ['617-555-0100', ['ok', '617-555-0100']],
    [' 617-555-0100 ', ['ok', '617-555-0100']],
    ['', ['ok', undefined]],
    [undefined, ['ok', undefined]],
    [null, ['ok', undefined]],
    ['6175550100', 'Phone number is not valid'],
    ['617-5550-100', 'Phone number is not valid'],
    ['(617) 555-0100', 'Phone number is not valid'],
    ['617-555-010', 'Phone number is not valid'],
    ['abc-def-ghij', 'Phone number is not valid'],
  ])('%j -> %j', (value, expected) => expect(outcome(ZOptionalPhone, value)).toEqual(expected));
});

describe('ZIP: exactly 5 digits', () => {
  it.each([
    ['02110', ['ok', '02110']],
    ['', 'Field is required'],
    [undefined, 'Field is required'],
    ['2110', 'Invalid ZIP format'],
    ['021100', 'Invalid ZIP format'],
    ['02110-1234', 'Invalid ZIP format'],
    ['abcde', 'Invalid ZIP format'],
  ])('%j -> %j', (value, expected) => expect(outcome(ZZip, value)).toEqual(expected));
});

describe('SSN rules', () => {
  it.each([
    ['123-45-6789', 'strict', null],
    ['XXX-XX-6789', 'strict', null],
    ['xxx-xx-6789', 'strict', null],
    ['000-00-0000', 'strict', 'Invalid SSN format'],
    ['123456789', 'strict', 'Invalid SSN format'],
    ['123-45-678', 'strict', 'Invalid SSN format'],
    ['12-345-6789', 'strict', 'Invalid SSN format'],
    ['123-45-678A', 'strict', 'Invalid SSN format'],
    ['000-00-0000', 'newborn', null],
    ['123-45-6789', 'newborn', null],
    ['123456789', 'newborn', "If you don't have Social Security Number yet, please enter 000-00-0000"],
    ['000-00-000', 'newborn', "If you don't have Social Security Number yet, please enter 000-00-0000"],
  ] as const)('%s under the %s rule -> %j', (value, rule, expected) => expect(ssnFormatIssue(value, rule)).toBe(expected));

  it.each([
    [undefined, 'strict', false, null],
    ['', 'strict', false, null],
    [undefined, 'strict', true, 'Field is required'],
    // A newborn's SSN may wait; a wrong one still gets the placeholder message.
    [undefined, 'newborn', true, null],
    ['', 'newborn', true, null],
    ['12-3', 'newborn', true, "If you don't have Social Security Number yet, please enter 000-00-0000"],
    ['000-00-0000', 'strict', false, 'Invalid SSN format'],
    ['000-00-0000', 'newborn', true, null],
  ] as const)('ssnIssue(%j, %s, required %s) -> %j', (value, rule, required, expected) => expect(ssnIssue(value, rule, required)).toBe(expected));

  it.each([
    ['123-45-6789', ['ok', '123-45-6789']],
    ['xxx-xx-6789', ['ok', 'XXX-XX-6789']],
    ['', 'Field is required'],
    [undefined, 'Field is required'],
    ['000-00-0000', 'Invalid SSN format'],
    ['123-456-789', 'Invalid SSN format'],
  ])('the profile SSN %j -> %j', (value, expected) => expect(outcome(ZSsn, value)).toEqual(expected));

  it('tells a mask from a value', () => {
    expect([isMaskedSsn('XXX-XX-1234'), isMaskedSsn('xxx-xx-1234'), isMaskedSsn('123-45-6789')]).toEqual([true, true, false]);
  });
});

describe('dates MM/DD/YYYY', () => {
  it.each([
    ['09/23/1988', true],
    ['02/29/2024', true],
    ['02/29/2023', false],
    ['13/01/2000', false],
    ['00/10/2000', false],
    ['04/31/2000', false],
    ['1988-09-23', false],
    ['9/23/1988', false],
    ['', false],
  ])('isValidUsDate(%j) = %s', (value, expected) => expect(isValidUsDate(value)).toBe(expected));

  it.each([
    ['11/22/2026', true],
    ['11/23/2026', false],
    ['01/01/1900', true],
    ['12/31/1899', false],
  ])('isValidBirthDate(%j) on 11/22/2026 = %s', (value, expected) => expect(isValidBirthDate(value, TODAY)).toBe(expected));

  it.each([
    ['', 'Field is required'],
    [undefined, 'Field is required'],
    ['31/12/2000', 'This is not a valid date'],
    ['12/31/2000', ['ok', '12/31/2000']],
    ['12/31/2999', 'This is not a valid date'],
  ])('birth date %j -> %j', (value, expected) => expect(outcome(ZBirthDate, value)).toEqual(expected));

  it('converts between the wire and the database', () => {
    expect([toIsoDate('09/23/1988'), toIsoDate('1988-09-23'), toIsoDate('02/30/2000'), toIsoDate(null)]).toEqual(['1988-09-23', '1988-09-23', null, null]);
    expect([toUsDate('1988-09-23'), toUsDate('09/23/1988'), toUsDate(''), toUsDate(undefined)]).toEqual(['09/23/1988', '09/23/1988', null, null]);
  });

  it.each([
    ['11/22/2025', 1],
    ['11/23/2025', 0],
    ['11/22/2026', 0],
    ['1988-09-23', 38],
    ['bad', null],
  ])('ageInYears(%j) on 11/22/2026 = %j', (birth, expected) => expect(ageInYears(birth, TODAY)).toBe(expected));
});

describe('option ids accept numbers and numeric strings', () => {
  it.each([
    [1, ['ok', 1]],
    ['2', ['ok', 2]],
    [' 2 ', ['ok', 2]],
    ['', 'Field is required'],
    [undefined, 'Field is required'],
    [null, 'Field is required'],
    [3, 'Please choose a value from the list'],
    ['male', 'Please choose a value from the list'],
    [1.5, 'Please choose a value from the list'],
  ])('gender %j -> %j', (value, expected) => expect(outcome(optionId('gender'), value)).toEqual(expected));

  it('smoker 0 is a value, not an absence', () => {
    expect(outcome(optionId('smoker'), 0)).toEqual(['ok', 0]);
    expect(outcome(optionId('smoker'), '0')).toEqual(['ok', 0]);
  });

  it('optional ids may be absent', () => {
    expect(outcome(optionalOptionId('lastNameReason'), '')).toEqual(['ok', undefined]);
    expect(outcome(optionalOptionId('lastNameReason'), '99')).toBe('Please choose a value from the list');
  });
});

describe('other fields', () => {
  it.each([
    ['MA', ['ok', 'MA']],
    ['ma', ['ok', 'MA']],
    ['', 'Field is required'],
    ['XX', 'Please choose a value from the list'],
  ])('state %j -> %j', (value, expected) => expect(outcome(ZState, value)).toEqual(expected));

  it.each([
    ['', ['ok', undefined]],
    ['john@example.com', ['ok', 'john@example.com']],
    ['john@', 'Please enter a valid email'],
    ['not an email', 'Please enter a valid email'],
  ])('email %j -> %j', (value, expected) => expect(outcome(ZOptionalEmail, value)).toEqual(expected));

  it.each([
    ['on', true],
    [true, true],
    ['true', true],
    [undefined, false],
    [false, false],
    ['false', false],
  ])('checkbox %j -> %s', (value, expected) => expect(ZCheckbox.parse(value)).toBe(expected));

  it.each([
    [undefined, ['ok', 0]],
    ['on', ['ok', 1]],
    [true, ['ok', 1]],
    ['1', ['ok', 1]],
    [0, ['ok', 0]],
    [2, 'Please choose a value from the list'],
  ])('0/1 flag %j -> %j', (value, expected) => expect(outcome(ZFlag, value)).toEqual(expected));
});

describe('names are one line', () => {
  it.each([
    ['Jane', true],
    ["Zoë-Anne D'Arcy", true],
    ['  Jane  ', true],
    ['José María', true],
    ['Jane\r\nBcc: x@evil.test', false],
    ['Ja\nne', false],
    ['Ja\rne', false],
    ['Ja\tne', false],
    ['Ja\u0000ne', false],
    ['Ja\u007fne', false],
    ['Ja\u0085ne', false],
    ['Ja\u2028ne', false],
    ['Ja\u2029ne', false],
  ])('%j -> %p', (name, accepted) => {
    const required = requiredName().safeParse(name);
    const optional = optionalName().safeParse(name);
    expect([required.success, optional.success]).toEqual([accepted, accepted]);
    if (!accepted) expect(required.error?.issues[0]?.message).toBe(Messages.nameControlCharacters);
  });

  it('blank stays required or absent, as before', () => {
    expect(requiredName().safeParse('').error?.issues[0]?.message).toBe(Messages.fieldRequired);
    expect(optionalName().parse('')).toBeUndefined();
  });
});

describe("clientDateTime: an instant in the client's zone with its abbreviation", () => {
  it.each([
    // [instant, zone, shown]
    ['2026-11-27T08:04:00Z', 'America/New_York', '11/27/2026 03:04 AM EST'],
    ['2026-11-27T08:04:00Z', 'America/Chicago', '11/27/2026 02:04 AM CST'],
    ['2026-11-27T08:04:00Z', 'America/Denver', '11/27/2026 01:04 AM MST'],
    ['2026-11-27T08:04:00Z', 'America/Los_Angeles', '11/27/2026 12:04 AM PST'],
    ['2026-11-27T08:04:00Z', 'UTC', '11/27/2026 08:04 AM UTC'],
    ['2026-07-01T16:30:00Z', 'America/Los_Angeles', '07/01/2026 09:30 AM PDT'],
    ['2026-07-01T16:30:00Z', 'America/Phoenix', '07/01/2026 09:30 AM MST'],
    ['2026-07-01T16:30:00Z', 'Pacific/Honolulu', '07/01/2026 06:30 AM HST'],
    ['2026-07-01T16:30:00Z', 'America/Anchorage', '07/01/2026 08:30 AM AKDT'],
    // Noon and midnight read 12, never 00.
    ['2026-11-27T17:00:00Z', 'America/New_York', '11/27/2026 12:00 PM EST'],
    ['2026-11-27T05:00:00Z', 'America/New_York', '11/27/2026 12:00 AM EST'],
    // The day, month and year are the zone's: New Year in UTC is still the old year in New York.
    ['2027-01-01T04:59:00Z', 'America/New_York', '12/31/2026 11:59 PM EST'],
    ['2027-01-01T05:00:00Z', 'America/New_York', '01/01/2027 12:00 AM EST'],
    // Spring forward (03/08/2026, 2:00 EST becomes 3:00 EDT): the minute before and the minute of.
    ['2026-03-08T06:59:00Z', 'America/New_York', '03/08/2026 01:59 AM EST'],
    ['2026-03-08T07:00:00Z', 'America/New_York', '03/08/2026 03:00 AM EDT'],
    ['2026-03-08T09:59:00Z', 'America/Los_Angeles', '03/08/2026 01:59 AM PST'],
    ['2026-03-08T10:00:00Z', 'America/Los_Angeles', '03/08/2026 03:00 AM PDT'],
    // Fall back (11/01/2026, 2:00 EDT becomes 1:00 EST): 1:30 happens twice, told apart by the abbreviation.
    ['2026-11-01T05:30:00Z', 'America/New_York', '11/01/2026 01:30 AM EDT'],
    ['2026-11-01T06:30:00Z', 'America/New_York', '11/01/2026 01:30 AM EST'],
    ['2026-11-01T08:30:00Z', 'America/Chicago', '11/01/2026 02:30 AM CST'],
  ])('%s in %s reads %s', (at, zone, shown) => {
    expect(clientDateTime(at, zone)).toBe(shown);
    expect(clientDateTime(new Date(at), zone)).toBe(shown);
  });
});
