import { JwtService } from '@nestjs/jwt';
import type Redis from 'ioredis';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { SessionStore } from '../../api/src/core/auth/session-store';
import { TokenService } from '../../api/src/core/auth/token.service';
import { REDIS } from '../../api/src/core/redis/redis.tokens';
import { createTestApp, type TestApp } from '../support/app';
import { accountIdOf, acmeClientId, auditRows, createOtherTenant, createPerson, employeeIdOf } from '../support/fixtures';

interface ListItem {
  id: number;
  firstName: string;
  lastName: string;
  group: string;
  hasAccount: boolean;
  terminated: boolean;
  cobra: boolean;
  email: string | null;
}

describe('employee census list and impersonation', () => {
  let t: TestApp;
  let db: DataSource;
  let hr: string;
  let jane: number;
  let janeAccount: number;
  let hrAccount: number;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    hr = await t.login('hr@acme.test');
    jane = await employeeIdOf(db, 'jane@acme.test');
    janeAccount = await accountIdOf(db, 'jane@acme.test');
    hrAccount = await accountIdOf(db, 'hr@acme.test');
  });
  afterAll(() => t.close());

  const api = () => request(t.server);
  const impersonate = (jwt: string, id: number | string) =>
    api().post(`/mbl/api/employees/${id}/impersonate`).set('Authorization', `Bearer ${jwt}`).send({ reason: 'enrollment' });

  describe('GET /employees', () => {
    it("lists the client's employees sorted by last then first name, grouped by the spec rule", async () => {
      const tag = `Zz${Date.now().toString(36)}`;
      await createPerson(db, { lastName: `${tag}b`, firstName: 'Anna', registered: true });
      await createPerson(db, { lastName: `${tag}a`, firstName: 'Zed', terminated: true });
      await createPerson(db, { lastName: `${tag}a`, firstName: 'Amy', cobra: true, terminated: true });
      await createPerson(db, { lastName: `${tag}c`, firstName: 'Cal', cobra: true, accountless: true });
      const other = await createOtherTenant(db);

      // One page of one group, in name order; the other client's employee is in no page of this client's.
      const res = await api().get('/mbl/api/employees').query({ group: 'active', perPage: 200 }).set('Authorization', `Bearer ${hr}`).expect(200);
      const list = res.body.result as ListItem[];
      expect(list.every((e) => e.group === 'active')).toBe(true);
      expect((await api().get('/mbl/api/employees').query({ search: other.email }).set('Authorization', `Bearer ${hr}`).expect(200)).body).toMatchObject({ result: [], totalCount: 0 });
      const sorted = [...list].sort((a, b) => a.lastName.toLowerCase().localeCompare(b.lastName.toLowerCase()) || a.firstName.toLowerCase().localeCompare(b.firstName.toLowerCase()));
      expect(list.map((e) => e.id)).toEqual(sorted.map((e) => e.id));
      const janes = (await api().get('/mbl/api/employees').query({ search: 'jane@acme.test' }).set('Authorization', `Bearer ${hr}`).expect(200)).body.result as ListItem[];
      expect(janes.find((e) => e.id === jane)).toEqual({ id: jane, firstName: 'Jane', lastName: 'Doe', email: 'jane@acme.test', terminated: false, cobra: false, group: 'active', hasAccount: true, progress: expect.objectContaining({ state: expect.any(String), text: expect.any(String) }) });
      expect(((await api().get('/mbl/api/employees').query({ search: 'nora@acme.test' }).set('Authorization', `Bearer ${hr}`).expect(200)).body.result as ListItem[]).find((e) => e.firstName === 'Nora')).toMatchObject({ hasAccount: false, group: 'active' });

      // Groups in their order (Active, COBRA/Continuation, Terminated), each by last then first name, with their counts.
      const mine = (await api().get('/mbl/api/employees').query({ search: tag }).set('Authorization', `Bearer ${hr}`).expect(200)).body;
      expect((mine.result as ListItem[]).map((e) => [e.lastName, e.firstName, e.group, e.hasAccount])).toEqual([
        [`${tag}b`, 'Anna', 'active', true],
        [`${tag}a`, 'Amy', 'cobra', false],
        [`${tag}c`, 'Cal', 'cobra', false],
        [`${tag}a`, 'Zed', 'terminated', false],
      ]);
      expect(mine).toMatchObject({ totalCount: 4, groupCounts: { active: 1, cobra: 2, terminated: 1 } });
      // Paged on the server: the second page of the COBRA group, one per page.
      expect((await api().get('/mbl/api/employees').query({ search: tag, group: 'cobra', perPage: 1, page: 2 }).set('Authorization', `Bearer ${hr}`).expect(200)).body).toMatchObject({
        result: [{ firstName: 'Cal' }],
        page: 2,
        totalCount: 2,
      });
      expect((await api().get('/mbl/api/employees').query({ search: 'jane doe' }).set('Authorization', `Bearer ${hr}`).expect(200)).body.result.map((e: ListItem) => e.id)).toEqual([jane]);
      // LIKE wildcards in the search are plain characters.
      expect((await api().get('/mbl/api/employees').query({ search: '%' }).set('Authorization', `Bearer ${hr}`).expect(200)).body.result).toEqual([]);
    });

    it('is for administrators only', async () => {
      await api().get('/mbl/api/employees').set('Authorization', `Bearer ${await t.login('jane@acme.test')}`).expect(403);
      const agent = await t.login('agent@harbor.test');
      expect(((await api().get('/mbl/api/employees').query({ search: 'jane' }).set('Authorization', `Bearer ${agent}`).expect(200)).body.result as ListItem[]).some((e) => e.id === jane)).toBe(true);
    });
  });

  it('HR logs in as jane: the token acts as her, names the administrator, and start/stop are audited', async () => {
    const res = await impersonate(hr, jane).expect(200);
    const jwt = res.body.jwt as string;
    const payload = t.app.get(JwtService).decode<Record<string, unknown>>(jwt);
    expect(payload).toMatchObject({ sub: janeAccount, emp: jane, cid: await acmeClientId(db), adm: false, tu: false, ag: null, imp: hrAccount });

    const me = await api().get('/mbl/api/me').set('Authorization', `Bearer ${jwt}`).expect(200);
    expect(me.body).toMatchObject({ id: jane, firstName: 'Jane', roleType: 0, impersonatingUserId: hrAccount });
    // No admin routes with it, and no chains.
    await api().get('/mbl/api/employees').set('Authorization', `Bearer ${jwt}`).expect(403);

    // Impersonating sessions have no idle check.
    const redis = t.app.get<Redis>(REDIS);
    await redis.set(t.app.get(SessionStore).key(payload.sid as string), String(Date.now() - 5 * 3600_000), 'KEEPTTL');
    await api().get('/mbl/api/me').set('Authorization', `Bearer ${jwt}`).expect(200);

    const [start] = await auditRows(db, jane, 'impersonation-start');
    expect(start).toMatchObject({ performed_by: hrAccount, on_behalf_of: janeAccount, event_type: 'Impersonation', description: 'Logged in as Jane Doe' });

    // A normal token cannot "stop" anything.
    await api().post('/mbl/api/impersonation/stop').set('Authorization', `Bearer ${hr}`).expect(403);
    await api().post('/mbl/api/impersonation/stop').set('Authorization', `Bearer ${jwt}`).expect(200, { success: true });
    await api().get('/mbl/api/me').set('Authorization', `Bearer ${jwt}`).expect(401);
    // The administrator's own session is untouched.
    await api().get('/mbl/api/me').set('Authorization', `Bearer ${hr}`).expect(200);
    const [stop] = await auditRows(db, jane, 'impersonation-stop');
    expect(stop).toMatchObject({ performed_by: hrAccount, on_behalf_of: janeAccount });
  });

  it('an agent of the owning agency may log in as an employee of its client', async () => {
    const agent = await t.login('agent@harbor.test');
    const res = await impersonate(agent, jane).expect(200);
    const payload = t.app.get(JwtService).decode<Record<string, unknown>>(res.body.jwt);
    expect(payload).toMatchObject({ sub: janeAccount, emp: jane, imp: await accountIdOf(db, 'agent@harbor.test'), ag: null, adm: false });
  });

  it('refuses oneself, test users, the unregistered, and other clients or agencies', async () => {
    expect((await impersonate(hr, await employeeIdOf(db, 'hr@acme.test')).expect(403)).body.message).toBe('You cannot log in as yourself');
    const tess = await t.login('tess@acme.test');
    expect((await impersonate(tess, jane).expect(403)).body.message).toBe('Test users cannot log in as an employee');
    const nora = await impersonate(hr, await employeeIdOf(db, 'nora@acme.test')).expect(409);
    expect(nora.body.message).toMatch(/has not created an account yet/);
    const accountless = await createPerson(db, { accountless: true });
    await impersonate(hr, accountless.employeeId).expect(409);

    const other = await createOtherTenant(db);
    await impersonate(hr, other.employeeId).expect(404);
    await impersonate(hr, 999999).expect(404);
    await impersonate(hr, 'abc').expect(404);
    await impersonate(await t.login('jane@acme.test'), jane).expect(403);

    // An agent token whose agency does not own the client (defence in depth behind the client check).
    const foreignAgent = await t.app.get(TokenService).issue({ sub: hrAccount, emp: null, cid: await acmeClientId(db), adm: true, ag: other.agencyId, tu: false, imp: null });
    await impersonate(foreignAgent, jane).expect(404);
    expect(await auditRows(db, other.employeeId)).toEqual([]);
  });

  it('changes made while impersonating are audited with both people', async () => {
    const jwt = (await impersonate(hr, jane).expect(200)).body.jwt as string;
    const before = (await auditRows(db, jane, 'unlock')).length;
    await api().post('/mbl/api/employee/personal').set('Authorization', `Bearer ${jwt}`).send({}).expect(200);
    const rows = await auditRows(db, jane, 'unlock');
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({ performed_by: hrAccount, on_behalf_of: janeAccount });
  });
});
