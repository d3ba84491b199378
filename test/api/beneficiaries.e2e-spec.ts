import request from 'supertest';
import { DataSource } from 'typeorm';
import { createTestApp, type TestApp } from '../support/app';
import { auditRows, createOtherTenant, createPerson, employeeIdOf, type FixturePerson } from '../support/fixtures';

const SEALED = /^[A-Za-z0-9_-]+:[A-Za-z0-9+/]+=*:[A-Za-z0-9+/]+=*:[A-Za-z0-9+/]+=*$/;
const B = (patch: Record<string, unknown> = {}) => ({
  firstName: 'Ann',
  lastName: 'Ture',
  relationshipTypeId: '1',
  beneficiaryType: '1',
  share: '60',
  birthDate: '01/02/1990',
  ssn: '123-45-6790',
  ...patch,
});

describe('beneficiaries', () => {
  let t: TestApp;
  let db: DataSource;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
  });
  afterAll(() => t.close());

  const api = () => request(t.server);
  const auth = (jwt: string) => ({ Authorization: `Bearer ${jwt}` });

  async function employee(): Promise<{ person: FixturePerson; jwt: string }> {
    const person = await createPerson(db, { registered: true });
    return { person, jwt: await t.login(person.email) };
  }

  it("lists jane's seeded beneficiaries: primary then contingent, SSNs masked and sealed at rest", async () => {
    const jwt = await t.login('jane@acme.test');
    const res = await api().get('/mbl/api/beneficiaries').set(auth(jwt)).expect(200);
    expect(res.body).toEqual([
      expect.objectContaining({ firstName: 'John', lastName: 'Doe', beneficiaryType: 1, beneficiaryTypeName: 'Primary', share: 100, ssn: 'XXX-XX-6711', relationshipType: 'Spouse' }),
      expect.objectContaining({ firstName: 'Lily', lastName: 'Doe', beneficiaryType: 2, beneficiaryTypeName: 'Contingent', share: 100, ssn: 'XXX-XX-6712' }),
    ]);
    expect(res.body[0].relationshipId).toEqual(expect.any(Number));
    const janeId = await employeeIdOf(db, 'jane@acme.test');
    const rows: Array<{ ssn_enc: string }> = await db.query('SELECT ssn_enc FROM beneficiary WHERE employee_id = $1', [janeId]);
    for (const r of rows) expect(r.ssn_enc).toMatch(SEALED);
    expect(JSON.stringify(res.body)).not.toContain('123-45-67');
  });

  it('creates, reads, edits and deletes with every change audited and the totals enforced', async () => {
    const { person, jwt } = await employee();
    const created = await api().post('/mbl/api/beneficiaries').set(auth(jwt)).send(B()).expect(201);
    expect(created.body).toMatchObject({ firstName: 'Ann', share: 60, beneficiaryType: 1, ssn: 'XXX-XX-6790', birthDate: '01/02/1990' });
    const id = created.body.id as number;

    // Pushing primary over 100 is refused with the share field's message.
    const over = await api().post('/mbl/api/beneficiaries').set(auth(jwt)).send(B({ firstName: 'Bo', share: '50' })).expect(400);
    expect(over.body).toMatchObject({ message: 'From 1 to 40', errors: [{ path: 'share', message: 'From 1 to 40' }] });
    await api().post('/mbl/api/beneficiaries').set(auth(jwt)).send(B({ firstName: 'Bo', share: '40' })).expect(201);
    const spent = await api().post('/mbl/api/beneficiaries').set(auth(jwt)).send(B({ firstName: 'Cy', share: '1' })).expect(400);
    expect(spent.body.errors).toEqual([{ path: 'share', message: 'You already spent it' }]);
    // Contingent has its own 100.
    const cont = await api().post('/mbl/api/beneficiaries').set(auth(jwt)).send(B({ firstName: 'Cy', beneficiaryType: 2, share: 100 })).expect(201);

    // Editing keeps its own share available; the mask keeps the stored SSN.
    const edited = await api().put(`/mbl/api/beneficiaries/${id}`).set(auth(jwt)).send(B({ share: '60', lastName: 'Smith', ssn: 'XXX-XX-6790' })).expect(200);
    expect(edited.body).toMatchObject({ lastName: 'Smith', share: 60, ssn: 'XXX-XX-6790' });
    const tooMuch = await api().put(`/mbl/api/beneficiaries/${id}`).set(auth(jwt)).send(B({ share: '61' })).expect(400);
    expect(tooMuch.body.errors).toEqual([{ path: 'share', message: 'From 1 to 60' }]);

    await api().get(`/mbl/api/beneficiaries/${id}`).set(auth(jwt)).expect(200);
    await api().delete(`/mbl/api/beneficiaries/${cont.body.id}`).set(auth(jwt)).expect(200, { success: true });
    await api().get(`/mbl/api/beneficiaries/${cont.body.id}`).set(auth(jwt)).expect(404);

    const audit = await auditRows(db, person.employeeId);
    const kinds = audit.filter((a) => a.event_type === 'Beneficiary').map((a) => a.action_type);
    expect(kinds).toEqual(['create', 'create', 'create', 'update', 'delete']);
    const update = audit.find((a) => a.event_type === 'Beneficiary' && a.action_type === 'update')!;
    expect(update.data).toEqual(expect.arrayContaining([{ title: 'Last name', oldValue: 'Ture', newValue: 'Smith', changed: true }]));
    expect(JSON.stringify(audit)).not.toContain('123-45-6790');
  });

  it('answers every required field with its message', async () => {
    const { jwt } = await employee();
    const res = await api().post('/mbl/api/beneficiaries').set(auth(jwt)).send({}).expect(400);
    expect(res.body.errors).toEqual(
      expect.arrayContaining(
        ['firstName', 'lastName', 'relationshipTypeId', 'beneficiaryType', 'birthDate', 'ssn'].map((path) => ({ path, message: 'Field is required' })).concat([{ path: 'share', message: 'Choose type of share' }]),
      ),
    );
    const masked = await api().post('/mbl/api/beneficiaries').set(auth(jwt)).send(B({ ssn: 'XXX-XX-1234' })).expect(400);
    expect(masked.body.errors).toEqual([{ path: 'ssn', message: 'Invalid SSN format' }]);
  });

  it("another employee's (or client's) beneficiary is not found, and nothing changes", async () => {
    const a = await employee();
    const b = await employee();
    const mine = await api().post('/mbl/api/beneficiaries').set(auth(a.jwt)).send(B({ share: 100 })).expect(201);
    const id = mine.body.id as number;
    await api().get(`/mbl/api/beneficiaries/${id}`).set(auth(b.jwt)).expect(404);
    await api().put(`/mbl/api/beneficiaries/${id}`).set(auth(b.jwt)).send(B({ share: 100 })).expect(404);
    await api().delete(`/mbl/api/beneficiaries/${id}`).set(auth(b.jwt)).expect(404);
    await api().get('/mbl/api/beneficiaries/abc').set(auth(b.jwt)).expect(404);
    const still = await api().get(`/mbl/api/beneficiaries/${id}`).set(auth(a.jwt)).expect(200);
    expect(still.body.share).toBe(100);

    // A dependent of someone else cannot be named.
    const other = await createOtherTenant(db);
    const [dep] = (await db.query(`INSERT INTO dependent (client_id, employee_id, first_name, last_name) VALUES ((SELECT client_id FROM employee WHERE id = $1), $1, 'X', 'Y') RETURNING id`, [
      b.person.employeeId,
    ])) as Array<{ id: number }>;
    const named = await api().post('/mbl/api/beneficiaries').set(auth(a.jwt)).send(B({ beneficiaryType: 2, share: 10, relationshipId: dep!.id })).expect(400);
    expect(named.body.errors).toEqual([{ path: 'relationshipId', message: 'Please choose a value from the list' }]);

    // HR sees the same client's employee; another client's employee is not found.
    const hr = await t.login('hr@acme.test');
    const census = await api().get(`/mbl/api/employees/${a.person.employeeId}/beneficiaries`).set(auth(hr)).expect(200);
    expect(census.body).toEqual([expect.objectContaining({ id, ssn: 'XXX-XX-6790' })]);
    await api().get(`/mbl/api/employees/${other.employeeId}/beneficiaries`).set(auth(hr)).expect(404);
    await api().get(`/mbl/api/employees/${a.person.employeeId}/beneficiaries`).set(auth(a.jwt)).expect(403);
  });

  it('a trust is named, with an optional tax id sealed like an SSN; no birth date or SSN is asked or kept', async () => {
    const { person, jwt } = await employee();
    const trust = { firstName: 'Doe Family Trust', relationshipTypeId: '9', beneficiaryType: '1', share: '100', taxId: '123456789' };
    const created = await api().post('/mbl/api/beneficiaries').set(auth(jwt)).send(trust).expect(201);
    expect(created.body).toMatchObject({ firstName: 'Doe Family Trust', lastName: '', relationshipType: 'Trust', birthDate: null, ssn: null, taxId: 'XX-XXX6789' });
    const id = created.body.id as number;
    const [row] = await db.query('SELECT tax_id_enc, ssn_enc, birth_date FROM beneficiary WHERE id = $1', [id]);
    expect(row).toMatchObject({ ssn_enc: null, birth_date: null });
    expect(row.tax_id_enc).toMatch(SEALED);

    // The mask sent back keeps the stored tax id; a wrong one is refused with its message.
    await api().put(`/mbl/api/beneficiaries/${id}`).set(auth(jwt)).send({ ...trust, firstName: 'Doe Trust', taxId: 'XX-XXX6789' }).expect(200);
    const bad = await api().put(`/mbl/api/beneficiaries/${id}`).set(auth(jwt)).send({ ...trust, taxId: '1234' }).expect(400);
    expect(bad.body.errors).toEqual([{ path: 'taxId', message: 'Enter the tax id as 12-3456789' }]);
    const unlocked = await api().post('/mbl/api/beneficiaries/personal').set(auth(jwt)).send({ password: 'Passw0rd!' }).expect(200);
    expect(unlocked.body).toEqual([{ id, ssn: null, taxId: '12-3456789' }]);

    // The audit names the change and masks the tax id.
    const entries = await auditRows(db, person.employeeId);
    expect(JSON.stringify(entries)).not.toContain('12-3456789');
    expect(JSON.stringify(entries)).toContain('XX-XXX6789');
    expect(entries.map((e) => e.description)).toContain('Beneficiary Doe Trust (Primary, 100%) updated');

    // Changed to a person, the person's fields are required again.
    const person2 = await api().put(`/mbl/api/beneficiaries/${id}`).set(auth(jwt)).send({ ...trust, relationshipTypeId: '1' }).expect(400);
    expect(person2.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['birthDate', 'lastName', 'ssn']);
  });

  it('unlocks the clear SSNs with the password, audited, never cached', async () => {
    const { person, jwt } = await employee();
    await api().post('/mbl/api/beneficiaries').set(auth(jwt)).send(B({ share: 100 })).expect(201);
    const wrong = await api().post('/mbl/api/beneficiaries/personal').set(auth(jwt)).send({ password: 'nope-nope' }).expect(400);
    expect(wrong.body.developerMessage).toBe('Incorrect password');
    const ok = await api().post('/mbl/api/beneficiaries/personal').set(auth(jwt)).send({ password: 'Passw0rd!' }).expect(200);
    expect(ok.body).toEqual([{ id: expect.any(Number), ssn: '123-45-6790', taxId: null }]);
    expect(ok.headers['cache-control']).toBe('no-store');
    const unlocks = await auditRows(db, person.employeeId, 'unlock');
    expect(unlocks).toHaveLength(1);
    expect(JSON.stringify(unlocks)).not.toContain('123-45-6790');
  });

  it('the Beneficiaries step is saved only while the totals hold when a life plan is enrolled', async () => {
    const { person, jwt } = await employee();
    const life = (await db.query(
      `SELECT p.id, p.open_enrollment_period_id FROM plan p JOIN open_enrollment_period oe ON oe.id = p.open_enrollment_period_id AND oe.is_current
        WHERE p.plan_type_id = 3 AND p.client_id = (SELECT client_id FROM employee WHERE id = $1) LIMIT 1`,
      [person.employeeId],
    )) as Array<{ id: number; open_enrollment_period_id: number }>;
    // The server records Beneficiaries only right after Benefits Enrollment (registration-progress tries every pair).
    const atEnrollments = () => db.query(`UPDATE account SET registration_step = 7 WHERE id = $1`, [person.accountId]);
    // Without a life plan there is nothing to check.
    await atEnrollments();
    await api().put('/mbl/api/me').set(auth(jwt)).send({ step: 8 }).expect(200);
    await atEnrollments();
    await db.query(
      `INSERT INTO enrollment (client_id, employee_id, open_enrollment_period_id, plan_type_id, plan_id, status)
       VALUES ((SELECT client_id FROM employee WHERE id = $1), $1, $2, 3, $3, 1)`,
      [person.employeeId, life[0]!.open_enrollment_period_id, life[0]!.id],
    );
    const refused = await api().put('/mbl/api/me').set(auth(jwt)).send({ step: 8 }).expect(409);
    expect(refused.body).toMatchObject({ message: 'Beneficiaries: Total primary share must equal 100%' });
    await api().post('/mbl/api/beneficiaries').set(auth(jwt)).send(B({ share: 100 })).expect(201);
    await api().post('/mbl/api/beneficiaries').set(auth(jwt)).send(B({ firstName: 'Kid', beneficiaryType: 3, share: 30 })).expect(201);
    const tertiary = await api().put('/mbl/api/me').set(auth(jwt)).send({ step: 8 }).expect(409);
    expect(tertiary.body.errors).toEqual([{ path: 'step', message: 'Beneficiaries: Total tertiary share must equal 100%' }]);
    const tasks = await api().get('/mbl/api/tasks').set(auth(jwt)).expect(200);
    expect(tasks.body).toEqual(expect.arrayContaining([{ label: 'Your beneficiary designation is not complete: Total tertiary share must equal 100%', fileId: null }]));
    const kid = (await api().get('/mbl/api/beneficiaries').set(auth(jwt)).expect(200)).body.find((x: { firstName: string }) => x.firstName === 'Kid');
    await api().put(`/mbl/api/beneficiaries/${kid.id}`).set(auth(jwt)).send(B({ firstName: 'Kid', beneficiaryType: 3, share: 100, ssn: kid.ssn })).expect(200);
    await api().put('/mbl/api/me').set(auth(jwt)).send({ step: 8 }).expect(200);
  });
});
