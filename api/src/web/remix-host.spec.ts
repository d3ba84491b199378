import { isSitePath, secureCookie } from './remix-host';

describe('isSitePath', () => {
  it.each([
    ['/mbl', true],
    ['/mbl/', true],
    ['/mbl.data', true],
    ['/mbl/login', true],
    ['/mbl/login.data', true],
    ['/mbl/documents/12', true],
    ['/mbl/assets/root-abc.js', true],
    ['/mbl/apix', true],
    ['/mbl/api-docs-like-page', true],
    ['/mbl/devices', true],
    ['/mbl/api', false],
    ['/mbl/api/', false],
    ['/mbl/api/login', false],
    ['/mbl/api/docs', false],
    ['/mbl/api/docs-json', false],
    ['/mbl/dev', false],
    ['/mbl/dev/mail', false],
    ['/', false],
    ['/mblx', false],
    ['/mbl.datax', false],
    ['/other/mbl', false],
    ['/lite', false],
  ])('%s -> %p', (path, expected) => {
    expect(isSitePath(path)).toBe(expected);
  });
});

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
