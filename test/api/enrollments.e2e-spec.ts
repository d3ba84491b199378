import request from 'supertest';
import { DataSource } from 'typeorm';
import type { Enrollment } from '../../api/src/contracts/enrollments';
import type { Plan } from '../../api/src/contracts/plans';
import { createTestApp, type TestApp } from '../support/app';
import { createPerson, employeeIdOf } from '../support/fixtures';

interface AuditPlanRow {
  plan_type_id: number | null;
  description: string;
  event_type: string;
}

describe('enrollments API', () => {
  let t: TestApp;
  let db: DataSource;
  let jane: string;
  let plans: Plan[];

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    jane = await t.login('jane@acme.test');
    plans = (await api('get', '/plans').expect(200)).body as Plan[];
  });
  afterAll(() => t.close());

  function api(method: 'get' | 'put', path: string, jwt = jane) {
    return request(t.server)[method](`/mbl/api${path}`).set('Authorization', `Bearer ${jwt}`);
  }
  const plan = (name: RegExp) => plans.find((p) => name.test(p.title))!;
  const list = async (jwt = jane) => (await api('get', '/enrollments', jwt).expect(200)).body as Enrollment[];
  const row = async (typeId: number, jwt = jane) => (await list(jwt)).find((e) => e.planTypeId === typeId)!;
  const put = (id: number, body: Record<string, unknown>, jwt = jane) => api('put', `/enrollments/${id}`, jwt).send(body);
  const auditOf = (employeeId: number): Promise<AuditPlanRow[]> =>
    db.query(`SELECT plan_type_id, description, event_type FROM audit_log WHERE employee_id = $1 AND event_type = 'Enrollment' ORDER BY id`, [employeeId]);

  /** A registered Acme employee of the given age and gender (no dependents). */
  async function person(age = 40, gender = 2): Promise<{ jwt: string; employeeId: number }> {
    const p = await createPerson(db, { registered: true });
    await db.query(`UPDATE employee SET birth_date = current_date - make_interval(years => $2::int, days => 10), gender = $3, hire_date = '2020-01-06', employment_id = 1 WHERE id = $1`, [p.employeeId, age, gender]);
    await t.prepareEnrollments(p.employeeId);
    return { jwt: await t.login(p.email), employeeId: p.employeeId };
  }

  async function addChild(employeeId: number, age: number, disabled = 0): Promise<number> {
    const [d] = (await db.query(
      `INSERT INTO dependent (client_id, employee_id, relationship_type_id, first_name, last_name, birth_date, gender, disabled)
       SELECT client_id, id, 2, 'Kid', 'Ture', current_date - make_interval(years => $2::int, days => 10), 1, $3 FROM employee WHERE id = $1 RETURNING id`,
      [employeeId, age, disabled],
    )) as Array<{ id: number }>;
    return d!.id;
  }

  it("answers one row per plan type offered, with jane's seeded elections", async () => {
    const rows = await list();
    expect(rows.map((r) => r.planTypeId)).toEqual([1, 2, 3, 6, 7, 8, 12, 19, 20, 33]);
    const medical = rows.find((r) => r.planTypeId === 1)!;
    expect(medical).toMatchObject({ status: '1', tier: 4, planName: 'Blue Horizon PPO 1500', contributionAmount: '298.85', declineAllowed: false, selectable: true });
    expect(medical.dependentNames).toEqual(['John', 'Lily']);
    expect(rows.find((r) => r.planTypeId === 7)).toMatchObject({ status: '-2', planId: null });
    expect(rows.find((r) => r.planTypeId === 12)).toMatchObject({ status: '1', contributionAmount: '50.00', fsaContributionAmounts: { med: '1300.00' } });
    expect(rows.find((r) => r.planTypeId === 33)).toMatchObject({ status: '0' });
    // Employer-paid only, one plan: enrolled with nothing to choose.
    expect(rows.find((r) => r.planTypeId === 6)).toMatchObject({ status: '1', selectable: false, declineAllowed: false, contributionAmount: '0.00' });
    expect((await api('get', `/enrollments/${medical.id}`).expect(200)).body).toEqual(medical);
  });

  it('GET /enrollments only reads: the rows come from the invitation, and a type without its row counts as undecided', async () => {
    // A census employee nobody invited yet: no rows, and reading creates none.
    const p = await createPerson(db, { registered: true });
    const jwt = await t.login(p.email);
    const count = async () => ((await db.query('SELECT count(*)::int AS n FROM enrollment WHERE employee_id = $1', [p.employeeId])) as Array<{ n: number }>)[0]!.n;
    expect(await list(jwt)).toEqual([]);
    expect(await list(jwt)).toEqual([]);
    expect(await count()).toBe(0);
    // The Benefits Enrollment step still knows what is offered: every type without a row is undecided.
    await db.query('UPDATE account SET registration_step = 6 WHERE id = $1', [p.accountId]);
    const refused = await request(t.server).put('/mbl/api/me').set('Authorization', `Bearer ${jwt}`).send({ step: 7 }).expect(409);
    expect(refused.body.message).toMatch(/Medical/);

    // HR's invitation prepares them (NotSelected, or Enrolled where the only plan is employer-paid)...
    const invited = await createPerson(db, {});
    const hr = await t.login('hr@acme.test');
    await request(t.server).post(`/mbl/api/employees/${invited.employeeId}/welcome-email`).set('Authorization', `Bearer ${hr}`).expect(200);
    const rows = (await db.query('SELECT plan_type_id, status, updated_at FROM enrollment WHERE employee_id = $1 ORDER BY plan_type_id', [invited.employeeId])) as Array<{ plan_type_id: number; status: number; updated_at: Date }>;
    expect(rows.length).toBeGreaterThan(3);
    expect(rows.some((r) => r.status === 1)).toBe(true);
    // ...once: preparing again changes nothing.
    expect(await t.prepareEnrollments(invited.employeeId)).toBe(0);
    const again = (await db.query('SELECT plan_type_id, status, updated_at FROM enrollment WHERE employee_id = $1 ORDER BY plan_type_id', [invited.employeeId])) as typeof rows;
    expect(again).toEqual(rows);
  });

  it("enrolls jane's family in medical, dental and vision with the contribution computed on the server, audited", async () => {
    const janeId = await employeeIdOf(db, 'jane@acme.test');
    const family = (await row(1)).dependents;
    expect(family).toHaveLength(2);
    const before = (await auditOf(janeId)).length;

    const medical = await put((await row(1)).id, { status: '1', planId: plan(/HDHP/).id, dependents: family, tier: 4, contributionAmount: '0.01' }).expect(200);
    // Family $1,300.00 a month, employer 80%: $260.00 x 12 / 26.
    expect(medical.body).toMatchObject({ status: '1', planId: plan(/HDHP/).id, tier: 4, contributionAmount: '120.00', dependents: family });
    const dental = await put((await row(2)).id, { status: '1', planId: plan(/Dental Plus/).id, dependents: family }).expect(200);
    expect(dental.body).toMatchObject({ status: '1', tier: 4, contributionAmount: '77.54', dependentNames: ['John', 'Lily'] });
    const vision = await put((await row(8)).id, { status: '1', planId: plan(/Vision/).id, dependents: family, tier: 4 }).expect(200);
    expect(vision.body).toMatchObject({ status: '1', tier: 4, contributionAmount: '11.08' });

    const audit = (await auditOf(janeId)).slice(before);
    expect(audit.map((a) => a.plan_type_id)).toEqual([1, 2, 8]);
    expect(audit[0]!.description).toBe('Enrolled in Blue Horizon HDHP 3400 with HSA');
    // Back to the seeded PPO, so the other suites see jane as seeded.
    await put((await row(1)).id, { status: '1', planId: plan(/PPO/).id, dependents: family }).expect(200);
  });

  it('rejects a tier that does not match the dependents, a plan of another group and a missing plan', async () => {
    const medical = await row(1);
    const res = await put(medical.id, { status: '1', planId: plan(/PPO/).id, dependents: medical.dependents, tier: 1 }).expect(400);
    expect(res.body).toMatchObject({ message: 'The tier does not match the chosen dependents', errors: [{ path: 'tier', message: 'The tier does not match the chosen dependents' }] });
    await put(medical.id, { status: '1', planId: plan(/Vision/).id }).expect(400);
    expect((await put(medical.id, { status: '1' }).expect(400)).body.errors).toEqual([{ path: 'planId', message: 'Field is required' }]);
  });

  it('declines with a waiver, and requires the waiver details for "have other coverage"', async () => {
    const p = await person();
    const dental = await row(2, p.jwt);
    expect(dental).toMatchObject({ status: '0', declineAllowed: true });
    const missing = await put(dental.id, { status: '-1' }, p.jwt).expect(400);
    expect(missing.body.errors).toEqual([
      { path: 'waiver.reasonId', message: 'Field is required!' },
      { path: 'waiver.carrierName', message: 'Field is required!' },
      { path: 'waiver.policyNumber', message: 'Field is required!' },
    ]);
    const other = await put(dental.id, { status: '-1', waiver: { reasonId: -1, carrierName: 'Aetna', policyNumber: 'X1' } }, p.jwt).expect(400);
    expect(other.body.errors.map((e: { path: string }) => e.path)).toEqual(['waiver.reasonOther', 'waiver.member']);

    const waived = await put(dental.id, { status: '-1', waiver: { reasonId: 1, carrierName: 'Aetna Dental', policyNumber: 'AD-77' } }, p.jwt).expect(200);
    expect(waived.body).toMatchObject({ status: '-1', planId: null, contributionAmount: '0.00', waiver: { reasonId: 1, carrierName: 'Aetna Dental', policyNumber: 'AD-77' } });
    expect((await put((await row(8, p.jwt)).id, { status: '-2' }, p.jwt).expect(200)).body).toMatchObject({ status: '-2', waiver: null });
    // Waiving for other coverage exists only for medical, dental and vision.
    await put((await row(7, p.jwt)).id, { status: '-1', waiver: { reasonId: 1, carrierName: 'A', policyNumber: 'B' } }, p.jwt).expect(400);
    expect((await auditOf(p.employeeId)).map((a) => [a.plan_type_id, a.description])).toEqual([
      [2, 'Waived Group Dental'],
      [8, 'Declined Group Vision'],
    ]);
  });

  it('refuses to decline a plan the employer pays or contributes to', async () => {
    const p = await person();
    for (const typeId of [1, 20, 6]) {
      const res = await put((await row(typeId, p.jwt)).id, { status: '-2' }, p.jwt).expect(400);
      expect(res.body.message).toBe('Your employer is making a contribution to this plan so you cannot decline it. If you do not wish to contribute please enter 0 and click enroll.');
    }
  });

  it('rejects an over-limit FSA with the spec message, and prices a valid one per pay period', async () => {
    const p = await person();
    const fsa = await row(12, p.jwt);
    const over = await put(fsa.id, { status: '1', planId: plan(/Flexible/).id, fsaContributionAmounts: { med: '3300.01', dep: '100.00' } }, p.jwt).expect(400);
    expect(over.body).toMatchObject({ message: 'Your Annual Contribution should be less than the Annual Limit', errors: [{ path: 'fsaContributionAmounts.med', message: 'Your Annual Contribution should be less than the Annual Limit' }] });
    const ok = await put(fsa.id, { status: '1', planId: plan(/Flexible/).id, fsaContributionAmounts: { med: '3300.00', dep: '1300.00' } }, p.jwt).expect(200);
    // 3300.00 / 26 = 126.92, 1300.00 / 26 = 50.00.
    expect(ok.body).toMatchObject({ status: '1', contributionAmount: '176.92', fsaContributionAmounts: { med: '3300.00', dep: '1300.00', tra: '0.00', park: '0.00' } });
  });

  it('marks the HSA restricted while the medical election is not a qualified high-deductible plan', async () => {
    const p = await person();
    expect((await row(20, p.jwt)).restricted).toBe(0);
    await put((await row(1, p.jwt)).id, { status: '1', planId: plan(/PPO/).id, dependents: [] }, p.jwt).expect(200);
    // Not a decision the person can make, so step 4 can be completed without it.
    expect(await row(20, p.jwt)).toMatchObject({ restricted: 4, status: '0' });
    await put((await row(1, p.jwt)).id, { status: '1', planId: plan(/HDHP/).id, dependents: [] }, p.jwt).expect(200);
    expect((await row(20, p.jwt)).restricted).toBe(0);
  });

  it('rejects an over-limit HSA with the employer amount in the message; catch-up from 55', async () => {
    const hsaPlan = plan(/Savings/).id;
    const p = await person(40);
    await put((await row(1, p.jwt)).id, { status: '1', planId: plan(/HDHP/).id, dependents: [] }, p.jwt).expect(200);
    const hsa = await row(20, p.jwt);
    const over = await put(hsa.id, { status: '1', planId: hsaPlan, hsaContributionAmount: '3900.01' }, p.jwt).expect(400);
    expect(over.body.message).toBe('Your contribution amount exceeds annual limit because your employer is contributing $500.00 toward your HSA');
    expect((await put(hsa.id, { status: '1', planId: hsaPlan, hsaContributionAmount: '3900.00' }, p.jwt).expect(200)).body).toMatchObject({ hsaContributionAmount: '3900.00', contributionAmount: '150.00' });
    expect((await put(hsa.id, { status: '1', planId: hsaPlan, hsaContributionAmount: '-5' }, p.jwt).expect(400)).body.message).toBe('Please enter a valid amount');
    expect((await put(hsa.id, { status: '1', planId: hsaPlan, hsaContributionAmount: '0100' }, p.jwt).expect(400)).body.message).toBe('Please enter a valid amount');

    const older = await person(56);
    await put((await row(1, older.jwt)).id, { status: '1', planId: plan(/HDHP/).id, dependents: [] }, older.jwt).expect(200);
    await put((await row(20, older.jwt)).id, { status: '1', planId: hsaPlan, hsaContributionAmount: '4900.00' }, older.jwt).expect(200);
    await put((await row(20, older.jwt)).id, { status: '1', planId: hsaPlan, hsaContributionAmount: '4900.01' }, older.jwt).expect(400);

    // Not with a medical plan that is not high-deductible.
    const ppo = await person(40);
    await put((await row(1, ppo.jwt)).id, { status: '1', planId: plan(/PPO/).id, dependents: [] }, ppo.jwt).expect(200);
    await put((await row(20, ppo.jwt)).id, { status: '1', planId: hsaPlan, hsaContributionAmount: '100.00' }, ppo.jwt).expect(400);
  });

  it('rejects a 27-year-old child in dental, takes a disabled one, and a 27-year-old in medical', async () => {
    const p = await person();
    const kid = await addChild(p.employeeId, 27);
    const dental = await row(2, p.jwt);
    const res = await put(dental.id, { status: '1', planId: plan(/Dental Basic/).id, dependents: [kid] }, p.jwt).expect(400);
    expect(res.body).toMatchObject({ message: 'Child age limit exceeded', errors: [{ path: 'dependents.0', message: 'Child age limit exceeded' }] });
    expect((await put((await row(1, p.jwt)).id, { status: '1', planId: plan(/PPO/).id, dependents: [kid] }, p.jwt).expect(200)).body).toMatchObject({ tier: 3 });
    const disabled = await addChild(p.employeeId, 27, 1);
    expect((await put(dental.id, { status: '1', planId: plan(/Dental Basic/).id, dependents: [disabled] }, p.jwt).expect(200)).body).toMatchObject({ tier: 2 });
  });

  it("answers 404 for another employee's enrollment and dependents", async () => {
    const janeMedical = await row(1);
    const p = await person();
    await api('get', `/enrollments/${janeMedical.id}`, p.jwt).expect(404);
    const res = await put(janeMedical.id, { status: '1', planId: plan(/PPO/).id }, p.jwt).expect(404);
    expect(res.body).toMatchObject({ statusCode: 404, message: 'Enrollment not found' });
    await put((await row(1, p.jwt)).id, { status: '1', planId: plan(/PPO/).id, dependents: janeMedical.dependents }, p.jwt).expect(404);
    expect((await row(1)).dependents).toEqual(janeMedical.dependents);
  });

  it('voluntary life: spouse maximum, EOI and a required employee amount', async () => {
    const vol = plan(/Voluntary/).id;
    const row33 = await row(33);
    expect((await put(row33.id, { status: '1', planId: vol, coverageAmounts: {} }).expect(400)).body.errors).toEqual([{ path: 'coverageAmounts.employee', message: 'Field is required' }]);
    // The nulls GET answers for empty amounts get the same message, not a type error.
    const nulls = await put(row33.id, { status: '1', planId: vol, coverageAmounts: { employee: null, spouse: null, children: null } }).expect(400);
    expect(nulls.body.errors).toEqual([{ path: 'coverageAmounts.employee', message: 'Field is required' }]);
    const over = await put(row33.id, { status: '1', planId: vol, coverageAmounts: { employee: '100000.00', spouse: '55000.00' } }).expect(400);
    expect(over.body.message).toBe('The maximum amount is $50,000.00');
    const ok = await put(row33.id, { status: '1', planId: vol, coverageAmounts: { employee: '100000.00', spouse: '50000.00', children: '10000.00' } }).expect(200);
    expect(ok.body).toMatchObject({ status: '1', coverageAmounts: { employee: '100000.00', spouse: '50000.00', children: '10000.00' } });
    expect(ok.body.contributionAmount).toMatch(/^\d+\.\d{2}$/);
    // What GET answers can be sent back as it is (its nulls read as absent) and saves the same election.
    const read = (await api('get', `/enrollments/${row33.id}`).expect(200)).body as Record<string, unknown>;
    expect(read.waiver).toBeNull();
    expect((await put(row33.id, read).expect(200)).body).toMatchObject({ status: '1', planId: vol, coverageAmounts: { employee: '100000.00', spouse: '50000.00', children: '10000.00' } });
  });
});
