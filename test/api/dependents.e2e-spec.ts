import request from 'supertest';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../api/src/core/config/app-config';
import { SecuredDataCipher } from '../../api/src/core/crypto/secured-data';
import { seedDemoData } from '../../api/src/seed/seed';
import { createTestApp, type TestApp } from '../support/app';
import { accountIdOf, auditRows, cloneAcmeClient, createOtherTenant, createPerson, employeeIdOf, type FixturePerson } from '../support/fixtures';

const SEALED = /^[A-Za-z0-9_-]+:[A-Za-z0-9+/]+=*:[A-Za-z0-9+/]+=*:[A-Za-z0-9+/]+=*$/;
const NEWBORN_MSG = "If you don't have Social Security Number yet, please enter 000-00-0000";

/** MM/DD/YYYY of today minus the given months. */
function monthsAgo(months: number): string {
  const d = new Date();
  d.setDate(1);
  d.setMonth(d.getMonth() - months);
  return `${String(d.getMonth() + 1).padStart(2, '0')}/01/${d.getFullYear()}`;
}

const SPOUSE = { relationshipTypeId: '1', firstName: 'Sky', lastName: 'Ture', birthDate: '01/02/1990', gender: '2', smoker: '0', ssn: '123-45-6781', email: 'sky@example.com' };
const CHILD = { relationshipTypeId: '2', firstName: 'Kit', lastName: 'Ture', birthDate: monthsAgo(6 * 12), gender: '1', smoker: '0', ssn: '123-45-6782' };
const BABY = { ...CHILD, firstName: 'Bea', birthDate: monthsAgo(4), ssn: '000-00-0000' };

interface Household {
  person: FixturePerson;
  jwt: string;
}

describe('dependents', () => {
  let t: TestApp;
  let db: DataSource;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
  });
  afterAll(() => t.close());

  const api = () => request(t.server);
  const auth = (jwt: string) => ({ Authorization: `Bearer ${jwt}` });
  const count = async (employeeId: number) =>
    Number(((await db.query('SELECT count(*) AS n FROM dependent WHERE employee_id = $1 AND deleted_at IS NULL', [employeeId])) as Array<{ n: string }>)[0]!.n);

  async function household(clientId?: number): Promise<Household> {
    const person = await createPerson(db, { registered: true, clientId });
    await db.query(`UPDATE employee SET address1 = '1 Home Road', city = 'Boston', state = 'MA', zip = '02110' WHERE id = $1`, [person.employeeId]);
    return { person, jwt: await t.login(person.email) };
  }

  const create = (h: Household, body: Record<string, unknown>) => api().post('/mbl/api/dependents').set(auth(h.jwt)).send(body);

  it("lists jane's seeded spouse and child: masked, complete, sealed at rest", async () => {
    const jwt = await t.login('jane@acme.test');
    const res = await api().get('/mbl/api/dependents').set(auth(jwt)).expect(200);
    expect(res.body).toEqual([
      expect.objectContaining({ relationshipTypeId: 1, relationshipType: 'Spouse', firstName: 'John', lastName: 'Doe', ssn: 'XXX-XX-6711', gender: 1, smoker: 0, address1: '100 Main Street' }),
      expect.objectContaining({ relationshipTypeId: 2, relationshipType: 'Child', firstName: 'Lily', lastName: 'Doe', ssn: 'XXX-XX-6712', gender: 2 }),
    ]);
    expect(res.body[1].birthDate).toMatch(/^03\/08\/20\d\d$/);
    expect(res.body[0].completeness).toEqual({ complete: true, status: 'warning', errors: [], alerts: ['Email is missing!'], warnings: [] });
    const rows: Array<{ ssn_enc: string }> = await db.query('SELECT ssn_enc FROM dependent WHERE ssn_enc IS NOT NULL');
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const r of rows) expect(r.ssn_enc).toMatch(SEALED);
  });

  it('documents the routes and their bodies in the OpenAPI document', async () => {
    const doc = (await api().get('/mbl/api/docs-json').expect(200)).body as {
      paths: Record<string, Record<string, { 'x-access'?: string }>>;
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    };
    expect(doc.paths['/mbl/api/dependents']?.post?.['x-access']).toBe('self:employee');
    expect(doc.paths['/mbl/api/employees/{id}/dependents']?.get?.['x-access']).toBe('employees:read');
    expect(Object.keys(doc.components.schemas.DependentRequestDto?.properties ?? {})).toEqual(expect.arrayContaining(['relationshipTypeId', 'ssn', 'lastNameReasonId']));
    expect(Object.keys(doc.components.schemas.EmployeeProfileRequestDto?.properties ?? {})).toEqual(expect.arrayContaining(['birthDate', 'cellPhoneIndex']));
  });

  it('seeding again changes nothing', async () => {
    const snapshot = () => db.query('SELECT id, first_name, birth_date, ssn_enc, updated_at FROM dependent ORDER BY id');
    const before = await snapshot();
    const result = await db.transaction((m) => seedDemoData(m, t.app.get<AppConfig>(APP_CONFIG), t.app.get(SecuredDataCipher)));
    expect(result.created).toBe(false);
    expect(await snapshot()).toEqual(before);
  });

  it('creates a dependent: answers id, individualId and the masked SSN, seals it, audits it masked', async () => {
    const h = await household();
    const res = await create(h, SPOUSE).expect(201);
    expect(res.body).toMatchObject({ id: expect.any(Number), individualId: expect.any(Number), ssn: 'XXX-XX-6781', address1: '1 Home Road', dependentDifferentAddress: false });
    expect(res.body.completeness).toEqual({ complete: true, status: 'complete', errors: [], alerts: [], warnings: [] });
    const [raw] = (await db.query('SELECT ssn_enc, client_id FROM dependent WHERE id = $1', [res.body.id])) as Array<{ ssn_enc: string }>;
    expect(raw!.ssn_enc).toMatch(SEALED);
    expect(raw!.ssn_enc).not.toContain('6781');
    const audits = await auditRows(db, h.person.employeeId);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ event_type: 'Dependent', action_type: 'create', performed_by: h.person.accountId, on_behalf_of: null });
    expect(audits[0]!.description).toContain('Sky Ture (Spouse)');
    expect(audits[0]!.data).toEqual(expect.arrayContaining([{ title: 'SSN', oldValue: null, newValue: 'XXX-XX-6781', changed: true }]));
    // The flag's label as decisions section 6 spells it.
    expect(audits[0]!.data).toEqual(expect.arrayContaining([expect.objectContaining({ title: 'Totally disabled' })]));
    expect(JSON.stringify(audits)).not.toContain('Totaly');
    expect(JSON.stringify(audits)).not.toContain('123-45-6781');
    // A child is asked neither smoker nor email, and is complete without them.
    const kid = await create(h, { ...CHILD, smoker: '', email: '' }).expect(201);
    expect(kid.body).toMatchObject({ smoker: null, email: null });
    expect(kid.body.completeness).toEqual({ complete: true, status: 'complete', errors: [], alerts: [], warnings: [] });
    // The individual id comes from the same sequence as employees', so it names one person.
    const clash = await db.query('SELECT 1 FROM employee WHERE individual_id = $1', [res.body.individualId]);
    expect(clash).toEqual([]);
  });

  it('enforces every rule with the spec messages and creates nothing', async () => {
    const h = await household();
    const cases: Array<[Record<string, unknown>, Array<{ path: string; message: string }>]> = [
      [{}, ['relationshipTypeId', 'firstName', 'lastName', 'birthDate', 'gender', 'ssn', 'smoker'].map((path) => ({ path, message: 'Field is required' }))],
      [{ ...SPOUSE, smoker: '' }, [{ path: 'smoker', message: 'Field is required' }]],
      [{ ...SPOUSE, ssn: '' }, [{ path: 'ssn', message: 'Field is required' }]],
      [{ ...SPOUSE, ssn: '000-00-0000' }, [{ path: 'ssn', message: 'Invalid SSN format' }]],
      [{ ...CHILD, ssn: '000-00-0000' }, [{ path: 'ssn', message: 'Invalid SSN format' }]],
      [{ ...BABY, ssn: '000-00-000' }, [{ path: 'ssn', message: NEWBORN_MSG }]],
      [{ ...CHILD, lastName: 'Smith' }, [{ path: 'lastNameReasonId', message: 'Field is required' }]],
      [{ ...SPOUSE, disabled: 1 }, [{ path: 'disabled', message: 'Only a child can be marked as totally disabled' }]],
      [{ ...SPOUSE, email: 'sky@' }, [{ path: 'email', message: 'Please enter a valid email' }]],
      [{ ...SPOUSE, birthDate: '13/40/1990' }, [{ path: 'birthDate', message: 'This is not a valid date' }]],
      [{ ...SPOUSE, ssn: 'XXX-XX-6781' }, [{ path: 'ssn', message: 'Invalid SSN format' }]],
      [{ ...SPOUSE, dependentDifferentAddress: true, address1: '2 Elm', city: 'Salem', state: 'MA', zip: '1970' }, [{ path: 'zip', message: 'Invalid ZIP format' }]],
    ];
    for (const [body, errors] of cases) {
      const res = await create(h, body).expect(400);
      expect({ body, errors: res.body.errors }).toEqual({ body, errors });
      expect(res.body.message).toBe(errors[0]!.message);
    }
    expect(await count(h.person.employeeId)).toBe(0);
    expect(await auditRows(db, h.person.employeeId)).toHaveLength(0);
  });

  it('lets a child under 1 use 000-00-0000 while requireSsn is on; a child with another last name needs a reason', async () => {
    // A client of its own: requireSsn is switched off below, and Acme is shared with suites running now.
    const h = await household(await cloneAcmeClient(db));
    const baby = await create(h, BABY).expect(201);
    expect(baby.body).toMatchObject({ ssn: 'XXX-XX-0000', completeness: { complete: true, errors: [] } });
    // Or no SSN yet (decisions section 6: it arrives weeks after the birth): saved, complete, with an alert.
    const later = await create(h, { ...BABY, firstName: 'Lu', ssn: '' }).expect(201);
    expect(later.body).toMatchObject({ ssn: null, completeness: { complete: true, errors: [], alerts: ['SSN is missing!'] } });
    const kit = await create(h, { ...CHILD, lastName: 'Smith', lastNameReasonId: '1', disabled: 'on' }).expect(201);
    expect(kit.body).toMatchObject({ lastName: 'Smith', lastNameReasonId: 1, disabled: 1, completeness: { complete: true, warnings: [] } });
    // A reason is kept only while it means something.
    const same = await api().put(`/mbl/api/dependents/${kit.body.id}`).set(auth(h.jwt)).send({ ...CHILD, ssn: 'XXX-XX-6782', lastNameReasonId: '1' }).expect(200);
    expect(same.body.lastNameReasonId).toBeNull();
    // Off for the client: the strict rule holds for everyone.
    await db.query('UPDATE client SET require_ssn = false WHERE id = (SELECT client_id FROM employee WHERE id = $1)', [h.person.employeeId]);
    expect((await create(h, { ...BABY, firstName: 'Cy' }).expect(400)).body.errors).toEqual([{ path: 'ssn', message: 'Invalid SSN format' }]);
    await create(h, { ...BABY, firstName: 'Cy', ssn: '' }).expect(201);
  });

  it('reads, updates (the mask keeps the SSN), and deletes, each change audited once', async () => {
    const h = await household();
    const { id } = (await create(h, SPOUSE).expect(201)).body as { id: number };
    const got = await api().get(`/mbl/api/dependents/${id}`).set(auth(h.jwt)).expect(200);
    expect(got.body).toMatchObject({ id, firstName: 'Sky', ssn: 'XXX-XX-6781', birthDate: '01/02/1990' });
    const [before] = (await db.query('SELECT ssn_enc FROM dependent WHERE id = $1', [id])) as Array<{ ssn_enc: string }>;

    const upd = await api().put(`/mbl/api/dependents/${id}`).set(auth(h.jwt)).send({ ...SPOUSE, ssn: 'XXX-XX-6781', lastName: 'Stone' }).expect(200);
    expect(upd.body).toMatchObject({ lastName: 'Stone', ssn: 'XXX-XX-6781' });
    expect(upd.body.completeness.warnings).toEqual(["Sky's last name is different from yours. A marriage certificate upload may be required."]);
    const [after] = (await db.query('SELECT ssn_enc FROM dependent WHERE id = $1', [id])) as Array<{ ssn_enc: string }>;
    expect(after!.ssn_enc).toBe(before!.ssn_enc);
    const updates = await auditRows(db, h.person.employeeId, 'update');
    expect(updates).toHaveLength(1);
    expect((updates[0]!.data as Array<{ title: string; changed: boolean; oldValue: string | null; newValue: string | null }>).filter((d) => d.changed)).toEqual([
      { title: 'Last name', oldValue: 'Ture', newValue: 'Stone', changed: true },
    ]);
    // No change, no entry.
    await api().put(`/mbl/api/dependents/${id}`).set(auth(h.jwt)).send({ ...SPOUSE, ssn: 'XXX-XX-6781', lastName: 'Stone' }).expect(200);
    expect(await auditRows(db, h.person.employeeId, 'update')).toHaveLength(1);
    // An invalid update changes nothing.
    await api().put(`/mbl/api/dependents/${id}`).set(auth(h.jwt)).send({ ...SPOUSE, firstName: '' }).expect(400);
    expect((await api().get(`/mbl/api/dependents/${id}`).set(auth(h.jwt)).expect(200)).body.firstName).toBe('Sky');

    expect((await api().delete(`/mbl/api/dependents/${id}`).set(auth(h.jwt)).expect(200)).body).toEqual({ success: true });
    await api().get(`/mbl/api/dependents/${id}`).set(auth(h.jwt)).expect(404);
    await api().delete(`/mbl/api/dependents/${id}`).set(auth(h.jwt)).expect(404);
    const deletes = await auditRows(db, h.person.employeeId, 'delete');
    expect(deletes).toHaveLength(1);
    expect(deletes[0]!.data).toEqual(expect.arrayContaining([{ title: 'SSN', oldValue: 'XXX-XX-6781', newValue: null, changed: true }]));
    expect((await api().get('/mbl/api/dependents').set(auth(h.jwt)).expect(200)).body).toEqual([]);
  });

  it("shows a missing gender as an incomplete dependent (a row written elsewhere, e.g. a census import)", async () => {
    const h = await household();
    const { id } = (await create(h, SPOUSE).expect(201)).body as { id: number };
    await db.query('UPDATE dependent SET gender = NULL WHERE id = $1', [id]);
    const [dep] = (await api().get('/mbl/api/dependents').set(auth(h.jwt)).expect(200)).body as Array<{ completeness: unknown }>;
    expect(dep!.completeness).toEqual({ complete: false, status: 'error', errors: ['Gender is missing!'], alerts: [], warnings: [] });
  });

  it('updates addresses: a different one is stored, otherwise the employee address is', async () => {
    const h = await household();
    const a = (await create(h, SPOUSE).expect(201)).body as { id: number };
    const b = (await create(h, CHILD).expect(201)).body as { id: number };
    const bad = await api()
      .put('/mbl/api/dependents/addresses/update')
      .set(auth(h.jwt))
      .send([{ id: a.id, dependentDifferentAddress: true, address1: '2 Elm Street' }])
      .expect(400);
    expect(bad.body.errors).toEqual(['city', 'state', 'zip'].map((f) => ({ path: `0.${f}`, message: 'Field is required' })));

    const res = await api()
      .put('/mbl/api/dependents/addresses/update')
      .set(auth(h.jwt))
      .send([
        { id: String(a.id), dependentDifferentAddress: true, address1: '2 Elm Street', address2: 'Apt 4', city: 'Salem', state: 'MA', zip: '01970' },
        { id: b.id, dependentDifferentAddress: false, address1: 'ignored', city: 'ignored', state: 'NY', zip: '10001' },
      ])
      .expect(200);
    expect(res.body).toEqual([
      { id: a.id, firstName: 'Sky', lastName: 'Ture', dependentDifferentAddress: true, address1: '2 Elm Street', address2: 'Apt 4', city: 'Salem', state: 'MA', zip: '01970' },
      { id: b.id, firstName: 'Kit', lastName: 'Ture', dependentDifferentAddress: false, address1: '1 Home Road', address2: null, city: 'Boston', state: 'MA', zip: '02110' },
    ]);
    expect((await api().get('/mbl/api/dependents/addresses').set(auth(h.jwt)).expect(200)).body).toEqual(res.body);
    const [rawB] = (await db.query('SELECT address1, zip FROM dependent WHERE id = $1', [b.id])) as Array<Record<string, string>>;
    expect(rawB).toEqual({ address1: '1 Home Road', zip: '02110' });
    // Only the dependent whose address changed is audited.
    const updates = await auditRows(db, h.person.employeeId, 'update');
    expect(updates).toHaveLength(1);
    expect(updates[0]!.description).toContain('Sky Ture');

    const back = await api().put(`/mbl/api/dependents/${a.id}/address`).set(auth(h.jwt)).send({ dependentDifferentAddress: false }).expect(200);
    expect(back.body).toMatchObject({ id: a.id, dependentDifferentAddress: false, address1: '1 Home Road', city: 'Boston', zip: '02110' });
    expect(await auditRows(db, h.person.employeeId, 'update')).toHaveLength(2);
  });

  it('unlocks the clear SSNs with the password, audited', async () => {
    const h = await household();
    const a = (await create(h, SPOUSE).expect(201)).body as { id: number };
    const b = (await create(h, BABY).expect(201)).body as { id: number };
    const wrong = await api().post('/mbl/api/dependents/personal').set(auth(h.jwt)).send({ password: 'nope' }).expect(400);
    expect(wrong.body.developerMessage).toBe('Incorrect password');
    const res = await api().post('/mbl/api/dependents/personal').set(auth(h.jwt)).send({ password: 'Passw0rd!' }).expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual([
      { id: a.id, ssn: '123-45-6781' },
      { id: b.id, ssn: '000-00-0000' },
    ]);
    const unlocks = await auditRows(db, h.person.employeeId, 'unlock');
    expect(unlocks).toHaveLength(1);
    expect(unlocks[0]).toMatchObject({ event_type: 'Personal data' });
    expect(JSON.stringify(unlocks)).not.toContain('6781');
  });

  describe('ownership', () => {
    it("another employee's dependent is not found, and nothing of it changes", async () => {
      const owner = await household();
      const other = await household();
      const { id } = (await create(owner, SPOUSE).expect(201)).body as { id: number };
      const as = (jwt: string) => auth(jwt);
      await api().get(`/mbl/api/dependents/${id}`).set(as(other.jwt)).expect(404);
      await api().put(`/mbl/api/dependents/${id}`).set(as(other.jwt)).send(SPOUSE).expect(404);
      await api().put(`/mbl/api/dependents/${id}/address`).set(as(other.jwt)).send({ dependentDifferentAddress: false }).expect(404);
      await api().delete(`/mbl/api/dependents/${id}`).set(as(other.jwt)).expect(404);
      const mine = (await create(other, SPOUSE).expect(201)).body as { id: number };
      await api()
        .put('/mbl/api/dependents/addresses/update')
        .set(as(other.jwt))
        .send([
          { id: mine.id, dependentDifferentAddress: true, address1: '3 Oak', city: 'Lynn', state: 'MA', zip: '01901' },
          { id, dependentDifferentAddress: true, address1: '3 Oak', city: 'Lynn', state: 'MA', zip: '01901' },
        ])
        .expect(404);
      expect((await api().get('/mbl/api/dependents/addresses').set(as(other.jwt)).expect(200)).body[0]).toMatchObject({ dependentDifferentAddress: false });
      expect((await api().get(`/mbl/api/dependents/${id}`).set(as(owner.jwt)).expect(200)).body).toMatchObject({ firstName: 'Sky', dependentDifferentAddress: false });
      expect(await auditRows(db, owner.person.employeeId)).toHaveLength(1);
      await api().get('/mbl/api/dependents/abc').set(as(other.jwt)).expect(404);
    });

    it('HR sees the dependents of its own client only', async () => {
      const hr = await t.login('hr@acme.test');
      const jane = await employeeIdOf(db, 'jane@acme.test');
      const list = await api().get(`/mbl/api/employees/${jane}/dependents`).set(auth(hr)).expect(200);
      expect((list.body as Array<{ firstName: string; ssn: string }>).map((d) => [d.firstName, d.ssn])).toEqual([
        ['John', 'XXX-XX-6711'],
        ['Lily', 'XXX-XX-6712'],
      ]);
      await api().get(`/mbl/api/employees/${jane}/dependents`).set(auth(await t.login('jane@acme.test'))).expect(403);

      const tenant = await createOtherTenant(db);
      const otherHr = await createPerson(db, { clientId: tenant.clientId, registered: true, roleType: 1 });
      const otherJwt = await t.login(otherHr.email);
      const res = await api().get(`/mbl/api/employees/${jane}/dependents`).set(auth(otherJwt)).expect(404);
      expect(res.body.message).toBe('No employee found!');
      await api().get(`/mbl/api/employees/${tenant.employeeId}/dependents`).set(auth(hr)).expect(404);
      expect(await accountIdOf(db, otherHr.email)).toBe(otherHr.accountId);
    });
  });
});
