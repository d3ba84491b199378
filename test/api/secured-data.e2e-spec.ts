import { PasswordAttempts } from '../../api/src/core/auth/password-attempts';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createTestApp, type TestApp } from '../support/app';
import { accountIdOf, auditRows, createPerson, employeeIdOf } from '../support/fixtures';

describe('secured-data unlock: POST /employee/personal', () => {
  let t: TestApp;
  let db: DataSource;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
  });
  afterAll(() => t.close());

  const api = () => request(t.server);
  const unlock = (jwt: string, body: Record<string, unknown> = {}) => api().post('/mbl/api/employee/personal').set('Authorization', `Bearer ${jwt}`).send(body);

  it('answers the clear SSN and income after the right password, uncached and audited', async () => {
    const jwt = await t.login('jane@acme.test');
    const janeId = await employeeIdOf(db, 'jane@acme.test');
    // Other files share the run's database: count from here.
    const before = (await auditRows(db, janeId, 'unlock')).length;
    const wrong = await unlock(jwt, { password: 'nope' }).expect(400);
    expect(wrong.body).toEqual({ statusCode: 400, message: 'Incorrect password', developerMessage: 'Incorrect password' });
    expect((await unlock(jwt).expect(400)).body.errors).toEqual([{ path: 'password', message: 'Field is required' }]);
    expect(await auditRows(db, janeId, 'unlock')).toHaveLength(before);

    const res = await unlock(jwt, { password: 'Passw0rd!' }).expect(200);
    expect(res.body).toEqual({ ssn: '123-45-6701', income: '72000.00' });
    expect(res.headers['cache-control']).toBe('no-store');
    const rows = await auditRows(db, janeId, 'unlock');
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({ event_type: 'Personal data', performed_by: await accountIdOf(db, 'jane@acme.test'), on_behalf_of: null });
    expect(JSON.stringify(rows.at(-1))).not.toMatch(/6701|72000/);
  });

  it('a test user skips the password prompt', async () => {
    const tess = await t.login('tess@acme.test');
    expect((await unlock(tess).expect(200)).body).toEqual({ ssn: '123-45-6704', income: '50000.00' });
  });

  it('throttles wrong passwords per person', async () => {
    const p = await createPerson(db, { registered: true });
    const jwt = await t.login(p.email);
    for (let i = 0; i < 5; i += 1) await unlock(jwt, { password: `bad-${i}` }).expect(400);
    await unlock(jwt, { password: 'Passw0rd!' }).expect(429);
    await t.app.get(PasswordAttempts).forget('confirm', `id:${p.accountId}`);
    expect((await unlock(jwt, { password: 'Passw0rd!' }).expect(200)).body).toEqual({ ssn: null, income: null });
  });

  it('needs a signed-in user', async () => {
    await api().post('/mbl/api/employee/personal').send({ password: 'Passw0rd!' }).expect(401);
  });
});
