import { redactUrl } from './logger';

describe('redactUrl', () => {
  it('blanks the values of secret query parameters and keeps the rest', () => {
    expect(redactUrl('/mbl/api/registration?token=abc_-123')).toBe('/mbl/api/registration?token=[redacted]');
    expect(redactUrl('/mbl/reset-password?x=1&TOKEN=abc&y=2#top')).toBe('/mbl/reset-password?x=1&TOKEN=[redacted]&y=2#top');
    expect(redactUrl('/mbl/api/forms?jwt=e.y.j')).toBe('/mbl/api/forms?jwt=[redacted]');
    expect(redactUrl('/mbl/api/employees?search=tokenize')).toBe('/mbl/api/employees?search=tokenize');
    expect(redactUrl(undefined)).toBeUndefined();
  });
});
