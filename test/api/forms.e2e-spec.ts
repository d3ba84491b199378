import request from 'supertest';
import { DataSource } from 'typeorm';
import type { FormQuestion } from '../../api/src/contracts/forms';
import { createTestApp, type TestApp } from '../support/app';
import { auditRows, createPerson } from '../support/fixtures';

describe('additional information (form questions)', () => {
  let t: TestApp;
  let db: DataSource;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
  });
  afterAll(() => t.close());

  const api = () => request(t.server);
  const auth = (jwt: string) => ({ Authorization: `Bearer ${jwt}` });

  async function household() {
    const person = await createPerson(db, { registered: true });
    const [dep] = (await db.query(
      `INSERT INTO dependent (client_id, employee_id, relationship_type_id, first_name, last_name, birth_date)
       VALUES ((SELECT client_id FROM employee WHERE id = $1), $1, 1, 'Sky', 'Ture', '1990-01-02') RETURNING id`,
      [person.employeeId],
    )) as Array<{ id: number }>;
    return { person, dependentId: dep!.id, jwt: await t.login(person.email) };
  }

  const byPrompt = (list: FormQuestion[], start: string) => list.find((q) => q.userPrompt.startsWith(start))!;
  const option = (q: FormQuestion, text: string) => String(q.options.find((o) => o.text === text)!.id);

  it("answers Acme's questions with sections, types, options, filters and per-dependent rows", async () => {
    const { jwt, dependentId } = await household();
    const res = await api().get('/mbl/api/forms/questions').set(auth(jwt)).expect(200);
    const list = res.body as FormQuestion[];
    expect(new Set(list.map((q) => q.fieldType))).toEqual(new Set(['Radio', 'Text', 'dropdown', 'CheckBox']));
    const reminders = byPrompt(list, 'Would you like benefit reminders');
    const windowOpens = byPrompt(list, 'May we also text you');
    expect(reminders).toMatchObject({ section: 'Reminders', required: true, perDependent: false, info: null, filter: null });
    expect(windowOpens.filter).toEqual({ fieldId: reminders.id, operator: 'Equals', fieldValue: option(reminders, 'Yes') });
    const coverage = byPrompt(list, 'Is this person covered');
    expect(coverage.dependent).toEqual([{ id: dependentId, name: 'Sky Ture', info: null }]);
  });

  it('enforces a filtered required question server-side, drops hidden answers, and audits the change', async () => {
    const { person, jwt, dependentId } = await household();
    const list = (await api().get('/mbl/api/forms/questions').set(auth(jwt)).expect(200)).body as FormQuestion[];
    const reminders = byPrompt(list, 'Would you like benefit reminders');
    const windowOpens = byPrompt(list, 'May we also text you');
    const coverage = byPrompt(list, 'Is this person covered');
    const carrier = byPrompt(list, 'Name of the other');
    const interests = byPrompt(list, 'Which programs');

    const empty = await api().put('/mbl/api/forms/questions').set(auth(jwt)).send([]).expect(400);
    expect(empty.body.errors).toEqual([
      { path: `q${reminders.id}`, message: 'Field is required' },
      { path: `q${coverage.id}_${dependentId}`, message: 'Field is required' },
    ]);
    // The step cannot be recorded as done either.
    await db.query(`UPDATE account SET registration_step = 8 WHERE id = (SELECT account_id FROM employee WHERE id = $1)`, [person.employeeId]);
    const step = await api().put('/mbl/api/me').set(auth(jwt)).send({ step: 9 }).expect(409);
    expect(step.body.message).toMatch(/^Additional Information: Field is required/);

    // "Yes" shows the filtered question, which is then required too; so is the carrier of a covered dependent.
    const yes = await api()
      .put('/mbl/api/forms/questions')
      .set(auth(jwt))
      .send([
        { fieldId: reminders.id, dependentId: null, info: option(reminders, 'Yes') },
        { fieldId: coverage.id, dependentId, info: option(coverage, 'Yes') },
      ])
      .expect(400);
    expect(yes.body.errors).toEqual([
      { path: `q${windowOpens.id}`, message: 'Field is required' },
      { path: `q${carrier.id}_${dependentId}`, message: 'Field is required' },
    ]);

    const saved = await api()
      .put('/mbl/api/forms/questions')
      .set(auth(jwt))
      .send([
        { fieldId: reminders.id, dependentId: null, info: option(reminders, 'No') },
        // Hidden by the filter: dropped, never stored.
        { fieldId: windowOpens.id, info: option(windowOpens, 'Yes') },
        { fieldId: coverage.id, dependentId, info: option(coverage, 'Yes') },
        { fieldId: carrier.id, dependentId, info: ' Blue Horizon ' },
        { fieldId: interests.id, info: `${option(interests, 'Commuter benefits')}, ${option(interests, 'Retirement plan')}` },
      ])
      .expect(200);
    const after = saved.body as FormQuestion[];
    expect(byPrompt(after, 'May we also text you').info).toBeNull();
    expect(byPrompt(after, 'Name of the other').dependent).toEqual([{ id: dependentId, name: 'Sky Ture', info: 'Blue Horizon' }]);
    expect(byPrompt(after, 'Which programs').info).toBe([option(interests, 'Retirement plan'), option(interests, 'Commuter benefits')].join(','));
    const stored: Array<{ n: number }> = await db.query('SELECT count(*)::int AS n FROM form_answer WHERE employee_id = $1', [person.employeeId]);
    expect(stored[0]!.n).toBe(4);
    await api().put('/mbl/api/me').set(auth(jwt)).send({ step: 9 }).expect(200);

    const audit = (await auditRows(db, person.employeeId)).filter((a) => a.event_type === 'Additional information');
    expect(audit).toHaveLength(1);
    expect(audit[0]!.data).toEqual(
      expect.arrayContaining([
        { title: 'Would you like benefit reminders by text message?', oldValue: null, newValue: 'No', changed: true },
        { title: 'Name of the other insurance carrier (Sky Ture)', oldValue: null, newValue: 'Blue Horizon', changed: true },
        { title: 'Which programs would you like to hear more about?', oldValue: null, newValue: 'Retirement plan, Commuter benefits', changed: true },
      ]),
    );
  });

  it("refuses answers for unknown questions, options and other people's dependents", async () => {
    const a = await household();
    const b = await household();
    const list = (await api().get('/mbl/api/forms/questions').set(auth(a.jwt)).expect(200)).body as FormQuestion[];
    const reminders = byPrompt(list, 'Would you like benefit reminders');
    const coverage = byPrompt(list, 'Is this person covered');
    const bad = await api()
      .put('/mbl/api/forms/questions')
      .set(auth(a.jwt))
      .send([
        { fieldId: 999999, info: 'x' },
        { fieldId: coverage.id, dependentId: b.dependentId, info: option(coverage, 'No') },
      ])
      .expect(400);
    expect(bad.body.errors).toEqual([
      { path: 'q999999', message: 'This question is not part of your form' },
      { path: `q${coverage.id}_${b.dependentId}`, message: 'This person is not one of your dependents' },
    ]);
    const notOption = await api()
      .put('/mbl/api/forms/questions')
      .set(auth(a.jwt))
      .send([
        { fieldId: reminders.id, info: '999999' },
        { fieldId: coverage.id, dependentId: a.dependentId, info: option(coverage, 'No') },
      ])
      .expect(400);
    expect(notOption.body.errors).toEqual([{ path: `q${reminders.id}`, message: 'Please choose a value from the list' }]);
  });
});
