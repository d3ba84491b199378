import { secureCookie } from './remix-host';

describe('secureCookie (the site\'s cookies over https)', () => {
  it.each([
    ['bp_session=v1.x; Path=/; HttpOnly; SameSite=Lax', 'bp_session=v1.x; Path=/; HttpOnly; SameSite=Lax; Secure'],
    ['bp_session=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT', 'bp_session=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Secure'],
    ['a=b; Secure; HttpOnly', 'a=b; Secure; HttpOnly'],
    ['a=b; HttpOnly; secure', 'a=b; HttpOnly; secure'],
    // A value that merely contains the word is still marked.
    ['note=secure; Path=/', 'note=secure; Path=/; Secure'],
  ])('%s', (cookie, expected) => {
    expect(secureCookie(cookie)).toBe(expected);
  });
});
