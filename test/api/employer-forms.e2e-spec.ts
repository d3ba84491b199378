import request from 'supertest';
import { DataSource } from 'typeorm';
import { EmployerFormMessages } from '../../api/src/contracts/employer-forms';
import { APP_CONFIG, type AppConfig } from '../../api/src/core/config/app-config';
import { createTestApp, type TestApp } from '../support/app';
import { cloneAcmeClient, createPerson } from '../support/fixtures';

/**
 * Employer Forms (document 3 section 2.9, decisions): the frame's ticket, exchanged once for a cookie, and the
 * server-rendered pages in which HR defines the onboarding custom-document steps the wizard then shows.
 */
describe('employer forms', () => {
  let t: TestApp;
  let db: DataSource;
  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
  });
  afterAll(() => t.close());

  /** The pages' own origin is the configured public one (PUBLIC_URL), whatever Host the request names. */
  const HOST = 'portal.test';
  const origin = () => new URL(t.app.get<AppConfig>(APP_CONFIG).publicUrl).origin;
  async function world() {
    const clientId = await cloneAcmeClient(db);
    const hr = await createPerson(db, { clientId, registered: true, roleType: 1 });
    const employee = await createPerson(db, { clientId, registered: true });
    return { clientId, hr, employee, token: await t.login(hr.email) };
  }
  /** The frame's entry: a ticket from the API, exchanged for the cookie. */
  async function signIn(token: string): Promise<string> {
    const { ticket, url } = (await request(t.server).post('/mbl/api/employer-forms/ticket').set('Authorization', `Bearer ${token}`).expect(200)).body;
    expect(url).toBe(`/mbl/api/employer-forms?jwt=${ticket}`);
    const entry = await request(t.server).get(url).expect(303);
    expect(entry.headers.location).toBe('/mbl/api/employer-forms/steps');
    const cookie = String(entry.headers['set-cookie']).split(';')[0]!;
    expect(String(entry.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Strict/);
    expect(String(entry.headers['set-cookie'])).toMatch(/Path=\/mbl\/api\/employer-forms/);
    // Once only.
    await request(t.server).get(url).expect(403);
    return cookie;
  }

  it('a ticket works once; the cookie signs the pages in; only HR gets one', async () => {
    const w = await world();
    const cookie = await signIn(w.token);
    const list = await request(t.server).get('/mbl/api/employer-forms/steps').set('Cookie', cookie).expect(200);
    expect(list.headers['content-type']).toMatch(/text\/html/);
    expect(list.text).toContain('<h1>Onboarding steps</h1>');
    expect(list.text).not.toContain('<script');
    await request(t.server).get('/mbl/api/employer-forms?jwt=made-up-ticket-0000000000').expect(403);
    await request(t.server).get('/mbl/api/employer-forms/steps').set('Cookie', 'bp_employer_forms=unknown-session-00000000000').expect(401);
    await request(t.server).get('/mbl/api/employer-forms/steps').expect(401);
    const employee = await t.login(w.employee.email);
    await request(t.server).post('/mbl/api/employer-forms/ticket').set('Authorization', `Bearer ${employee}`).expect(403);
    await request(t.server).get('/mbl/api/employer-forms/steps').set('Authorization', `Bearer ${employee}`).expect(403);
  });

  it('HR adds, edits and deletes a step; the onboarding wizard shows it; answered steps stay', async () => {
    const w = await world();
    const cookie = await signIn(w.token);
    const post = (path: string, form: Record<string, string | string[]>) =>
      request(t.server).post(`/mbl/api/employer-forms${path}`).set('Cookie', cookie).set('Host', HOST).set('Origin', origin()).type('form').send(form);

    // Refused as posted: the page comes back with the message and what was typed.
    const empty = await post('/steps/new', { title: ' ', comment: '<p>kept</p>' }).expect(400);
    expect(empty.text).toContain(EmployerFormMessages.titleRequired);
    expect(empty.text).toContain('&lt;p&gt;kept&lt;/p&gt;');
    const noChoices = await post('/steps/new', { title: 'Sizes', 'fields[0][label]': 'Size', 'fields[0][type]': 'dropdown' }).expect(400);
    expect(noChoices.text).toContain(EmployerFormMessages.optionsRequired);
    // Add a field: the same form with one more row, nothing saved.
    const more = await post('/steps/new', { op: 'add-field', title: 'Sizes', 'fields[0][label]': 'Size' }).expect(200);
    expect(more.text).toContain('name="fields[1][label]"');
    expect((await db.query('SELECT count(*)::int AS n FROM onboarding_document WHERE client_id = $1', [w.clientId]))[0].n).toBe(0);

    await post('/steps/new', {
      op: 'save',
      title: 'Uniform',
      comment: '<p>Pick your <em>size</em>.</p><img src=x onerror=alert(1)>',
      'fields[0][label]': 'Size',
      'fields[0][type]': 'dropdown',
      'fields[0][options]': 'S, M, L',
      'fields[1][label]': 'Name on badge',
      requireAcknowledgment: 'on',
    }).expect(303);
    const [doc] = await db.query('SELECT id, comment_html, custom_fields, require_acknowledgment FROM onboarding_document WHERE client_id = $1', [w.clientId]);
    expect(doc).toMatchObject({ comment_html: '<p>Pick your <em>size</em>.</p>', require_acknowledgment: true });
    expect(doc.custom_fields).toEqual([
      { id: 1, fieldLabel: 'Size', fieldType: 'dropdown', options: ['S', 'M', 'L'] },
      { id: 2, fieldLabel: 'Name on badge', fieldType: 'text' },
    ]);

    // The employee's onboarding shows it.
    const employee = await t.login(w.employee.email);
    const custom = (await request(t.server).get('/mbl/api/onboarding/custom').set('Authorization', `Bearer ${employee}`).expect(200)).body;
    expect(custom.map((d: { title: string }) => d.title)).toEqual(['Uniform']);

    // Edit: the first field removed, one added; ids stay with their fields.
    await post(`/steps/${doc.id}`, { op: 'save', title: 'Uniform', 'fields[0][id]': '1', 'fields[0][label]': 'Size', 'fields[0][type]': 'dropdown', 'fields[0][options]': 'S', 'fields[0][remove]': 'on', 'fields[1][id]': '2', 'fields[1][label]': 'Name on badge', 'fields[2][label]': 'Shoe size' }).expect(303);
    expect((await db.query('SELECT custom_fields FROM onboarding_document WHERE id = $1', [doc.id]))[0].custom_fields).toEqual([
      { id: 2, fieldLabel: 'Name on badge', fieldType: 'text' },
      { id: 3, fieldLabel: 'Shoe size', fieldType: 'text' },
    ]);
    const audit = await db.query(`SELECT action_type FROM audit_log WHERE client_id = $1 AND event_type = 'Employer forms' ORDER BY id`, [w.clientId]);
    expect(audit.map((a: { action_type: string }) => a.action_type)).toEqual(['create', 'update']);

    // From another origin, nothing changes.
    await request(t.server).post(`/mbl/api/employer-forms/steps/${doc.id}/delete`).set('Cookie', cookie).set('Host', HOST).set('Origin', 'https://evil.example').type('form').send({ confirm: 'delete' }).expect(403);
    // Answered: cannot be deleted.
    await db.query(`INSERT INTO onboarding_document_response (employee_id, document_id, client_id, submitted_at) VALUES ($1, $2, $3, now())`, [w.employee.employeeId, doc.id, w.clientId]);
    await post(`/steps/${doc.id}/delete`, {}).expect(400);
    const refused = await post(`/steps/${doc.id}/delete`, { confirm: 'delete' }).expect(409);
    expect(refused.text).toContain(EmployerFormMessages.answered);
    await db.query('DELETE FROM onboarding_document_response WHERE document_id = $1', [doc.id]);
    await post(`/steps/${doc.id}/delete`, { confirm: 'delete' }).expect(303);
    expect((await db.query('SELECT count(*)::int AS n FROM onboarding_document WHERE id = $1', [doc.id]))[0].n).toBe(0);
  });

  it('HR uploads a company file that steps can attach; another client\'s file cannot be attached', async () => {
    const w = await world();
    const other = await world();
    const cookie = await signIn(w.token);
    await request(t.server).post('/mbl/api/employer-forms/files').set('Cookie', cookie).set('Host', HOST).set('Origin', origin()).field('title', 'Benefits guide').attach('file', Buffer.from('%PDF-1.4 guide'), 'guide.pdf').expect(303);
    const [mine] = await db.query(`SELECT id FROM file WHERE client_id = $1 AND title = 'Benefits guide' AND file_type = 'client'`, [w.clientId]);
    const [theirs] = await db.query(
      `INSERT INTO file (client_id, title, file_type, storage_key, content_type, size_bytes) VALUES ($1, 'Theirs', 'client', $2, 'application/pdf', 1) RETURNING id`,
      [other.clientId, `test/employer-forms/${other.clientId}`],
    );
    const form = request(t.server).post('/mbl/api/employer-forms/steps/new').set('Cookie', cookie).set('Host', HOST).set('Origin', origin()).type('form');
    const refused = await form.send(`title=Guide&fileIds=${mine.id}&fileIds=${theirs.id}`).expect(400);
    expect(refused.text).toContain(EmployerFormMessages.unknownFile);
    await request(t.server).post('/mbl/api/employer-forms/steps/new').set('Cookie', cookie).set('Host', HOST).set('Origin', origin()).type('form').send(`title=Guide&requireFileView=on&fileIds=${mine.id}`).expect(303);
    expect((await db.query('SELECT file_ids FROM onboarding_document WHERE client_id = $1', [w.clientId]))[0].file_ids).toEqual([mine.id]);
  });
});
