import { sign } from 'jsonwebtoken';
import { BearerTokens } from './bearer-token';

const SECRET = 'unit-secret-0123456789abcdef-0123456789';
const NOW = Date.UTC(2026, 10, 25, 12, 0, 0);
const claims = { sub: 7, emp: 3, cid: 2, adm: false, ag: null, tu: false, sid: 's1', imp: null, iat: NOW / 1000 - 60, exp: NOW / 1000 + 600 };
const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const good = sign(claims, SECRET, { algorithm: 'HS256' });
const [header, body, signature] = good.split('.') as [string, string, string];

describe('BearerTokens.check: HS256 with the portal secret, then expiry', () => {
  const tokens = new BearerTokens(SECRET);

  it('accepts a token signed by jsonwebtoken (what @nestjs/jwt issues) and answers its claims', () => {
    expect(tokens.check(`Bearer ${good}`, NOW)).toEqual({ ok: true, payload: claims });
  });

  it.each([
    ['no header', undefined, 'missing'],
    ['another scheme', `Basic ${good}`, 'missing'],
    ['two parts', `Bearer ${header}.${body}`, 'invalid'],
    ['another secret', `Bearer ${sign(claims, 'another-secret-0123456789abcdef', { algorithm: 'HS256' })}`, 'invalid'],
    ['a changed payload', `Bearer ${header}.${b64({ ...claims, cid: 3 })}.${signature}`, 'invalid'],
    ['alg none', `Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${body}.`, 'invalid'],
    ['HS512 with the same secret', `Bearer ${sign(claims, SECRET, { algorithm: 'HS512' })}`, 'invalid'],
    ['garbage', 'Bearer a.b.c', 'invalid'],
    ['expired', `Bearer ${sign({ ...claims, exp: NOW / 1000 - 1 }, SECRET, { algorithm: 'HS256' })}`, 'expired'],
    ['without an expiry', `Bearer ${sign({ sub: 7, cid: 2, sid: 's1' }, SECRET, { algorithm: 'HS256' })}`, 'invalid'],
  ])('refuses %s', (_name, authorization, reason) => {
    expect(tokens.check(authorization, NOW)).toEqual({ ok: false, reason });
  });
});
