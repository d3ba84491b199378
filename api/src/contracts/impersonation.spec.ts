import { dateTimeIn } from './engine/dates';
import { IMPERSONATION_DETAILS_MAX, ImpersonationMessages, impersonationReasonText, ZImpersonationRequest } from './impersonation';

const messagesOf = (body: unknown) => {
  const r = ZImpersonationRequest.safeParse(body);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('the reason for acting as an employee', () => {
  it('takes a reason from the list, with optional trimmed words; Other needs the words', () => {
    expect(ZImpersonationRequest.parse({ reason: 'phone', details: '  about her address  ' })).toEqual({ reason: 'phone', details: 'about her address' });
    expect(ZImpersonationRequest.parse({ reason: 'record', details: '' })).toEqual({ reason: 'record' });
    expect(messagesOf({ reason: 'other', details: ' ' })).toEqual([`details: ${ImpersonationMessages.detailsRequired}`]);
    expect(messagesOf({})).toEqual([`reason: ${ImpersonationMessages.reasonRequired}`]);
    expect(messagesOf({ reason: 'enrollment', details: 'é'.repeat(IMPERSONATION_DETAILS_MAX) })).toEqual([]);
    expect(messagesOf({ reason: 'enrollment', details: 'a'.repeat(IMPERSONATION_DETAILS_MAX + 1) })).toEqual([`details: ${ImpersonationMessages.detailsTooLong}`]);
  });

  it.each(['a\tb', 'a\nb', 'a\rb', 'a\u0085b', 'a\u2028b', 'a\u202Eb', 'a\u2066b'])('refuses control characters (%j)', (details) => {
    expect(messagesOf({ reason: 'phone', details })).toEqual([`details: ${ImpersonationMessages.detailsInvalid}`]);
  });

  it('reads as the list text, then the words; Other as the words alone', () => {
    expect(impersonationReasonText({ reason: 'enrollment' })).toBe('Help with enrollment');
    expect(impersonationReasonText({ reason: 'phone', details: 'about her address' })).toBe('Employee asked by phone: about her address');
    expect(impersonationReasonText({ reason: 'other', details: 'Benefits fair' })).toBe('Benefits fair');
  });
});

describe('dateTimeIn', () => {
  it("shows an instant in the client's zone with its abbreviation, standard and daylight time", () => {
    expect(dateTimeIn('America/Los_Angeles', new Date('2026-01-15T17:30:00Z'))).toBe('01/15/2026 09:30 AM PST');
    expect(dateTimeIn('America/New_York', new Date('2026-07-01T00:05:00Z'))).toBe('06/30/2026 08:05 PM EDT');
    expect(dateTimeIn('America/Chicago', new Date('2026-03-02T06:00:00Z'))).toBe('03/02/2026 12:00 AM CST');
  });
});
