import request from 'supertest';
import { DataSource } from 'typeorm';
import { AuditMessages, type AuditDetails, type AuditPage } from '../../api/src/contracts/audit';
import { clientDateTime } from '../../api/src/contracts/formats';
import { createTestApp, type TestApp } from '../support/app';
import { cloneAcmeClient, createPerson } from '../support/fixtures';

/** My Audit Log and the HR Audit Log (document 3 sections 2.6 and 7): paged, ordered, filtered, with Log Details. */
describe('audit logs', () => {
  let t: TestApp;
  let db: DataSource;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
  });
  afterAll(() => t.close());

  const api = (jwt: string, path: string) => request(t.server).get(`/mbl/api${path}`).set('Authorization', `Bearer ${jwt}`);
  const B = (firstName: string, share: number) => ({ firstName, lastName: 'Logg', relationshipTypeId: '1', beneficiaryType: '1', share: String(share), birthDate: '01/02/1990', ssn: '123-45-6790' });

  it('an employee reads their own entries, newest first, filtered and paged, with the details of each', async () => {
    const p = await createPerson(db, { registered: true, firstName: 'Audra', lastName: 'Logg' });
    const jwt = await t.login(p.email);
    const post = (body: object) => request(t.server).post('/mbl/api/beneficiaries').set('Authorization', `Bearer ${jwt}`).send(body).expect(201);
    const ann = (await post(B('Ann', 60))).body as { id: number };
    await post(B('Bo', 40));
    await request(t.server).put(`/mbl/api/beneficiaries/${ann.id}`).set('Authorization', `Bearer ${jwt}`).send(B('Ann', 70)).expect(400);
    await request(t.server).delete(`/mbl/api/beneficiaries/${ann.id}`).set('Authorization', `Bearer ${jwt}`).expect(200);

    const all = (await api(jwt, '/audits-user').expect(200)).body as AuditPage;
    expect(all.totalCount).toBe(3);
    expect(all.page).toBe(1);
    expect(all.result.map((r) => [r.actionType, r.description])).toEqual([
      ['delete', 'Beneficiary: Beneficiary Ann Logg (Primary, 60%) removed'],
      ['create', 'Beneficiary: Beneficiary Bo Logg (Primary, 40%) added'],
      ['create', 'Beneficiary: Beneficiary Ann Logg (Primary, 60%) added'],
    ]);
    expect(all.result[0]).toMatchObject({ createdBy: 'Audra Logg', onBehalfOf: null, firstName: 'Audra', lastName: 'Logg' });

    const creates = (await api(jwt, '/audits-user?eventType=create&orderDirection=asc').expect(200)).body as AuditPage;
    expect(creates.result.map((r) => r.description)).toEqual(['Beneficiary: Beneficiary Ann Logg (Primary, 60%) added', 'Beneficiary: Beneficiary Bo Logg (Primary, 40%) added']);
    expect(((await api(jwt, '/audits-user?description=bo%20logg').expect(200)).body as AuditPage).totalCount).toBe(1);
    expect(((await api(jwt, '/audits-user?eventType=create,delete&description=Ann').expect(200)).body as AuditPage).totalCount).toBe(2);
    const second = (await api(jwt, '/audits-user?perPage=1&page=2').expect(200)).body as AuditPage;
    expect(second).toMatchObject({ page: 2, totalCount: 3, result: [{ description: 'Beneficiary: Beneficiary Bo Logg (Primary, 40%) added' }] });
    expect(((await api(jwt, '/audits-user?perPage=10&page=9').expect(200)).body as AuditPage)).toEqual({ result: [], page: 9, totalCount: 3, timeZone: 'America/New_York' });
    // A % typed in a filter is a percent sign, not a wildcard.
    expect(((await api(jwt, '/audits-user?description=%25').expect(200)).body as AuditPage).totalCount).toBe(3);
    expect(((await api(jwt, '/audits-user?description=x%25y').expect(200)).body as AuditPage).totalCount).toBe(0);
    await api(jwt, '/audits-user?perPage=1000').expect(400);
    await api(jwt, '/audits-user?orderBy=password').expect(400);

    const details = (await api(jwt, `/audits-user/${all.result[2]!.id}`).expect(200)).body as AuditDetails;
    expect(details).toMatchObject({ actionType: 'create', createdBy: 'Audra Logg' });
    expect(details.data).toEqual(expect.arrayContaining([{ title: 'First name', oldValue: null, newValue: 'Ann', changed: true }, { title: 'SSN', oldValue: null, newValue: 'XXX-XX-6790', changed: true }]));
    expect(JSON.stringify(details)).not.toContain('123-45-6790');

    // Someone else's entry is not found in My Audit Log, and the HR log is not theirs to read.
    const other = await createPerson(db, { registered: true });
    const otherJwt = await t.login(other.email);
    expect((await api(otherJwt, `/audits-user/${all.result[2]!.id}`).expect(404)).body.message).toBe(AuditMessages.notFound);
    await api(jwt, '/audits-hr').expect(403);
    await api(jwt, `/audits-hr/${all.result[2]!.id}`).expect(403);
  });

  it('HR reads every entry of the client, by employee name, plan type and event type', async () => {
    const p = await createPerson(db, { registered: true, firstName: 'Hedda', lastName: 'Zanzibar' });
    const jwt = await t.login(p.email);
    await request(t.server).post('/mbl/api/beneficiaries').set('Authorization', `Bearer ${jwt}`).send(B('Cy', 100)).expect(201);
    const hr = await t.login('hr@acme.test');
    const found = (await api(hr, '/audits-hr?employeeName=hedda%20zanz').expect(200)).body as AuditPage;
    expect(found.totalCount).toBe(1);
    expect(found.result[0]).toMatchObject({ firstName: 'Hedda', lastName: 'Zanzibar', description: 'Beneficiary: Beneficiary Cy Logg (Primary, 100%) added' });
    expect(((await api(hr, '/audits-hr?employeeName=hedda%20zanz&eventType=delete').expect(200)).body as AuditPage).totalCount).toBe(0);
    const byPlanType = (await api(hr, '/audits-hr?planType=1&perPage=5').expect(200)).body as AuditPage;
    for (const r of byPlanType.result) expect(r.planTypeId).toBe(1);
    const sorted = (await api(hr, '/audits-hr?orderBy=employeeName&orderDirection=asc&perPage=50').expect(200)).body as AuditPage;
    const names = sorted.result.filter((r) => r.lastName !== null).map((r) => `${r.lastName} ${r.firstName}`.toLowerCase());
    expect(names).toEqual([...names].sort());
    await api(hr, `/audits-hr/${found.result[0]!.id}`).expect(200);
  });

  it("answers the client's time zone with every page and entry, so times show in it with its abbreviation (decisions section 6)", async () => {
    const clientId = await cloneAcmeClient(db);
    await db.query(`UPDATE client SET time_zone = 'America/Chicago' WHERE id = $1`, [clientId]);
    const p = await createPerson(db, { clientId, registered: true, firstName: 'Zona', lastName: 'Logg' });
    const hrPerson = await createPerson(db, { clientId, registered: true, roleType: 1, firstName: 'Hal' });
    const jwt = await t.login(p.email);
    await request(t.server).post('/mbl/api/beneficiaries').set('Authorization', `Bearer ${jwt}`).send(B('Dee', 100)).expect(201);

    const mine = (await api(jwt, '/audits-user').expect(200)).body as AuditPage;
    expect(mine.timeZone).toBe('America/Chicago');
    const entry = mine.result[0]!;
    const [stored] = await db.query(`SELECT to_char(created_at AT TIME ZONE 'America/Chicago', 'MM/DD/YYYY HH12:MI AM') AS local FROM audit_log WHERE id = $1`, [entry.id]);
    expect(clientDateTime(entry.createdOn, mine.timeZone)).toMatch(new RegExp(`^${stored.local} C[SD]T$`));
    expect(((await api(jwt, `/audits-user/${entry.id}`).expect(200)).body as AuditDetails).timeZone).toBe('America/Chicago');

    const hr = await t.login(hrPerson.email);
    const all = (await api(hr, '/audits-hr?perPage=5').expect(200)).body as AuditPage;
    expect(all.timeZone).toBe('America/Chicago');
    expect(((await api(hr, `/audits-hr/${entry.id}`).expect(200)).body as AuditDetails).timeZone).toBe('America/Chicago');
    // An empty page still says the zone; Acme's own log stays in its zone.
    expect(((await api(jwt, '/audits-user?description=nothing-like-this').expect(200)).body as AuditPage)).toEqual({ result: [], page: 1, totalCount: 0, timeZone: 'America/Chicago' });
    expect(((await api(await t.login('hr@acme.test'), '/audits-hr?perPage=1').expect(200)).body as AuditPage).timeZone).toBe('America/New_York');
  });
});
