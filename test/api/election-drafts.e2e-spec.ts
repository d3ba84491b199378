import request from 'supertest';
import { DataSource } from 'typeorm';
import { DraftMessages, type ElectionDraft, type Enrollment } from '../../api/src/contracts/enrollments';
import { RegistrationStep } from '../../api/src/contracts/auth';
import type { PlanEnrollmentSummary } from '../../api/src/contracts/dashboard';
import { PLAN_TYPE_NAMES, type Plan } from '../../api/src/contracts/plans';
import { createTestApp, type TestApp } from '../support/app';
import { auditRows, copyOfJane, type FixturePerson } from '../support/fixtures';
import { dataUrl, strokePng } from '../support/png';

/**
 * Decisions section 5, Modify Selections: changes after reopening a signed enrollment are a draft. The signed
 * elections stay in force (dashboard, HR, the database's `enrollment` rows) until the draft is signed;
 * 'Cancel changes' discards it; signing applies it as one audited change set.
 */
const MEDICAL = PLAN_TYPE_NAMES[1];

describe('Modify Selections is a draft until signed', () => {
  let t: TestApp;
  let db: DataSource;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
  });
  afterAll(() => t.close());

  const api = (jwt: string, method: 'get' | 'put' | 'post' | 'delete', path: string) => request(t.server)[method](`/mbl/api${path}`).set('Authorization', `Bearer ${jwt}`);
  const medicalOf = async (jwt: string, view = 'draft'): Promise<Enrollment> =>
    ((await api(jwt, 'get', `/enrollments?view=${view}`).expect(200)).body as Enrollment[]).find((e) => e.planTypeId === 1)!;
  const storedMedicalPlan = async (p: FixturePerson): Promise<number> =>
    (await db.query(`SELECT plan_id FROM enrollment WHERE employee_id = $1 AND plan_type_id = 1`, [p.employeeId]))[0].plan_id;

  /** A copy of jane's household (medical PPO for her, John and Lily, signed), the wizard reopened at Benefits Enrollment. */
  async function reopened(name: string): Promise<{ p: FixturePerson; jwt: string; signed: Enrollment; other: Plan }> {
    const p = await copyOfJane(db, name);
    const jwt = await t.login(p.email);
    const signed = await medicalOf(jwt);
    const plans = (await api(jwt, 'get', '/plans?type=1').expect(200)).body as Plan[];
    const other = plans.find((pl) => pl.id !== signed.planId && pl.restricted === 0)!;
    expect(other).toBeDefined();
    await api(jwt, 'put', '/me').send({ step: RegistrationStep.Dependents }).expect(200);
    return { p, jwt, signed, other };
  }

  const changeMedical = (jwt: string, medical: Enrollment, plan: Plan) =>
    api(jwt, 'put', `/enrollments/${medical.id}`).send({ status: '1', planId: plan.id, dependents: medical.dependents }).expect(200);

  it('keeps the signed elections in force while the draft has the change, and says so', async () => {
    const { p, jwt, signed, other } = await reopened('Drafty');
    expect((await api(jwt, 'get', '/me').expect(200)).body.unsignedChanges).toBe(true);
    expect((await api(jwt, 'get', '/enrollments/draft').expect(200)).body).toMatchObject({ open: true, changedPlanTypes: [] });

    const answered = (await changeMedical(jwt, signed, other)).body as Enrollment;
    expect(answered).toMatchObject({ id: signed.id, planId: other.id });

    // The wizard reads the draft; what is in force (the rows, the signed view, the dashboard summary) has not moved.
    expect((await medicalOf(jwt)).planId).toBe(other.id);
    expect((await medicalOf(jwt, 'signed')).planId).toBe(signed.planId);
    expect(await storedMedicalPlan(p)).toBe(signed.planId);
    const inForce = (await api(jwt, 'get', '/summary?view=signed').expect(200)).body as PlanEnrollmentSummary[];
    expect(inForce.find((r) => r.planTypeId === 1)!.planId).toBe(signed.planId);
    // The review before signing (GET /summary, like GET /enrollments, reads the draft unless asked for view=signed).
    const review = (await api(jwt, 'get', '/summary').expect(200)).body as PlanEnrollmentSummary[];
    expect(review.find((r) => r.planTypeId === 1)!.planId).toBe(other.id);
    expect((await api(jwt, 'get', '/enrollments/draft').expect(200)).body as ElectionDraft).toMatchObject({ open: true, changedPlanTypes: [MEDICAL] });

    // Writing the signed state back leaves nothing changed.
    await changeMedical(jwt, await medicalOf(jwt), { ...other, id: signed.planId! });
    expect(((await api(jwt, 'get', '/enrollments/draft').expect(200)).body as ElectionDraft).changedPlanTypes).toEqual([]);
  });

  it("'Cancel changes' discards the draft, keeps the signed elections and finishes the registration again", async () => {
    const { p, jwt, signed, other } = await reopened('Canceller');
    await changeMedical(jwt, signed, other);

    expect((await api(jwt, 'delete', '/enrollments/draft').expect(200)).body).toEqual({ success: true });
    expect((await medicalOf(jwt)).planId).toBe(signed.planId);
    expect(await storedMedicalPlan(p)).toBe(signed.planId);
    const me = (await api(jwt, 'get', '/me').expect(200)).body as { unsignedChanges: boolean; registrationStep: number };
    expect(me).toMatchObject({ unsignedChanges: false, registrationStep: RegistrationStep.Finished });
    expect((await api(jwt, 'delete', '/enrollments/draft').expect(404)).body.message).toBe(DraftMessages.noDraft);
    expect((await auditRows(db, p.employeeId, 'delete')).map((a) => a.description)).toContain('Discarded unsigned changes to benefit elections');
    expect((await db.query(`SELECT status FROM election_change_set WHERE employee_id = $1`, [p.employeeId])).map((r: { status: string }) => r.status)).toEqual(['cancelled']);
  });

  it('signing applies the draft in one audited change set, and the signed summary is of it', async () => {
    const { p, jwt, signed, other } = await reopened('Signer');
    await changeMedical(jwt, signed, other);
    await api(jwt, 'post', '/forms').send({ signature: dataUrl(strokePng()) }).expect(201);

    expect(await storedMedicalPlan(p)).toBe(other.id);
    expect((await medicalOf(jwt, 'signed')).planId).toBe(other.id);
    const [set] = await db.query(`SELECT status, signature_id, closed_at FROM election_change_set WHERE employee_id = $1`, [p.employeeId]);
    expect(set.status).toBe('applied');
    const [signature] = await db.query(`SELECT id, summary FROM signature WHERE employee_id = $1 ORDER BY id DESC LIMIT 1`, [p.employeeId]);
    expect(set.signature_id).toBe(signature.id);
    expect((signature.summary as { elections: Array<{ planType: string; planName: string }> }).elections.find((e) => e.planType === MEDICAL)!.planName).toBe(other.title);

    const entry = (await auditRows(db, p.employeeId, 'update')).filter((a) => a.description.startsWith('Signed changes')).pop()!;
    expect(entry.description).toBe(`Signed changes to benefit elections: ${MEDICAL}`);
    expect(entry.data).toEqual(expect.arrayContaining([{ title: `${MEDICAL}: Plan`, oldValue: signed.planName, newValue: other.title, changed: true }]));
    expect((await api(jwt, 'get', '/me').expect(200)).body.unsignedChanges).toBe(false);
  });

  it('the draft is the employee’s own: another employee reads and cancels nothing of it', async () => {
    const { jwt, signed, other } = await reopened('Owner');
    await changeMedical(jwt, signed, other);
    const bystander = await copyOfJane(db, 'Bystander');
    const theirs = await t.login(bystander.email);
    expect((await api(theirs, 'get', '/enrollments/draft').expect(200)).body).toEqual({ open: false, openedAt: null, changedPlanTypes: [] });
    await api(theirs, 'delete', '/enrollments/draft').expect(404);
    await api(theirs, 'put', `/enrollments/${signed.id}`).send({ status: '1', planId: other.id }).expect(404);
    expect((await medicalOf(jwt)).planId).toBe(other.id);
  });
});
