import request from 'supertest';
import { DataSource } from 'typeorm';
import { FileMessages } from '../../api/src/contracts/files';
import { LifeEventMessages } from '../../api/src/contracts/life-events';
import { createTestApp, type TestApp } from '../support/app';
import { cloneAcmeClient, copyOfJane, createPerson } from '../support/fixtures';
import { dataUrl, strokePng } from '../support/png';

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
    expect(late.body.errors[0].message).toBe('Changes must be requested within 30 days of the event');
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

  it('a spouse who lost coverage: the reason is required; the loss-of-coverage letter may follow (decisions section 6); it is the employee\'s file', async () => {
    const p = await copyOfJane(db, 'Lena');
    const spouse = { id: (await dependentsOf(p.employeeId)).John };
    const jwt = await t.login(p.email);
    await put(jwt, { step: 1, eventType: 3 }).expect(200);
    expect((await put(jwt, { step: 3, effectiveDate: await day(-5) }).expect(400)).body.errors).toEqual([{ path: 'reasonId', message: 'Field is required' }]);
    await put(jwt, { step: 3, effectiveDate: await day(-5), reasonId: 1 }).expect(200);
    await put(jwt, { step: 4, dependentId: spouse.id }).expect(200);
    // On without the letter: HR's approval waits for it instead.
    const next = (await put(jwt, { step: 6 }).expect(200)).body;
    expect(next.proofFileId).toBeNull();
    const tooBig = await request(t.server).post('/mbl/api/midyear-changes/proof').set('Authorization', `Bearer ${jwt}`).attach('file', Buffer.concat([Buffer.from('%PDF-1.4'), Buffer.alloc(10_000_000)]), 'letter.pdf').expect(413);
    expect(tooBig.body.message).toBe(FileMessages.tooLarge);
    const uploaded = (await request(t.server).post('/mbl/api/midyear-changes/proof').set('Authorization', `Bearer ${jwt}`).attach('file', Buffer.from('%PDF-1.4 letter'), 'letter.pdf').expect(201)).body;
    expect(uploaded).toMatchObject({ step: 6, proofFileId: expect.any(Number) });
    // Not a birth: the change takes effect on the first of the next month.
    expect(next.coverageStarts).toMatch(/^\d{2}\/01\/\d{4}$/);
    const files = await db.query(`SELECT title FROM file WHERE employee_id = $1 AND file_type = 'personal'`, [p.employeeId]);
    expect(files).toEqual([{ title: "Loss-of-coverage letter (Spouse lost coverage)" }]);
  });

  it('a birth: the baby is added to medical in the event\'s own draft; what the event does not allow is refused before review', async () => {
    const p = await copyOfJane(db, 'Bea');
    const jwt = await t.login(p.email);
    const [baby] = await db.query(
      `INSERT INTO dependent (client_id, employee_id, relationship_type_id, first_name, last_name, birth_date, gender) SELECT client_id, id, 2, 'Noah', 'Doe', (now() AT TIME ZONE 'America/New_York')::date - 3, 1 FROM employee WHERE id = $1 RETURNING id`,
      [p.employeeId],
    );
    const mine = await dependentsOf(p.employeeId);
    await put(jwt, { step: 1, eventType: 1 }).expect(200);
    await put(jwt, { step: 3, effectiveDate: await day(-3) }).expect(200);
    await put(jwt, { step: 6, dependentId: baby.id }).expect(200);
    const [set] = await db.query(`SELECT s.id, s.kind FROM life_event l JOIN election_change_set s ON s.id = l.change_set_id WHERE l.employee_id = $1 AND l.status = 'draft'`, [p.employeeId]);
    expect(set.kind).toBe('life_event');
    const [medical] = await db.query(
      `SELECT e.id, e.plan_id, ARRAY(SELECT dependent_id FROM enrollment_dependent d WHERE d.enrollment_id = e.id) AS deps FROM enrollment e WHERE e.employee_id = $1 AND e.plan_type_id = 1 AND e.status = 1`,
      [p.employeeId],
    );
    const enroll = (dependents: number[]) => request(t.server).put(`/mbl/api/enrollments/${medical.id}`).set('Authorization', `Bearer ${jwt}`).send({ status: '1', planId: medical.plan_id, dependents });
    // The mid-year payload must name this event: another is refused, this one (with its date) is taken.
    await request(t.server).put(`/mbl/api/enrollments/${medical.id}`).set('Authorization', `Bearer ${jwt}`).send({ status: '1', planId: medical.plan_id, dependents: medical.deps, eventType: 2 }).expect(400);
    await request(t.server).put(`/mbl/api/enrollments/${medical.id}`).set('Authorization', `Bearer ${jwt}`).send({ status: '1', planId: medical.plan_id, dependents: medical.deps, eventType: 1, eventDate: await day(-3) }).expect(200);
    // Dropping the spouse is not what a birth allows.
    await enroll([mine.Lily, baby.id]).expect(200);
    const signedBefore = await db.query('SELECT dependent_id FROM enrollment_dependent WHERE enrollment_id = $1 ORDER BY 1', [medical.id]);
    await request(t.server).post('/mbl/api/midyear-changes/proof').set('Authorization', `Bearer ${jwt}`).attach('file', Buffer.from('%PDF-1.4 birth certificate'), 'birth.pdf').expect(201);
    expect((await put(jwt, { step: 7 }).expect(400)).body.errors).toEqual([{ path: 'elections', message: 'Group Medical: This life event does not allow this change (removing a dependent)' }]);
    // The baby added, the family kept: allowed. The signed elections are untouched until HR approves.
    await enroll([...medical.deps, baby.id]).expect(200);
    expect((await put(jwt, { step: 7 }).expect(200)).body).toMatchObject({ step: 7, eventType: 1 });
    expect(await db.query('SELECT dependent_id FROM enrollment_dependent WHERE enrollment_id = $1 ORDER BY 1', [medical.id])).toEqual(signedBefore);
    // Cancelling the event discards its elections draft as well.
    await put(jwt, { step: 1 }).expect(200);
    expect((await db.query('SELECT status FROM election_change_set WHERE id = $1', [set.id]))[0].status).toBe('cancelled');
  });

  /** A copy of jane through a birth to review and sign, with the baby added to medical. */
  async function signedBirth(firstName: string) {
    const p = await copyOfJane(db, firstName);
    const jwt = await t.login(p.email);
    const [baby] = await db.query(
      `INSERT INTO dependent (client_id, employee_id, relationship_type_id, first_name, last_name, birth_date, gender) SELECT client_id, id, 2, 'Noah', 'Doe', (now() AT TIME ZONE 'America/New_York')::date - 3, 1 FROM employee WHERE id = $1 RETURNING id`,
      [p.employeeId],
    );
    const eventDate = await day(-3);
    await put(jwt, { step: 1, eventType: 1 }).expect(200);
    await put(jwt, { step: 3, effectiveDate: eventDate }).expect(200);
    await put(jwt, { step: 6, dependentId: baby.id }).expect(200);
    await request(t.server).post('/mbl/api/midyear-changes/proof').set('Authorization', `Bearer ${jwt}`).attach('file', Buffer.from('%PDF-1.4 birth certificate'), 'birth.pdf').expect(201);
    const [medical] = await db.query(
      `SELECT e.id, e.plan_id, ARRAY(SELECT dependent_id FROM enrollment_dependent d WHERE d.enrollment_id = e.id) AS deps FROM enrollment e WHERE e.employee_id = $1 AND e.plan_type_id = 1 AND e.status = 1`,
      [p.employeeId],
    );
    await request(t.server).put(`/mbl/api/enrollments/${medical.id}`).set('Authorization', `Bearer ${jwt}`).send({ status: '1', planId: medical.plan_id, dependents: [...medical.deps, baby.id] }).expect(200);
    await put(jwt, { step: 7 }).expect(200);
    const signed = (await request(t.server).post('/mbl/api/mid-changes').set('Authorization', `Bearer ${jwt}`).send({ signature: dataUrl(strokePng()) }).expect(200)).body;
    expect(signed).toMatchObject({ status: 'pending', eventType: 1, coverageStarts: eventDate });
    return { p, jwt, baby, medical, eventDate };
  }

  it('signed, the change waits for HR, who approves it: the baby is covered from the birth, and the employee is told', async () => {
    const { p, jwt, baby, medical, eventDate } = await signedBirth('Gina');
    // Waiting: the wizard starts again, the dashboard's call says pending, a second event waits.
    expect((await request(t.server).get('/mbl/api/midyear-changes').set('Authorization', `Bearer ${jwt}`).expect(200)).body).toMatchObject({ status: 'pending', eventType: 1 });
    expect((await request(t.server).get('/mbl/api/me').set('Authorization', `Bearer ${jwt}`).expect(200)).body.midyearChangesData).toBeNull();
    expect((await put(jwt, { step: 1, eventType: 4 }).expect(409)).body.message).toBe(LifeEventMessages.pendingApproval);
    // Not in force yet.
    expect((await db.query('SELECT dependent_id FROM enrollment_dependent WHERE enrollment_id = $1', [medical.id])).map((r: { dependent_id: number }) => r.dependent_id)).not.toContain(baby.id);
    // Only HR reads and decides.
    await request(t.server).get('/mbl/api/life-events').set('Authorization', `Bearer ${jwt}`).expect(403);
    const hr = await t.login('hr@acme.test');
    const list = (await request(t.server).get('/mbl/api/life-events').set('Authorization', `Bearer ${hr}`).expect(200)).body as Array<{ id: number; employeeId: number; proof: { title: string }; changes: Array<{ planType: string; after: string }> }>;
    const mine = list.find((l) => l.employeeId === p.employeeId)!;
    expect(mine).toMatchObject({ eventTitle: 'Birth or adoption', eventDate, coverageStarts: eventDate, proof: { title: 'Birth certificate or adoption papers (Birth or adoption)' } });
    expect(mine.changes).toEqual([expect.objectContaining({ planType: 'Group Medical', after: expect.stringContaining('Noah') })]);
    // The signature's snapshot is of the elections as the event makes them (the PDF is the workers' job).
    const [signature] = await db.query(`SELECT s.kind, s.summary FROM life_event l JOIN signature s ON s.id = l.signature_id WHERE l.id = $1`, [mine.id]);
    expect(signature.kind).toBe('life_event');
    expect((signature.summary.elections as Array<{ planType: string; dependents: string[] }>).find((x) => x.planType === 'Group Medical')!.dependents.join(' ')).toContain('Noah');
    expect((mine as unknown as { summaryFileId: number | null }).summaryFileId).toBeNull();
    expect((await request(t.server).post(`/mbl/api/life-events/${mine.id}`).set('Authorization', `Bearer ${hr}`).send({ approve: true }).expect(200)).body).toEqual({ status: 'approved' });
    expect((await db.query('SELECT dependent_id FROM enrollment_dependent WHERE enrollment_id = $1', [medical.id])).map((r: { dependent_id: number }) => r.dependent_id)).toContain(baby.id);
    expect((await db.query(`SELECT to_char(effective_date, 'MM/DD/YYYY') AS d FROM enrollment WHERE id = $1`, [medical.id]))[0].d).toBe(eventDate);
    await request(t.server).post(`/mbl/api/life-events/${mine.id}`).set('Authorization', `Bearer ${hr}`).send({ approve: false, reason: 'late' }).expect(409);
    expect(await db.query(`SELECT subject FROM email_message WHERE idempotency_key = $1`, [`life-event-decision:${mine.id}`])).toEqual([{ subject: 'Your birth or adoption change is approved' }]);
    expect((await request(t.server).get('/mbl/api/midyear-changes').set('Authorization', `Bearer ${jwt}`).expect(200)).body).toMatchObject({ step: 1, eventType: null });
    const audit = await db.query(`SELECT description FROM audit_log WHERE employee_id = $1 AND event_type IN ('Life event', 'Enrollment') ORDER BY id DESC LIMIT 2`, [p.employeeId]);
    expect(audit.map((a: { description: string }) => a.description)).toEqual(['Life event approved by HR: Birth or adoption', 'Life event approved (Birth or adoption): Group Medical']);
  });

  it('HR rejects with a reason: nothing changes, the employee reads why', async () => {
    const { p, jwt, baby, medical } = await signedBirth('Hope');
    const hr = await t.login('hr@acme.test');
    const id = ((await request(t.server).get('/mbl/api/life-events').set('Authorization', `Bearer ${hr}`).expect(200)).body as Array<{ id: number; employeeId: number }>).find((l) => l.employeeId === p.employeeId)!.id;
    expect((await request(t.server).post(`/mbl/api/life-events/${id}`).set('Authorization', `Bearer ${hr}`).send({ approve: false }).expect(400)).body.errors).toEqual([{ path: 'reason', message: 'Field is required' }]);
    await request(t.server).post(`/mbl/api/life-events/${id}`).set('Authorization', `Bearer ${hr}`).send({ approve: false, reason: 'The certificate is unreadable: please upload it again.' }).expect(200);
    expect((await db.query('SELECT dependent_id FROM enrollment_dependent WHERE enrollment_id = $1', [medical.id])).map((r: { dependent_id: number }) => r.dependent_id)).not.toContain(baby.id);
    expect((await request(t.server).get('/mbl/api/midyear-changes').set('Authorization', `Bearer ${jwt}`).expect(200)).body).toMatchObject({ status: 'rejected', rejectionReason: 'The certificate is unreadable: please upload it again.' });
    // The employee may report it again.
    await put(jwt, { step: 1, eventType: 1 }).expect(200);
    // Another client's HR does not see it.
    const other = await cloneAcmeClient(db);
    const otherHr = await createPerson(db, { clientId: other, registered: true, roleType: 1 });
    await request(t.server).post(`/mbl/api/life-events/${id}`).set('Authorization', `Bearer ${await t.login(otherHr.email)}`).send({ approve: true }).expect(404);
  });

  it('a divorce: step 4 offers removing the spouse from each enrolled plan group, and the chosen ones are written into the draft', async () => {
    const p = await copyOfJane(db, 'Dina');
    const jwt = await t.login(p.email);
    const { John: john, Lily: lily } = await dependentsOf(p.employeeId);
    await put(jwt, { step: 1, eventType: 5 }).expect(200);
    await put(jwt, { step: 3, effectiveDate: await day(-10) }).expect(200);
    // Jane's copy is enrolled in medical: step 4 is shown for a divorce.
    expect((await put(jwt, { step: 4, dependentId: john }).expect(200)).body.step).toBe(4);
    const choices = (await request(t.server).get('/mbl/api/midyear-changes/coverage').set('Authorization', `Bearer ${jwt}`).expect(200)).body as Array<{ key: string; planType: string; action: string; dependentId: number }>;
    expect(choices.length).toBeGreaterThan(0);
    expect(choices.every((c) => c.action === 'remove' && c.dependentId === john)).toBe(true);
    const medical = choices.find((c) => c.planType === 'Group Medical')!;
    // A choice not offered (the child, whom a divorce does not remove) is refused.
    await request(t.server).post('/mbl/api/midyear-changes/proof').set('Authorization', `Bearer ${jwt}`).attach('file', Buffer.from('%PDF-1.4 decree'), 'decree.pdf').expect(201);
    expect((await put(jwt, { step: 6, coverage: [`${lily}:1:remove`] }).expect(400)).body.errors).toEqual([{ path: 'coverage', message: LifeEventMessages.notAllowed }]);
    expect((await put(jwt, { step: 6, coverage: [medical.key] }).expect(200)).body.step).toBe(6);
    const [draftMedical] = await db.query(
      `SELECT ch.dependent_ids FROM life_event l JOIN enrollment_change ch ON ch.change_set_id = l.change_set_id JOIN enrollment en ON en.id = ch.enrollment_id
        WHERE l.employee_id = $1 AND l.status = 'draft' AND en.plan_type_id = 1`,
      [p.employeeId],
    );
    expect(draftMedical.dependent_ids).not.toContain(john);
    expect(draftMedical.dependent_ids).toContain(lily);
    // What step 4 wrote is a change the event allows: on to review.
    expect((await put(jwt, { step: 7 }).expect(200)).body.step).toBe(7);
  });

  it('unsigned changes of another kind must be finished first', async () => {
    const p = await copyOfJane(db, 'Kim');
    const jwt = await t.login(p.email);
    await db.query(`INSERT INTO election_change_set (client_id, employee_id, open_enrollment_period_id, kind) SELECT e.client_id, e.id, oe.id, 'modify' FROM employee e JOIN open_enrollment_period oe ON oe.client_id = e.client_id AND oe.is_current WHERE e.id = $1`, [p.employeeId]);
    await put(jwt, { step: 1, eventType: 1 }).expect(200);
    await put(jwt, { step: 3, effectiveDate: await day(-1) }).expect(200);
    expect((await put(jwt, { step: 6, dependentId: (await dependentsOf(p.employeeId)).Lily }).expect(409)).body.message).toBe(LifeEventMessages.otherDraft);
  });

  it('is refused where the company has no mid-year changes, and to someone without an employee record', async () => {
    const clientId = await cloneAcmeClient(db);
    await db.query('UPDATE client SET enable_midyear_changes = false WHERE id = $1', [clientId]);
    const p = await createPerson(db, { clientId, registered: true });
    await put(await t.login(p.email), { step: 1, eventType: 1 }).expect(403);
    await put(await t.login('agent@harbor.test'), { step: 1, eventType: 1 }).expect(403);
  });
});
