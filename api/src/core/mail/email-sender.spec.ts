import { messageIdFor, smtpServerOf } from './email-sender';

describe('smtpServerOf (SMTP_URL as connection options, so the pool and timeouts apply)', () => {
  it.each([
    ['smtp://127.0.0.1:1025', { host: '127.0.0.1', port: 1025, secure: false }],
    ['smtp://mailpit:1025', { host: 'mailpit', port: 1025, secure: false }],
    ['smtps://smtp.example.com', { host: 'smtp.example.com', port: 465, secure: true }],
    ['smtp://smtp.example.com', { host: 'smtp.example.com', port: 587, secure: false }],
    ['smtp://apikey:s%40cret%2F1@smtp.example.com:2525', { host: 'smtp.example.com', port: 2525, secure: false, auth: { user: 'apikey', pass: 's@cret/1' } }],
  ])('%s', (url, expected) => {
    expect(smtpServerOf(url)).toEqual(expected);
  });

  it('refuses another scheme', () => {
    expect(() => smtpServerOf('http://example.com')).toThrow(/smtp:\/\//);
  });
});

describe('messageIdFor', () => {
  it('is fixed per key and names the sender domain', () => {
    expect(messageIdFor('campaign:1:2', 'Portal <no-reply@benefits.example>')).toBe(messageIdFor('campaign:1:2', 'no-reply@benefits.example'));
    expect(messageIdFor('campaign:1:2', 'x@benefits.example')).toMatch(/^<[0-9a-f]{32}@benefits\.example>$/);
    expect(messageIdFor('campaign:1:3', 'x@benefits.example')).not.toBe(messageIdFor('campaign:1:2', 'x@benefits.example'));
  });
});
