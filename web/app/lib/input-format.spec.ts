import { formatDate, formatPhone, formatSsn, formatZip } from './input-format';

describe('as-you-type formats', () => {
  it.each([
    [formatPhone, '5551234567', '555-123-4567'],
    [formatPhone, '555-12', '555-12'],
    [formatPhone, '(555) 123 45678', '555-123-4567'],
    [formatZip, '10001-1234', '10001'],
    [formatZip, 'ab12', '12'],
    [formatDate, '01152020', '01/15/2020'],
    [formatDate, '0115', '01/15'],
    [formatSsn, '123456789', '123-45-6789'],
    [formatSsn, 'XXX-XX-1234', 'XXX-XX-1234'],
  ])('%p(%s) = %s', (format, input, expected) => {
    expect(format(input)).toBe(expected);
  });
});
