import request from 'supertest';
import { DataSource } from 'typeorm';
import { FileMessages } from '../../api/src/contracts/files';
import { LifeEventMessages } from '../../api/src/contracts/life-events';
import { createTestApp, type TestApp } from '../support/app';
import { cloneAcmeClient, copyOfJane, createPerson } from '../support/fixtures';

/**
 * The life-event wizard's server side (issue 16): PUT /midyear-changes owns the steps, the event date's 30-day
 * window, the dependent each event is about, the proof; every refusal. Each test makes the people it changes.
 */
describe('mid-year changes after a life event', () => {
  let t: TestApp;
  let db: DataSource;
  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
  });
  afterAll(() => t.close());

  /** A day relative to today in Acme's time zone, MM/DD/YYYY. */
  const day = async (offset: number): Promise<string> =>
    (await db.query(`SELECT to_char((now() AT TIME ZONE 'America/New_York')::date + $1::int, 'MM/DD/YYYY') AS d`, [offset]))[0].d as string;
  const put = (jwt: string, body: object) => request(t.server).put('/mbl/api/midyear-changes').set('Authorization', `Bearer ${jwt}`).send(body);
  const dependentsOf = async (employeeId: number) =>
    Object.fromEntries(((await db.query('SELECT id, first_name FROM dependent WHERE employee_id = $1 AND deleted_at IS NULL', [employeeId])) as Array<{ id: number; first_name: string }>).map((d) => [d.first_name, d.id]));

  it('the event date may be up to 30 days ago: day 30 is allowed, day 31 and tomorrow are refused', async () => {
    const p = await copyOfJane(db, 'Wendy');
    const jwt = await t.login(p.email);
    expect((await put(jwt, { step: 1, eventType: 1 }).expect(200)).body).toMatchObject({ step: 2, eventType: 1, status: 'draft' });
    const late = await put(jwt, { step: 3, effectiveDate: await day(-31) }).expect(400);
    expect(late.body.errors).toEqual([{ path: 'effectiveDate', message: LifeEventMessages.window }]);
    expect(late.body.errors[0].message).toBe('Life event window: 30 days');
    const future = await put(jwt, { step: 3, effectiveDate: await day(1) }).expect(400);
    expect(future.body.errors).toEqual([{ path: 'effectiveDate', message: LifeEventMessages.future }]);
    const thirty = await day(-30);
    const ok = (await put(jwt, { step: 3, effectiveDate: thirty }).expect(200)).body;
    // A birth's coverage starts on the event date.
    expect(ok).toMatchObject({ step: 3, effectiveDate: thirty, coverageStarts: thirty });
    // GET /me carries it, and GET /midyear-changes answers the same.
    expect((await request(t.server).get('/mbl/api/me').set('Authorization', `Bearer ${jwt}`).expect(200)).body.midyearChangesData).toMatchObject({ step: 3, eventType: 1 });
    expect((await request(t.server).get('/mbl/api/midyear-changes').set('Authorization', `Bearer ${jwt}`).expect(200)).body).toEqual(ok);
  });

  it('refuses what the event does not allow, skipped or early steps, and other people\'s dependents', async () => {
    const p = await copyOfJane(db, 'Rita');
    const jwt = await t.login(p.email);
    const mine = await dependentsOf(p.employeeId);
    // Married already: no Marriage.
    expect((await put(jwt, { step: 1, eventType: 2 }).expect(400)).body.errors).toEqual([{ path: 'eventType', message: LifeEventMessages.marriedAlready }]);
    await put(jwt, { step: 1, eventType: 1 }).expect(200);
    // The date step cannot be jumped over, nor skipped steps entered.
    await put(jwt, { step: 3 }).expect(400);
    await put(jwt, { step: 6, effectiveDate: await day(-2) }).expect(409);
    await put(jwt, { step: 3, effectiveDate: await day(-2) }).expect(200);
    // A birth is about a child: the spouse is refused.
    expect((await put(jwt, { step: 6, dependentId: mine.John }).expect(400)).body.errors).toEqual([{ path: 'dependentId', message: LifeEventMessages.notAllowed }]);
    // Another employee's dependent does not exist for this one.
    const other = await copyOfJane(db, 'Otto');
    await put(jwt, { step: 6, dependentId: (await dependentsOf(other.employeeId)).Lily }).expect(404);
    // Step 4 is skipped for a birth: 6 comes next.
    await put(jwt, { step: 4, dependentId: mine.Lily }).expect(409);
    expect((await put(jwt, { step: 6, dependentId: mine.Lily }).expect(200)).body).toMatchObject({ step: 6, dependentId: mine.Lily });
    // Back to an earlier step keeps the answers; a skipped one is refused.
    await put(jwt, { step: 4 }).expect(409);
    expect((await put(jwt, { step: 2 }).expect(200)).body).toMatchObject({ step: 2, dependentId: mine.Lily });
    // Cancel: step 1 with nothing clears the draft.
    expect((await put(jwt, { step: 1 }).expect(200)).body).toMatchObject({ step: 1, eventType: null });
    expect((await request(t.server).get('/mbl/api/me').set('Authorization', `Bearer ${jwt}`).expect(200)).body.midyearChangesData).toBeNull();
    const audit = await db.query(`SELECT action_type FROM audit_log WHERE employee_id = $1 AND event_type = 'Life event' ORDER BY id`, [p.employeeId]);
    expect(audit.at(-1)).toEqual({ action_type: 'delete' });
  });

  it('a spouse who lost coverage: the reason is required, and the loss-of-coverage letter before moving on; it is the employee\'s file', async () => {
    const clientId = await cloneAcmeClient(db);
    const p = await createPerson(db, { clientId, registered: true, firstName: 'Lena' });
    const [spouse] = await db.query(`INSERT INTO dependent (client_id, employee_id, relationship_type_id, first_name, last_name) VALUES ($1, $2, 1, 'Sam', 'Ture') RETURNING id`, [clientId, p.employeeId]);
    const jwt = await t.login(p.email);
    await put(jwt, { step: 1, eventType: 3 }).expect(200);
    expect((await put(jwt, { step: 3, effectiveDate: await day(-5) }).expect(400)).body.errors).toEqual([{ path: 'reasonId', message: 'Field is required' }]);
    await put(jwt, { step: 3, effectiveDate: await day(-5), reasonId: 1 }).expect(200);
    await put(jwt, { step: 4, dependentId: spouse.id }).expect(200);
    expect((await put(jwt, { step: 6 }).expect(400)).body.errors).toEqual([{ path: 'proof', message: LifeEventMessages.proofRequired }]);
    const tooBig = await request(t.server).post('/mbl/api/midyear-changes/proof').set('Authorization', `Bearer ${jwt}`).attach('file', Buffer.concat([Buffer.from('%PDF-1.4'), Buffer.alloc(10_000_000)]), 'letter.pdf').expect(413);
    expect(tooBig.body.message).toBe(FileMessages.tooLarge);
    await request(t.server).post('/mbl/api/midyear-changes/proof').set('Authorization', `Bearer ${jwt}`).attach('file', Buffer.from('%PDF-1.4 letter'), 'letter.pdf').expect(201);
    const next = (await put(jwt, { step: 6 }).expect(200)).body;
    // Not a birth: the change takes effect on the first of the next month.
    expect(next.coverageStarts).toMatch(/^\d{2}\/01\/\d{4}$/);
    const files = await db.query(`SELECT title FROM file WHERE employee_id = $1 AND file_type = 'personal'`, [p.employeeId]);
    expect(files).toEqual([{ title: "Loss-of-coverage letter (Spouse lost coverage)" }]);
  });

  it('is refused where the company has no mid-year changes, and to someone without an employee record', async () => {
    const clientId = await cloneAcmeClient(db);
    await db.query('UPDATE client SET enable_midyear_changes = false WHERE id = $1', [clientId]);
    const p = await createPerson(db, { clientId, registered: true });
    await put(await t.login(p.email), { step: 1, eventType: 1 }).expect(403);
    await put(await t.login('agent@harbor.test'), { step: 1, eventType: 1 }).expect(403);
  });
});
