import ExcelJS from 'exceljs';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { getQueueToken } from '@nestjs/bullmq';
import type { Job, Queue } from 'bullmq';
import { EnrollmentWindowMessages } from '../../api/src/contracts/enrollment-window';
import { OpenEnrollmentMessages } from '../../api/src/contracts/open-enrollment';
import { completion } from '../../api/src/contracts/status-dashboard';
import { OpenEnrollmentCloseService } from '../../api/src/modules/open-enrollment/open-enrollment-close.service';
import { JobsService } from '../../api/src/core/jobs/jobs.service';
import { JobIds } from '../../api/src/core/jobs/job-registry';
import { RequestContext } from '../../api/src/core/context/request-context';
import { HEADER_ROW } from '../../api/src/modules/reports/report-sheet';
import { cloneAcmeWithPlans, copyRow, createPerson } from '../support/fixtures';
import { appWithWorkers } from '../support/mail';
import { binary, until } from '../support/wait';
import { Ticks } from '../../workers/src/ticks';

interface World {
  clientId: number;
  periodId: number;
}

const ownClient = (db: DataSource): Promise<World> => cloneAcmeWithPlans(db);

/** Open enrollment's window on every write, and its close in the client's time zone (issue 14). */
describe('the enrollment window and the close of open enrollment', () => {
  // The app, its database and the workers, once for the file.
  const suite = appWithWorkers();

  const api = (method: 'get' | 'put' | 'post', path: string, jwt: string) => request(suite.t.server)[method](`/mbl/api${path}`).set('Authorization', `Bearer ${jwt}`);

  async function member(world: World, firstName: string) {
    const p = await createPerson(suite.db, { clientId: world.clientId, registered: true, firstName });
    await suite.db.query(`UPDATE employee SET birth_date = '1985-03-04', gender = 2, hire_date = '2020-01-06', employment_id = 1 WHERE id = $1`, [p.employeeId]);
    await suite.t.prepareEnrollments(p.employeeId);
    const jwt = await suite.t.login(p.email);
    const rows = (await api('get', '/enrollments', jwt).expect(200)).body as Array<{ id: number; planTypeId: number }>;
    const vision = rows.find((r) => r.planTypeId === 8)!;
    const plans = (await api('get', '/plans?type=8', jwt).expect(200)).body as Array<{ id: number }>;
    return { ...p, jwt, vision: vision.id, visionPlan: plans[0]!.id };
  }
  const oeQueue = () => suite.mail.workers.get<Queue>(getQueueToken('open-enrollment'));
  /** Waits for a sweep job to have run: what it queues is in Redis by then. */
  const sweepDone = (jobId: string) => until(async () => (await oeQueue().getJob(jobId))?.isCompleted(), `the sweep ${jobId}`);
  const decline = (m: { jwt: string; vision: number }) => api('put', `/enrollments/${m.vision}`, m.jwt).send({ status: '-2' });
  const enroll = (m: { jwt: string; vision: number; visionPlan: number }) =>
    api('put', `/enrollments/${m.vision}`, m.jwt).send({ status: '1', planId: m.visionPlan, dependents: [] });

  it("writes inside the period pass; after its last day (in the client's time zone) or after a close they answer 409", async () => {
    const world = await ownClient(suite.db);
    const m = await member(world, 'Wendy');
    await decline(m).expect(200);
    // The period's last day was yesterday where the client is (UTC+14): closed for it...
    await suite.db.query(`UPDATE client SET time_zone = 'Pacific/Kiritimati' WHERE id = $1`, [world.clientId]);
    await suite.db.query(`UPDATE open_enrollment_period SET end_date = (now() AT TIME ZONE 'Pacific/Kiritimati')::date - 1 WHERE id = $1`, [world.periodId]);
    expect((await enroll(m).expect(409)).body.message).toBe(EnrollmentWindowMessages.closed);
    // ...while a client eleven hours behind UTC is still inside that same last day (or before it).
    await suite.db.query(`UPDATE client SET time_zone = 'Pacific/Pago_Pago' WHERE id = $1`, [world.clientId]);
    await enroll(m).expect(200);

    // Closed by HR: refused whatever the dates say, also for signing the changes.
    await suite.db.query(`UPDATE open_enrollment_period SET end_date = current_date + 20, closed_date = current_date WHERE id = $1`, [world.periodId]);
    await decline(m).expect(409);
    // A new hire in their window may, on its day 30 (the eligibility date is day 1); on day 31 not.
    await suite.db.query(`UPDATE employee SET new_hire = true, eligibility_date = (now() AT TIME ZONE 'Pacific/Pago_Pago')::date - 29 WHERE id = $1`, [m.employeeId]);
    await decline(m).expect(200);
    await suite.db.query(`UPDATE employee SET eligibility_date = (now() AT TIME ZONE 'Pacific/Pago_Pago')::date - 30 WHERE id = $1`, [m.employeeId]);
    await enroll(m).expect(409);
  });

  it('the close job closes once in one transaction with the end snapshot; a re-run and later writes change nothing', async () => {
    const world = await ownClient(suite.db);
    const a = await member(world, 'Ada');
    const b = await member(world, 'Bo');
    await decline(a).expect(200);
    await enroll(b).expect(200);
    // The last day ended yesterday in the client's time zone.
    await suite.db.query(`UPDATE open_enrollment_period SET end_date = (now() AT TIME ZONE 'America/New_York')::date - 1 WHERE id = $1`, [world.periodId]);
    {
      const jobs = suite.mail.workers.get(JobsService);
      await jobs.queue('open-enrollment.close-expired-periods', { tick: 'test-1' }, { jobId: `oe-sweep-test-${world.periodId}-1` });
      const closed = await until(async () => {
        const [p] = await suite.db.query('SELECT closed_date::text AS closed_date, closed_at FROM open_enrollment_period WHERE id = $1', [world.periodId]);
        return p.closed_date ? p : null;
      }, 'the period to close');
      const [snap] = await suite.db.query(`SELECT data, taken_at FROM enrollment_snapshot WHERE open_enrollment_period_id = $1 AND kind = 'end'`, [world.periodId]);
      expect(snap.data[String(a.employeeId)].elections['8']).toMatchObject({ status: -2, planId: null });
      expect(snap.data[String(b.employeeId)].elections['8']).toMatchObject({ status: 1, planId: b.visionPlan });
      expect(snap.data[String(b.employeeId)]).toMatchObject({ firstName: 'Bo', individualId: expect.any(Number) });
      await enroll(a).expect(409);
      // The sweep again: nothing to close, nothing rewritten (once it has run, no close of this period can follow).
      await jobs.queue('open-enrollment.close-expired-periods', { tick: 'test-2' }, { jobId: `oe-sweep-test-${world.periodId}-2` });
      await sweepDone(`oe-sweep-test-${world.periodId}-2`);
      const [again] = await suite.db.query(`SELECT taken_at FROM enrollment_snapshot WHERE open_enrollment_period_id = $1 AND kind = 'end'`, [world.periodId]);
      expect(again.taken_at).toEqual(snap.taken_at);
      const [p] = await suite.db.query('SELECT closed_at FROM open_enrollment_period WHERE id = $1', [world.periodId]);
      expect(p.closed_at).toEqual(closed.closed_at);
      const entries = await suite.db.query(`SELECT count(*)::int AS n FROM audit_log WHERE client_id = $1 AND event_type = 'Open Enrollment'`, [world.clientId]);
      expect(entries[0].n).toBe(1);

      // The transactions the close produced (no start snapshot for this copied period: every election is new).
      const hr = await createPerson(suite.db, { clientId: world.clientId, registered: true, roleType: 1, firstName: 'Hal' });
      const hrJwt = await suite.t.login(hr.email);
      const report = (await api('get', `/transactions/${world.periodId}`, hrJwt).expect(200)).body;
      expect(report.rows).toEqual(expect.arrayContaining([expect.objectContaining({ censusId: b.employeeId, planType: 'Group Vision', actionType: 'Add' })]));
      expect(report.rows.some((r: { censusId: number; planType: string }) => r.censusId === a.employeeId && r.planType === 'Group Vision')).toBe(false);
      // Reopened with a new last day: writes pass again; the next sweep leaves it open (its last day is ahead).
      const [{ d }] = await suite.db.query(`SELECT to_char((now() AT TIME ZONE 'America/New_York')::date + 5, 'MM/DD/YYYY') AS d`);
      await api('post', '/openEnrollment', hrJwt).send({ openEnrollmentId: world.periodId, reopen: true, endDate: d }).expect(200);
      await enroll(a).expect(200);
      await jobs.queue('open-enrollment.close-expired-periods', { tick: 'test-3' }, { jobId: `oe-sweep-test-${world.periodId}-3` });
      await sweepDone(`oe-sweep-test-${world.periodId}-3`);
      // What the sweep did for it: the close delayed to the end of its new last day, not a close now.
      const [reopened] = await suite.db.query('SELECT closed_date, end_date::text AS end_date FROM open_enrollment_period WHERE id = $1', [world.periodId]);
      expect(reopened.closed_date).toBeNull();
      expect(await (await oeQueue().getJob(JobIds.periodCloseAtEnd(world.periodId, reopened.end_date)))?.isDelayed()).toBe(true);
    }
  });

  it('writes racing the close are either in the end snapshot or refused, never committed after it', async () => {
    const world = await ownClient(suite.db);
    const people = await Promise.all(['Ray', 'Rita', 'Rex', 'Rosa'].map((n) => member(world, n)));
    const close = suite.t.app.get(OpenEnrollmentCloseService);
    const context = suite.t.app.get(RequestContext);
    // Each person flips their vision election again and again while the period is closed in the middle, until
    // refused: once the close has committed every write is (on a busy machine the close may land late, so the
    // writers go on until then rather than for a fixed count).
    const outcomes: number[] = [];
    const writers = people.map(async (m, i) => {
      for (let k = 0; k < 2000; k += 1) {
        const res = await ((k + i) % 2 === 0 ? decline(m) : enroll(m));
        outcomes.push(res.status);
        if (res.status === 409) return;
        if (res.status !== 200) throw new Error(`write answered ${res.status}: ${JSON.stringify(res.body)}`);
      }
      throw new Error('never refused after the close');
    });
    await until(async () => outcomes.length > 0, 'the first writes');
    const closed = await context.runAs({ clientId: world.clientId, requestedBy: null }, () => close.close(world.periodId, 'now'));
    await Promise.all(writers);
    expect(closed).toBe(true);
    expect(outcomes.filter((s) => s === 409).length).toBeGreaterThan(0);
    const [snap] = await suite.db.query(`SELECT data FROM enrollment_snapshot WHERE open_enrollment_period_id = $1 AND kind = 'end'`, [world.periodId]);
    // What is in force now is exactly what the close recorded: no write landed after it.
    for (const m of people) {
      const [now] = await suite.db.query('SELECT status, plan_id FROM enrollment WHERE id = $1', [m.vision]);
      expect({
        who: m.employeeId,
        status: snap.data[String(m.employeeId)].elections['8'].status,
        planId: snap.data[String(m.employeeId)].elections['8'].planId,
      }).toEqual({
        who: m.employeeId,
        status: now.status,
        planId: now.plan_id,
      });
    }
  });

  describe("the workers' hourly tick (workers/src/ticks.ts) and its sweep", () => {
    // Each tick of this file in an hour of its own: the tick's job id is one per hour, so a second tick in the
    // same hour is rightly a no-op.
    let hours = 0;
    /** Runs the tick as the workers' cron does; answers its sweep job once that has run (or failed a run). */
    async function tick(): Promise<Job> {
      hours += 1;
      const at = new Date(Date.now() + hours * 3_600_000);
      await new Ticks(suite.mail.workers.get(JobsService)).closeExpiredPeriods(at);
      const id = JobIds.tick('open-enrollment.close-expired-periods', at, 'hour');
      return until(async () => {
        const job = await oeQueue().getJob(id);
        return job && ((await job.isCompleted()) || job.attemptsMade > 0) ? job : null;
      }, `the sweep of tick ${id}`);
    }
    const closedDate = async (periodId: number) => ((await suite.db.query('SELECT closed_date::text AS d FROM open_enrollment_period WHERE id = $1', [periodId])) as Array<{ d: string | null }>)[0]!.d;
    const expire = async (world: World) =>
      ((await suite.db.query(`UPDATE open_enrollment_period SET end_date = (now() AT TIME ZONE 'America/New_York')::date - 1 WHERE id = $1 RETURNING end_date::text AS end_date`, [world.periodId])) as Array<{ end_date: string }>)[0]!.end_date;
    const todayThere = async () => ((await suite.db.query(`SELECT (now() AT TIME ZONE 'America/New_York')::date::text AS d`)) as Array<{ d: string }>)[0]!.d;

    it('closes a period past its last day that has no delayed close, once', async () => {
      const world = await ownClient(suite.db);
      // Made past its end by SQL: no delayed close was ever queued for it.
      const endDate = await expire(world);
      expect(await oeQueue().getJob(JobIds.periodCloseAtEnd(world.periodId, endDate))).toBeUndefined();

      const sweep = await tick();
      expect(sweep.failedReason).toBeUndefined();
      expect(sweep.returnvalue.closing).toBeGreaterThanOrEqual(1);
      const close = await until(async () => {
        const job = await oeQueue().getJob(JobIds.periodCloseOn(world.periodId, await todayThere()));
        return job && (await job.isCompleted()) ? job : null;
      }, 'the close the sweep queued');
      expect(close.returnvalue).toEqual({ closed: true });
      expect(await closedDate(world.periodId)).not.toBeNull();

      // The next tick has run: the closed period is not closed again.
      expect((await tick()).failedReason).toBeUndefined();
      const closes = await suite.db.query(`SELECT count(*)::int AS n FROM audit_log WHERE client_id = $1 AND event_type = 'Open Enrollment' AND description LIKE '%closed at the end of its last day'`, [world.clientId]);
      expect(closes[0].n).toBe(1);
    });

    it("queues the delayed close that HR's change could not queue (Redis refused it then)", async () => {
      const world = await ownClient(suite.db);
      const hr = await suite.t.login((await createPerson(suite.db, { clientId: world.clientId, registered: true, roleType: 1, firstName: 'Tia' })).email);
      const [{ d: last, iso }] = await suite.db.query(`SELECT to_char(x, 'MM/DD/YYYY') AS d, x::text AS iso FROM (SELECT (now() AT TIME ZONE 'America/New_York')::date + 9 AS x) t`);
      const refused = jest.spyOn(suite.t.app.get(JobsService), 'queue').mockRejectedValueOnce(new Error('Redis unreachable'));
      try {
        await api('post', '/openEnrollment', hr).send({ openEnrollmentId: world.periodId, endDate: last }).expect(200);
        expect(refused).toHaveBeenCalledWith('open-enrollment.close-period', expect.objectContaining({ periodId: world.periodId, endDate: iso }), expect.anything());
      } finally {
        refused.mockRestore();
      }
      expect(await oeQueue().getJob(JobIds.periodCloseAtEnd(world.periodId, iso))).toBeUndefined();

      expect((await tick()).failedReason).toBeUndefined();
      const delayed = await oeQueue().getJob(JobIds.periodCloseAtEnd(world.periodId, iso));
      expect(await delayed?.isDelayed()).toBe(true);
      expect(delayed?.data).toMatchObject({ periodId: world.periodId, endDate: iso, clientId: world.clientId });
      expect(await closedDate(world.periodId)).toBeNull();
    });

    it('one period whose close cannot be queued does not keep the others open; the next tick closes it', async () => {
      const bad = await ownClient(suite.db);
      const good = await ownClient(suite.db);
      await expire(bad);
      await expire(good);
      const jobs = suite.mail.workers.get(JobsService);
      const queue = jobs.queue.bind(jobs);
      const refused = jest.spyOn(jobs, 'queue').mockImplementation((name, data, options) =>
        'periodId' in data && data.periodId === bad.periodId ? Promise.reject(new Error('refused for this period')) : queue(name, data, options),
      );
      let sweep: Job;
      try {
        sweep = await tick();
      } finally {
        refused.mockRestore();
      }
      // The run failed (it is retried, and shows in the failed jobs) naming the period, after queueing the rest.
      expect(sweep.failedReason).toBe(`could not queue the close of period(s) ${bad.periodId}`);
      await until(async () => (await closedDate(good.periodId)) !== null, 'the other period to close');
      expect(await oeQueue().getJob(JobIds.periodCloseOn(bad.periodId, await todayThere()))).toBeUndefined();

      expect((await tick()).failedReason).toBeUndefined();
      await until(async () => (await closedDate(bad.periodId)) !== null, 'the period to close at the next tick');
    });
  });

  describe('HR manages open enrollment (POST /openEnrollment)', () => {
    async function hrOf(world: World): Promise<string> {
      const hr = await createPerson(suite.db, { clientId: world.clientId, registered: true, roleType: 1, firstName: 'Olive' });
      return suite.t.login(hr.email);
    }
    const post = (jwt: string, body: object) => api('post', '/openEnrollment', jwt).send(body);
    const usDay = async (offset: number) =>
      ((await suite.db.query(`SELECT to_char((now() AT TIME ZONE 'America/New_York')::date + $1::int, 'MM/DD/YYYY') AS d`, [offset])) as Array<{ d: string }>)[0]!.d;

    it('change the last day, refusals, close now, and reopen within 30 days (not after)', async () => {
      const world = await ownClient(suite.db);
      const hr = await hrOf(world);
      const m = await member(world, 'Opal');
      const data = (await api('get', '/openEnrollment', hr).expect(200)).body;
      expect(data.settings.allowHrOe).toBe(true);
      expect(data.periods.find((p: { id: number }) => p.id === world.periodId)).toMatchObject({ state: 'active', current: true, canReopen: false });

      expect((await post(hr, { openEnrollmentId: world.periodId }).expect(400)).body.errors).toEqual([{ path: 'endDate', message: 'Field is required' }]);
      expect((await post(hr, { openEnrollmentId: world.periodId, endDate: await usDay(-1) }).expect(400)).body.errors[0].path).toBe('endDate');
      await post(m.jwt, { openEnrollmentId: world.periodId, endDate: await usDay(5) }).expect(403);
      const last = await usDay(12);
      const changed = (await post(hr, { openEnrollmentId: world.periodId, endDate: last }).expect(200)).body;
      expect(changed.periods.find((p: { id: number }) => p.id === world.periodId).endDate).toBe(last);
      expect(changed.settings.openEnrollmentEndDate).toBe(last);
      // The delayed close for the new last day is queued, with its own id.
      const iso = `${last.slice(6)}-${last.slice(0, 2)}-${last.slice(3, 5)}`;
      const job = await suite.mail.workers.get<Queue>(getQueueToken('open-enrollment')).getJob(`oe-close-${world.periodId}-end-${iso}`);
      expect(await job?.isDelayed()).toBe(true);
      const [plan] = await suite.db.query('SELECT id FROM plan WHERE open_enrollment_period_id = $1 LIMIT 1', [world.periodId]);
      expect((await post(hr, { openEnrollmentId: world.periodId, endDate: last, plans: [{ id: plan.id, effectiveDate: '01/01/2027' }] }).expect(409)).body.message).toBe(
        OpenEnrollmentMessages.plansLocked,
      );

      // Close OE now: closed, the end snapshot, writes refused; closing again is refused.
      const closed = (await post(hr, { openEnrollmentId: world.periodId, close: true }).expect(200)).body;
      expect(closed.periods.find((p: { id: number }) => p.id === world.periodId)).toMatchObject({ state: 'closed', canReopen: true });
      expect((await suite.db.query(`SELECT count(*)::int AS n FROM enrollment_snapshot WHERE open_enrollment_period_id = $1 AND kind = 'end'`, [world.periodId]))[0].n).toBe(1);
      // Audited by the close's own transaction (the period row and the entry carry the same xmin).
      const [closeAudit] = await suite.db.query(
        `SELECT l.description, l.xmin::text = p.xmin::text AS same FROM audit_log l, open_enrollment_period p
          WHERE p.id = $1 AND l.client_id = $2 AND l.event_type = 'Open Enrollment' ORDER BY l.id DESC LIMIT 1`,
        [world.periodId, world.clientId],
      );
      expect(closeAudit).toEqual({ description: expect.stringMatching(/closed by an administrator$/), same: true });
      await decline(m).expect(409);
      await post(hr, { openEnrollmentId: world.periodId, close: true }).expect(409);

      // Reopen with a new last day: active again, the old end snapshot dropped, writes pass.
      const reopened = (await post(hr, { openEnrollmentId: world.periodId, reopen: true, endDate: await usDay(3) }).expect(200)).body;
      expect(reopened.periods.find((p: { id: number }) => p.id === world.periodId)).toMatchObject({ state: 'active', closedDate: null });
      expect((await suite.db.query(`SELECT count(*)::int AS n FROM enrollment_snapshot WHERE open_enrollment_period_id = $1 AND kind = 'end'`, [world.periodId]))[0].n).toBe(0);
      await decline(m).expect(200);
      // A close older than 30 days cannot be reopened.
      await post(hr, { openEnrollmentId: world.periodId, close: true }).expect(200);
      await suite.db.query(`UPDATE open_enrollment_period SET closed_at = now() - interval '31 days' WHERE id = $1`, [world.periodId]);
      expect((await post(hr, { openEnrollmentId: world.periodId, reopen: true, endDate: await usDay(3) }).expect(409)).body.message).toBe(OpenEnrollmentMessages.reopenExpired);
      expect((await suite.db.query(`SELECT count(*)::int AS n FROM audit_log WHERE client_id = $1 AND event_type = 'Open Enrollment'`, [world.clientId]))[0].n).toBe(4);

      // A client whose broker manages open enrollment: HR may read, not change.
      await suite.db.query('UPDATE client SET allow_hr_oe = false WHERE id = $1', [world.clientId]);
      expect((await post(hr, { openEnrollmentId: world.periodId, reopen: true, endDate: await usDay(3) }).expect(403)).body.message).toBe(OpenEnrollmentMessages.notAllowed);
    });

    it('start a Ready period: it becomes current with its plans dated, the start snapshot, and the invite email to each employee', async () => {
      const world = await ownClient(suite.db);
      const hr = await hrOf(world);
      const m = await member(world, 'Pia');
      const next = await copyRow(suite.db, 'open_enrollment_period', world.periodId, { is_current: false, started_at: null, title: 'Open Enrollment Next' });
      const plans = (await suite.db.query('SELECT id FROM plan WHERE open_enrollment_period_id = $1 ORDER BY id', [world.periodId])) as Array<{ id: number }>;
      const copies: number[] = [];
      for (const plan of plans) {
        const copy = await copyRow(suite.db, 'plan', plan.id, { open_enrollment_period_id: next });
        for (const rate of (await suite.db.query('SELECT id FROM plan_rate WHERE plan_id = $1', [plan.id])) as Array<{ id: number }>) await copyRow(suite.db, 'plan_rate', rate.id, { plan_id: copy });
        copies.push(copy);
      }
      const nextPlan = copies[0]!;
      // Ready to Start: nobody may enroll in it yet.
      expect((await api('get', '/openEnrollment', hr).expect(200)).body.periods.find((p: { id: number }) => p.id === next)).toMatchObject({ state: 'ready', current: false });
      // As-is renewal of dental: she is enrolled in last period's plan; starting is refused until she is carried over.
      const dentalRow = ((await api('get', '/enrollments', m.jwt).expect(200)).body as Array<{ id: number; planTypeId: number }>).find((r) => r.planTypeId === 2)!;
      const dentalPlan = ((await api('get', '/plans?type=2', m.jwt).expect(200)).body as Array<{ id: number }>)[0]!;
      await api('put', `/enrollments/${dentalRow.id}`, m.jwt).send({ status: '1', planId: dentalPlan.id, dependents: [] }).expect(200);
      const [renewal] = await suite.db.query('SELECT id FROM plan WHERE open_enrollment_period_id = $1 AND plan_type_id = 2 ORDER BY id LIMIT 1', [next]);
      expect((await api('get', `/openEnrollment/check/${renewal.id}`, hr).expect(200)).body).toEqual({ planId: renewal.id, replacedPlanId: dentalPlan.id, stillEnrolled: 1 });
      const early = await usDay(20);
      expect((await post(hr, { openEnrollmentId: next, endDate: early, plans: [{ id: renewal.id, effectiveDate: '01/01/2027', asIsRenewal: true }] }).expect(409)).body.message).toBe(
        OpenEnrollmentMessages.stillEnrolledInReplaced,
      );
      await api('put', `/openEnrollment/fix/${renewal.id}`, m.jwt).expect(403);
      expect((await api('put', `/openEnrollment/fix/${renewal.id}`, hr).expect(200)).body.stillEnrolled).toBe(0);
      const [carried] = await suite.db.query('SELECT status, plan_id FROM enrollment WHERE employee_id = $1 AND open_enrollment_period_id = $2 AND plan_type_id = 2', [m.employeeId, next]);
      expect(carried).toEqual({ status: 1, plan_id: renewal.id });
      const mark = suite.mail.mark();
      const last = await usDay(20);
      const started = (
        await post(hr, { openEnrollmentId: next, endDate: last, plans: [{ id: nextPlan, effectiveDate: '01/01/2027' }, { id: renewal.id, effectiveDate: '01/01/2027', asIsRenewal: true }], sendEmail: true }).expect(200)
      ).body;
      expect(started.periods.find((p: { id: number }) => p.id === next)).toMatchObject({ state: 'active', current: true, endDate: last });
      expect(started.periods.find((p: { id: number }) => p.id === world.periodId)).toMatchObject({ current: false });
      // One call answers registration step 4's two lists: the new period's dental plans are offered; last period's, which
      // she is still enrolled in there, comes too with includeCurrent=1, marked as not offered.
      const dental = (await api('get', '/plans?type=2&includeCurrent=1', m.jwt).expect(200)).body as Array<{ id: number; offered: boolean }>;
      expect(dental.find((p) => p.id === renewal.id)).toMatchObject({ offered: true });
      expect(dental.find((p) => p.id === dentalPlan.id)).toMatchObject({ offered: false });
      const offeredOnly = (await api('get', '/plans?type=2', m.jwt).expect(200)).body as Array<{ id: number; offered: boolean }>;
      expect(offeredOnly.map((p) => p.id)).not.toContain(dentalPlan.id);
      expect(offeredOnly.length > 0 && offeredOnly.every((p) => p.offered)).toBe(true);
      expect((await suite.db.query('SELECT effective_date::text AS d FROM plan WHERE id = $1', [nextPlan]))[0].d).toBe('2027-01-01');
      expect((await suite.db.query(`SELECT count(*)::int AS n FROM enrollment_snapshot WHERE open_enrollment_period_id = $1 AND kind = 'start'`, [next]))[0].n).toBe(1);
      const invite = await suite.mail.next(m.email, /Open enrollment is open until/, mark);
      expect(invite.text).toContain(last);
      await post(hr, { openEnrollmentId: next, endDate: last }).expect(200);

      // During the new open enrollment she enrolls in vision; HR closes; the transactions report says so.
      const rows = (await api('get', '/enrollments', m.jwt).expect(200)).body as Array<{ id: number; planTypeId: number; status: string }>;
      const vision = rows.find((r) => r.planTypeId === 8)!;
      expect(vision.status).toBe('0');
      const visionPlan = ((await api('get', '/plans?type=8', m.jwt).expect(200)).body as Array<{ id: number; title: string }>)[0]!;
      await api('put', `/enrollments/${vision.id}`, m.jwt).send({ status: '1', planId: visionPlan.id, dependents: [] }).expect(200);
      // The status dashboard: the period current, her completion (one plan type of N decided), no signature yet.
      expect((await api('get', '/dashboards', hr).expect(200)).body).toEqual(expect.arrayContaining([{ id: next, title: 'Open Enrollment Next', current: '1' }]));
      const board = (await api('get', `/dashboards/${next}`, hr).expect(200)).body;
      // Employer-paid types are decided for her when the rows are made; vision she decided herself.
      const [counts] = await suite.db.query(
        `SELECT count(*) FILTER (WHERE status <> 0)::int AS decided, count(*)::int AS offered FROM enrollment WHERE employee_id = $1 AND open_enrollment_period_id = $2`,
        [m.employeeId, next],
      );
      expect(counts.offered).toBe(board.plans.length);
      expect(board.users.find((u: { employeeId: number }) => u.employeeId === m.employeeId)).toMatchObject({
        firstName: 'Pia',
        signature: false,
        signatureRequired: true,
        progress: completion(counts.decided, counts.offered),
      });
      expect(board.users.find((u: { employeeId: number }) => u.employeeId === m.employeeId).enrollments.find((e: { planTypeId: number }) => e.planTypeId === 8)).toEqual({
        planTypeId: 8,
        available: true,
        status: '1',
      });
      await api('get', `/dashboards/${next}`, m.jwt).expect(403);
      // Close OE now's question: who has not finished, by the dashboard's figures (not all decided, or not signed).
      type BoardUser = { employeeId: number; progress: number; signatureRequired: boolean; signature: boolean };
      const unfinished = (board.users as BoardUser[]).filter((u) => u.progress < 100 || (u.signatureRequired && !u.signature));
      expect(unfinished.map((u) => u.employeeId)).toContain(m.employeeId);
      expect((await api('get', `/dashboards/${next}/unfinished`, hr).expect(200)).body).toEqual({
        periodId: next,
        title: 'Open Enrollment Next',
        employees: board.users.length,
        unfinished: unfinished.length,
      });
      await api('get', `/dashboards/${next}/unfinished`, m.jwt).expect(403);
      await api('get', '/dashboards/999999999/unfinished', hr).expect(404);
      // Download as csv, written by the reports worker.
      const csv = (await api('post', `/dashboards/${next}/download?format=csv`, hr).expect(201)).body;
      expect(csv.fileName).toBe('Open Enrollment Next status.csv');
      await until(async () => ((await api('get', `/reports/exports/${csv.id}`, hr).expect(200)).body.status === 'done' ? true : null), 'the dashboard file');
      const text = (await api('get', `/reports/exports/${csv.id}/file`, hr).expect(200)).text;
      const lines = text.trim().split('\r\n');
      expect(lines[0]).toBe(['Last Name', 'First Name', 'Completion', 'Signature', ...board.plans.map((p: { planType: string }) => p.planType)].join(','));
      expect(lines.find((l) => l.startsWith('Ture,Pia,'))).toContain(',No,');
      // As xlsx: the period's title above a frozen, filtered header; Completion as a percent.
      const xlsx = (await api('post', `/dashboards/${next}/download?format=xlsx`, hr).expect(201)).body;
      await until(async () => ((await api('get', `/reports/exports/${xlsx.id}`, hr).expect(200)).body.status === 'done' ? true : null), 'the dashboard xlsx');
      const boardFile = await api('get', `/reports/exports/${xlsx.id}/file`, hr).buffer(true).parse(binary).expect(200);
      const boardBook = new ExcelJS.Workbook();
      const boardBytes = boardFile.body as Buffer;
      await boardBook.xlsx.load(boardBytes.buffer.slice(boardBytes.byteOffset, boardBytes.byteOffset + boardBytes.byteLength) as ArrayBuffer);
      const boardSheet = boardBook.getWorksheet('Status')!;
      expect(boardSheet.getCell('A2').value).toBe('Open Enrollment Next status');
      expect(boardSheet.views[0]).toMatchObject({ state: 'frozen', ySplit: HEADER_ROW });
      expect(boardSheet.autoFilter).toBe(`A${HEADER_ROW}:${boardSheet.getColumn(4 + board.plans.length).letter}${HEADER_ROW + board.users.length}`);
      const pia = boardSheet.getRows(HEADER_ROW + 1, board.users.length)!.find((r) => r.getCell(2).value === 'Pia')!;
      expect(pia.getCell(3).value).toBe(completion(counts.decided, counts.offered) / 100);
      expect(pia.getCell(3).numFmt).toBe('0%');
      const listed = (await api('get', '/transactions', hr).expect(200)).body as Array<{ id: number; ready: boolean }>;
      expect(listed.find((p) => p.id === next)).toMatchObject({ ready: false });
      await api('get', `/transactions/${next}`, hr).expect(404);
      await post(hr, { openEnrollmentId: next, close: true }).expect(200);
      const report = (await api('get', `/transactions/${next}`, hr).expect(200)).body;
      expect(report.layout.map((c: { title: string }) => c.title)).toContain('Plan After');
      expect(report.rows).toEqual([expect.objectContaining({ censusId: m.employeeId, employeeName: `Pia Ture`, planType: 'Group Vision', planAfter: visionPlan.title, actionType: 'Add' })]);
      expect(report.data.start[String(m.employeeId)].elections['8'].status).toBe(0);
      const download = await api('get', `/transactions/${next}/download`, hr)
        .buffer(true)
        .parse(binary)
        .expect(200);
      expect(download.headers['content-disposition']).toBe('attachment; filename="Open Enrollment Next transactions.xlsx"');
      const book = new ExcelJS.Workbook();
      // exceljs declares its own Buffer (an ArrayBuffer): hand it the bytes as one.
      const bytes = download.body as Buffer;
      await book.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
      const sheet = book.getWorksheet('Transactions')!;
      expect(sheet.getCell('A2').value).toBe('Open Enrollment Next transactions');
      expect(sheet.getRow(HEADER_ROW).getCell(1).value).toBe('Employee');
      expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: HEADER_ROW });
      expect(sheet.autoFilter).toBe(`A${HEADER_ROW}:I${HEADER_ROW + 1}`);
      expect(sheet.getRow(HEADER_ROW + 1).values).toEqual([undefined, 'Pia Ture', m.employeeId, 'Pia Ture', 'Group Vision', undefined, visionPlan.title, undefined, expect.any(Number), 'Add']);
      expect(sheet.getRow(HEADER_ROW + 1).getCell(8).numFmt).toBe('"$"#,##0.00');
      await api('get', `/transactions/${next}`, m.jwt).expect(403);
    });
  });
});
