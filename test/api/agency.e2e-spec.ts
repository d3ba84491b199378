import request from 'supertest';
import { DataSource } from 'typeorm';
import { createTestApp, type TestApp } from '../support/app';

describe('agency: the agent opens the clients of its own agency only', () => {
  let t: TestApp;
  let db: DataSource;
  let otherClientId: number;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    // A second agency with its own client: never visible to Harbor's agent.
    const [agency] = await db.query(`INSERT INTO agency (name) VALUES ('Other Brokers') RETURNING id`);
    const [client] = await db.query(`INSERT INTO client (agency_id, name) VALUES ($1, 'Globex') RETURNING id`, [agency.id]);
    otherClientId = client.id;
  });
  afterAll(() => t.close());

  const api = () => request(t.server);

  it('lists the agency and its clients with the current one marked', async () => {
    const token = await t.login('agent@harbor.test');
    const res = await api().get('/mbl/api/agency').set('Authorization', `Bearer ${token}`).expect(200);
    expect(res.body).toMatchObject({ name: 'Harbor Benefits Group' });
    const rows = res.body.clients.map((c: { name: string; current: boolean }) => [c.name, c.current]) as Array<[string, boolean]>;
    // Other suites' agents create clients of Harbor on the same database (issue 29): the seeded two are there and only the one opened
    // is current.
    expect(rows).toEqual(expect.arrayContaining([['Acme Corp', true], ['Bayside Dental', false]]));
    expect(rows.filter(([, current]) => current)).toEqual([['Acme Corp', true]]);
    expect(res.body.clients.map((c: { name: string }) => c.name)).not.toContain('Globex');
  });

  it('opens a client of its agency with a new token and ends the old session', async () => {
    const token = await t.login('agent@harbor.test');
    const [acme] = await db.query(`SELECT id FROM client WHERE name = 'Acme Corp'`);
    const res = await api().post(`/mbl/api/agency/clients/${acme.id}/open`).set('Authorization', `Bearer ${token}`).expect(200);
    const me = await api().get('/mbl/api/me').set('Authorization', `Bearer ${res.body.jwt}`).expect(200);
    expect(me.body).toMatchObject({ clientName: 'Acme Corp', roleType: 1, isAgent: true });
    await api().get('/mbl/api/me').set('Authorization', `Bearer ${token}`).expect(401);
  });

  it("switches to Harbor's second client: its census, not Acme's, with the employee pages still closed to the agent", async () => {
    const token = await t.login('agent@harbor.test');
    const [bayside] = await db.query(`SELECT id FROM client WHERE name = 'Bayside Dental'`);
    const { jwt } = (await api().post(`/mbl/api/agency/clients/${bayside.id}/open`).set('Authorization', `Bearer ${token}`).expect(200)).body;
    expect((await api().get('/mbl/api/me').set('Authorization', `Bearer ${jwt}`).expect(200)).body).toMatchObject({ clientName: 'Bayside Dental', employeeId: null });
    const census = (await api().get('/mbl/api/employees').set('Authorization', `Bearer ${jwt}`).expect(200)).body.result as Array<{ lastName: string }>;
    // Its three employees and its HR administrator (hr@bayside.test).
    expect(census.map((e) => e.lastName).sort()).toEqual(['Brooks', 'Harper', 'Lopez', 'Shah']);
    await api().get('/mbl/api/enrollments').set('Authorization', `Bearer ${jwt}`).expect(403);
    // The seed leaves Bayside's next plan year Ready to Start (issue 26): its plans renewed a year after this year's.
    const oe = (await api().get('/mbl/api/openEnrollment').set('Authorization', `Bearer ${jwt}`).expect(200)).body as {
      plans: Array<{ effectiveDate: string }>;
      periods: Array<{ state: string; current: boolean; plans: Array<{ effectiveDate: string }> }>;
    };
    const [inForce] = await db.query(`SELECT to_char(min(pl.effective_date) + interval '1 year', 'MM/DD/YYYY') AS next FROM plan pl JOIN open_enrollment_period p ON p.id = pl.open_enrollment_period_id WHERE p.client_id = $1 AND p.is_current`, [bayside.id]);
    expect(oe.periods.map((p) => [p.state, p.current])).toEqual([['ready', false], ['closed', true]]);
    expect(oe.plans.length).toBeGreaterThan(3);
    expect(new Set(oe.plans.map((p) => p.effectiveDate))).toEqual(new Set([inForce.next]));
  });

  it("Bayside's own HR administrator (hr@bayside.test) signs in to Bayside and finds its next open enrollment Ready to Start", async () => {
    const jwt = await t.login('hr@bayside.test');
    expect((await api().get('/mbl/api/me').set('Authorization', `Bearer ${jwt}`).expect(200)).body).toMatchObject({ clientName: 'Bayside Dental', roleType: 1 });
    const oe = (await api().get('/mbl/api/openEnrollment').set('Authorization', `Bearer ${jwt}`).expect(200)).body as { periods: Array<{ state: string; current: boolean }> };
    expect(oe.periods.map((p) => [p.state, p.current])).toEqual([['ready', false], ['closed', true]]);
  });

  it("answers 404 for another agency's client and keeps the session", async () => {
    const token = await t.login('agent@harbor.test');
    await api().post(`/mbl/api/agency/clients/${otherClientId}/open`).set('Authorization', `Bearer ${token}`).expect(404);
    await api().post('/mbl/api/agency/clients/abc/open').set('Authorization', `Bearer ${token}`).expect(400);
    await api().get('/mbl/api/me').set('Authorization', `Bearer ${token}`).expect(200);
  });

  it('refuses HR and employees (agents only)', async () => {
    await api().get('/mbl/api/agency').set('Authorization', `Bearer ${await t.login('hr@acme.test')}`).expect(403);
    await api().get('/mbl/api/agency').set('Authorization', `Bearer ${await t.login('jane@acme.test')}`).expect(403);
  });
});
