import { JwtService } from '@nestjs/jwt';
import request from 'supertest';
import { IMPERSONATION_DETAILS_MAX, ImpersonationMessages } from '../../api/src/contracts/impersonation';
import { ControlledClock } from '../../api/src/core/clock/clock';
import { ClockModule } from '../../api/src/core/clock/clock.module';
import { appWithWorkers } from '../support/mail';
import { accountIdOf, cloneAcmeClient, createPerson, type FixturePerson } from '../support/fixtures';
import { DEMO_PASSWORD } from '../support/test-env';

// The notice says when in the client's zone: a fixed instant makes the expected text exact (09:30 AM PST).
const clock = new ControlledClock(new Date('2026-01-15T17:30:00Z'));
ClockModule.use(clock);

interface ReasonRow {
  action_type: string;
  performed_by: number | null;
  on_behalf_of: number | null;
  impersonation_reason: string | null;
}

interface AuditItem {
  id: number;
  actionType: string;
  description: string;
  createdBy: string | null;
  onBehalfOf: string | null;
  reason: string | null;
}

/**
 * Issue 27 item 7: acting as an employee needs a reason (a list plus words), shown in the banner's data
 * (GET /me), kept with every audit entry made while acting, listed in the employee's own audit log, and
 * mailed to the employee (who, when in the client's zone, why) through the workers.
 */
describe('impersonation with a reason and a notice', () => {
  const suite = appWithWorkers();
  const api = () => request(suite.t.server);
  const auth = (jwt: string) => ({ Authorization: `Bearer ${jwt}` });
  let clientId: number;
  let hr: FixturePerson;
  let hrJwt: string;

  beforeAll(async () => {
    // A client of this suite's own in another time zone, with its own HR administrator.
    clientId = await cloneAcmeClient(suite.db);
    await suite.db.query(`UPDATE client SET time_zone = 'America/Los_Angeles' WHERE id = $1`, [clientId]);
    hr = await createPerson(suite.db, { clientId, registered: true, roleType: 1, firstName: 'Hana', lastName: 'Reyes' });
    hrJwt = await suite.t.login(hr.username);
  });
  afterAll(() => ClockModule.use(null));

  const employee = () => createPerson(suite.db, { clientId, registered: true, firstName: 'Emil', lastName: 'Stone' });
  const start = (jwt: string, employeeId: number, body: unknown) => api().post(`/mbl/api/employees/${employeeId}/impersonate`).set(auth(jwt)).send(body as object);
  const reasons = async (employeeId: number): Promise<ReasonRow[]> =>
    suite.db.query(`SELECT action_type, performed_by, on_behalf_of, impersonation_reason FROM audit_log WHERE employee_id = $1 ORDER BY id`, [employeeId]);

  it('refuses a start without a valid reason: 400 with the message on its field, nothing audited', async () => {
    const p = await employee();
    const cases: Array<[unknown, string, string]> = [
      [{}, 'reason', ImpersonationMessages.reasonRequired],
      [{ reason: 'curious' }, 'reason', ImpersonationMessages.reasonRequired],
      [{ reason: 7 }, 'reason', ImpersonationMessages.reasonRequired],
      [{ reason: 'other' }, 'details', ImpersonationMessages.detailsRequired],
      [{ reason: 'other', details: '   ' }, 'details', ImpersonationMessages.detailsRequired],
      [{ reason: 'phone', details: 'x'.repeat(IMPERSONATION_DETAILS_MAX + 1) }, 'details', ImpersonationMessages.detailsTooLong],
      [{ reason: 'phone', details: 'line one\nline two' }, 'details', ImpersonationMessages.detailsInvalid],
      [{ reason: 'phone', details: 'bell\u0007' }, 'details', ImpersonationMessages.detailsInvalid],
      [{ reason: 'phone', details: 'abc\u202Edcb' }, 'details', ImpersonationMessages.detailsInvalid],
      [{ reason: 'phone', details: 42 }, 'details', ImpersonationMessages.detailsInvalid],
    ];
    for (const [body, path, message] of cases) {
      const res = await start(hrJwt, p.employeeId, body);
      expect({ body, status: res.status, errors: res.body.errors }).toEqual({ body, status: 400, errors: expect.arrayContaining([{ path, message }]) });
    }
    // A NUL byte is refused by the request check that runs before any route, on the same field.
    expect((await start(hrJwt, p.employeeId, { reason: 'phone', details: 'nul\u0000' }).expect(400)).body.errors).toEqual([{ path: 'details', message: expect.any(String) }]);
    // Bodies that are not objects are refused too, never a 500.
    for (const body of [[], 'other', null]) expect((await start(hrJwt, p.employeeId, body)).status).toBe(400);
    expect(await reasons(p.employeeId)).toEqual([]);
  });

  it('the reason is in /me while acting, on every entry made meanwhile, in My Audit Log, and nowhere once back', async () => {
    const p = await employee();
    const hrAccount = await accountIdOf(suite.db, hr.username);
    const res = await start(hrJwt, p.employeeId, { reason: 'phone', details: '  Called about her dependents  ' }).expect(200);
    const jwt = res.body.jwt as string;
    const reason = 'Employee asked by phone: Called about her dependents';
    expect(suite.t.app.get(JwtService).decode<Record<string, unknown>>(jwt)).toMatchObject({ imp: hrAccount, why: reason });

    // The banner reads it from /me; the administrator's own session has none.
    expect((await api().get('/mbl/api/me').set(auth(jwt)).expect(200)).body).toMatchObject({ impersonatingUserId: hrAccount, impersonationReason: reason });
    expect((await api().get('/mbl/api/me').set(auth(hrJwt)).expect(200)).body).toMatchObject({ impersonatingUserId: null, impersonationReason: null });

    // Something done while acting (a look at secured data), then back to the own account.
    await api().post('/mbl/api/employee/personal').set(auth(jwt)).send({}).expect(200);
    await api().post('/mbl/api/impersonation/stop').set(auth(jwt)).expect(200);
    // The employee's own session afterwards records no reason.
    const own = await suite.t.login(p.username);
    await api().post('/mbl/api/employee/personal').set(auth(own)).send({ password: DEMO_PASSWORD }).expect(200);

    const rows = await reasons(p.employeeId);
    const acting = { performed_by: hrAccount, on_behalf_of: p.accountId, impersonation_reason: reason };
    expect(rows.filter((r) => r.action_type !== 'login')).toEqual([
      { action_type: 'impersonation-start', ...acting },
      { action_type: 'unlock', ...acting },
      { action_type: 'impersonation-stop', ...acting },
      { action_type: 'unlock', performed_by: p.accountId, on_behalf_of: null, impersonation_reason: null },
    ]);

    // My Audit Log: the employee sees who acted for them and why, in the list and in Log Details.
    const page = (await api().get('/mbl/api/audits-user').query({ orderDirection: 'asc' }).set(auth(own)).expect(200)).body as { result: AuditItem[] };
    const mine = page.result.filter((r) => r.actionType !== 'login');
    expect(mine.map((r) => [r.actionType, r.createdBy, r.onBehalfOf, r.reason])).toEqual([
      ['impersonation-start', 'Hana Reyes', 'Emil Stone', reason],
      ['unlock', 'Hana Reyes', 'Emil Stone', reason],
      ['impersonation-stop', 'Hana Reyes', 'Emil Stone', reason],
      ['unlock', 'Emil Stone', null, null],
    ]);
    const details = (await api().get(`/mbl/api/audits-user/${mine[1]!.id}`).set(auth(own)).expect(200)).body as AuditItem;
    expect(details).toMatchObject({ createdBy: 'Hana Reyes', onBehalfOf: 'Emil Stone', reason });
    // HR's log shows the same.
    const hrPage = (await api().get('/mbl/api/audits-hr').query({ employeeName: 'Emil Stone', perPage: 100 }).set(auth(hrJwt)).expect(200)).body as { result: AuditItem[] };
    expect(hrPage.result.filter((r) => r.reason === reason)).toHaveLength(3);
  });

  it('"Other" keeps only the words, and the list text stands alone without them', async () => {
    const p = await employee();
    const other = (await start(hrJwt, p.employeeId, { reason: 'other', details: 'Benefits fair follow-up' }).expect(200)).body.jwt as string;
    expect((await api().get('/mbl/api/me').set(auth(other)).expect(200)).body.impersonationReason).toBe('Benefits fair follow-up');
    const plain = (await start(hrJwt, p.employeeId, { reason: 'record', details: '' }).expect(200)).body.jwt as string;
    expect((await api().get('/mbl/api/me').set(auth(plain)).expect(200)).body.impersonationReason).toBe('Correct a record');
  });

  it('emails the employee who acted, when (in the client\'s zone with its abbreviation) and why, through the workers', async () => {
    const p = await employee();
    const mark = suite.mail.mark();
    await start(hrJwt, p.employeeId, { reason: 'enrollment', details: 'Chose the <b>dental</b> plan' }).expect(200);
    const message = await suite.mail.next(p.email, /acted for you/, mark);
    expect(message.subject).toBe('Hana Reyes acted for you in Benefits Portal');
    expect(message.text).toContain('Hana Reyes signed in to Benefits Portal as you');
    expect(message.text).toContain('01/15/2026 09:30 AM PST');
    expect(message.text).toContain('Help with enrollment: Chose the <b>dental</b> plan');
    // The administrator's words are text, never markup.
    expect(message.html).toContain('Chose the &lt;b&gt;dental&lt;/b&gt; plan');
    expect(message.text).toContain('/mbl/audit');
    // Recorded in the same transaction as the start's audit entry, and sent once.
    const [row] = (await suite.db.query(`SELECT count(*)::int AS n FROM email_message WHERE to_address = $1 AND template = 'impersonation-notice'`, [p.email])) as Array<{ n: number }>;
    expect(row!.n).toBe(1);
  });

  it("an agent is named with the agency in the employee's email", async () => {
    const p = await createPerson(suite.db, { registered: true });
    const mark = suite.mail.mark();
    await start(await suite.t.login('agent@harbor.test'), p.employeeId, { reason: 'phone' }).expect(200);
    const message = await suite.mail.next(p.email, /acted for you/, mark);
    expect(message.text).toMatch(/\(Harbor Benefits Group\) signed in to Benefits Portal as you at Acme Corp on \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} [AP]M E[SD]T/);
    expect(message.text).toContain('Employee asked by phone');
  });
});
