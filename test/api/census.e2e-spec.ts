import request from 'supertest';
import { DataSource } from 'typeorm';
import { createTestApp, type TestApp } from '../support/app';
import { createOtherTenant, employeeIdOf } from '../support/fixtures';

/** The census detail's reads (document 3 sections 2.1 and 7): HR of the employee's client only, secured values masked. */
describe('census detail', () => {
  let t: TestApp;
  let db: DataSource;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
  });
  afterAll(() => t.close());

  const get = (jwt: string, path: string) => request(t.server).get(`/mbl/api${path}`).set('Authorization', `Bearer ${jwt}`);

  it("HR reads an employee's personal data, dependents and beneficiaries with the SSNs masked; nobody else does", async () => {
    const jane = await employeeIdOf(db, 'jane@acme.test');
    const hr = await t.login('hr@acme.test');
    const profile = (await get(hr, `/employees/${jane}`).expect(200)).body;
    expect(profile).toMatchObject({ id: jane, firstName: 'Jane', lastName: 'Doe', ssn: expect.stringMatching(/^XXX-XX-\d{4}$/) });
    const dependents = (await get(hr, `/employees/${jane}/dependents`).expect(200)).body as Array<{ firstName: string; ssn: string | null }>;
    expect(dependents.map((d) => d.firstName)).toEqual(expect.arrayContaining(['John', 'Lily']));
    for (const d of dependents) if (d.ssn) expect(d.ssn).toMatch(/^XXX-XX-\d{4}$/);
    const beneficiaries = (await get(hr, `/employees/${jane}/beneficiaries`).expect(200)).body as Array<{ ssn: string | null }>;
    expect(beneficiaries.length).toBeGreaterThan(0);
    expect(JSON.stringify([profile, dependents, beneficiaries])).not.toMatch(/\d{3}-\d{2}-\d{4}/);

    const other = await createOtherTenant(db);
    await get(hr, `/employees/${other.employeeId}`).expect(404);
    await get(await t.login('jane@acme.test'), `/employees/${jane}`).expect(403);
    await get(await t.login('tess@acme.test'), `/employees/${jane}`).expect(403);
  });
});
