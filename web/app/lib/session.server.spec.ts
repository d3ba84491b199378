/// <reference types="jest" />
import {
  activeToken,
  commitSession,
  createSignedInSession,
  jwtExpiry,
  sealSessionValue,
  sessionStorage,
  unsealSessionValue,
} from './session.server';

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const jwt = (claims: object) => `${b64({ alg: 'HS256' })}.${b64(claims)}.signature`;
const now = () => Math.floor(Date.now() / 1000);

/** The cookie's value and attributes from a Set-Cookie header. */
function parseSetCookie(header: string) {
  const [pair, ...attributes] = header.split(';').map((s) => s.trim());
  return { value: pair.slice(pair.indexOf('=') + 1), attributes: attributes.map((a) => a.toLowerCase()) };
}

describe('sealSessionValue / unsealSessionValue', () => {
  it('round-trips and never shows the plain text', () => {
    const sealed = sealSessionValue('{"token":"secret-token"}');
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('secret');
    expect(unsealSessionValue(sealed)).toBe('{"token":"secret-token"}');
  });

  it('uses a fresh IV each time', () => {
    expect(sealSessionValue('same')).not.toBe(sealSessionValue('same'));
  });

  it.each([
    ['empty', ''],
    ['unknown version', 'v2.abc'],
    ['not base64 body', 'v1.@@@'],
    ['too short', `v1.${Buffer.alloc(10).toString('base64url')}`],
  ])('rejects %s', (_what, value) => {
    expect(unsealSessionValue(value)).toBeNull();
  });

  it('rejects a tampered value', () => {
    const sealed = sealSessionValue('{"token":"t"}');
    const raw = Buffer.from(sealed.slice(3), 'base64url');
    raw[raw.length - 1] ^= 1;
    expect(unsealSessionValue(`v1.${raw.toString('base64url')}`)).toBeNull();
  });
});

describe('jwtExpiry', () => {
  it.each([
    [jwt({ exp: 1700000000 }), 1700000000],
    [jwt({ sub: 1 }), null],
    [jwt({ exp: '1700000000' }), null],
    ['not-a-jwt', null],
    ['a.!!!.c', null],
  ])('%s -> %p', (token, expected) => {
    expect(jwtExpiry(token)).toBe(expected);
  });
});

describe('session cookie', () => {
  it('outlives the browser for the token lifetime unless on a public computer', async () => {
    const token = jwt({ exp: now() + 3600 });
    const persistent = parseSetCookie(await commitSession(createSignedInSession(token, false)));
    const maxAge = persistent.attributes.find((a) => a.startsWith('max-age='));
    expect(Number(maxAge?.split('=')[1])).toBeGreaterThan(3590);
    expect(persistent.attributes).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'path=/']));

    const publicComputer = parseSetCookie(await commitSession(createSignedInSession(token, true)));
    expect(publicComputer.attributes.some((a) => a.startsWith('max-age=') || a.startsWith('expires='))).toBe(false);
  });

  it('reads back what it wrote, and treats a forged cookie as an empty session', async () => {
    const token = jwt({ exp: now() + 60 });
    const header = parseSetCookie(await commitSession(createSignedInSession(token, false)));
    const session = await sessionStorage.getSession(`bp_session=${header.value}`);
    expect(session.get('token')).toBe(token);

    const forged = await sessionStorage.getSession(`bp_session=${Buffer.from('"{\\"token\\":\\"x\\"}"').toString('base64')}`);
    expect(forged.get('token')).toBeUndefined();
    expect((await sessionStorage.getSession(null)).get('token')).toBeUndefined();
  });

  it('prefers a valid impersonation token', () => {
    const session = createSignedInSession(jwt({ exp: now() + 60 }), false);
    const own = session.get('token');
    session.set('impersonationToken', jwt({ exp: now() + 60, sub: 'employee' }));
    expect(activeToken(session)).toBe(session.get('impersonationToken'));
    session.set('impersonationToken', jwt({ exp: now() - 1 }));
    expect(activeToken(session)).toBe(own);
  });
});
