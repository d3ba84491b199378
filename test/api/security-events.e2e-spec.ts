import type Redis from 'ioredis';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { RateLimiter } from '../../api/src/core/redis/rate-limiter';
import { REDIS } from '../../api/src/core/redis/redis.tokens';
import { AccountTokensService } from '../../api/src/modules/accounts/account-tokens.service';
import { createTestApp, type TestApp } from '../support/app';
import { createPerson, uniqueIp, type FixturePerson } from '../support/fixtures';

/**
 * Decisions section 5 "throttles" and "sessions after a password change", as an attacker would try them:
 * parallel guesses, a stranger hammering someone else's account, a token kept after a password change, an
 * impersonation token kept after the administrator logged out.
 */
describe('throttles, security events and the end of sessions', () => {
  let t: TestApp;
  let db: DataSource;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
  });
  afterAll(() => t.close());

  const api = () => request(t.server);
  const auth = (jwt: string) => ({ Authorization: `Bearer ${jwt}` });
  const login = (username: string, password: string, ip: string) => api().post('/mbl/api/login').set('X-Forwarded-For', ip).send({ username, password });
  const securityEvents = async (action: string, since: number): Promise<Array<{ description: string; ip: string; client_id: number | null }>> =>
    db.query(`SELECT description, ip, client_id FROM audit_log WHERE event_type = 'Security' AND action_type = $1 AND id > $2 ORDER BY id`, [action, since]);
  const lastAuditId = async (): Promise<number> => Number((await db.query(`SELECT coalesce(max(id), 0) AS id FROM audit_log`))[0].id);

  it('60 parallel wrong passwords on one account from one address: at most 5 are checked, the rest answer 429', async () => {
    const p = await createPerson(db, { registered: true });
    const ip = uniqueIp();
    const since = await lastAuditId();
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => login(p.email, `wrong-${i}`, ip)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    const checked = statuses.filter((s) => s === 401).length;
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(5);
    // Each checked (and failed) attempt is a security event naming the account and the address, never a password.
    const events = (await securityEvents('login-failed', since)).filter((e) => e.ip === ip);
    expect(events).toHaveLength(checked);
    expect(events[0]!.description).toBe(`Failed login for ${p.username}`);
    expect(JSON.stringify(events)).not.toContain('wrong-');
  });

  it('a stranger from many addresses slows the account for at most a minute; the count is per account, not per address', async () => {
    const p = await createPerson(db, { registered: true });
    for (let i = 0; i < 10; i += 1) await login(p.email, `guess-${i}`, uniqueIp()).expect(401);
    // The eleventh check within the minute waits, whatever the address, the owner's included…
    await login(p.email, 'Passw0rd!', uniqueIp()).expect(429);
    // …but only until the per-account minute ends: that counter expires within 60 s.
    const ttl = await t.app.get<Redis>(REDIS).pttl(t.app.get(RateLimiter).keyFor(`login:acct:id:${p.accountId}`));
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });

  it('an unknown username is audited too, by a keyed digest of the text tried, never the text itself', async () => {
    const since = await lastAuditId();
    const ip = uniqueIp();
    // People type their password into the username field: that text must not land in the audit log.
    await login('Secret-Typed-In-Username-1', 'whatever-1', ip).expect(401);
    await login('  secret-typed-in-username-1 ', 'whatever-2', ip).expect(401);
    const events = (await securityEvents('login-failed', since)).filter((e) => e.ip === ip);
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({ description: expect.stringMatching(/^Failed login for an unknown username \(ref [0-9a-f]{16}\)$/), client_id: null });
    // The same text (case and spaces aside) gives the same reference, so repeated tries can be counted.
    expect(events[1]!.description).toBe(events[0]!.description);
    expect(JSON.stringify(events).toLowerCase()).not.toContain('secret-typed-in-username');
  });

  it('20 parallel wrong passwords to unlock secured data: at most 5 are checked, each audited', async () => {
    const p = await createPerson(db, { registered: true });
    const jwt = await t.login(p.email);
    const ip = uniqueIp();
    const since = await lastAuditId();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => api().post('/mbl/api/employee/personal').set(auth(jwt)).set('X-Forwarded-For', ip).send({ password: `wrong-${i}` })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s !== 400 && s !== 429)).toEqual([]);
    const checked = statuses.filter((s) => s === 400).length;
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(5);
    const events = (await securityEvents('unlock-failed', since)).filter((e) => e.ip === ip);
    expect(events.map((e) => e.description)).toEqual(Array(checked).fill('Wrong password given to unlock secured data'));
  });

  async function twoSessions(p: FixturePerson): Promise<[string, string]> {
    return [await t.login(p.email), await t.login(p.email)];
  }

  it('changing the password ends every other session of the account, not the one that changed it', async () => {
    const p = await createPerson(db, { registered: true });
    const [mine, other] = await twoSessions(p);
    await api().get('/mbl/api/me').set(auth(other)).expect(200);
    await api().post('/mbl/api/password').set(auth(mine)).send({ oldPassword: 'Passw0rd!', password: 'Changed-2027', repeatPassword: 'Changed-2027' }).expect(200);
    await api().get('/mbl/api/me').set(auth(other)).expect(401);
    await api().get('/mbl/api/me').set(auth(mine)).expect(200);
  });

  it('resetting the password from the emailed link ends every session of the account', async () => {
    const p = await createPerson(db, { registered: true });
    const [one, two] = await twoSessions(p);
    const { raw } = await t.app.get(AccountTokensService).issue(p.accountId!, 'password-reset', 3600);
    await api().post('/mbl/api/auth/reset-password').send({ token: raw, password: 'Reset-2027-x', answer: 'Rex' }).expect(200);
    await api().get('/mbl/api/me').set(auth(one)).expect(401);
    await api().get('/mbl/api/me').set(auth(two)).expect(401);
    await t.login(p.email, 'Reset-2027-x');
  });

  it("an administrator's logout ends the impersonation sessions opened from it: no more SSNs", async () => {
    const hr = await createPerson(db, { registered: true, roleType: 1 });
    const employee = await createPerson(db, { registered: true });
    const hrJwt = await t.login(hr.email);
    const asEmployee = (await api().post(`/mbl/api/employees/${employee.employeeId}/impersonate`).set(auth(hrJwt)).send({ reason: 'phone' }).expect(200)).body.jwt as string;
    await api().post('/mbl/api/employee/personal').set(auth(asEmployee)).send({}).expect(200);
    await api().post('/mbl/api/logout').set(auth(hrJwt)).expect(200);
    await api().post('/mbl/api/employee/personal').set(auth(asEmployee)).send({}).expect(401);
    await api().get('/mbl/api/me').set(auth(asEmployee)).expect(401);
  });
});
