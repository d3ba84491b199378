import type Redis from 'ioredis';
import { JwtService } from '@nestjs/jwt';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { REDIS } from '../../api/src/core/redis/redis.tokens';
import { SessionStore } from '../../api/src/core/auth/session-store';
import { createTestApp, type TestApp } from '../support/app';
import { createOtherTenant, createPerson, uniqueIp } from '../support/fixtures';

describe('auth core: login, logout, me, token expiry, idle sessions', () => {
  let t: TestApp;
  let db: DataSource;
  let redis: Redis;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    redis = t.app.get(REDIS);
  });
  afterAll(() => t.close());

  const api = () => request(t.server);

  it('signs in with email or username and answers jwt and version', async () => {
    const res = await api().post('/mbl/api/login').send({ username: 'JANE@acme.test', password: 'Passw0rd!' }).expect(200);
    expect(res.body).toEqual({ jwt: expect.any(String), version: 'full' });
    const payload = t.app.get(JwtService).decode<{ sub: number; adm: boolean; exp: number; cid: number }>(res.body.jwt);
    const [account] = await db.query(`SELECT id, client_id FROM account WHERE username = 'jane@acme.test'`);
    expect(payload).toMatchObject({ sub: account.id, cid: account.client_id, adm: false });
    expect(payload.exp).toBeGreaterThan(Date.now() / 1000);
  });

  it('answers the same 401 for an unknown user and for a wrong password', async () => {
    const unknown = await api().post('/mbl/api/login').send({ username: 'nobody@acme.test', password: 'Passw0rd!' }).expect(401);
    const wrong = await api().post('/mbl/api/login').send({ username: 'tess@acme.test', password: 'wrong-pass' }).expect(401);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body).toEqual({ statusCode: 401, message: 'Invalid credentials!' });
  });

  it('refuses an account that never registered (no password yet)', async () => {
    await api().post('/mbl/api/login').send({ username: 'nora@acme.test', password: 'Passw0rd!' }).expect(401);
  });

  it('answers 400 with the spec message for a missing username and changes nothing', async () => {
    const res = await api().post('/mbl/api/login').send({ username: '', password: 'x' }).expect(400);
    expect(res.body).toEqual({ statusCode: 400, message: 'Field is required', errors: [{ path: 'username', message: 'Field is required' }] });
    const malformed = await api().post('/mbl/api/login').set('Content-Type', 'application/json').send('{"username":').expect(400);
    expect(malformed.body.statusCode).toBe(400);
  });

  it('throttles repeated failures per account and address with 429, even with the right password; another address still signs in', async () => {
    const p = await createPerson(db, { registered: true });
    const [here, elsewhere] = [uniqueIp(), uniqueIp()];
    for (let i = 0; i < 5; i += 1) {
      await api().post('/mbl/api/login').set('X-Forwarded-For', here).send({ username: p.email, password: `bad-${i}` }).expect(401);
    }
    const res = await api().post('/mbl/api/login').set('X-Forwarded-For', here).send({ username: p.email, password: 'Passw0rd!' }).expect(429);
    expect(res.body.message).toMatch(/Too many attempts/);
    // The owner, from their own address, is not locked out by what happened at another.
    await api().post('/mbl/api/login').set('X-Forwarded-For', elsewhere).send({ username: p.email, password: 'Passw0rd!' }).expect(200);
  });

  it('GET /me answers every field of the current user session from the database', async () => {
    const token = await t.login('jane@acme.test');
    const res = await api().get('/mbl/api/me').set('Authorization', `Bearer ${token}`).expect(200);
    const [row] = await db.query(
      `SELECT e.id, e.first_name, e.last_name, c.name AS client_name, c.pay_periods, c.header_color, g.name AS agency_name,
              oe.id AS oe_id, to_char(oe.end_date, 'MM/DD/YYYY') AS oe_end, a.registration_step
         FROM account a JOIN employee e ON e.account_id = a.id JOIN client c ON c.id = e.client_id
         JOIN agency g ON g.id = c.agency_id LEFT JOIN open_enrollment_period oe ON oe.client_id = c.id AND oe.is_current
        WHERE a.username = 'jane@acme.test'`,
    );
    expect(res.body).toMatchObject({
      id: row.id,
      firstName: row.first_name,
      lastName: row.last_name,
      clientName: row.client_name,
      agencyName: row.agency_name,
      payPeriods: row.pay_periods,
      colorConfiguration: { headerColor: row.header_color },
      openEnrollmentId: row.oe_id,
      openEnrollmentEndDate: row.oe_end,
      registrationStep: row.registration_step,
      roleType: 0,
      testUser: false,
      impersonatingUserId: null,
      authenticationMethod: 'email',
      isAuthenticated: true,
      mblPrivacyPolicyAgreement: true,
    });

  });

  it("GET /me shows a change to the client's settings in the next answer: nothing is cached or invented", async () => {
    // A client of this test's own: the seeded Acme stays as it is for every other suite.
    const other = await createOtherTenant(db);
    const token = await t.login(other.email);
    await api().get('/mbl/api/me').set('Authorization', `Bearer ${token}`).expect(200);
    await db.query(`UPDATE client SET pay_periods = 24, header_color = '#ABCDEF' WHERE id = $1`, [other.clientId]);
    const again = await api().get('/mbl/api/me').set('Authorization', `Bearer ${token}`).expect(200);
    expect(again.body).toMatchObject({ payPeriods: 24, colorConfiguration: { headerColor: '#ABCDEF' } });
  });

  it('medicalEnrolled follows the medical election of the current period', async () => {
    const jane = await api().get('/mbl/api/me').set('Authorization', `Bearer ${await t.login('jane@acme.test')}`).expect(200);
    expect(jane.body.medicalEnrolled).toBe(true);
    // A person of this test's own elects medical; the seeded people are only read.
    const p = await createPerson(db, { registered: true });
    await db.query(`UPDATE employee SET birth_date = '1985-03-01', gender = 2, hire_date = '2020-01-06', employment_id = 1 WHERE id = $1`, [p.employeeId]);
    await t.prepareEnrollments(p.employeeId);
    const token = await t.login(p.email);
    const me = async (): Promise<boolean> => (await api().get('/mbl/api/me').set('Authorization', `Bearer ${token}`).expect(200)).body.medicalEnrolled;
    expect(await me()).toBe(false);
    const rows = (await api().get('/mbl/api/enrollments').set('Authorization', `Bearer ${token}`).expect(200)).body as Array<{ id: number; planTypeId: number }>;
    const plans = (await api().get('/mbl/api/plans').set('Authorization', `Bearer ${token}`).expect(200)).body as Array<{ id: number; title: string }>;
    const medical = rows.find((r) => r.planTypeId === 1)!;
    const ppo = plans.find((pl) => /PPO/.test(pl.title))!;
    await api().put(`/mbl/api/enrollments/${medical.id}`).set('Authorization', `Bearer ${token}`).send({ status: '1', planId: ppo.id, tier: 1 }).expect(200);
    expect(await me()).toBe(true);
  });

  it('answers the admin flag and test-user flag from the account', async () => {
    const hr = await api().get('/mbl/api/me').set('Authorization', `Bearer ${await t.login('hr@acme.test')}`).expect(200);
    expect(hr.body).toMatchObject({ roleType: 1, testUser: false, isAgent: false });
    const tess = await api().get('/mbl/api/me').set('Authorization', `Bearer ${await t.login('tess@acme.test')}`).expect(200);
    expect(tess.body).toMatchObject({ roleType: 1, testUser: true });
    const agent = await api().get('/mbl/api/me').set('Authorization', `Bearer ${await t.login('agent@harbor.test')}`).expect(200);
    expect(agent.body).toMatchObject({ roleType: 1, isAgent: true, clientName: 'Acme Corp', firstName: 'Alex' });
  });

  it('PUT /me rejects unknown steps (400) and steps out of order (409); registration-progress tries every pair', async () => {
    const p = await createPerson(db, { registered: true });
    const token = await t.login(p.email);
    const bad = await api().put('/mbl/api/me').set('Authorization', `Bearer ${token}`).send({ step: 3 }).expect(400);
    expect(bad.body.errors[0].path).toBe('step');
    await api().put('/mbl/api/me').set('Authorization', `Bearer ${token}`).send({ step: 10 }).expect(409);
  });

  it('an expired token answers 401 with messageCode 40102', async () => {
    const jwt = t.app.get(JwtService);
    const token = await t.login('jane@acme.test');
    const payload = jwt.decode<Record<string, unknown>>(token);
    const expired = await jwt.signAsync({ ...payload, exp: Math.floor(Date.now() / 1000) - 5, iat: Math.floor(Date.now() / 1000) - 100 });
    const res = await api().get('/mbl/api/me').set('Authorization', `Bearer ${expired}`).expect(401);
    expect(res.body).toMatchObject({ statusCode: 401, messageCode: 40102 });
  });

  it('a forged token (other secret) answers 401 without the expiry code', async () => {
    const token = await t.login('jane@acme.test');
    const payload = t.app.get(JwtService).decode<Record<string, unknown>>(token);
    const forged = await new JwtService({ secret: 'someone-elses-secret-123456' }).signAsync({ ...payload, adm: true });
    const res = await api().get('/mbl/api/me').set('Authorization', `Bearer ${forged}`).expect(401);
    expect(res.body.messageCode).toBeUndefined();
  });

  it('logout ends the session on the server: the same token is refused afterwards', async () => {
    const token = await t.login('jane@acme.test');
    await api().post('/mbl/api/logout').set('Authorization', `Bearer ${token}`).expect(200);
    await api().get('/mbl/api/me').set('Authorization', `Bearer ${token}`).expect(401);
  });

  it('an idle session answers 408 and the activity check does not count as activity', async () => {
    const token = await t.login('jane@acme.test');
    const { sid } = t.app.get(JwtService).decode<{ sid: string }>(token);
    await api().get('/mbl/api/check').set('Authorization', `Bearer ${token}`).expect(200);
    // Pretend the last real activity was two hours ago.
    await redis.set(t.app.get(SessionStore).key(sid), String(Date.now() - 2 * 3600_000), 'KEEPTTL');
    const res = await api().get('/mbl/api/check').set('Authorization', `Bearer ${token}`).expect(408);
    expect(res.body).toMatchObject({ statusCode: 408, messageCode: 40801 });
    await api().get('/mbl/api/me').set('Authorization', `Bearer ${token}`).expect(408);
    // Logging out still works from an idle session.
    await api().post('/mbl/api/logout').set('Authorization', `Bearer ${token}`).expect(200);
  });
});
