import request from 'supertest';
import { EmailType } from '../../api/src/contracts/communications';
import { PLAN_TYPE_NAMES } from '../../api/src/contracts/engine/plan-types';
import { StatusDashboardMessages } from '../../api/src/contracts/status-dashboard';
import { cloneAcmeWithPlans, createOtherTenant, createPerson, type FixturePerson } from '../support/fixtures';
import { appWithWorkers } from '../support/mail';
import { dataUrl, strokePng } from '../support/png';
import { until } from '../support/wait';

interface Row {
  id: number;
  planTypeId: number;
  status: string;
  restricted: number;
  selectable: boolean;
  declineAllowed: boolean;
}
interface PlanItem {
  id: number;
  title: string;
  benefits?: { hsaQualified?: boolean };
}
interface BoardUser {
  employeeId: number;
  firstName: string;
  progress: number;
  state: string;
  missing: string[];
  signature: boolean;
  signatureRequired: boolean;
  enrollments: Array<{ planTypeId: number; available: boolean; status: string }>;
}

/**
 * The Status Dashboard (issue 28 item 2): completion counts only the plan types an employee can take (an HSA
 * beside a PPO is not missing), totals per state and filters, and "Remind the unfinished", whose preview and
 * campaign go to exactly the unfinished, read back from the SMTP sink with the workers running.
 */
describe('status dashboard: completion, totals, filters and the reminder', () => {
  const suite = appWithWorkers();
  const api = (method: 'get' | 'put' | 'post', path: string, jwt: string) => request(suite.t.server)[method](`/mbl/api${path}`).set('Authorization', `Bearer ${jwt}`);

  async function member(clientId: number, firstName: string, o: { noEmail?: boolean } = {}): Promise<FixturePerson & { jwt: string | null }> {
    const p = await createPerson(suite.db, { clientId, registered: !o.noEmail, accountless: o.noEmail, firstName });
    await suite.db.query(`UPDATE employee SET birth_date = '1985-03-04', gender = 2, hire_date = '2020-01-06', employment_id = 1 WHERE id = $1`, [p.employeeId]);
    if (o.noEmail) await suite.db.query('UPDATE employee SET email = NULL WHERE id = $1', [p.employeeId]);
    await suite.t.prepareEnrollments(p.employeeId);
    return { ...p, jwt: o.noEmail ? null : await suite.t.login(p.email) };
  }

  /** The PPO (a medical plan that is not a qualified HDHP). */
  async function ppo(jwt: string): Promise<PlanItem> {
    const plans = (await api('get', '/plans?type=1', jwt).expect(200)).body as PlanItem[];
    return plans.find((p) => !/HDHP/.test(p.title))!;
  }

  /** Medical: the PPO; every other type the employee must decide declined, or enrolled at no cost where declining is not allowed. */
  async function decideAll(jwt: string, only?: number[]): Promise<void> {
    const medical = await ppo(jwt);
    const rows = (await api('get', '/enrollments', jwt).expect(200)).body as Row[];
    for (const r of rows) {
      if (only && !only.includes(r.planTypeId)) continue;
      if (r.planTypeId === 1) {
        await api('put', `/enrollments/${r.id}`, jwt).send({ status: '1', planId: medical.id, dependents: [] }).expect(200);
        continue;
      }
      // Read again: the medical choice changes what the HSA allows.
      const now = ((await api('get', '/enrollments', jwt).expect(200)).body as Row[]).find((x) => x.id === r.id)!;
      if (now.status !== '0' || now.restricted > 0 || !now.selectable) continue;
      if (now.declineAllowed) {
        await api('put', `/enrollments/${r.id}`, jwt).send({ status: '-2' }).expect(200);
        continue;
      }
      const plan = ((await api('get', `/plans?type=${r.planTypeId}`, jwt).expect(200)).body as PlanItem[])[0]!;
      const zero = { med: '0', dep: '0', tra: '0', park: '0' };
      await api('put', `/enrollments/${r.id}`, jwt).send({ status: '1', planId: plan.id, dependents: [], hsaContributionAmount: '0', fsaContributionAmounts: zero }).expect(200);
    }
  }

  const sign = (jwt: string) => api('post', '/forms', jwt).send({ signature: dataUrl(strokePng()) }).expect(201);
  const board = async (jwt: string, periodId: number, query = '') => (await api('get', `/dashboards/${periodId}${query}`, jwt).expect(200)).body as { users: BoardUser[]; totals: Record<string, number>; plans: Array<{ planTypeId: number }> };

  it('a finished employee with a PPO and no HSA is 100%; totals and filters; the reminder reaches exactly the unfinished', async () => {
    const { db, mail } = suite;
    const { clientId, periodId } = await cloneAcmeWithPlans(db);
    await db.query('UPDATE open_enrollment_period SET started_at = now(), closed_date = NULL, end_date = current_date + 20 WHERE id = $1', [periodId]);
    const hr = await createPerson(db, { clientId, registered: true, roleType: 1, firstName: 'Hanna' });
    const hrJwt = await suite.t.login(hr.email);
    const fin = await member(clientId, 'Finn');
    const chosen = await member(clientId, 'Chloe');
    const half = await member(clientId, 'Hal');
    const newt = await member(clientId, 'Newt');
    const nomail = await member(clientId, 'Nomail', { noEmail: true });

    await decideAll(fin.jwt!);
    await sign(fin.jwt!);
    await decideAll(chosen.jwt!);
    await decideAll(half.jwt!, [1]);

    const all = await board(hrJwt, periodId);
    const byId = new Map(all.users.map((u) => [u.employeeId, u]));
    // Finished: every plan type she can take decided and signed; the HSA beside her PPO is not hers to take.
    expect(all.plans.map((p) => p.planTypeId)).toContain(20);
    expect(byId.get(fin.employeeId)).toMatchObject({ progress: 100, state: 'finished', missing: [], signature: true });
    expect(byId.get(fin.employeeId)!.enrollments.find((e) => e.planTypeId === 20)).toEqual({ planTypeId: 20, available: false, status: '0' });
    expect(byId.get(chosen.employeeId)).toMatchObject({ progress: 100, state: 'not-signed', missing: [], signature: false });
    const halRow = byId.get(half.employeeId)!;
    expect(halRow.state).toBe('in-progress');
    expect(halRow.progress).toBeGreaterThan(0);
    expect(halRow.progress).toBeLessThan(100);
    expect(halRow.missing).not.toContain('HSA');
    expect(halRow.missing).not.toContain('Group Medical');
    // Nothing chosen yet: only the employer-paid types, in force for her, count as taken.
    expect(byId.get(newt.employeeId)).toMatchObject({ state: 'not-started' });
    expect(byId.get(newt.employeeId)!.progress).toBeLessThan(halRow.progress);
    expect(byId.get(newt.employeeId)!.missing).toEqual(expect.arrayContaining(['Group Medical', 'HSA']));
    expect(byId.get(nomail.employeeId)).toMatchObject({ state: 'not-started' });
    // Totals: everyone of the client's active employees (HR's own record too), whatever the filters.
    const states = all.users.map((u) => u.state);
    const count = (s: string) => states.filter((x) => x === s).length;
    expect(all.totals).toEqual({ all: all.users.length, 'not-started': count('not-started'), 'in-progress': 1, 'not-signed': 1, finished: 1 });
    expect(all.users.length).toBe(6);

    // Close OE now's count agrees.
    expect((await api('get', `/dashboards/${periodId}/unfinished`, hrJwt).expect(200)).body).toMatchObject({ employees: 6, unfinished: 5 });

    // Filters: by state (and 'unfinished'), by name, both; totals stay the period's.
    const finished = await board(hrJwt, periodId, '?state=finished');
    expect(finished.users.map((u) => u.employeeId)).toEqual([fin.employeeId]);
    expect(finished.totals).toEqual(all.totals);
    const unfinishedIds = all.users.filter((u) => u.state !== 'finished').map((u) => u.employeeId);
    expect((await board(hrJwt, periodId, '?state=unfinished')).users.map((u) => u.employeeId)).toEqual(unfinishedIds);
    expect((await board(hrJwt, periodId, '?q=HAL')).users.map((u) => u.employeeId)).toEqual([half.employeeId]);
    expect((await board(hrJwt, periodId, '?q=hal&state=finished')).users).toEqual([]);
    expect((await board(hrJwt, periodId, '?state=&q=')).users.length).toBe(6);
    await api('get', `/dashboards/${periodId}?state=everyone`, hrJwt).expect(400);
    await api('get', `/dashboards/${periodId}?q=${'x'.repeat(101)}`, hrJwt).expect(400);

    // The preview: the email as sent and exactly who gets it; the one without an address is named apart.
    const preview = (await api('get', `/dashboards/${periodId}/reminder`, hrJwt).expect(200)).body as {
      subject: string;
      html: string;
      recipients: Array<{ employeeId: number; email: string; state: string }>;
      unreachable: Array<{ employeeId: number }>;
    };
    const reachable = unfinishedIds.filter((id) => id !== nomail.employeeId);
    expect(preview.recipients.map((r) => r.employeeId)).toEqual(reachable);
    expect(preview.unreachable.map((u) => u.employeeId)).toEqual([nomail.employeeId]);
    expect(preview.subject).toMatch(/^Reminder: finish your benefit enrollment by \d\d\/\d\d\/\d{4}$/);
    expect(preview.html).toContain(`Your benefit enrollment is not finished, ${all.users.find((u) => u.employeeId === reachable[0])!.firstName}`);

    // Someone without the permission, another client's period, a period that is not running.
    await api('get', `/dashboards/${periodId}/reminder`, newt.jwt!).expect(403);
    await api('post', `/dashboards/${periodId}/reminder`, newt.jwt!).expect(403);
    const other = await createOtherTenant(db);
    const [otherPeriod] = await db.query('SELECT id FROM open_enrollment_period WHERE client_id <> $1 ORDER BY id LIMIT 1', [clientId]);
    await api('get', `/dashboards/${otherPeriod.id}/reminder`, hrJwt).expect(404);
    await api('post', `/dashboards/${otherPeriod.id}/reminder`, hrJwt).expect(404);
    expect(other.clientId).not.toBe(clientId);

    // Send: a campaign of the workers to exactly those people, once each, audited.
    const mark = mail.mark();
    const sent = (await api('post', `/dashboards/${periodId}/reminder`, hrJwt).expect(200)).body;
    expect(sent).toMatchObject({ alreadyRunning: false, campaign: { emailType: EmailType.EnrollmentReminder, total: reachable.length } });
    await until(async () => ((await api('get', `/campaigns/${sent.campaign.id}`, hrJwt).expect(200)).body.done ? true : null), 'the reminder campaign', 30_000);
    expect((await api('get', `/campaigns/${sent.campaign.id}`, hrJwt).expect(200)).body).toMatchObject({ sent: reachable.length, failed: 0 });
    const people = [hr, fin, chosen, half, newt];
    for (const p of people.filter((x) => reachable.includes(x.employeeId))) {
      const m = await mail.next(p.email, /^Reminder: finish your benefit enrollment by /, mark);
      expect(m.subject).toBe(preview.subject);
      expect(m.text).toContain('Finish my enrollment');
    }
    const received = (email: string) => mail.mailbox.messages().filter((m) => !mark.has(m.id) && m.envelopeTo.includes(email.toLowerCase())).length;
    expect(people.map((p) => received(p.email))).toEqual(people.map((p) => (reachable.includes(p.employeeId) ? 1 : 0)));
    expect(received(fin.email)).toBe(0);
    const [row] = await db.query('SELECT email_type, open_enrollment_period_id, total FROM campaign WHERE id = $1', [sent.campaign.id]);
    expect(row).toEqual({ email_type: 4, open_enrollment_period_id: periodId, total: reachable.length });
    const audit = await db.query(`SELECT description FROM audit_log WHERE client_id = $1 AND event_type = 'Communications'`, [clientId]);
    expect(audit).toEqual([{ description: `Enrollment Reminder for ${(await db.query('SELECT title FROM open_enrollment_period WHERE id = $1', [periodId]))[0].title} sent to ${reachable.length} employees who had not finished` }]);

    // Once the period has closed there is nothing to remind about.
    await db.query('UPDATE open_enrollment_period SET closed_date = current_date WHERE id = $1', [periodId]);
    expect((await api('get', `/dashboards/${periodId}/reminder`, hrJwt).expect(409)).body.message).toBe(StatusDashboardMessages.remindNotOpen);
    expect((await api('post', `/dashboards/${periodId}/reminder`, hrJwt).expect(409)).body.message).toBe(StatusDashboardMessages.remindNotOpen);
  });

  it('weekly hours below what every dental plan asks: the plans, the dental row and the dashboard agree it is not theirs to elect', async () => {
    const { db } = suite;
    const { clientId, periodId } = await cloneAcmeWithPlans(db);
    await db.query('UPDATE open_enrollment_period SET started_at = now(), closed_date = NULL, end_date = current_date + 20 WHERE id = $1', [periodId]);
    await db.query('UPDATE plan SET min_work_hours = 30 WHERE open_enrollment_period_id = $1 AND plan_type_id = 2', [periodId]);
    const hr = await createPerson(db, { clientId, registered: true, roleType: 1, firstName: 'Hanna' });
    const hrJwt = await suite.t.login(hr.email);
    const part = await member(clientId, 'Parker');
    const full = await member(clientId, 'Fuller');
    const unknown = await member(clientId, 'Unsure');
    await db.query('UPDATE employee SET work_hours = $2 WHERE id = $1', [part.employeeId, 20]);
    await db.query('UPDATE employee SET work_hours = $2 WHERE id = $1', [full.employeeId, 30]);

    const dental = async (jwt: string) => ({
      plans: ((await api('get', '/plans?type=2', jwt).expect(200)).body as Array<{ restricted: number }>).map((p) => p.restricted),
      row: ((await api('get', '/enrollments', jwt).expect(200)).body as Row[]).find((r) => r.planTypeId === 2)!.restricted,
    });
    const part20 = await dental(part.jwt!);
    expect(part20.plans.length).toBeGreaterThan(0);
    expect(part20).toEqual({ plans: part20.plans.map(() => 3), row: 3 });
    for (const who of [full, unknown]) expect(await dental(who.jwt!)).toMatchObject({ row: 0 });

    const users = new Map((await board(hrJwt, periodId)).users.map((u) => [u.employeeId, u]));
    const dentalOf = (id: number) => users.get(id)!.enrollments.find((e) => e.planTypeId === 2)!.available;
    expect([dentalOf(part.employeeId), dentalOf(full.employeeId), dentalOf(unknown.employeeId)]).toEqual([false, true, true]);
    expect(users.get(part.employeeId)!.missing).not.toContain(PLAN_TYPE_NAMES[2]);
    expect(users.get(full.employeeId)!.missing).toContain(PLAN_TYPE_NAMES[2]);

    // Deciding everything else finishes the part-timer: dental does not hold them up.
    await decideAll(part.jwt!);
    await sign(part.jwt!);
    const after = (await board(hrJwt, periodId)).users.find((u) => u.employeeId === part.employeeId)!;
    expect(after).toMatchObject({ progress: 100, state: 'finished', missing: [] });
  });

  it('nobody to remind answers 409 and sends nothing', async () => {
    const { db } = suite;
    const { clientId, periodId } = await cloneAcmeWithPlans(db);
    await db.query('UPDATE open_enrollment_period SET started_at = now(), closed_date = NULL, end_date = current_date + 20 WHERE id = $1', [periodId]);
    // An agent-like administrator with no employee record would be cleaner; HR finishes too instead.
    const hr = await member(clientId, 'Hanna');
    await db.query('UPDATE account SET role_type = 1 WHERE id = (SELECT account_id FROM employee WHERE id = $1)', [hr.employeeId]);
    const hrJwt = await suite.t.login(hr.email);
    await decideAll(hrJwt);
    await sign(hrJwt);
    const preview = (await api('get', `/dashboards/${periodId}/reminder`, hrJwt).expect(200)).body;
    expect(preview).toMatchObject({ recipients: [], unreachable: [] });
    expect((await api('post', `/dashboards/${periodId}/reminder`, hrJwt).expect(409)).body.message).toBe(StatusDashboardMessages.nobodyToRemind);
    expect((await db.query('SELECT count(*)::int AS n FROM campaign WHERE client_id = $1', [clientId]))[0].n).toBe(0);
  });
});
