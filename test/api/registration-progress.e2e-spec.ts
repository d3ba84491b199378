import request from 'supertest';
import { DataSource } from 'typeorm';
import { REGISTRATION_ORDER, REGISTRATION_REOPEN_STEPS, RegistrationStep } from '../../api/src/contracts/auth';
import { SecuredDataCipher } from '../../api/src/core/crypto/secured-data';
import { createTestApp, type TestApp } from '../support/app';
import { cloneAcmeClient, completeProfile, createPerson, type FixturePerson } from '../support/fixtures';
import { dataUrl, strokePng } from '../support/png';

/**
 * Decisions section 5, "wizard progress": PUT /me records only the next step, and only when the server's own
 * checks of the step being completed hold; anything else answers 409 saying what is missing.
 */
describe('server-owned registration progress: PUT /me {step}', () => {
  let t: TestApp;
  let db: DataSource;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
  });
  afterAll(() => t.close());

  const api = () => request(t.server);
  const putStep = (jwt: string, step: number) => api().put('/mbl/api/me').set('Authorization', `Bearer ${jwt}`).send({ step });
  const setStep = (p: FixturePerson, step: number) => db.query(`UPDATE account SET registration_step = $2 WHERE id = $1`, [p.accountId, step]);
  const stepOf = async (p: FixturePerson): Promise<number> => (await db.query(`SELECT registration_step FROM account WHERE id = $1`, [p.accountId]))[0].registration_step;

  const completeProfileOf = (p: FixturePerson) => completeProfile(db, p.employeeId, (plain) => t.app.get(SecuredDataCipher).encrypt(plain));

  /**
   * A person for whom every step's rules hold: a client of its own (no plans offered, no additional questions),
   * a complete profile, no dependents and a signature on file.
   */
  async function completePerson(): Promise<{ p: FixturePerson; jwt: string }> {
    const p = await createPerson(db, { registered: true, clientId: await cloneAcmeClient(db) });
    await completeProfileOf(p);
    const jwt = await t.login(p.email);
    await setStep(p, RegistrationStep.AdditionalInfo);
    await api().post('/mbl/api/forms').set('Authorization', `Bearer ${jwt}`).send({ signature: dataUrl(strokePng()) }).expect(201);
    return { p, jwt };
  }

  const next = (current: number): number | null => {
    const i = (REGISTRATION_ORDER as readonly number[]).indexOf(current);
    return i >= 0 && i + 1 < REGISTRATION_ORDER.length ? REGISTRATION_ORDER[i + 1]! : null;
  };

  it('tries every (current step, requested step) pair: only the next step, or a documented reopening of a finished one', async () => {
    const { p, jwt } = await completePerson();
    const outcomes: string[] = [];
    const expected: string[] = [];
    for (const current of REGISTRATION_ORDER) {
      for (const requested of REGISTRATION_ORDER) {
        await setStep(p, current);
        // A reopening would make the signature on file too old for the next pairs: start each pair without one.
        await db.query(`UPDATE account SET registration_reopened_at = NULL WHERE id = $1`, [p.accountId]);
        const res = await putStep(jwt, requested);
        const allowed = requested === next(current) || (current === RegistrationStep.Finished && REGISTRATION_REOPEN_STEPS.includes(requested));
        outcomes.push(`${current} -> ${requested}: ${res.status} (now ${await stepOf(p)})`);
        expected.push(`${current} -> ${requested}: ${allowed ? 200 : 409} (now ${allowed ? requested : current})`);
      }
    }
    expect(outcomes).toHaveLength(81);
    expect(outcomes).toEqual(expected);
  });

  it('PUT /me {"step":0} no longer finishes a registration that has nothing in it', async () => {
    const p = await createPerson(db, { registered: true });
    await setStep(p, RegistrationStep.Account);
    const jwt = await t.login(p.email);
    const res = await putStep(jwt, RegistrationStep.Finished).expect(409);
    expect(res.body.message).toBe('Finish the steps in order: Employee Profile comes next');
    expect(await stepOf(p)).toBe(RegistrationStep.Account);
  });

  it('says what is missing for each step being completed', async () => {
    // Employee Profile: the fields the profile form requires.
    const fresh = await createPerson(db, { registered: true, clientId: await cloneAcmeClient(db) });
    await setStep(fresh, RegistrationStep.Account);
    const freshJwt = await t.login(fresh.email);
    const profile = await putStep(freshJwt, RegistrationStep.Profile).expect(409);
    expect(profile.body.message).toMatch(/^Employee Profile: complete your profile \(.*address1.*\)$/);

    // Dependents: an incomplete dependent, by name.
    await completeProfileOf(fresh);
    await putStep(freshJwt, RegistrationStep.Profile).expect(200);
    await db.query(
      `INSERT INTO dependent (client_id, employee_id, relationship_type_id, first_name, last_name) SELECT client_id, id, 2, 'Kit', 'Ture' FROM employee WHERE id = $1`,
      [fresh.employeeId],
    );
    expect((await putStep(freshJwt, RegistrationStep.Dependents).expect(409)).body.message).toBe('Dependents: complete the details of Kit Ture');

    // Benefits Enrollment: Acme offers plans this person has not decided.
    const acme = await createPerson(db, { registered: true });
    await setStep(acme, RegistrationStep.Dependents);
    const acmeJwt = await t.login(acme.email);
    expect((await putStep(acmeJwt, RegistrationStep.Enrollments).expect(409)).body.message).toMatch(/^Benefits Enrollment: choose or decline every plan \(.*Medical.*\)$/);

    // Signature: none on file.
    await setStep(fresh, RegistrationStep.AdditionalInfo);
    expect((await putStep(freshJwt, RegistrationStep.Signature).expect(409)).body.message).toBe('Signature: Please sign your enrollment before you continue');
  });

  it('a reopened registration needs a new signature, and reopening needs the change window', async () => {
    const { p, jwt } = await completePerson();
    await setStep(p, RegistrationStep.Finished);
    await putStep(jwt, RegistrationStep.Dependents).expect(200);
    for (const step of [RegistrationStep.Enrollments, RegistrationStep.Beneficiaries, RegistrationStep.AdditionalInfo]) await putStep(jwt, step).expect(200);
    // The signature on file signed the elections before the reopening.
    expect((await putStep(jwt, RegistrationStep.Signature).expect(409)).body.message).toBe('Signature: Please sign your enrollment before you continue');
    await api().post('/mbl/api/forms').set('Authorization', `Bearer ${jwt}`).send({ signature: dataUrl(strokePng()) }).expect(201);
    await putStep(jwt, RegistrationStep.Signature).expect(200);
    await putStep(jwt, RegistrationStep.Finished).expect(200);

    // Not a new hire, and the client's open enrollment has ended: elections can no longer change.
    await db.query(`UPDATE employee SET new_hire = false WHERE id = $1`, [p.employeeId]);
    expect((await putStep(jwt, RegistrationStep.Dependents).expect(409)).body.message).toBe('Your benefit elections can no longer be changed');
    expect(await stepOf(p)).toBe(RegistrationStep.Finished);
  });
});
