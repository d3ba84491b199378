import request from 'supertest';
import { ClientMessages, bandContrast, type ClientDetail, type HrAdministrator } from '../../api/src/contracts';
import { createOtherTenant, createPerson, uniqueEmail } from '../support/fixtures';
import { cleanRateSheet, toXlsx } from '../support/rate-sheet-fixture';
import { appWithWorkers, linkFrom } from '../support/mail';

/** 1x1 transparent PNG: the smallest image the logo upload accepts. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/**
 * Issue 29 items 1, 3 and 4 (first half): Harbor's agent makes a client from nothing through the API alone (no SQL,
 * no seed for it), edits it, finds it in the client switcher, invites its HR administrator, who registers from the
 * email and signs in to it, disables them, and prepares the client's first period. Another agency's client is 404.
 */
describe('agency clients: an agent sets up an employer', () => {
  const suite = appWithWorkers();
  const api = () => request(suite.t.server);
  let agent: string;
  let clientId: number;
  const name = `Pinecrest Outfitters ${Date.now()}`;

  const settings = (overrides: Record<string, unknown> = {}) => ({
    name,
    website: 'https://pinecrest.example',
    headerColor: '#1f3a5f',
    footerColor: '#E8EEF5',
    timeZone: 'America/Denver',
    payPeriods: 24,
    planYearStartMonth: 1,
    enableOnboarding: true,
    i9Enabled: true,
    w4Enabled: true,
    payrollEnabled: false,
    eeoEnabled: false,
    enableMidyearChanges: true,
    requireSsn: true,
    authenticationMethod: 'email',
    contacts: [{ contactType: 'agent', firstName: 'Alex', lastName: 'Morgan', phone: '555-301-0200', email: 'agent@harbor.test' }],
    accessGroupIds: [1, 2],
    officeIds: [1],
    ...overrides,
  });

  beforeAll(async () => {
    agent = await suite.t.login('agent@harbor.test');
  });

  const auth = (req: request.Test, token = agent) => req.set('Authorization', `Bearer ${token}`);

  it('refuses settings that break a rule, each field with its message (contrast by the luminance rule, IANA zone, pay periods)', async () => {
    const res = await auth(api().post('/mbl/api/agency/clients')).send(settings({ name: '', headerColor: '#BABABA', footerColor: 'blue', timeZone: 'Mars/Olympus', payPeriods: 13, accessGroupIds: [] })).expect(400);
    const byPath = Object.fromEntries((res.body.errors as Array<{ path: string; message: string }>).map((e) => [e.path, e.message]));
    expect(byPath).toEqual({
      name: 'Field is required',
      headerColor: ClientMessages.colorContrast(bandContrast('#BABABA')!.ratio),
      footerColor: ClientMessages.colorFormat,
      timeZone: ClientMessages.timeZone,
      payPeriods: ClientMessages.payPeriods,
      accessGroupIds: ClientMessages.accessGroupRequired,
    });
  });

  it('creates the client with every setting; it is in the switcher at once, and the creation is audited', async () => {
    const created = (await auth(api().post('/mbl/api/agency/clients')).send(settings()).expect(201)).body as ClientDetail;
    clientId = created.id;
    expect(created).toMatchObject({ name, headerColor: '#1F3A5F', footerColor: '#E8EEF5', timeZone: 'America/Denver', payPeriods: 24, requireSsn: true, accessGroupIds: [1, 2], officeIds: [1], logoUrl: null });
    expect(created.contacts).toEqual([expect.objectContaining({ contactType: 'agent', email: 'agent@harbor.test' })]);

    const switcher = (await auth(api().get('/mbl/api/agency')).expect(200)).body as { clients: Array<{ id: number; name: string }> };
    expect(switcher.clients).toContainEqual(expect.objectContaining({ id: clientId, name }));
    const list = (await auth(api().get('/mbl/api/agency/clients')).expect(200)).body as { clients: Array<{ id: number; employees: number; hrAdministrators: number; period: unknown }> };
    expect(list.clients.find((c) => c.id === clientId)).toEqual(expect.objectContaining({ employees: 0, hrAdministrators: 0, period: null }));

    const audit = (await suite.db.query(`SELECT event_type, action_type, description FROM audit_log WHERE client_id = $1 ORDER BY id`, [clientId])) as Array<{ event_type: string; action_type: string; description: string }>;
    expect(audit).toEqual([{ event_type: 'Client settings', action_type: 'create', description: `Client ${name} created` }]);
  });

  it('edits the client: the settings and contacts are replaced and the audit entry says what changed', async () => {
    const hrContact = { contactType: 'hr', firstName: 'Rosa', lastName: 'Park', email: 'rosa@pinecrest.example' };
    const edited = (await auth(api().put(`/mbl/api/agency/clients/${clientId}`)).send(settings({ payPeriods: 26, timeZone: 'America/Chicago', contacts: [hrContact] })).expect(200)).body as ClientDetail;
    expect(edited).toMatchObject({ payPeriods: 26, timeZone: 'America/Chicago' });
    expect(edited.contacts).toEqual([expect.objectContaining({ contactType: 'hr', firstName: 'Rosa', phone: null })]);
    expect((await auth(api().get(`/mbl/api/agency/clients/${clientId}`)).expect(200)).body).toEqual(edited);

    const [entry] = (await suite.db.query(`SELECT data FROM audit_log WHERE client_id = $1 AND action_type = 'update' ORDER BY id DESC LIMIT 1`, [clientId])) as Array<{ data: Array<{ title: string; oldValue: string | null; newValue: string | null; changed: boolean }> }>;
    expect(entry!.data.filter((d) => d.changed).map((d) => [d.title, d.oldValue, d.newValue])).toEqual([
      ['Time zone', 'America/Denver', 'America/Chicago'],
      ['Pay periods per year', '24', '26'],
      ['Contacts', 'Agent: Alex Morgan <agent@harbor.test>', 'HR: Rosa Park <rosa@pinecrest.example>'],
    ]);
  });

  it('takes a logo through the upload machinery (an image only) and serves it at its address', async () => {
    const refused = await auth(api().post(`/mbl/api/agency/clients/${clientId}/logo`)).attach('file', Buffer.from('just some words'), 'logo.png').expect(400);
    expect(refused.body.message).toBe(ClientMessages.logoType);
    const withLogo = (await auth(api().post(`/mbl/api/agency/clients/${clientId}/logo`)).attach('file', PNG, 'logo.png').expect(200)).body as ClientDetail;
    expect(withLogo.logoUrl).toMatch(/^\/mbl\/api\/client-logos\/[0-9a-f-]{36}$/);
    const image = await api().get(withLogo.logoUrl!).buffer(true).expect(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(Buffer.from(image.body as Buffer).equals(PNG)).toBe(true);
    await api().get('/mbl/api/client-logos/00000000-0000-0000-0000-000000000000').expect(404);
  });

  it('invites an HR administrator, who registers from the email, signs in to the client, and is disabled (sessions end)', async () => {
    const email = uniqueEmail('hr-pinecrest');
    const mark = suite.mail.mark();
    const bad = await auth(api().post(`/mbl/api/agency/clients/${clientId}/hr-administrators`)).send({ firstName: 'Dana', lastName: '', email: 'nope' }).expect(400);
    expect(bad.body.errors).toEqual(expect.arrayContaining([{ path: 'lastName', message: 'Field is required' }, { path: 'email', message: 'Please enter a valid email' }]));
    const invited = (await auth(api().post(`/mbl/api/agency/clients/${clientId}/hr-administrators`)).send({ firstName: 'Dana', lastName: 'Reyes', email }).expect(201)).body as HrAdministrator;
    expect(invited).toMatchObject({ firstName: 'Dana', lastName: 'Reyes', email, status: 'invited', lastLoginAt: null });
    const again = await auth(api().post(`/mbl/api/agency/clients/${clientId}/hr-administrators`)).send({ firstName: 'Dana', lastName: 'Reyes', email }).expect(400);
    expect(again.body.errors).toEqual([{ path: 'email', message: ClientMessages.emailInUse }]);

    const message = await suite.mail.next(email, /administer/, mark);
    expect(message.subject).toContain(name);
    const token = linkFrom(message, '/mbl/registration').searchParams.get('token')!;
    expect((await api().get('/mbl/api/registration').query({ token }).expect(200)).body).toMatchObject({ firstName: 'Dana', lastName: 'Reyes', email, authenticationMethod: 'email' });
    const { jwt } = (await api().post('/mbl/api/registration').send({ token, password: 'Pinecrest-HR-2027', securityQuestionId: '2', securityAnswer: 'Rex' }).expect(200)).body as { jwt: string };
    // An administrator's registration is its Account Setup: nothing of an employee's wizard follows.
    const meAfter = (await auth(api().get('/mbl/api/me'), jwt).expect(200)).body as { registrationStep: number; clientName: string; employeeId: number | null; permissions: string[] };
    expect(meAfter).toMatchObject({ registrationStep: 0, clientName: name, employeeId: null });
    expect(meAfter.permissions).toEqual(expect.arrayContaining(['employees:read', 'open-enrollment:manage']));
    expect(meAfter.permissions).not.toContain('agency:manage-clients');

    const hr = await suite.t.login(email, 'Pinecrest-HR-2027');
    expect((await auth(api().get('/mbl/api/me'), hr).expect(200)).body).toMatchObject({ clientName: name });
    expect((await auth(api().get('/mbl/api/employees'), hr).expect(200)).body.result).toEqual([]);
    // HR cannot manage clients.
    await auth(api().get('/mbl/api/agency/clients'), hr).expect(403);

    const listed = (await auth(api().get(`/mbl/api/agency/clients/${clientId}/hr-administrators`)).expect(200)).body as { administrators: HrAdministrator[] };
    expect(listed.administrators.map((a) => [a.email, a.status])).toEqual([[email, 'active']]);

    const disabled = (await auth(api().post(`/mbl/api/agency/clients/${clientId}/hr-administrators/${invited.id}/disable`)).expect(200)).body as HrAdministrator;
    expect(disabled.status).toBe('disabled');
    await auth(api().get('/mbl/api/me'), hr).expect(401);
    await auth(api().get('/mbl/api/me'), jwt).expect(401);
    const login = await api().post('/mbl/api/login').send({ username: email, password: 'Pinecrest-HR-2027' }).expect(403);
    expect(login.body.message).toBe(ClientMessages.accessDisabled);
    await auth(api().post(`/mbl/api/agency/clients/${clientId}/hr-administrators/${invited.id}/disable`)).expect(409);

    const audit = (await suite.db.query(`SELECT event_type, description FROM audit_log WHERE client_id = $1 AND event_type = 'HR administrator' ORDER BY id`, [clientId])) as Array<{ event_type: string; description: string }>;
    expect(audit.map((a) => a.description)).toEqual(['HR administrator Dana Reyes invited', 'HR administrator Dana Reyes disabled']);
  });

  it("prepares the client's first period once: open enrollment Ready to Start, which HR's open-enrollment data shows", async () => {
    expect((await auth(api().get(`/mbl/api/agency/clients/${clientId}/first-period`)).expect(200)).body.period).toBeNull();
    const bad = await auth(api().post(`/mbl/api/agency/clients/${clientId}/first-period`)).send({ kind: 'later', startDate: '02/30/2027' }).expect(400);
    expect((bad.body.errors as Array<{ path: string }>).map((e) => e.path).sort()).toEqual(['kind', 'startDate']);
    const prepared = (await auth(api().post(`/mbl/api/agency/clients/${clientId}/first-period`)).send({ kind: 'open-enrollment', startDate: '01/01/2027' }).expect(200)).body;
    expect(prepared.period).toMatchObject({ title: 'Open Enrollment 2027', kind: 'open-enrollment', state: 'ready', startDate: '01/01/2027', plans: 0 });
    const again = await auth(api().post(`/mbl/api/agency/clients/${clientId}/first-period`)).send({ kind: 'new-hire', startDate: '01/01/2027' }).expect(409);
    expect(again.body.message).toBe(ClientMessages.periodExists);

    // HR of the client (a second administrator) finds the period Ready to Start in Open Enrollment's data.
    const email = uniqueEmail('hr2-pinecrest');
    const mark = suite.mail.mark();
    await auth(api().post(`/mbl/api/agency/clients/${clientId}/hr-administrators`)).send({ firstName: 'Lee', lastName: 'Chen', email }).expect(201);
    const token = linkFrom(await suite.mail.next(email, /administer/, mark), '/mbl/registration').searchParams.get('token')!;
    const { jwt } = (await api().post('/mbl/api/registration').send({ token, password: 'Pinecrest-HR-2028', securityQuestionId: '1', securityAnswer: 'Rex' }).expect(200)).body as { jwt: string };
    const oe = (await auth(api().get('/mbl/api/openEnrollment'), jwt).expect(200)).body as { periods: Array<{ title: string; state: string }> };
    expect(oe.periods.map((p) => [p.title, p.state])).toEqual([['Open Enrollment 2027', 'ready']]);
    const list = (await auth(api().get('/mbl/api/agency/clients')).expect(200)).body as { clients: Array<{ id: number; hrAdministrators: number; period: { state: string } | null }> };
    expect(list.clients.find((c) => c.id === clientId)).toMatchObject({ hrAdministrators: 1, period: { state: 'ready' } });
  });

  it("fills the prepared period with plans: the agent opens the new client and imports the rate sheet's template (issue 29 item 2's calls)", async () => {
    // Opening a client ends the session it is opened from: a second sign-in of the agent, so the suite's stays.
    const opened = (await auth(api().post(`/mbl/api/agency/clients/${clientId}/open`), await suite.t.login('agent@harbor.test')).expect(200)).body as { jwt: string };
    expect((await auth(api().get('/mbl/api/me'), opened.jwt).expect(200)).body).toMatchObject({ clientName: name });
    const template = await auth(api().get('/mbl/api/rate-sheets/template'), opened.jwt)
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c)).on('end', () => cb(null, Buffer.concat(chunks)));
      })
      .expect(200);
    const sheet = (await auth(api().post('/mbl/api/rate-sheets'), opened.jwt).attach('file', template.body as Buffer, 'rates.xlsx').expect(201)).body as { id: number; plans: unknown[] };
    await auth(api().post(`/mbl/api/rate-sheets/${sheet.id}/commit`), opened.jwt).send({}).expect(200);
    const period = (await auth(api().get(`/mbl/api/agency/clients/${clientId}/first-period`)).expect(200)).body;
    expect(period.period).toMatchObject({ title: 'Open Enrollment 2027', state: 'ready', plans: sheet.plans.length });
    expect(sheet.plans.length).toBeGreaterThan(0);
  });

  it('prepares new-hire enrollment from a date for another new client (the current period, no open enrollment window)', async () => {
    const other = (await auth(api().post('/mbl/api/agency/clients')).send(settings({ name: `${name} West`, contacts: [] })).expect(201)).body as ClientDetail;
    const prepared = (await auth(api().post(`/mbl/api/agency/clients/${other.id}/first-period`)).send({ kind: 'new-hire', startDate: '12/01/2026' }).expect(200)).body;
    expect(prepared.period).toMatchObject({ title: 'Plan Year 2026', kind: 'new-hire', state: 'closed', startDate: '12/01/2026' });

    // Its plans come from a rate sheet into that period, which has started but where nobody has elected yet; one
    // plan can then be edited on screen.
    // Opened from a session of its own: opening a client replaces the session it is asked from.
    const opened = ((await auth(api().post(`/mbl/api/agency/clients/${other.id}/open`), await suite.t.login('agent@harbor.test')).expect(200)).body as { jwt: string }).jwt;
    const sheet = (await auth(api().post('/mbl/api/rate-sheets'), opened).attach('file', await toXlsx(cleanRateSheet()), 'rates.xlsx').expect(201)).body as { id: number; period: { id: number; title: string } };
    expect(sheet.period.title).toBe('Plan Year 2026');
    await auth(api().post(`/mbl/api/rate-sheets/${sheet.id}/commit`), opened).send({}).expect(200);
    const catalog = (await auth(api().get('/mbl/api/plan-catalog'), opened).expect(200)).body as { period: { id: number } | null; plans: Array<{ id: number; name: string; editable: boolean }> };
    expect(catalog.period?.id).toBe(sheet.period.id);
    expect(catalog.plans.length).toBeGreaterThan(0);
    expect(catalog.plans.every((p) => p.editable)).toBe(true);
    // Once someone elects one of its plans, they are the plans in force: no longer replaced or edited here.
    const plan = catalog.plans[0]!;
    const person = await createPerson(suite.db, { registered: true, clientId: other.id });
    await suite.db.query(
      `INSERT INTO enrollment (client_id, employee_id, open_enrollment_period_id, plan_type_id, plan_id, status) SELECT $1, $2, p.open_enrollment_period_id, p.plan_type_id, p.id, 1 FROM plan p WHERE p.id = $3`,
      [other.id, person.employeeId, plan.id],
    );
    const again = (await auth(api().post('/mbl/api/rate-sheets'), opened).attach('file', await toXlsx(cleanRateSheet()), 'rates.xlsx').expect(201)).body as { id: number };
    await auth(api().post(`/mbl/api/rate-sheets/${again.id}/commit`), opened).send({}).expect(409);
    expect(((await auth(api().get('/mbl/api/plan-catalog'), opened).expect(200)).body as { plans: Array<{ editable: boolean }> }).plans.every((p) => !p.editable)).toBe(true);
  });

  it("answers 404 for another agency's client on every call, and for an administrator of another client", async () => {
    const foreign = await createOtherTenant(suite.db);
    const id = foreign.clientId;
    await auth(api().get(`/mbl/api/agency/clients/${id}`)).expect(404);
    await auth(api().put(`/mbl/api/agency/clients/${id}`)).send(settings({ name: 'Taken over' })).expect(404);
    await auth(api().post(`/mbl/api/agency/clients/${id}/logo`)).attach('file', PNG, 'logo.png').expect(404);
    await auth(api().get(`/mbl/api/agency/clients/${id}/hr-administrators`)).expect(404);
    await auth(api().post(`/mbl/api/agency/clients/${id}/hr-administrators`)).send({ firstName: 'X', lastName: 'Y', email: uniqueEmail('x') }).expect(404);
    await auth(api().get(`/mbl/api/agency/clients/${id}/first-period`)).expect(404);
    await auth(api().post(`/mbl/api/agency/clients/${id}/first-period`)).send({ kind: 'open-enrollment', startDate: '01/01/2027' }).expect(404);
    const [account] = (await suite.db.query('SELECT account_id FROM employee WHERE id = $1', [foreign.employeeId])) as Array<{ account_id: number }>;
    await auth(api().post(`/mbl/api/agency/clients/${id}/hr-administrators/${account!.account_id}/disable`)).expect(404);
    // An account of another client named under this agency's client: not one of its administrators.
    await auth(api().post(`/mbl/api/agency/clients/${clientId}/hr-administrators/${account!.account_id}/disable`)).expect(404);
    expect(((await auth(api().get('/mbl/api/agency')).expect(200)).body as { clients: Array<{ id: number }> }).clients.map((c) => c.id)).not.toContain(id);
  });
});
