import request from 'supertest';
import { CensusMessages, Messages } from '../../api/src/contracts/messages';
import { copyOfJane, createOtherTenant, createPerson, employeeIdOf, uniqueEmail } from '../support/fixtures';
import { appWithWorkers, linkFrom } from '../support/mail';
import { pdfText } from '../support/pdf-text';
import { dataUrl, strokePng } from '../support/png';
import { binary, until } from '../support/wait';
import { Clock } from '../../api/src/core/clock/clock';

const signature = dataUrl(strokePng());

/** Add, edit and terminate an employee, and the action center that signs their forms (document 3 sections 2.1, 2.2, 4, 5, 7). */
describe('census management and the action center', () => {
  // The app, its database and the workers, once for the file.
  const suite = appWithWorkers();
  let hr: string;
  beforeAll(async () => {
    hr = await suite.t.login('hr@acme.test');
  });

  const call = (method: 'get' | 'post' | 'put', path: string, jwt = hr) => request(suite.t.server)[method](`/mbl/api${path}`).set('Authorization', `Bearer ${jwt}`);

  it('HR adds an employee: field messages, unique email, sealed SSN and income, audited, welcome email with a registration link', async () => {
    const required = (await call('post', '/employees').send({}).expect(400)).body.errors as Array<{ path: string; message: string }>;
    expect(required).toEqual(
      expect.arrayContaining([
        { path: 'firstName', message: Messages.fieldRequired },
        { path: 'lastName', message: Messages.fieldRequired },
        { path: 'email', message: Messages.fieldRequired },
        { path: 'groupId', message: Messages.fieldRequired },
        { path: 'employmentId', message: Messages.fieldRequired },
        { path: 'hireDate', message: Messages.fieldRequired },
      ]),
    );
    const base = { firstName: 'Nora', lastName: `Newhire${Date.now() % 100000}`, employmentId: 1, groupId: 1, hireDate: '11/02/2026' };
    expect((await call('post', '/employees').send({ ...base, email: 'not-an-email' }).expect(400)).body.errors).toEqual([{ path: 'email', message: Messages.invalidEmail }]);
    expect((await call('post', '/employees').send({ ...base, email: 'jane@acme.test' }).expect(400)).body.errors).toEqual([{ path: 'email', message: Messages.emailInUse }]);
    expect((await call('post', '/employees').send({ ...base, email: uniqueEmail('neg'), income: '-5' }).expect(400)).body.errors).toEqual([
      { path: 'income', message: CensusMessages.cannotBeNegative },
    ]);

    const email = uniqueEmail('nora');
    const mark = suite.mail.mark();
    const created = (await call('post', '/employees').send({ ...base, email, ssn: '123-45-6789', income: '$64,500', workHours: '40', enableOnboarding: true, onboardingEeo: false }).expect(201)).body;
    expect(created).toEqual({ id: expect.any(Number), individualId: expect.any(Number), firstName: 'Nora', lastName: base.lastName });
    const [row] = await suite.db.query('SELECT ssn_enc, income_enc, enable_onboarding, onboarding_eeo, onboarding_i9, new_hire FROM employee WHERE id = $1', [created.id]);
    expect(row.ssn_enc).not.toContain('6789');
    expect(row.income_enc).not.toContain('64500');
    expect(row).toMatchObject({ enable_onboarding: true, onboarding_eeo: false, onboarding_i9: true, new_hire: true });

    // Listed in sorted position, in its group, by the server's search.
    const page = (await call('get', `/employees?search=${base.lastName}&group=active`).expect(200)).body;
    expect(page).toMatchObject({ totalCount: 1, page: 1, groupCounts: { active: 1, cobra: 0, terminated: 0 } });
    expect(page.result[0]).toMatchObject({ id: created.id, group: 'active', hasAccount: false });
    const card = (await call('get', `/employees/${created.id}/employee`).expect(200)).body;
    expect(card).toMatchObject({ ssn: 'XXX-XX-6789', enableOnboarding: true, onboardingEeo: false, terminated: false, authenticationMethod: 'email' });
    expect(JSON.stringify(card)).not.toContain('64500');

    const [audit] = await suite.db.query(`SELECT data FROM audit_log WHERE employee_id = $1 AND event_type = 'Employee' AND action_type = 'create'`, [created.id]);
    const fields = audit.data as Array<{ title: string; newValue: string | null }>;
    expect(fields.find((f) => f.title === 'Social Security Number')?.newValue).toBe('XXX-XX-6789');
    expect(fields.find((f) => f.title === 'Income')?.newValue).toBe('Hidden');

    const welcome = await suite.mail.next(email, /welcome|account/i, mark);
    const link = linkFrom(welcome, '/mbl/registration');
    expect((await request(suite.t.server).get(`/mbl/api/registration?token=${link.searchParams.get('token')}`).expect(200)).body).toMatchObject({ firstName: 'Nora', email });

    // sendEmail off: no email, no account yet. Every email is first a row (the outbox, or a campaign's
    // recipient) written in the request's own transaction, and the request has answered: none now, none to come.
    const quiet = uniqueEmail('quiet');
    const second = (await call('post', '/employees').send({ ...base, firstName: 'Quinn', email: quiet, sendEmail: false }).expect(201)).body;
    expect((await suite.db.query('SELECT account_id FROM employee WHERE id = $1', [second.id]))[0].account_id).toBeNull();
    expect(await suite.db.query('SELECT id FROM email_message WHERE to_address = $1', [quiet])).toEqual([]);
    expect(await suite.db.query('SELECT campaign_id FROM campaign_recipient WHERE employee_id = $1', [second.id])).toEqual([]);

    // Employees and test users may not.
    await call('post', '/employees', await suite.t.login('jane@acme.test')).send({ ...base, email: uniqueEmail('x') }).expect(403);
  });

  it('HR edits an employee on submit: email uniqueness, password length, income kept when blank; audited with masked values', async () => {
    const p = await createPerson(suite.db, { registered: true, firstName: 'Edda' });
    const current = (await call('get', `/employees/${p.employeeId}/employee`).expect(200)).body;
    const body = { firstName: 'Edda', lastName: current.lastName, email: p.email, employmentId: 1, hireDate: '01/15/2024', title: 'Analyst', income: '50000' };
    expect((await call('put', `/employees/${p.employeeId}`).send({ ...body, email: 'jane@acme.test' }).expect(400)).body.errors).toEqual([{ path: 'email', message: Messages.emailInUse }]);
    // Every password follows decisions section 5 (section 6: HR's too).
    expect((await call('put', `/employees/${p.employeeId}`).send({ ...body, password: 'abcde' }).expect(400)).body.errors).toEqual([{ path: 'password', message: Messages.passwordMin }]);
    expect((await call('put', `/employees/${p.employeeId}`).send({ ...body, password: 'a'.repeat(65) }).expect(400)).body.errors).toEqual([{ path: 'password', message: Messages.passwordMax }]);
    expect((await call('put', `/employees/${p.employeeId}`).send({ ...body, password: 'password1' }).expect(400)).body.errors).toEqual([{ path: 'password', message: Messages.passwordTooCommon }]);
    expect((await call('put', `/employees/${p.employeeId}`).send({ ...body, email: '' }).expect(400)).body.errors).toEqual([{ path: 'email', message: Messages.fieldRequired }]);

    const saved = (await call('put', `/employees/${p.employeeId}`).send(body).expect(200)).body;
    expect(saved).toMatchObject({ title: 'Analyst', hireDate: '01/15/2024' });
    const sealed = (await suite.db.query('SELECT income_enc FROM employee WHERE id = $1', [p.employeeId]))[0].income_enc;
    // Blank income keeps the stored one (same ciphertext).
    await call('put', `/employees/${p.employeeId}`).send({ ...body, income: '', title: 'Senior Analyst' }).expect(200);
    expect((await suite.db.query('SELECT income_enc FROM employee WHERE id = $1', [p.employeeId]))[0].income_enc).toBe(sealed);
    const entries = await suite.db.query(`SELECT data FROM audit_log WHERE employee_id = $1 AND event_type = 'Employee' AND action_type = 'update' ORDER BY id`, [p.employeeId]);
    expect(entries).toHaveLength(2);
    expect((entries[0].data as Array<{ title: string; newValue: string | null; changed: boolean }>).find((f) => f.title === 'Income')).toEqual({ title: 'Income', oldValue: null, newValue: 'Hidden', changed: true });

    // A new password is temporary: the employee must change it at the next sign-in.
    await call('put', `/employees/${p.employeeId}`).send({ ...body, password: 'Temp12345' }).expect(200);
    expect((await suite.db.query('SELECT password_reset FROM account WHERE id = $1', [p.accountId]))[0].password_reset).toBe(true);
    await suite.t.login(p.email, 'Temp12345');

    const other = await createOtherTenant(suite.db);
    await call('put', `/employees/${other.employeeId}`).send(body).expect(404);
    await call('get', `/employees/${other.employeeId}/employee`).expect(404);
  });

  it('terminate with COBRA: never oneself, only active; coverage to the end of the month, sign-in ends, an action with the notice', async () => {
    const hrEmployee = await employeeIdOf(suite.db, 'hr@acme.test').catch(() => null);
    const base = { terminationDate: '10/14/2026', qualifyingEventId: 10, cobraElection: true, notes: 'Moved away', signature };
    if (hrEmployee !== null) expect((await call('put', `/employees/${hrEmployee}/terminate`).send(base).expect(403)).body.message).toBe(CensusMessages.cannotTerminateSelf);

    const p = await copyOfJane(suite.db, 'Terra');
    await suite.t.login(p.email);
    expect((await call('put', `/employees/${p.employeeId}/terminate`).send({ ...base, totalDisability: true }).expect(400)).body.errors).toEqual([
      { path: 'disabilityStartDate', message: CensusMessages.disabilityStartRequired },
    ]);
    expect((await call('put', `/employees/${p.employeeId}/terminate`).send({ ...base, qualifyingEventId: 2 }).expect(400)).body.errors).toEqual([
      { path: 'qualifyingEventId', message: CensusMessages.terminationQualifyingEvent },
    ]);
    await call('put', `/employees/${p.employeeId}/terminate`).send({ ...base, signature: undefined }).expect(400);

    // The review first (decisions section 6): what will change, from the same rules, changing nothing.
    const elected = (await suite.db.query(
      `SELECT p.name FROM enrollment en JOIN plan p ON p.id = en.plan_id JOIN open_enrollment_period oe ON oe.id = en.open_enrollment_period_id
        WHERE en.employee_id = $1 AND en.status = 1 AND oe.is_current ORDER BY en.plan_type_id`,
      [p.employeeId],
    )) as Array<{ name: string }>;
    expect(elected.length).toBeGreaterThan(0);
    const review = (await call('get', `/employees/${p.employeeId}/termination-review?terminationDate=10/14/2026&qualifyingEventId=10&cobraElection=true`).expect(200)).body;
    expect(review).toEqual({
      employeeName: `Terra Doe`,
      terminationDate: '10/14/2026',
      coverageEndDate: '10/31/2026',
      qualifyingEvent: expect.any(String),
      cobraElection: true,
      plans: elected.map((e) => ({ planType: expect.any(String), planName: e.name, coverageEnds: '10/31/2026' })),
      noticeTo: p.email,
    });
    expect((await call('get', `/employees/${p.employeeId}/termination-review?terminationDate=10/14/2026&qualifyingEventId=10&totalDisability=on`).expect(400)).body.errors).toEqual([
      { path: 'disabilityStartDate', message: CensusMessages.disabilityStartRequired },
    ]);
    await call('get', `/employees/${p.employeeId}/termination-review?terminationDate=13/45/2026&qualifyingEventId=10`).expect(400);
    if (hrEmployee !== null) await call('get', `/employees/${hrEmployee}/termination-review?terminationDate=10/14/2026&qualifyingEventId=10`).expect(403);
    expect((await suite.db.query('SELECT terminated FROM employee WHERE id = $1', [p.employeeId]))[0].terminated).toBe(false);

    const mark = suite.mail.mark();
    const done = (await call('put', `/employees/${p.employeeId}/terminate`).send(base).expect(200)).body;
    expect(done).toMatchObject({ group: 'cobra', terminationDate: '10/14/2026', coverageEndDate: '10/31/2026' });
    // The employee's termination and COBRA notice: dates, each plan whose coverage ends, the COBRA paragraph.
    const notice = await suite.mail.next(p.email, /^Termination notice: your benefits with .+ end on 10\/31\/2026$/, mark);
    const text = notice.text.replace(/\s+/g, ' ');
    expect(text).toContain('confirms your termination of employment on 10/14/2026');
    expect(text).toContain('through 10/14/2026. After that day your sign-in ends.');
    expect(text).toContain('Coverage under these plans ends on 10/31/2026');
    for (const e of elected) expect(text).toContain(e.name);
    expect(text).toContain('You elected COBRA continuation coverage');
    // Dated with the client's today, from the Clock in its time zone.
    const [{ time_zone: zone }] = await suite.db.query(`SELECT c.time_zone FROM client c JOIN employee e ON e.client_id = c.id WHERE e.id = $1`, [p.employeeId]);
    const today = suite.t.app.get(Clock).todayIn(zone as string);
    expect(text).toContain(`dated ${today.slice(5, 7)}/${today.slice(8, 10)}/${today.slice(0, 4)}`);
    // The termination, its audit entry and the notice's email row were written by one transaction: the audit entry
    // shares the termination's xmin; the email row (updated since by the worker that sent it) its now().
    const [same] = (await suite.db.query(
      `SELECT t.xmin::text = l.xmin::text AS audited, t.created_at = l.created_at AND t.created_at = m.created_at AS "sameNow"
         FROM termination t, audit_log l, email_message m
        WHERE t.employee_id = $1 AND l.employee_id = $1 AND l.event_type = 'Termination' AND m.template = 'termination-notice' AND m.to_address = $2`,
      [p.employeeId, p.email],
    )) as Array<{ audited: boolean; sameNow: boolean }>;
    expect(same).toEqual({ audited: true, sameNow: true });
    expect(done.actionIds.length).toBeGreaterThan(0);
    const ends = (await suite.db.query(`SELECT DISTINCT effective_to_date::text AS d FROM enrollment WHERE employee_id = $1 AND status = 1`, [p.employeeId])) as Array<{ d: string }>;
    expect(ends.map((e) => e.d)).toEqual(['2026-10-31']);
    const summary = (await call('get', `/employees/${p.employeeId}/summary`).expect(200)).body as Array<{ status: string; effectiveToDate: string | null }>;
    expect(summary.filter((s) => s.status === '1').every((s) => s.effectiveToDate === '10/31/2026')).toBe(true);
    expect((await call('get', `/employees?search=Terra&group=cobra`).expect(200)).body.result.map((e: { id: number }) => e.id)).toContain(p.employeeId);

    // Sign-in ended with the (past) termination date.
    const login = await request(suite.t.server).post('/mbl/api/login').send({ username: p.email, password: 'Passw0rd!' }).expect(403);
    expect(login.body.message).toBe(CensusMessages.accessEnded('10/14/2026'));
    // Only once.
    expect((await call('put', `/employees/${p.employeeId}/terminate`).send(base).expect(409)).body.message).toBe(CensusMessages.onlyActiveCanBeTerminated);

    const actions = (await call('get', `/actions?employeeId=${p.employeeId}`).expect(200)).body as Array<{ id: number; description: string; files: Array<{ id: number; title: string }> }>;
    expect(actions.map((a) => a.id).sort()).toEqual([...done.actionIds].sort());
    expect(actions[0]!.description).toMatch(/^Terminated: .* ends 10\/31\/2026$/);
    expect(actions[0]!.files[0]!.title).toBe('Termination notice 10/14/2026');
    const pdf = await call('get', `/files/${actions[0]!.files[0]!.id}/download`).buffer(true).parse(binary);
    expect(pdfText(pdf.body as Buffer)).toContain('Moved away');

    const other = await createOtherTenant(suite.db);
    await call('put', `/employees/${other.employeeId}/terminate`).send(base).expect(404);
    await call('put', `/employees/${p.employeeId}/terminate`, await suite.t.login('jane@acme.test')).send(base).expect(403);
  });

  it('terminate without COBRA: the notice says what ends and has no COBRA paragraph; the review refuses the already terminated', async () => {
    const p = await copyOfJane(suite.db, 'Nico');
    const mark = suite.mail.mark();
    await call('put', `/employees/${p.employeeId}/terminate`).send({ terminationDate: '12/03/2026', qualifyingEventId: 10, signature }).expect(200);
    const notice = await suite.mail.next(p.email, /^Termination notice: .* end on 12\/31\/2026$/, mark);
    const text = notice.text.replace(/\s+/g, ' ');
    expect(text).toContain('confirms your termination of employment on 12/03/2026');
    expect(text).toContain('Coverage under these plans ends on 12/31/2026');
    expect(text).not.toMatch(/COBRA/);
    expect(notice.html ?? '').not.toMatch(/COBRA/);
    expect((await call('get', `/employees/${p.employeeId}/termination-review?terminationDate=12/03/2026&qualifyingEventId=10`).expect(409)).body.message).toBe(CensusMessages.onlyActiveCanBeTerminated);
  });

  it('a signed enrollment leaves one action per plan type; HR approves with a signature and the worker signs every form once', async () => {
    const p = await copyOfJane(suite.db, 'Ava');
    const jwt = await suite.t.login(p.email);
    const signed = (await call('post', '/forms', jwt).send({ signature }).expect(201)).body;
    const actions = (await call('get', `/actions?employeeId=${p.employeeId}`).expect(200)).body as Array<{ id: number; planTypeId: number; status: string; statusId: number }>;
    const types = (await suite.db.query(`SELECT DISTINCT plan_type_id FROM enrollment WHERE employee_id = $1 AND status <> 0 ORDER BY 1`, [p.employeeId])) as Array<{ plan_type_id: number }>;
    expect(actions.map((a) => a.planTypeId).sort((a, b) => a - b)).toEqual(types.map((r) => r.plan_type_id));
    expect(actions.every((a) => a.status === 'Pending' && a.statusId === 1)).toBe(true);
    // Signing again without changes leaves no new actions.
    await call('post', '/forms', jwt).send({ signature }).expect(201);
    expect((await call('get', `/actions?employeeId=${p.employeeId}`).expect(200)).body).toHaveLength(actions.length);

    // Refusals: no signature, another client's employee, an employee's token.
    await call('post', '/actions').send({ employeeId: p.employeeId, planTypeId: null, onboardingId: null }).expect(400);
    const other = await createOtherTenant(suite.db);
    await call('post', '/actions').send({ employeeId: other.employeeId, signature }).expect(404);
    await call('get', '/actions', jwt).expect(403);
    await call('post', '/actions', jwt).send({ employeeId: p.employeeId, signature }).expect(403);

    await until(async () => (await suite.db.query('SELECT summary_file_id FROM signature WHERE id = $1', [signed.id]))[0].summary_file_id, 'the signed summary PDF');
    const medical = actions.find((a) => a.planTypeId === 1)!;
    const approval = (await call('post', '/actions').send({ employeeId: p.employeeId, planTypeId: 1, onboardingId: null, signature }).expect(201)).body;
    expect(approval).toMatchObject({ status: 'signing', actionIds: [medical.id] });
    // A second click while it signs answers the same approval.
    expect((await call('post', '/actions').send({ employeeId: p.employeeId, planTypeId: 1, signature }).expect(201)).body.id).toBe(approval.id);
    const finished = await until(async () => {
      const a = (await call('get', `/actions/approvals/${approval.id}`).expect(200)).body;
      return a.status === 'signing' ? null : a;
    }, 'the signing job', 30_000);
    expect(finished).toMatchObject({ status: 'done' });
    expect(finished.formsSigned).toBe(finished.formsTotal);
    expect(finished.formsTotal).toBeGreaterThan(0);

    const approved = (await call('get', `/actions?employeeId=${p.employeeId}&status=all`).expect(200)).body as Array<{ id: number; statusId: number; files: Array<{ id: number; title: string }> }>;
    const signedAction = approved.find((a) => a.id === medical.id)!;
    expect(signedAction.statusId).toBe(2);
    expect(signedAction.files).toHaveLength(finished.formsTotal);
    const copy = await call('get', `/files/${signedAction.files[0]!.id}/download`).buffer(true).parse(binary);
    expect(pdfText(copy.body as Buffer)).toMatch(/Approved by \S+.* on \d{2}\/\d{2}\/\d{4}/);
    const [{ name }] = await suite.db.query(`SELECT concat_ws(' ', first_name, last_name) AS name FROM account WHERE username = 'hr@acme.test'`);
    expect(pdfText(copy.body as Buffer)).toContain(`Approved by ${name}`);
    // Approving again: nothing left for that plan type, and no second copy anywhere.
    expect((await call('post', '/actions').send({ employeeId: p.employeeId, planTypeId: 1, signature }).expect(400)).body.message).toBe(CensusMessages.nothingToApprove);
    const copies = (await suite.db.query(`SELECT count(*)::int AS n FROM file WHERE employee_id = $1 AND storage_key LIKE '%-signed.pdf'`, [p.employeeId]))[0].n;
    expect(copies).toBe(finished.formsTotal);
    const [entry] = await suite.db.query(`SELECT description FROM audit_log WHERE employee_id = $1 AND event_type = 'Action' ORDER BY id DESC LIMIT 1`, [p.employeeId]);
    expect(entry.description).toMatch(/^Actions approved for Ava Doe: Group Medical/);
  });

  it("the census's Plan Summary: the -hr calls answer what the employee's own calls answer, for HR only", async () => {
    const p = await copyOfJane(suite.db, 'Plana');
    const jwt = await suite.t.login(p.email);
    const enrollments = (await call('get', '/enrollments?view=signed', jwt).expect(200)).body as Array<{ planId: number | null; status: string }>;
    expect((await call('get', `/employees/${p.employeeId}/enrollments`).expect(200)).body).toEqual(enrollments);
    const planId = enrollments.find((e) => e.status === '1' && e.planId !== null)!.planId!;
    for (const suffix of ['', '/coverages', '/coverage', '/limits', '/custom']) {
      const own = (await call('get', `/plans/${planId}${suffix}`, jwt).expect(200)).body;
      expect({ suffix, body: (await call('get', `/plans-hr/${planId}/${p.employeeId}${suffix}`).expect(200)).body }).toEqual({ suffix, body: own });
      await call('get', `/plans-hr/${planId}/${p.employeeId}${suffix}`, jwt).expect(403);
    }
    await call('get', `/employees/${p.employeeId}/enrollments`, jwt).expect(403);
    await call('get', `/plans-hr/${planId}/999999999`).expect(404);
  });

  it("approving a life plan type approves its AD&D companion too (document 3 section 4: the Live plan type's ADD approval)", async () => {
    const p = await copyOfJane(suite.db, 'Liv');
    const jwt = await suite.t.login(p.email);
    const signed = (await call('post', '/forms', jwt).send({ signature }).expect(201)).body;
    const life = ((await call('get', `/actions?employeeId=${p.employeeId}&planTypeId=3`).expect(200)).body as Array<{ id: number }>)[0]!;
    const [add] = await suite.db.query(
      `INSERT INTO action (client_id, employee_id, kind, plan_type_id, description, signature_id) SELECT client_id, id, 'enrollment', 4, 'Enrolled in AD&D', $2 FROM employee WHERE id = $1 RETURNING id`,
      [p.employeeId, signed.id],
    );
    await until(async () => (await suite.db.query('SELECT summary_file_id FROM signature WHERE id = $1', [signed.id]))[0].summary_file_id, 'the signed summary PDF');
    const approval = (await call('post', '/actions').send({ employeeId: p.employeeId, planTypeId: 3, signature }).expect(201)).body;
    expect(approval.actionIds).toEqual([life.id, add.id].sort((a, b) => a - b));
    await until(async () => ((await call('get', `/actions/approvals/${approval.id}`).expect(200)).body.status === 'done' ? true : null), 'the signing job', 30_000);
    const left = (await call('get', `/actions?employeeId=${p.employeeId}`).expect(200)).body as Array<{ planTypeId: number }>;
    expect(left.map((a) => a.planTypeId)).not.toContain(3);
    expect(left.map((a) => a.planTypeId)).not.toContain(4);
  });

  it('an agent on a client it opened (Acme, of its agency) adds, edits and terminates there like HR', async () => {
    const agent = await suite.t.login('agent@harbor.test');
    const [acme] = await suite.db.query(`SELECT id FROM client WHERE name = 'Acme Corp'`);
    const { jwt } = (await request(suite.t.server).post(`/mbl/api/agency/clients/${acme.id}/open`).set('Authorization', `Bearer ${agent}`).expect(200)).body;
    const email = uniqueEmail('agentadd');
    const created = (await call('post', '/employees', jwt).send({ firstName: 'Bea', lastName: 'Agentadded', email, groupId: 1, employmentId: 1, hireDate: '10/01/2026', sendEmail: false }).expect(201)).body;
    expect((await call('get', `/employees?search=${encodeURIComponent(email)}`, jwt).expect(200)).body.result.map((e: { id: number }) => e.id)).toEqual([created.id]);
    await call('put', `/employees/${created.id}`, jwt).send({ firstName: 'Bea', lastName: 'Agentadded', email, employmentId: 2, hireDate: '10/01/2026' }).expect(200);
    expect((await call('put', `/employees/${created.id}/terminate`, jwt).send({ terminationDate: '11/01/2026', qualifyingEventId: 11, signature }).expect(200)).body.group).toBe('terminated');
    // The client's HR sees the agent's work, performed by the agent.
    expect((await call('get', `/employees/${created.id}/employee`).expect(200)).body).toMatchObject({ terminated: true, cobra: false, employmentId: 2 });
    const [entry] = await suite.db.query(
      `SELECT a.username FROM audit_log l JOIN account a ON a.id = l.performed_by WHERE l.employee_id = $1 AND l.event_type = 'Termination'`,
      [created.id],
    );
    expect(entry.username).toBe('agent@harbor.test');
  });
});
