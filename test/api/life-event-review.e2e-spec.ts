import request from 'supertest';
import { isoToUs, todayIn, addDays } from '../../api/src/contracts/engine/dates';
import { ContributionEngine } from '../../api/src/contracts/engine/contribution-engine';
import { centsToDecimal } from '../../api/src/contracts/engine/money';
import { RelationshipTypeIds } from '../../api/src/contracts/engine/tiers';
import { LifeEventMessages, ZLifeEventReview, type LifeEventReview } from '../../api/src/contracts/life-events';
import { PLAN_SQL, pricingOf, type PlanRecord } from '../../api/src/modules/plans/plan-model';
import { copyOfJane, uniqueEmail } from '../support/fixtures';
import { appWithWorkers, linkFrom } from '../support/mail';
import { dataUrl, strokePng } from '../support/png';

/**
 * Issue 28 item 1: a life event's review shows each changed plan before -> after and the difference per paycheck
 * and per year, priced by the contribution engine at the tier the chosen people make. Through the product's own
 * paths: HR adds a hire, she registers from the emailed link, enrolls alone and signs, marries, reports it with
 * her spouse added to medical and dental, and reads the review.
 */
describe('the life-event review prices each change before -> after', () => {
  const suite = appWithWorkers();
  const api = (jwt: string, method: 'get' | 'put' | 'post', path: string) => request(suite.t.server)[method](`/mbl/api${path}`).set('Authorization', `Bearer ${jwt}`);
  const signature = dataUrl(strokePng());
  const ZONE = 'America/New_York';
  const usDay = (offset: number) => isoToUs(addDays(todayIn(ZONE, new Date()), offset))!;

  it('registers, enrolls alone, marries: medical and dental go from Single to the spouse tier, the difference equal to the engine\'s', async () => {
    const hr = await suite.t.login('hr@acme.test');
    const email = uniqueEmail('mara');
    const mark = suite.mail.mark();
    const { id: employeeId } = (await api(hr, 'post', '/employees').send({ firstName: 'Mara', lastName: 'Review', email, employmentId: 1, groupId: 1, hireDate: usDay(0), enableOnboarding: false }).expect(201)).body as { id: number };
    const token = linkFrom(await suite.mail.next(email, /finish your registration/, mark), '/mbl/registration').searchParams.get('token');
    const jwt = ((await request(suite.t.server).post('/mbl/api/registration').send({ token, password: 'Review-pass-2026', securityQuestionId: '1', securityAnswer: 'Rex' }).expect(200)).body as { jwt: string }).jwt;
    await api(jwt, 'put', '/employee')
      .send({ firstName: 'Mara', lastName: 'Review', birthDate: '03/04/1991', gender: '2', smoker: '0', maritalStatusId: '1', ssn: `123-45-${String(employeeId % 10000).padStart(4, '0')}`, address1: '9 Harbor Way', zip: '02110', city: 'Boston', state: 'MA', cellPhone: '617-555-0191', cellPhoneIndex: 2 })
      .expect(200);

    // No life event yet: there is nothing to review.
    expect((await api(jwt, 'get', '/midyear-changes/review').expect(409)).body.message).toBe(LifeEventMessages.noEvent);

    // Enrolled alone in the PPO and Dental Basic, and signed.
    const rows = (await api(jwt, 'get', '/enrollments').expect(200)).body as Array<{ id: number; planTypeId: number }>;
    const plansOf = async (type: number) => (await api(jwt, 'get', `/plans?type=${type}`).expect(200)).body as Array<{ id: number; title: string }>;
    const ppo = (await plansOf(1)).find((p) => p.title === 'Blue Horizon PPO 1500')!;
    const basic = (await plansOf(2)).find((p) => p.title === 'SmileWell Dental Basic')!;
    const medicalRow = rows.find((r) => r.planTypeId === 1)!;
    const dentalRow = rows.find((r) => r.planTypeId === 2)!;
    await api(jwt, 'put', `/enrollments/${medicalRow.id}`).send({ status: '1', planId: ppo.id, dependents: [] }).expect(200);
    await api(jwt, 'put', `/enrollments/${dentalRow.id}`).send({ status: '1', planId: basic.id, dependents: [] }).expect(200);
    await api(jwt, 'post', '/forms').send({ signature }).expect(201);

    // Married five days ago: the spouse is added, then the life event with the spouse on medical and dental.
    const spouse = (await api(jwt, 'post', '/dependents').send({ relationshipTypeId: '1', firstName: 'Theo', lastName: 'Review', birthDate: '05/06/1990', gender: '1', smoker: '0', ssn: `123-46-${String(employeeId % 10000).padStart(4, '0')}`, email: '' }).expect(201)).body as { id: number };
    const put = (body: object) => api(jwt, 'put', '/midyear-changes').send(body);
    await put({ step: 1, eventType: 2 }).expect(200);
    await put({ step: 3, effectiveDate: usDay(-5) }).expect(200);
    await put({ step: 4, dependentId: spouse.id }).expect(200);
    await api(jwt, 'post', '/midyear-changes/proof').attach('file', Buffer.from('%PDF-1.4 marriage certificate'), 'marriage.pdf').expect(201);
    const choices = (await api(jwt, 'get', '/midyear-changes/coverage').expect(200)).body as Array<{ key: string; planTypeId: number; action: string }>;
    const adds = choices.filter((c) => c.action === 'add' && [1, 2].includes(c.planTypeId)).map((c) => c.key);
    expect(adds).toHaveLength(2);
    await put({ step: 6, coverage: adds }).expect(200);
    await put({ step: 7 }).expect(200);

    const review = ZLifeEventReview.parse((await api(jwt, 'get', '/midyear-changes/review').expect(200)).body) as LifeEventReview;
    expect(review).toMatchObject({ eventType: 2, eventTitle: 'Marriage', eventDate: usDay(-5) });

    // The engine's own figures for the same plans and people.
    const [{ pay_periods: payPeriods }] = await suite.db.query(`SELECT pay_periods FROM client WHERE name = 'Acme Corp'`);
    expect(review.payPeriods).toBe(payPeriods);
    const engine = new ContributionEngine(payPeriods);
    const expected = async (planId: number, label: { before: string; after: string }) => {
      const [plan] = (await suite.db.query(`${PLAN_SQL} WHERE p.id = $1`, [planId])) as PlanRecord[];
      const before = engine.peoplePrice(pricingOf(plan!), [], null)!;
      const after = engine.peoplePrice(pricingOf(plan!), [{ relationshipTypeId: RelationshipTypeIds.Spouse }], null)!;
      const change = engine.priceChange(before, after);
      return {
        before: { status: '1', planName: plan!.name, people: [], tierLabel: label.before, amount: centsToDecimal(before.employeeCents), annualAmount: centsToDecimal(before.annualEmployeeCents), employerAmount: centsToDecimal(before.employerCents), annualEmployerAmount: centsToDecimal(before.annualEmployerCents) },
        after: { status: '1', planName: plan!.name, people: ['Theo Review'], tierLabel: label.after, amount: centsToDecimal(after.employeeCents), annualAmount: centsToDecimal(after.annualEmployeeCents), employerAmount: centsToDecimal(after.employerCents), annualEmployerAmount: centsToDecimal(after.annualEmployerCents) },
        difference: { amount: centsToDecimal(change.differenceCents), annualAmount: centsToDecimal(change.annualDifferenceCents), employerAmount: centsToDecimal(change.employerDifferenceCents), annualEmployerAmount: centsToDecimal(change.annualEmployerDifferenceCents) },
        cents: change,
      };
    };
    const medical = await expected(ppo.id, { before: 'Single', after: 'Husband/Wife' });
    const dental = await expected(basic.id, { before: 'Employee only', after: 'Employee +1' });
    expect(review.changes.map((c) => c.planType)).toEqual(['Group Medical', 'Group Dental']);
    const [m, d] = review.changes;
    expect(m).toMatchObject({ planTypeId: 1, before: medical.before, after: medical.after, difference: medical.difference });
    expect(d).toMatchObject({ planTypeId: 2, before: dental.before, after: dental.after, difference: dental.difference });
    // Adding a spouse costs more, and a year is the paychecks of the client's year.
    expect(medical.cents.differenceCents).toBeGreaterThan(0);
    expect(medical.cents.annualDifferenceCents).toBe(medical.cents.differenceCents * payPeriods);
    expect(review.total).toEqual({
      amount: centsToDecimal(medical.cents.differenceCents + dental.cents.differenceCents),
      annualAmount: centsToDecimal(medical.cents.annualDifferenceCents + dental.cents.annualDifferenceCents),
      employerAmount: centsToDecimal(medical.cents.employerDifferenceCents + dental.cents.employerDifferenceCents),
      annualEmployerAmount: centsToDecimal(medical.cents.annualEmployerDifferenceCents + dental.cents.annualEmployerDifferenceCents),
    });
    // The same price as the plans side by side for the same people (GET /plans?dependents=), and as the election the dialogs wrote.
    const sideBySide = (await api(jwt, 'get', `/plans?type=1&dependents=${spouse.id}`).expect(200)).body as Array<{ id: number; price: { amount: string; employerAmount: string } }>;
    expect(sideBySide.find((p) => p.id === ppo.id)!.price).toMatchObject({ amount: m!.after.amount, employerAmount: m!.after.employerAmount });
    const draftRows = (await api(jwt, 'get', '/enrollments').expect(200)).body as Array<{ planTypeId: number; contributionAmount: string }>;
    expect(draftRows.find((r) => r.planTypeId === 1)!.contributionAmount).toBe(m!.after.amount);

    // Signed: the event waits for HR and the review has no event in progress any more.
    await api(jwt, 'post', '/mid-changes').send({ signature }).expect(200);
    await api(jwt, 'get', '/midyear-changes/review').expect(409);
    // HR is not an employee with a life event: refused, never a 500.
    expect((await api(hr, 'get', '/midyear-changes/review')).status).toBeLessThan(500);
  });

  it('an election written back as it was is no change: the review lists nothing and the total is zero', async () => {
    const p = await copyOfJane(suite.db, 'Vera');
    const jwt = await suite.t.login(p.email);
    const put = (body: object) => api(jwt, 'put', '/midyear-changes').send(body);
    await put({ step: 1, eventType: 9 }).expect(200);
    await put({ step: 6, effectiveDate: usDay(-2) }).expect(200);
    const zero = { amount: '0.00', annualAmount: '0.00', employerAmount: '0.00', annualEmployerAmount: '0.00' };
    expect((await api(jwt, 'get', '/midyear-changes/review').expect(200)).body).toMatchObject({ eventType: 9, changes: [], total: zero });
    // The medical election written into the event's draft exactly as it is in force.
    const [medical] = await suite.db.query(
      `SELECT e.id, e.plan_id, ARRAY(SELECT dependent_id FROM enrollment_dependent d WHERE d.enrollment_id = e.id ORDER BY 1) AS deps FROM enrollment e WHERE e.employee_id = $1 AND e.plan_type_id = 1 AND e.status = 1`,
      [p.employeeId],
    );
    await api(jwt, 'put', `/enrollments/${medical.id}`).send({ status: '1', planId: medical.plan_id, dependents: medical.deps }).expect(200);
    expect((await suite.db.query('SELECT count(*)::int AS n FROM enrollment_change ch JOIN life_event l ON l.change_set_id = ch.change_set_id WHERE l.employee_id = $1', [p.employeeId]))[0].n).toBe(1);
    expect((await api(jwt, 'get', '/midyear-changes/review').expect(200)).body).toMatchObject({ changes: [], total: zero });
  });
});
