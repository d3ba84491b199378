import request from 'supertest';
import { getQueueToken } from '@nestjs/bullmq';
import type { Job, Queue } from 'bullmq';
import { REGISTRATION_ORDER, RegistrationStep } from '../../api/src/contracts/auth';
import { addDays, isoToUs, todayIn } from '../../api/src/contracts/engine/dates';
import { coverageEndFor } from '../../api/src/contracts/employees';
import { EnrollmentWindowMessages } from '../../api/src/contracts/enrollment-window';
import { formatUsd } from '../../api/src/contracts/engine/money';
import { OnboardingStep } from '../../api/src/contracts/onboarding';
import { OpenEnrollmentMessages } from '../../api/src/contracts/open-enrollment';
import { ControlledClock } from '../../api/src/core/clock/clock';
import { ClockModule } from '../../api/src/core/clock/clock.module';
import { JobsService } from '../../api/src/core/jobs/jobs.service';
import { JobIds } from '../../api/src/core/jobs/job-registry';
import { Ticks } from '../../workers/src/ticks';
import { cloneAcmeWithPlans, createPerson, uniqueEmail } from '../support/fixtures';
import { appWithWorkers, linkFrom } from '../support/mail';
import { dataUrl, strokePng } from '../support/png';
import { until } from '../support/wait';
import { dropDatabase, prepareDatabase } from '../support/database';
import { RUN_ID, YEAR_DATABASE } from '../support/test-env';

/**
 * Issue 26 item 6: a client's year, through the product's own paths, with the real workers and one clock
 * that the API and the workers share (chosen before either is built). HR adds three hires, they register
 * from their emails, one goes through onboarding, all enroll; the period's last day passes and the hourly
 * sweep closes it; the plan year takes effect; HR prepares and starts next year's open enrollment (invites
 * arrive), one employee changes, one does nothing (as-is renewal); the sweep closes it; the new plan year
 * takes effect; a birth is reported, approved and covered from the birth date; one employee is terminated.
 */
const clock = new ControlledClock(new Date());
ClockModule.use(clock);
// A database and queues of its own: the hourly sweep closes every client's period whose last day has passed on
// the moved clock, which would close the periods the other suites of the run enroll in.
process.env.DATABASE_URL = YEAR_DATABASE.app;
process.env.QUEUE_PREFIX = `bptest_${RUN_ID}_year`;
beforeAll(() => prepareDatabase(YEAR_DATABASE), 120_000);
afterAll(() => dropDatabase(YEAR_DATABASE));

const ZONE = 'America/New_York';
const PASSWORD = 'Year-long-pass-2027';
const signature = dataUrl(strokePng());

/** The client's today (YYYY-MM-DD) and the same in the spec's display form. */
const today = () => todayIn(ZONE, clock.now());
const usToday = () => isoToUs(today())!;
/** Sets the clock to noon of a calendar day in the client's zone (17:00 UTC in winter, 16:00 in summer: both the same day there). */
const setDay = (iso: string) => clock.set(`${iso}T16:30:00Z`);

interface Hire {
  id: number;
  email: string;
  jwt: string;
}

describe("a client's year runs by itself, through the product's own paths", () => {
  const suite = appWithWorkers();
  const api = (jwt: string, method: 'get' | 'put' | 'post', path: string) => request(suite.t.server)[method](`/mbl/api${path}`).set('Authorization', `Bearer ${jwt}`);

  let clientId: number;
  let firstPeriod: number;
  let planYearStart: string;
  let hr: string;

  afterAll(() => ClockModule.use(null));

  /**
   * The workers' hourly tick at the clock's hour, as their cron runs it (workers/src/ticks.ts, its own job id for
   * the hour); answers the sweep job once it has run. Each call is on a day of its own, so the ids never repeat.
   */
  async function hourlyTick(): Promise<Job> {
    const at = clock.now();
    await new Ticks(suite.mail.workers.get(JobsService)).closeExpiredPeriods(at);
    const id = JobIds.tick('open-enrollment.close-expired-periods', at, 'hour');
    const queue = suite.mail.workers.get<Queue>(getQueueToken('open-enrollment'));
    const sweep = await until(async () => {
      const job = await queue.getJob(id);
      return job && ((await job.isCompleted()) || job.attemptsMade > 0) ? job : null;
    }, `the sweep of tick ${id}`);
    expect(sweep.failedReason).toBeUndefined();
    return sweep;
  }

  type Row = { id: number; planTypeId: number; status: string; restricted: number; selectable: boolean; declineAllowed: boolean };
  type PlanItem = { id: number; title: string; effectiveDate: string; contributionAmount: string };
  type BoardUser = { employeeId: number; state: string; signature: boolean; progress: number; missing: string[] };

  /**
   * Benefits Enrollment as the site's wizard leaves it: medical the PPO, vision as asked, every other type the
   * employee must decide declined (or enrolled at no cost where the employer pays and declining is not allowed).
   */
  async function decideAll(jwt: string, visionChoice: 'enroll' | 'decline'): Promise<void> {
    const medical = ((await api(jwt, 'get', '/plans?type=1').expect(200)).body as PlanItem[]).find((p) => !/HDHP/.test(p.title))!;
    const rows = (await api(jwt, 'get', '/enrollments').expect(200)).body as Row[];
    // Medical first: its choice changes what the HSA allows.
    for (const r of [...rows].sort((a, b) => Number(b.planTypeId === 1) - Number(a.planTypeId === 1))) {
      const now = ((await api(jwt, 'get', '/enrollments').expect(200)).body as Row[]).find((x) => x.id === r.id)!;
      if (r.planTypeId === 1) {
        await api(jwt, 'put', `/enrollments/${r.id}`).send({ status: '1', planId: medical.id, dependents: [] }).expect(200);
        continue;
      }
      if (r.planTypeId === 8) {
        const plan = ((await api(jwt, 'get', '/plans?type=8').expect(200)).body as PlanItem[])[0]!;
        const body = visionChoice === 'enroll' ? { status: '1', planId: plan.id, dependents: [] } : { status: '-2' };
        await api(jwt, 'put', `/enrollments/${r.id}`).send(body).expect(200);
        continue;
      }
      if (now.status !== '0' || now.restricted > 0 || !now.selectable) continue;
      if (now.declineAllowed) {
        await api(jwt, 'put', `/enrollments/${r.id}`).send({ status: '-2' }).expect(200);
        continue;
      }
      const plan = ((await api(jwt, 'get', `/plans?type=${r.planTypeId}`).expect(200)).body as PlanItem[])[0]!;
      const zero = { med: '0', dep: '0', tra: '0', park: '0' };
      await api(jwt, 'put', `/enrollments/${r.id}`).send({ status: '1', planId: plan.id, dependents: [], hsaContributionAmount: '0', fsaContributionAmounts: zero }).expect(200);
    }
  }

  /**
   * The registration wizard's remaining steps, each recorded by PUT /me once its rules hold, the signature
   * (POST /forms) before the Signature step, as the site does; finishing sends the confirmation email.
   */
  async function signAndFinish(jwt: string): Promise<void> {
    const from = ((await api(jwt, 'get', '/me').expect(200)).body as { registrationStep: number }).registrationStep;
    const order = REGISTRATION_ORDER as readonly number[];
    for (const step of order.slice(order.indexOf(from) + 1)) {
      // The basic life the employer pays for cannot be declined: its beneficiary, all of the primary share.
      if (step === RegistrationStep.Beneficiaries && ((await api(jwt, 'get', '/beneficiaries').expect(200)).body as unknown[]).length === 0) {
        await api(jwt, 'post', '/beneficiaries').send({ firstName: 'Rae', lastName: 'Year', relationshipTypeId: '1', beneficiaryType: '1', share: '100', birthDate: '01/02/1990', ssn: '123-45-6790' }).expect(201);
      }
      if (step === RegistrationStep.Signature) await api(jwt, 'post', '/forms').send({ signature }).expect(201);
      const res = await api(jwt, 'put', '/me').send({ step });
      expect({ step, status: res.status, message: res.body.message }).toEqual({ step, status: 200, message: undefined });
    }
  }

  /** HR's Status Dashboard of a period: each employee's state, by employee id. */
  async function board(periodId: number): Promise<Map<number, BoardUser>> {
    const body = (await api(hr, 'get', `/dashboards/${periodId}`).expect(200)).body as { users: BoardUser[] };
    return new Map(body.users.map((u) => [u.employeeId, u]));
  }

  async function periodState(periodId: number): Promise<{ closed_date: string | null; started: boolean; is_current: boolean }> {
    const [p] = await suite.db.query('SELECT closed_date::text AS closed_date, started_at IS NOT NULL AS started, is_current FROM open_enrollment_period WHERE id = $1', [periodId]);
    return p;
  }

  async function me(jwt: string): Promise<{ electionWindow: { open: boolean; why: string | null; lastDay: string | null; daysLeft: number | null }; onboardingStep: number; enableOnboarding: boolean }> {
    return (await api(jwt, 'get', '/me').expect(200)).body;
  }

  /** The vision row of the current period and the vision plans offered in it. */
  async function vision(jwt: string): Promise<{ row: { id: number; status: string; planId: number | null }; plans: Array<{ id: number; name: string }> }> {
    const rows = (await api(jwt, 'get', '/enrollments').expect(200)).body as Array<{ id: number; planTypeId: number; status: string; planId: number | null }>;
    const plans = (await api(jwt, 'get', '/plans?type=8').expect(200)).body as Array<{ id: number; name: string }>;
    return { row: rows.find((r) => r.planTypeId === 8)!, plans };
  }

  /** The dashboard's 'Plans You Elected' (the elections in force). */
  async function elected(jwt: string): Promise<Array<{ planTypeId: number; planType: string; planId: number | null; planName: string; status: string; dependents: string[]; eligibilityDate: string | null; effectiveToDate: string | null; contributionAmount: string }>> {
    return (await api(jwt, 'get', '/summary?view=signed').expect(200)).body;
  }

  beforeAll(async () => {
    // A client of the test's own: Acme's settings, its current period and plans copied (creating clients is issue 29's).
    ({ clientId, periodId: firstPeriod } = await cloneAcmeWithPlans(suite.db));
    // The clock was made when the file loaded, before the seed started this period (at the database's now): moved to
    // the present, so what happens from here (signatures included) is after the period's start, as in real life.
    clock.set(new Date());
    const [year] = await suite.db.query('SELECT min(effective_date)::text AS starts FROM plan WHERE open_enrollment_period_id = $1', [firstPeriod]);
    planYearStart = year.starts;
    const admin = await createPerson(suite.db, { clientId, registered: true, roleType: 1, firstName: 'Hilda' });
    hr = await suite.t.login(admin.email);
  });

  const hires: Record<'ann' | 'ben' | 'cat', Hire> = {} as Record<'ann' | 'ben' | 'cat', Hire>;

  it('stage 1: HR adds three hires; they register from their emails; Ann goes through onboarding; all enroll and sign', async () => {
    for (const [key, firstName, onboarding] of [
      ['ann', 'Ann', true],
      ['ben', 'Ben', false],
      ['cat', 'Cat', false],
    ] as const) {
      const email = uniqueEmail(key);
      const mark = suite.mail.mark();
      const body = { firstName, lastName: 'Year', email, employmentId: 1, groupId: 1, hireDate: usToday(), enableOnboarding: onboarding };
      const { id } = (await api(hr, 'post', '/employees').send(body).expect(201)).body as { id: number };
      // The welcome email arrives; its link registers the account.
      const message = await suite.mail.next(email, /finish your registration/, mark);
      const token = linkFrom(message, '/mbl/registration').searchParams.get('token');
      const jwt = ((await request(suite.t.server).post('/mbl/api/registration').send({ token, password: PASSWORD, securityQuestionId: '1', securityAnswer: 'Rex' }).expect(200)).body as { jwt: string }).jwt;
      hires[key] = { id, email, jwt };
    }

    // Ann: onboarding starts at its first step; she walks it to the end.
    const ann = hires.ann;
    expect(await me(ann.jwt)).toMatchObject({ enableOnboarding: true, onboardingStep: OnboardingStep.Pending });
    expect(await me(hires.ben.jwt)).toMatchObject({ enableOnboarding: false });
    await api(ann.jwt, 'put', '/employee')
      .send({ firstName: 'Ann', lastName: 'Year', birthDate: '04/05/1990', gender: '2', smoker: '0', maritalStatusId: '1', ssn: '123-45-6793', address1: '5 Harbor Way', zip: '02110', city: 'Boston', state: 'MA', cellPhone: '617-555-0193', cellPhoneIndex: 2 })
      .expect(200);
    const steps = ((await api(ann.jwt, 'get', '/onboarding').expect(200)).body as { steps: Array<{ step: number }> }).steps.map((s) => s.step);
    for (const step of steps) {
      if (step === OnboardingStep.Eligibility) await api(ann.jwt, 'put', '/onboarding/i9').send({ workEligibilityType: '1' }).expect(200);
      if (step === OnboardingStep.Tax) await api(ann.jwt, 'put', '/onboarding/w4').send({ federalFilingStatus: '1', federalWithholdingAllowance: '1', federalAdditionalWithholding: '0', federalExemption: '0' }).expect(200);
      if (step === OnboardingStep.Payroll) await api(ann.jwt, 'post', '/payroll').send({ method: '1', amountType: '1', amount: '100', routingNumber: '021000021', accountNumber: '123456789', accountType: '1' }).expect(201);
      if (step === OnboardingStep.Eeo) await api(ann.jwt, 'put', '/onboarding/eeo').send({}).expect(200);
      if (step === OnboardingStep.Signature) await api(ann.jwt, 'post', '/onboarding/signature').send({ signature }).expect(201);
      await api(ann.jwt, 'put', '/onboarding').send({ step }).expect(200);
    }
    await api(ann.jwt, 'put', '/onboarding').send({ step: OnboardingStep.Finished }).expect(200);
    expect((await api(hr, 'get', `/employees/${ann.id}/onboarding`).expect(200)).body).toMatchObject({ step: OnboardingStep.Finished, i9: { workEligibilityType: 1 }, signedAt: expect.any(String) });

    // Next year cannot be prepared while this year's open enrollment runs.
    expect((await api(hr, 'post', '/openEnrollment/prepare').send({}).expect(409)).body.message).toBe(OpenEnrollmentMessages.stillRunning);

    // All three may enroll (a new hire's window, and open enrollment is running), and do, through the registration
    // wizard: profile, medical and vision, the rest declined, signed; each is sent what they signed.
    for (const [key, h] of Object.entries(hires)) {
      expect((await me(h.jwt)).electionWindow).toMatchObject({ open: true });
      if (key !== 'ann') {
        const n = key === 'ben' ? 4 : 5;
        await api(h.jwt, 'put', '/employee')
          .send({ firstName: key === 'ben' ? 'Ben' : 'Cat', lastName: 'Year', birthDate: '06/07/1988', gender: key === 'ben' ? '1' : '2', smoker: '0', maritalStatusId: '1', ssn: `123-45-679${n}`, address1: `${n} Harbor Way`, zip: '02110', city: 'Boston', state: 'MA', cellPhone: `617-555-019${n}`, cellPhoneIndex: 2 })
          .expect(200);
      }
      const v = await vision(h.jwt);
      await decideAll(h.jwt, 'enroll');
      const mark = suite.mail.mark();
      await signAndFinish(h.jwt);
      const inForce = await elected(h.jwt);
      expect(inForce.find((e) => e.planTypeId === 8)).toMatchObject({ status: '1', planId: v.plans[0]!.id });
      const mail = await suite.mail.next(h.email, /^Your benefit elections are signed$/, mark);
      const chosen = inForce.filter((e) => e.status === '1');
      expect(chosen.map((e) => e.planTypeId)).toEqual(expect.arrayContaining([1, 8]));
      for (const e of chosen) expect(mail.text).toContain(e.planName);
      const total = chosen.reduce((sum, e) => sum + Math.round(Number(e.contributionAmount) * 100), 0);
      expect(mail.text).toContain(`You pay ${formatUsd(total)} per paycheck`);
    }
    // HR's Status Dashboard of the period: all three finished and signed.
    const states = await board(firstPeriod);
    for (const h of Object.values(hires)) expect(states.get(h.id)).toMatchObject({ state: 'finished', signature: true, missing: [] });
  });

  it('stage 2: the last day passes in the client\'s zone; the next hourly sweep closes the period (it has no delayed close); elections can no longer change', async () => {
    const [p] = await suite.db.query('SELECT end_date::text AS end_date FROM open_enrollment_period WHERE id = $1', [firstPeriod]);
    // Past both the period's last day and the hires' 30-day window.
    const after = [p.end_date as string, addDays(today(), 29)].sort().at(-1)!;
    setDay(addDays(after, 1));
    expect((await periodState(firstPeriod)).closed_date).toBeNull();
    // The seeded client's period ended as well (this database's own): at least this one is closing.
    expect((await hourlyTick()).returnvalue.closing).toBeGreaterThanOrEqual(1);
    const closed = await until(async () => (await periodState(firstPeriod)).closed_date, 'the sweep to close the period');
    expect(closed).toBe(today());
    const data = (await api(hr, 'get', '/openEnrollment').expect(200)).body as { periods: Array<{ id: number; state: string }> };
    expect(data.periods.find((x) => x.id === firstPeriod)).toMatchObject({ state: 'closed' });
    const ben = hires.ben;
    expect((await me(ben.jwt)).electionWindow).toEqual({ open: false, why: null, lastDay: null, daysLeft: null });
    const v = await vision(ben.jwt);
    expect((await api(ben.jwt, 'put', `/enrollments/${v.row.id}`).send({ status: '-2' }).expect(409)).body.message).toBe(EnrollmentWindowMessages.closed);
  });

  let nextPeriod: number;

  it("stage 3: the plan year takes effect; in its November HR prepares next year's open enrollment, fixes the as-is renewal, and starts it: every employee is invited", async () => {
    setDay(addDays(planYearStart, 2));
    expect((await elected(hires.ben.jwt)).find((e) => e.planTypeId === 8)).toMatchObject({ status: '1', eligibilityDate: expect.any(String) });

    setDay(`${planYearStart.slice(0, 4)}-11-02`);
    let data = (await api(hr, 'post', '/openEnrollment/prepare').send({}).expect(200)).body as {
      plans: Array<{ id: number; title: string; planTypeId: number; effectiveDate: string }>;
      periods: Array<{ id: number; state: string; title: string; plans: Array<{ id: number }> }>;
    };
    const nextYear = String(Number(planYearStart.slice(0, 4)) + 1);
    const ready = data.periods.find((x) => x.state === 'ready')!;
    nextPeriod = ready.id;
    expect(ready.title).toBe(`Open Enrollment ${nextYear}`);
    // The spec's top-level plans: the ones a new period can offer, a year later.
    expect(data.plans.length).toBeGreaterThan(0);
    expect(data.plans.every((x) => x.effectiveDate === isoToUs(planYearStart.replace(/^\d{4}/, nextYear)))).toBe(true);
    // A second prepare while one waits is refused.
    await api(hr, 'post', '/openEnrollment/prepare').send({}).expect(409);

    // As-is renewal of vision: the members of this year's vision plan are carried over before the start.
    const visionPlan = data.plans.find((x) => x.planTypeId === 8)!;
    const plans = data.plans.map((x) => ({ id: x.id, effectiveDate: x.effectiveDate, asIsRenewal: x.id === visionPlan.id }));
    const endDate = isoToUs(`${planYearStart.slice(0, 4)}-11-30`)!;
    expect((await api(hr, 'get', `/openEnrollment/check/${visionPlan.id}`).expect(200)).body).toMatchObject({ stillEnrolled: 3 });
    await api(hr, 'post', '/openEnrollment').send({ openEnrollmentId: nextPeriod, endDate, plans, sendEmail: true }).expect(409);
    expect((await api(hr, 'put', `/openEnrollment/fix/${visionPlan.id}`).expect(200)).body).toMatchObject({ planId: visionPlan.id, replacedPlanId: expect.any(Number), stillEnrolled: 0 });

    const marks = Object.fromEntries(Object.entries(hires).map(([k]) => [k, suite.mail.mark()]));
    data = (await api(hr, 'post', '/openEnrollment').send({ openEnrollmentId: nextPeriod, endDate, plans, sendEmail: true }).expect(200)).body;
    expect(data.periods.find((x) => x.id === nextPeriod)).toMatchObject({ state: 'active' });
    for (const [key, h] of Object.entries(hires)) await suite.mail.next(h.email, new RegExp(`Open enrollment is open until ${endDate.replace(/\//g, '\\/')}`), marks[key]!);

    // Open: the window says so, with its last day; the elections in force are still this year's.
    expect((await me(hires.ann.jwt)).electionWindow).toEqual({ open: true, why: 'open-enrollment', lastDay: endDate, daysLeft: 28 });
  });

  it("stage 4: Ann reopens her elections, declines vision for next year and signs; Ben does nothing; HR sees who finished; the hourly tick closes the period after its last day", async () => {
    const ann = hires.ann;
    // Ben's and Ann's vision for next year: carried over as is.
    expect((await vision(ann.jwt)).row).toMatchObject({ status: '1' });
    expect((await vision(hires.ben.jwt)).row).toMatchObject({ status: '1' });
    // The dashboard's change button: the finished registration reopens at Dependents (open enrollment's window).
    await api(ann.jwt, 'put', '/me').send({ step: RegistrationStep.Dependents }).expect(200);
    await decideAll(ann.jwt, 'decline');
    const mark = suite.mail.mark();
    await signAndFinish(ann.jwt);
    const mail = await suite.mail.next(ann.email, /^Your benefit elections are signed$/, mark);
    expect(mail.text).toMatch(/Group Vision\s+Declined/);
    // This year's vision still covers her until the new plan year.
    expect((await elected(ann.jwt)).find((e) => e.planTypeId === 8)).toMatchObject({ status: '1' });

    // HR: the period is the current one on the Status Dashboard; Ann finished and signed, Ben and Cat did not sign.
    const periods = (await api(hr, 'get', '/dashboards').expect(200)).body as Array<{ id: number; current: string }>;
    expect(periods.find((x) => x.id === nextPeriod)).toMatchObject({ current: '1' });
    const states = await board(nextPeriod);
    expect(states.get(ann.id)).toMatchObject({ state: 'finished', signature: true, missing: [] });
    for (const h of [hires.ben, hires.cat]) {
      expect(states.get(h.id)).toMatchObject({ signature: false });
      expect(states.get(h.id)!.state).not.toBe('finished');
    }
    const unfinished = [...states.values()].filter((u) => u.state !== 'finished').length;
    expect((await api(hr, 'get', `/dashboards/${nextPeriod}/unfinished`).expect(200)).body).toMatchObject({ periodId: nextPeriod, employees: states.size, unfinished });

    setDay(`${planYearStart.slice(0, 4)}-12-01`);
    expect((await periodState(nextPeriod)).closed_date).toBeNull();
    expect((await hourlyTick()).returnvalue).toMatchObject({ closing: 1 });
    expect(await until(async () => (await periodState(nextPeriod)).closed_date, 'the sweep to close next year\'s period')).toBe(today());
  });

  it("stage 5: on the new plan year's first day the new elections are the ones in force, at the new year's costs: Ann has no vision and next year's medical, Ben the renewed vision; HR reads the same", async () => {
    const nextYear = String(Number(planYearStart.slice(0, 4)) + 1);
    setDay(`${nextYear}-01-02`);
    /** The dashboard as the site reads it (GET /dashboard), and the plans the API lists for the period now current. */
    const dashboard = async (jwt: string) => ((await api(jwt, 'get', '/dashboard').expect(200)).body as { summary: Awaited<ReturnType<typeof elected>> }).summary;
    const listed = async (jwt: string, type: number) => (await api(jwt, 'get', `/plans?type=${type}`).expect(200)).body as PlanItem[];
    const [renewed] = await suite.db.query('SELECT id FROM plan WHERE open_enrollment_period_id = $1 AND plan_type_id = 8', [nextPeriod]);

    const ann = await dashboard(hires.ann.jwt);
    expect(ann.find((e) => e.planTypeId === 8)).toMatchObject({ status: '-2', contributionAmount: '0.00' });
    const annMedical = ann.find((e) => e.planTypeId === 1)!;
    const annMedicalPlan = (await listed(hires.ann.jwt, 1)).find((p) => p.id === annMedical.planId);
    // Next year's plan (the one the API offers for the new period), at its per-paycheck price for her tier.
    expect(annMedicalPlan).toMatchObject({ effectiveDate: `01/01/${nextYear}` });
    expect(annMedical).toMatchObject({ status: '1', eligibilityDate: `01/01/${nextYear}`, contributionAmount: annMedicalPlan!.contributionAmount });

    const ben = await dashboard(hires.ben.jwt);
    const benVision = ben.find((e) => e.planTypeId === 8)!;
    const benVisionPlan = (await listed(hires.ben.jwt, 8)).find((p) => p.id === benVision.planId);
    expect(benVision.planId).toBe(renewed.id);
    expect(benVisionPlan).toMatchObject({ effectiveDate: `01/01/${nextYear}` });
    expect(benVision).toMatchObject({ status: '1', contributionAmount: benVisionPlan!.contributionAmount });
    expect(Number(benVision.contributionAmount)).toBeGreaterThan(0);

    // HR's census view of their elections in force is the same.
    expect((await api(hr, 'get', `/employees/${hires.ann.id}/summary`).expect(200)).body).toEqual(ann);
    expect((await api(hr, 'get', `/employees/${hires.ben.id}/summary`).expect(200)).body).toEqual(ben);
  });

  it('stage 6: Ben reports a birth; HR approves; the baby is covered from the birth date and Ben is told', async () => {
    const ben = hires.ben;
    const born = addDays(today(), -3);
    const put = (body: object) => api(ben.jwt, 'put', '/midyear-changes').send(body);
    await put({ step: 1, eventType: 1 }).expect(200);
    await put({ step: 3, effectiveDate: isoToUs(born) }).expect(200);
    // Step 3's Add dependent dialog, as the site posts it (the SSN has not arrived yet: saved with an alert).
    const baby = (await api(ben.jwt, 'post', '/dependents').send({ relationshipTypeId: '2', firstName: 'Nora', lastName: 'Year', birthDate: isoToUs(born), gender: '2', smoker: '0', ssn: '' }).expect(201)).body as { id: number };
    expect(((await api(ben.jwt, 'get', '/dependents').expect(200)).body as Array<{ id: number; firstName: string }>).map((d) => d.firstName)).toEqual(['Nora']);
    await put({ step: 6, dependentId: baby.id }).expect(200);
    expect((await me(ben.jwt)).electionWindow).toMatchObject({ open: true, why: 'life-event' });
    const v = await vision(ben.jwt);
    await api(ben.jwt, 'put', `/enrollments/${v.row.id}`).send({ status: '1', planId: v.row.planId, dependents: [baby.id] }).expect(200);
    await request(suite.t.server).post('/mbl/api/midyear-changes/proof').set('Authorization', `Bearer ${ben.jwt}`).attach('file', Buffer.from('%PDF-1.4 birth certificate'), 'birth.pdf').expect(201);
    await put({ step: 7 }).expect(200);
    await api(ben.jwt, 'post', '/mid-changes').send({ signature }).expect(200);

    const list = (await api(hr, 'get', '/life-events').expect(200)).body as Array<{ id: number; employeeId: number }>;
    const event = list.find((l) => l.employeeId === ben.id)!;
    const mark = suite.mail.mark();
    await api(hr, 'post', `/life-events/${event.id}`).send({ approve: true }).expect(200, { status: 'approved' });
    await suite.mail.next(ben.email, /change is approved/, mark);
    const covered = (await elected(ben.jwt)).find((e) => e.planTypeId === 8)!;
    expect(covered.dependents).toEqual(['Nora Year']);
    expect(covered.eligibilityDate).toBe(isoToUs(born));
  });

  it('stage 7: HR terminates Cat with COBRA; coverage ends at the end of that month; her sign-in ends after the date', async () => {
    const cat = hires.cat;
    const last = addDays(today(), 5);
    const inForce = (await elected(cat.jwt)).filter((e) => e.status === '1');
    expect(inForce.length).toBeGreaterThan(0);
    const mark = suite.mail.mark();
    const res = (await api(hr, 'put', `/employees/${cat.id}/terminate`).send({ terminationDate: isoToUs(last), qualifyingEventId: 10, cobraElection: true, signature }).expect(200)).body as {
      group: string;
      coverageEndDate: string;
    };
    // The stated rule: the last day of the termination's month.
    expect(res.coverageEndDate).toBe(isoToUs(coverageEndFor(last)));
    // Her termination notice: the date, her access, each plan in force ending, and the COBRA paragraph.
    const notice = await suite.mail.next(cat.email, new RegExp(`^Termination notice: your benefits with .+ end on ${res.coverageEndDate.replace(/\//g, '\\/')}$`), mark);
    expect(notice.text).toContain(`confirms your termination of employment on ${isoToUs(last)}`);
    expect(notice.text).toContain(`through ${isoToUs(last)}. After that day your sign-in ends.`);
    for (const e of inForce) expect(notice.text).toContain(`${e.planType}: ${e.planName}`);
    expect(notice.text).toContain('COBRA continuation');
    expect(notice.text).toContain(`You elected COBRA continuation coverage. Your group health coverage can continue after ${res.coverageEndDate}`);
    // Until the date she still signs in; the day after, not.
    await suite.t.login(cat.email, PASSWORD);
    setDay(addDays(last, 1));
    const refused = await request(suite.t.server).post('/mbl/api/login').send({ username: cat.email, password: PASSWORD }).expect(403);
    expect(refused.body.message).toBe(`Your access to the portal ended on ${isoToUs(last)}. Please contact your HR administrator.`);
    expect((await api(hr, 'get', `/employees/${cat.id}/employee`).expect(200)).body).toMatchObject({ cobra: true, terminationDate: isoToUs(last), coverageEndDate: res.coverageEndDate });
  });
});
