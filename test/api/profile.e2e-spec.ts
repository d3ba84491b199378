import request from 'supertest';
import { DataSource } from 'typeorm';
import { createTestApp, type TestApp } from '../support/app';
import { accountIdOf, auditRows, createPerson, employeeIdOf, type FixturePerson } from '../support/fixtures';

/** "<keyId>:<iv>:<tag>:<ciphertext>", base64 parts: what a sealed value looks like (and nothing else). */
const SEALED = /^[A-Za-z0-9_-]+:[A-Za-z0-9+/]+=*:[A-Za-z0-9+/]+=*:[A-Za-z0-9+/]+=*$/;

const PROFILE = {
  firstName: 'Pat',
  middleName: '',
  lastName: 'Rowe',
  maidenName: '',
  birthDate: '04/05/1990',
  gender: '1',
  smoker: '0',
  maritalStatusId: '1',
  ssn: '123-45-6790',
  address1: '5 Harbor Way',
  address2: '',
  zip: '02110',
  city: 'Boston',
  state: 'MA',
  officePhone: '',
  homePhone: '',
  cellPhone: '617-555-0190',
  cellPhoneIndex: 2,
};

describe('employee profile: GET/PUT /employee, GET /zip-lookup', () => {
  let t: TestApp;
  let db: DataSource;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
  });
  afterAll(() => t.close());

  const api = () => request(t.server);
  const auth = (jwt: string) => ({ Authorization: `Bearer ${jwt}` });
  const rawEmployee = async (id: number) =>
    ((await db.query('SELECT * FROM employee WHERE id = $1', [id])) as Array<Record<string, unknown>>)[0]!;

  async function freshPerson(): Promise<{ person: FixturePerson; jwt: string }> {
    const person = await createPerson(db, { registered: true, firstName: 'Pat', lastName: 'Rowe' });
    return { person, jwt: await t.login(person.email) };
  }

  it("answers the employee's own profile: SSN masked, no income, dates MM/DD/YYYY", async () => {
    const jwt = await t.login('jane@acme.test');
    const res = await api().get('/mbl/api/employee').set(auth(jwt)).expect(200);
    expect(res.body).toMatchObject({
      id: await employeeIdOf(db, 'jane@acme.test'),
      firstName: 'Jane',
      lastName: 'Doe',
      email: 'jane@acme.test',
      birthDate: '09/23/1988',
      gender: 2,
      smoker: 0,
      maritalStatusId: 2,
      ssn: 'XXX-XX-6701',
      address1: '100 Main Street',
      zip: '02110',
      city: 'Boston',
      state: 'MA',
      cellPhone: '617-555-0100',
      title: 'Account Executive',
      hireDate: '06/17/2019',
    });
    expect(res.body).not.toHaveProperty('income');
    expect(JSON.stringify(res.body)).not.toMatch(/123-45|72000/);
  });

  it('stores SSN and income only as ciphertext (the seed included)', async () => {
    const rows: Array<{ ssn_enc: string | null; income_enc: string | null }> = await db.query('SELECT ssn_enc, income_enc FROM employee');
    const values = rows.flatMap((r) => [r.ssn_enc, r.income_enc]).filter((v): v is string => v !== null);
    expect(values.length).toBeGreaterThanOrEqual(10);
    for (const v of values) {
      expect(v).toMatch(SEALED);
      expect(v).not.toMatch(/\d{3}-\d{2}-\d{4}|\d+\.\d{2}/);
    }
  });

  it('refuses a body breaking the rules with every message, and changes nothing', async () => {
    const { person, jwt } = await freshPerson();
    const before = await rawEmployee(person.employeeId);
    const res = await api()
      .put('/mbl/api/employee')
      .set(auth(jwt))
      .send({ ...PROFILE, firstName: '', birthDate: '1990-04-05', zip: '2110', cellPhone: '6175550190', officePhone: '617 555 0100', ssn: '000-00-0000', gender: '' })
      .expect(400);
    expect(res.body.statusCode).toBe(400);
    expect(res.body.errors).toEqual([
      { path: 'firstName', message: 'Field is required' },
      { path: 'birthDate', message: 'This is not a valid date' },
      { path: 'gender', message: 'Field is required' },
      { path: 'ssn', message: 'Invalid SSN format' },
      { path: 'zip', message: 'Invalid ZIP format' },
      { path: 'officePhone', message: 'Phone number is not valid' },
      { path: 'cellPhone', message: 'Phone number is not valid' },
    ]);
    const required = await api().put('/mbl/api/employee').set(auth(jwt)).send({}).expect(400);
    expect((required.body.errors as Array<{ path: string; message: string }>).map((e) => `${e.path}: ${e.message}`).sort()).toEqual(
      ['address1', 'birthDate', 'city', 'firstName', 'gender', 'lastName', 'maritalStatusId', 'smoker', 'ssn', 'state', 'zip'].map((f) => `${f}: Field is required`).sort(),
    );
    expect(await rawEmployee(person.employeeId)).toEqual(before);
    expect(await auditRows(db, person.employeeId)).toHaveLength(0);
  });

  it('a mask stands for the stored SSN: without one it is refused', async () => {
    const { jwt } = await freshPerson();
    const res = await api().put('/mbl/api/employee').set(auth(jwt)).send({ ...PROFILE, ssn: 'XXX-XX-6790' }).expect(400);
    expect(res.body.errors).toEqual([{ path: 'ssn', message: 'Invalid SSN format' }]);
  });

  it('saves every field, seals the SSN, keeps it on the mask, and audits each change once, masked', async () => {
    const { person, jwt } = await freshPerson();
    const saved = await api().put('/mbl/api/employee').set(auth(jwt)).send(PROFILE).expect(200);
    expect(saved.body).toMatchObject({
      firstName: 'Pat',
      middleName: null,
      birthDate: '04/05/1990',
      gender: 1,
      smoker: 0,
      maritalStatusId: 1,
      ssn: 'XXX-XX-6790',
      address1: '5 Harbor Way',
      address2: null,
      cellPhone: '617-555-0190',
      cellPhoneIndex: 2,
      officePhone: null,
    });
    expect((await api().get('/mbl/api/employee').set(auth(jwt)).expect(200)).body).toEqual(saved.body);
    const row = await rawEmployee(person.employeeId);
    expect(row.ssn_enc).toMatch(SEALED);
    expect(String(row.ssn_enc)).not.toContain('6790');
    expect(await db.query(`SELECT to_char(birth_date, 'YYYY-MM-DD') AS d FROM employee WHERE id = $1`, [person.employeeId])).toEqual([{ d: '1990-04-05' }]);

    const audits = await auditRows(db, person.employeeId);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ event_type: 'Employee Profile', action_type: 'update', performed_by: person.accountId, on_behalf_of: null });
    expect(audits[0]!.data).toEqual(
      expect.arrayContaining([
        { title: 'Social Security Number', oldValue: null, newValue: 'XXX-XX-6790', changed: true },
        { title: 'Date of birth', oldValue: null, newValue: '04/05/1990', changed: true },
        { title: 'Gender', oldValue: null, newValue: 'Male', changed: true },
        { title: 'First name', oldValue: 'Pat', newValue: 'Pat', changed: false },
      ]),
    );
    expect(JSON.stringify(audits)).not.toContain('123-45-6790');

    // The mask keeps the stored SSN (same ciphertext); the index absent keeps the stored index.
    const { cellPhoneIndex: _omit, ...withoutIndex } = PROFILE;
    const again = await api().put('/mbl/api/employee').set(auth(jwt)).send({ ...withoutIndex, ssn: 'XXX-XX-6790', middleName: 'Lee' }).expect(200);
    expect(again.body).toMatchObject({ middleName: 'Lee', ssn: 'XXX-XX-6790', cellPhoneIndex: 2 });
    expect((await rawEmployee(person.employeeId)).ssn_enc).toBe(row.ssn_enc);
    const audits2 = await auditRows(db, person.employeeId);
    expect(audits2).toHaveLength(2);
    expect((audits2[1]!.data as Array<{ title: string; changed: boolean }>).filter((d) => d.changed).map((d) => d.title)).toEqual(['Middle name']);

    // Nothing changed: nothing written, nothing audited.
    await api().put('/mbl/api/employee').set(auth(jwt)).send({ ...PROFILE, ssn: 'XXX-XX-6790', middleName: 'Lee' }).expect(200);
    expect(await auditRows(db, person.employeeId)).toHaveLength(2);

    // A new SSN with the same last four is still a change, shown masked on both sides.
    await api().put('/mbl/api/employee').set(auth(jwt)).send({ ...PROFILE, ssn: '987-65-6790', middleName: 'Lee' }).expect(200);
    const last = (await auditRows(db, person.employeeId)).at(-1)!;
    expect(last.data).toEqual(expect.arrayContaining([{ title: 'Social Security Number', oldValue: 'XXX-XX-6790', newValue: 'XXX-XX-6790', changed: true }]));
    expect(await db.query('SELECT 1 FROM audit_log WHERE data::text ~ $1', ['\\d{3}-\\d{2}-\\d{4}'])).toEqual([]);

    const unlocked = await api().post('/mbl/api/employee/personal').set(auth(jwt)).send({ password: 'Passw0rd!' }).expect(200);
    expect(unlocked.body.ssn).toBe('987-65-6790');
  });

  it('records the administrator as performer on behalf of the employee while impersonating', async () => {
    const { person } = await freshPerson();
    const hr = await t.login('hr@acme.test');
    const imp = (await api().post(`/mbl/api/employees/${person.employeeId}/impersonate`).set(auth(hr)).send({ reason: 'record' }).expect(200)).body.jwt as string;
    await api().put('/mbl/api/employee').set(auth(imp)).send(PROFILE).expect(200);
    const [row] = await auditRows(db, person.employeeId, 'update');
    expect(row).toMatchObject({ performed_by: await accountIdOf(db, 'hr@acme.test'), on_behalf_of: person.accountId });
  });

  it('moves the dependents that live at home along with the address', async () => {
    const { person, jwt } = await freshPerson();
    await api().put('/mbl/api/employee').set(auth(jwt)).send(PROFILE).expect(200);
    const dep = await api()
      .post('/mbl/api/dependents')
      .set(auth(jwt))
      .send({ relationshipTypeId: 1, firstName: 'Sky', lastName: 'Rowe', birthDate: '01/02/1991', gender: 2, smoker: 0, ssn: '123-45-6791' })
      .expect(201);
    expect(dep.body).toMatchObject({ address1: '5 Harbor Way', city: 'Boston' });
    await api().put('/mbl/api/employee').set(auth(jwt)).send({ ...PROFILE, ssn: 'XXX-XX-6790', address1: '9 Elm Street', zip: '01970', city: 'Salem' }).expect(200);
    const [raw] = (await db.query('SELECT address1, city, zip FROM dependent WHERE id = $1', [dep.body.id])) as Array<Record<string, string>>;
    expect(raw).toEqual({ address1: '9 Elm Street', city: 'Salem', zip: '01970' });
    expect(person.employeeId).toBeGreaterThan(0);
  });

  it('answers 403 to an account without an employee record (an agent has no employee pages)', async () => {
    const agent = await t.login('agent@harbor.test');
    await api().get('/mbl/api/employee').set(auth(agent)).expect(403);
    await api().put('/mbl/api/employee').set(auth(agent)).send(PROFILE).expect(403);
  });

  describe('GET /zip-lookup', () => {
    it('fills city and state from the offline dataset', async () => {
      const jwt = await t.login('jane@acme.test');
      expect((await api().get('/mbl/api/zip-lookup').query({ zip: '02110' }).set(auth(jwt)).expect(200)).body).toEqual({ city: 'Boston', state: 'MA' });
      expect((await api().get('/mbl/api/zip-lookup').query({ zip: '99999' }).set(auth(jwt)).expect(404)).body.statusCode).toBe(404);
      const bad = await api().get('/mbl/api/zip-lookup').query({ zip: '2110' }).set(auth(jwt)).expect(400);
      expect(bad.body).toMatchObject({ message: 'Invalid ZIP format', errors: [{ path: 'zip', message: 'Invalid ZIP format' }] });
      await api().get('/mbl/api/zip-lookup').query({ zip: '02110' }).expect(401);
    });
  });
});
