import request from 'supertest';
import { DataSource } from 'typeorm';
import { createTestApp, type TestApp } from '../support/app';
import { createOtherTenant, employeeIdOf } from '../support/fixtures';
import { DEMO_PASSWORD } from '../support/test-env';
import { FILE_MAX_BYTES, FileMessages } from '../../api/src/contracts/files';

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

  it('HR unlocks the clear values with the password, audited under HR; never without it', async () => {
    const jane = await employeeIdOf(db, 'jane@acme.test');
    const hr = await t.login('hr@acme.test');
    const post = (path: string, body: object) => request(t.server).post(`/mbl/api${path}`).set('Authorization', `Bearer ${hr}`).send(body);
    expect((await post(`/employees/${jane}/personal`, { password: 'wrong-one' }).expect(400)).body.developerMessage).toBe('Incorrect password');
    const personal = (await post(`/employees/${jane}/personal`, { password: DEMO_PASSWORD }).expect(200)).body;
    expect(personal.ssn).toMatch(/^\d{3}-\d{2}-\d{4}$/);
    const deps = (await post(`/employees/${jane}/dependents/personal`, { password: DEMO_PASSWORD }).expect(200)).body as Array<{ id: number; ssn: string | null }>;
    expect(deps.length).toBeGreaterThan(0);
    await post(`/employees/${jane}/beneficiaries/personal`, { password: DEMO_PASSWORD }).expect(200);
    const [entry] = await db.query(
      `SELECT a.username FROM audit_log l JOIN account a ON a.id = l.performed_by WHERE l.employee_id = $1 AND l.action_type = 'unlock' ORDER BY l.id DESC LIMIT 1`,
      [jane],
    );
    expect(entry.username).toBe('hr@acme.test');
    await request(t.server).post(`/mbl/api/employees/${jane}/personal`).set('Authorization', `Bearer ${await t.login('jane@acme.test')}`).send({ password: DEMO_PASSWORD }).expect(403);
  });

  it('the Files tab: HR adds a titled file whose type is read from its bytes; refusals say why; HR and the employee open it', async () => {
    const jane = await employeeIdOf(db, 'jane@acme.test');
    const hr = await t.login('hr@acme.test');
    const upload = (title: string | null, data: Buffer, name: string) => {
      const r = request(t.server).post(`/mbl/api/employees/${jane}/files`).set('Authorization', `Bearer ${hr}`);
      if (title !== null) r.field('title', title);
      return r.attach('file', data, name);
    };
    const pdf = (await upload('Signed offer letter', Buffer.from('%PDF-1.4 offer'), 'offer.bin').expect(201)).body;
    expect(pdf).toMatchObject({ title: 'Signed offer letter', contentType: 'application/pdf', sizeBytes: 14 });
    expect((await upload('Tool', Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03]), 'tool.pdf').expect(400)).body.errors).toEqual([{ path: 'file', message: FileMessages.typeNotAllowed }]);
    expect((await upload(null, Buffer.from('%PDF-1.4'), 'a.pdf').expect(400)).body.errors).toEqual([{ path: 'title', message: FileMessages.titleRequired }]);
    expect((await upload('Too big', Buffer.alloc(FILE_MAX_BYTES + 1, 0x41), 'big.txt').expect(413)).body.message).toBe(FileMessages.tooLarge);

    const list = (await get(hr, `/employees/${jane}/files`).expect(200)).body as Array<{ id: number; title: string }>;
    expect(list[0]).toMatchObject({ id: pdf.id, title: 'Signed offer letter' });
    expect((await get(hr, `/files/${pdf.id}/download`).expect(200)).headers['content-type']).toContain('application/pdf');
    await get(await t.login('jane@acme.test'), `/files/${pdf.id}/download`).expect(200);
    await get(await t.login('tess@acme.test'), `/employees/${jane}/files`).expect(403);
    const other = await createOtherTenant(db);
    await get(hr, `/employees/${other.employeeId}/files`).expect(404);
  });
});
