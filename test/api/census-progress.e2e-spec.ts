import request from 'supertest';
import { CENSUS_PROGRESS_STATES, type CensusProgress } from '../../api/src/contracts/census-progress';
import { undecidedPlanTypes, type Enrollment } from '../../api/src/contracts/enrollments';
import { Messages } from '../../api/src/contracts/messages';
import { createOtherTenant, employeeIdOf, uniqueEmail } from '../support/fixtures';
import { appWithWorkers, linkFrom } from '../support/mail';

interface ListItem {
  id: number;
  group: string;
  progress: CensusProgress;
}

/** The census's progress column, its filter and Resend invite (issue 28 item 2). */
describe('census progress and Resend invite', () => {
  const suite = appWithWorkers();
  let hr: string;
  beforeAll(async () => {
    hr = await suite.t.login('hr@acme.test');
  });

  const call = (method: 'get' | 'post' | 'put', path: string, jwt = hr) => request(suite.t.server)[method](`/mbl/api${path}`).set('Authorization', `Bearer ${jwt}`);
  const list = async (query: Record<string, string>) => (await call('get', `/employees?${new URLSearchParams(query).toString()}`).expect(200)).body as {
    result: ListItem[];
    totalCount: number;
    page: number;
    groupCounts: Record<string, number>;
  };
  /** The registration token of the newest welcome email to `to` after `mark`. */
  const tokenFrom = async (to: string, mark: Set<string>) => linkFrom(await suite.mail.next(to, /finish your registration/, mark), '/mbl/registration').searchParams.get('token')!;

  it('HR adds people (invited or not), filters on progress with search and paging, resends an invite (the old link ends), and the new link registers', async () => {
    // One family name for this run, so search narrows the census to the people of this test.
    const family = `Progress${Date.now() % 1_000_000}`;
    const base = { lastName: family, employmentId: 1, groupId: 1, hireDate: '11/02/2026' };
    const mark = suite.mail.mark();
    const ada = { ...base, firstName: 'Ada', email: uniqueEmail('ada') };
    const bea = { ...base, firstName: 'Bea', email: uniqueEmail('bea') };
    const cal = { ...base, firstName: 'Cal', email: uniqueEmail('cal'), sendEmail: false };
    const ids: Record<string, number> = {};
    for (const p of [ada, bea, cal]) ids[p.firstName] = (await call('post', '/employees').send(p).expect(201)).body.id;

    // Each person's progress on the list, by the one rule, and the same on the record.
    const all = await list({ search: family });
    expect(all.result.map((e) => [e.id, e.progress.state, e.progress.text])).toEqual([
      [ids.Ada, 'invited', 'Invited, not registered'],
      [ids.Bea, 'invited', 'Invited, not registered'],
      [ids.Cal, 'not-invited', 'Not invited'],
    ]);
    expect((await call('get', `/employees/${ids.Ada}/employee`).expect(200)).body.progress).toEqual(all.result[0]!.progress);

    // The filter works with search and paging; group counts follow it.
    const invited = await list({ search: family, progress: 'invited', perPage: '1' });
    expect(invited).toMatchObject({ totalCount: 2, page: 1, groupCounts: { active: 2, cobra: 0, terminated: 0 } });
    expect(invited.result.map((e) => e.id)).toEqual([ids.Ada]);
    expect((await list({ search: family, progress: 'invited', perPage: '1', page: '2', group: 'active' })).result.map((e) => e.id)).toEqual([ids.Bea]);
    expect((await list({ search: family, progress: 'not-invited' })).result.map((e) => e.id)).toEqual([ids.Cal]);
    expect((await list({ search: family, progress: 'signed' })).totalCount).toBe(0);
    // An empty filter is everyone; an unknown one is refused, never a 500.
    expect((await list({ search: family, progress: '' })).totalCount).toBe(3);
    await call('get', `/employees?progress=finished`).expect(400);

    // Resend invite: a fresh link emailed, the earlier one answers the spec's message, audited.
    const first = await tokenFrom(ada.email, mark);
    const again = suite.mail.mark();
    await call('post', `/employees/${ids.Ada}/welcome-email`).expect(200, { success: true });
    const second = await tokenFrom(ada.email, again);
    expect(second).not.toBe(first);
    const api = () => request(suite.t.server);
    expect((await api().get('/mbl/api/registration').query({ token: first }).expect(403)).body.message).toBe(Messages.registrationTokenInvalid);
    await api().post('/mbl/api/registration').send({ token: first, password: 'Progress-Pass-71', securityQuestionId: '1', securityAnswer: 'x' }).expect(403);
    const audits = await suite.db.query(`SELECT description FROM audit_log WHERE employee_id = $1 AND event_type = 'Welcome email' ORDER BY id`, [ids.Ada]);
    expect(audits).toHaveLength(2);

    // Inviting the one who was not: now invited.
    const cals = suite.mail.mark();
    await call('post', `/employees/${ids.Cal}/welcome-email`).expect(200);
    await tokenFrom(cal.email, cals);
    expect((await list({ search: family, progress: 'not-invited' })).totalCount).toBe(0);

    // The new link registers: registered, with the plan types still to choose.
    const jwt = (await api().post('/mbl/api/registration').send({ token: second, password: 'Progress-Pass-71', securityQuestionId: '1', securityAnswer: 'x' }).expect(200)).body.jwt as string;
    const registered = (await list({ search: family, progress: 'registered' })).result;
    expect(registered.map((e) => e.id)).toEqual([ids.Ada]);
    expect(registered[0]!.progress.missing.length).toBeGreaterThan(0);
    expect(registered[0]!.progress.text).toBe(`Registered: ${registered[0]!.progress.missing.join(', ')} to choose`);
    // Registered: no invite to resend.
    expect((await call('post', `/employees/${ids.Ada}/welcome-email`).expect(409)).body.message).toBe(Messages.employeeAlreadyRegistered);

    // A choice made (Vision declined): enrollment not complete, Vision no longer missing.
    const rows = (await call('get', '/enrollments', jwt).expect(200)).body as Array<{ id: number; planTypeId: number; planType: string }>;
    const vision = rows.find((r) => r.planTypeId === 8)!;
    await call('put', `/enrollments/${vision.id}`, jwt).send({ status: '-2' }).expect(200);
    const [enrolling] = (await list({ search: family, progress: 'enrolling' })).result;
    expect(enrolling).toMatchObject({ id: ids.Ada, progress: { state: 'enrolling' } });
    expect(enrolling!.progress.missing).not.toContain(vision.planType);
    expect(enrolling!.progress.missing).toEqual(registered[0]!.progress.missing.filter((t) => t !== vision.planType));
    expect((await call('get', `/employees/${ids.Ada}/employee`).expect(200)).body.progress).toEqual(enrolling!.progress);

    // Each state filter answers exactly the people the list shows in that state.
    const everyone = (await list({ search: family })).result;
    for (const state of CENSUS_PROGRESS_STATES) {
      expect((await list({ search: family, progress: state })).result.map((e) => e.id)).toEqual(everyone.filter((e) => e.progress.state === state).map((e) => e.id));
    }
  });

  it("a registered employee's missing plan types are the wizard's own; the others are never reached", async () => {
    const jane = await employeeIdOf(suite.db, 'jane@acme.test');
    const record = (await call('get', `/employees/${jane}/employee`).expect(200)).body.progress as CensusProgress;
    const wizard = (await call('get', '/enrollments?view=signed', await suite.t.login('jane@acme.test')).expect(200)).body as Enrollment[];
    expect(record.missing).toEqual(undecidedPlanTypes(wizard));
    expect(record.state).toEqual(record.missing.length > 0 ? 'enrolling' : expect.stringMatching(/^(enrolled|signed)$/));

    const other = await createOtherTenant(suite.db);
    await call('post', `/employees/${other.employeeId}/welcome-email`).expect(404);
    await call('get', `/employees/${other.employeeId}/employee`).expect(404);
    await call('post', '/employees/999999999/welcome-email').expect(404);
    // Resend invite needs employees:update: an employee or a test user may not.
    await call('post', `/employees/${jane}/welcome-email`, await suite.t.login('jane@acme.test')).expect(403);
    await call('post', `/employees/${jane}/welcome-email`, await suite.t.login('tess@acme.test')).expect(403);
    await call('get', '/employees?progress=signed', await suite.t.login('tess@acme.test')).expect(403);
  });
});
