import request from 'supertest';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../api/src/core/config/app-config';
import { SecuredDataCipher } from '../../api/src/core/crypto/secured-data';
import { seedDemoData } from '../../api/src/seed/seed';
import type { Plan } from '../../api/src/contracts/plans';
import { createTestApp, type TestApp } from '../support/app';
import { createPerson } from '../support/fixtures';

describe('plans API', () => {
  let t: TestApp;
  let db: DataSource;
  let jane: string;
  let plans: Plan[];

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    jane = await t.login('jane@acme.test');
    plans = (await get('/plans').expect(200)).body as Plan[];
  });
  afterAll(() => t.close());

  const get = (path: string, jwt = jane) => request(t.server).get(`/mbl/api${path}`).set('Authorization', `Bearer ${jwt}`);
  const plan = (name: RegExp) => plans.find((p) => name.test(p.title))!;

  it('lists the demo line-up of the current period with every plan type', () => {
    expect([...new Set(plans.map((p) => p.planTypeId))].sort((a, b) => a - b)).toEqual([1, 2, 3, 6, 7, 8, 12, 19, 20, 33]);
    expect(plans.filter((p) => p.planTypeId === 1)).toHaveLength(2);
    expect(plans.filter((p) => p.planTypeId === 2)).toHaveLength(2);
    const hdhp = plan(/HDHP/);
    expect(hdhp.hsaPlanId).toBe(plan(/Savings/).id);
    // The employer's yearly HSA money at the employee-only tier ($500 single in the demo), part of the HDHP's cost picture.
    expect(hdhp.employerHsaAmount).toBe('500.00');
    expect(plan(/PPO/).employerHsaAmount).toBeNull();
    expect(hdhp.benefits).toMatchObject({ kind: 'medical', hsaQualified: true, outOfNetwork: false });
    expect(plan(/Basic Life/)).toMatchObject({ contributionType: '2', employerPaid: true, benefitAmount: '50000.00', guaranteedAmount: '50000.00' });
    expect(plan(/PPO/).fileId).toEqual(expect.any(Number));
  });

  it('prices every tier per pay period for the employee, and marks her current plan', () => {
    const ppo = plan(/PPO/);
    // Family: $1,850.00 a month, employer 65%: employee $647.50 a month x 12 / 26 pay periods.
    expect(ppo.tiers.find((x) => x.tier === 4)).toEqual({ tier: 4, label: 'Family', premiumAmount: '853.85', employerAmount: '555.00', contributionAmount: '298.85' });
    expect(ppo.current).toBe(true);
    expect(ppo.contributionAmount).toBe('298.85');
    expect(plan(/HDHP/).current).toBe(false);
  });

  it('filters by type, answers one plan, its custom fields, and 404 for a plan it cannot see', async () => {
    const dental = (await get('/plans?type=2').expect(200)).body as Plan[];
    expect(dental.map((p) => p.planTypeId)).toEqual([2, 2]);
    expect((await get(`/plans/${plan(/Vision/).id}`).expect(200)).body).toMatchObject({ title: 'ClearView Vision', tierStructure: 4 });
    expect((await get(`/plans/${plan(/Long Term/).id}/custom`).expect(200)).body).toEqual([{ fieldLabel: 'Pre-existing condition limitation', fieldValue: '3/12' }]);
    expect((await get('/plans/999999').expect(404)).body).toMatchObject({ statusCode: 404, message: 'Plan not found' });
    await get('/plans/abc').expect(404);
  });

  it('predicts contributions from dependents, tier or status, and voluntary life amounts', async () => {
    const ppo = plan(/PPO/);
    const family: Array<{ id: number }> = await db.query(`SELECT d.id FROM dependent d JOIN employee e ON e.id = d.employee_id JOIN account a ON a.id = e.account_id WHERE a.username = 'jane@acme.test' AND d.deleted_at IS NULL ORDER BY d.id`);
    const ids = family.map((d) => d.id).join(',');
    expect((await get(`/plans/${ppo.id}/contributions?dependents=${ids}`).expect(200)).body).toMatchObject({ amount: '298.85', tier: 4 });
    expect((await get(`/plans/${ppo.id}/contributions?tier=1`).expect(200)).body).toMatchObject({ amount: '60.00', tier: 1 });
    expect((await get(`/plans/${ppo.id}/contributions?tier=1&enrollment_status=-2`).expect(200)).body).toMatchObject({ amount: '0.00' });
    // Another employee's dependent is nobody's here.
    const other = await createPerson(db, { registered: true });
    await get(`/plans/${ppo.id}/contributions?dependents=${ids}`, await t.login(other.email)).expect(404);

    const vol = plan(/Voluntary/);
    const res = (await get(`/plans/${vol.id}/contributions?employee=200000&spouse=150000&child=10000`).expect(200)).body;
    expect(res.errors).toEqual([{ path: 'coverageAmounts.spouse', message: 'The maximum amount is $100,000.00' }]);
    expect(res.eoiRequired).toEqual(['employee', 'spouse']);
    expect(res.amount).toMatch(/^\d+\.\d{2}$/);
  });

  it('prices every plan of a list at the tier the chosen people make in it, per paycheck and per year (issue 28)', async () => {
    const family: Array<{ id: number; relationship_type_id: number }> = await db.query(
      `SELECT d.id, d.relationship_type_id FROM dependent d JOIN employee e ON e.id = d.employee_id JOIN account a ON a.id = e.account_id
        WHERE a.username = 'jane@acme.test' AND d.deleted_at IS NULL ORDER BY d.id`,
    );
    const spouse = family.find((d) => d.relationship_type_id === 1)!.id;
    const priceOf = (list: Plan[], name: RegExp) => list.find((p) => name.test(p.title))!.price;
    // Dental is 'Employee +1' with a spouse: Basic $64.00 and Plus $104.00 a month, x 12 / 26 paychecks.
    const withSpouse = (await get(`/plans?type=2&dependents=${spouse}`).expect(200)).body as Plan[];
    expect(priceOf(withSpouse, /Basic/)).toEqual({ tier: 2, tierLabel: 'Employee +1', from: false, amount: '29.54', employerAmount: '0.00', annualAmount: '768.04', annualEmployerAmount: '0.00' });
    expect(priceOf(withSpouse, /Plus/)).toEqual({ tier: 2, tierLabel: 'Employee +1', from: false, amount: '48.00', employerAmount: '0.00', annualAmount: '1248.00', annualEmployerAmount: '0.00' });
    // Nobody chosen: employee only, for every plan (also the one she is enrolled in at Family).
    const alone = (await get('/plans?type=2&dependents=').expect(200)).body as Plan[];
    expect([priceOf(alone, /Basic/), priceOf(alone, /Plus/)].map((p) => [p.tier, p.amount])).toEqual([[1, '14.77'], [1, '24.00']]);
    // Compare Plans' household switch: 'Employee + children' is +1 in a structure that counts heads.
    const children = (await get('/plans?type=2&tier=3').expect(200)).body as Plan[];
    expect(priceOf(children, /Plus/)).toMatchObject({ tier: 2, amount: '48.00' });
    // Medical with the employer's share: the PPO family at 65% (as the tiers answer), the employer's HSA money at the same tier.
    const medical = (await get(`/plans?type=1&dependents=${family.map((d) => d.id).join(',')}`).expect(200)).body as Plan[];
    expect(priceOf(medical, /PPO/)).toEqual({ tier: 4, tierLabel: 'Family', from: false, amount: '298.85', employerAmount: '555.00', annualAmount: '7770.10', annualEmployerAmount: '14430.00' });
    expect(medical.find((p) => /HDHP/.test(p.title))!.employerHsaAmount).not.toBe(plan(/HDHP/).employerHsaAmount);
    // Without a question: the employee's own tier in the plan she is in, employee only in the others.
    expect(plan(/PPO/).price).toMatchObject({ tier: 4, amount: '298.85' });
    expect(plan(/HDHP/).price.tier).toBe(1);

    // Voluntary life has no fixed price: 'from' the smallest amount, as the contribution call prices it.
    const vol = plan(/Voluntary/);
    const smallest = (await get(`/plans/${vol.id}/contributions?employee=10000.00`).expect(200)).body as { amount: string };
    expect(vol.price).toMatchObject({ tier: null, from: true, amount: smallest.amount });
    expect(Number(vol.price.amount)).toBeGreaterThan(0);
    expect(plan(/Flexible|FSA/).price).toMatchObject({ from: true, amount: '0.00' });

    // What a user sends is checked: never a 500.
    await get('/plans?dependents=abc').expect(400);
    await get('/plans?tier=9').expect(400);
    await get('/plans?dependents=999999999').expect(404);
  });

  it('answers HSA limits from the medical election, voluntary life options and FSA limits', async () => {
    // jane has family medical coverage: family limit less the employer's $1,000.
    expect((await get(`/plans/${plan(/Savings/).id}/limits`).expect(200)).body).toMatchObject({
      kind: 'hsa',
      limit: '7750.00',
      contribution: '1000.00',
      coverage: 'family',
      data: { single: '4400.00', family: '8750.00', catchup: '1000.00' },
      catchUpEligible: false,
    });
    const vol = (await get(`/plans/${plan(/Voluntary/).id}/limits`).expect(200)).body;
    expect(vol).toMatchObject({ kind: 'voluntaryLife', spouseAmountPercent: 50, childAmountPercent: 20, employeeGiAmount: '150000.00' });
    expect(vol.employeeAmounts[0]).toEqual({ original: '10000.00', reduced: '10000.00' });
    const fsa = (await get(`/plans/${plan(/Flexible/).id}/limits`).expect(200)).body;
    expect(fsa.accounts[0]).toEqual({ account: 'med', name: 'Health', enabled: true, limit: '3300.00', employerAmount: '0.00' });
    expect((await get(`/plans/${plan(/Long Term/).id}/coverage`).expect(200)).body).toMatchObject({ employee: '10000.00', benefitPeriod: 'month' });
    expect((await get(`/plans/${plan(/Basic Life/).id}/coverages`).expect(200)).body).toMatchObject({ employee: '50000.00' });
  });

  it('downloads the SBC of a plan of the own client, and nothing else', async () => {
    const res = await get(`/files/${plan(/PPO/).fileId}/download`).buffer(true).expect(200);
    expect(res.headers['content-type']).toMatch(/application\/pdf/);
    expect(Buffer.from(res.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
    await get('/files/999999/download').expect(404);
    const [other] = (await db.query(`SELECT id FROM client WHERE name <> 'Acme Corp' LIMIT 1`)) as Array<{ id: number }>;
    if (other) {
      const [f] = (await db.query(`INSERT INTO file (client_id, title, file_type, storage_key, content_type, size_bytes) VALUES ($1, 'Theirs', 'client', $2, 'application/pdf', 1) RETURNING id`, [other.id, `test/${Date.now()}-${Math.random()}.pdf`])) as Array<{ id: number }>;
      await get(`/files/${f!.id}/download`).expect(404);
    }
  });

  it('seeding again changes no plan, rate, file or election', async () => {
    const snapshot = () =>
      db.query(
        `SELECT (SELECT json_agg(p ORDER BY id) FROM plan p) AS plans, (SELECT count(*) FROM plan_rate) AS rates,
                (SELECT json_agg(f ORDER BY id) FROM file f) AS files,
                (SELECT json_agg(e ORDER BY id) FROM enrollment e WHERE employee_id = (SELECT e2.id FROM employee e2 JOIN account a ON a.id = e2.account_id WHERE a.username = 'jane@acme.test')) AS jane`,
      );
    const before = await snapshot();
    const result = await db.transaction((m) => seedDemoData(m, t.app.get<AppConfig>(APP_CONFIG), t.app.get(SecuredDataCipher)));
    expect(result.created).toBe(false);
    expect(await snapshot()).toEqual(before);
  });
});
