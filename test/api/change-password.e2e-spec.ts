import { PasswordAttempts } from '../../api/src/core/auth/password-attempts';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { verifySecret } from '../../api/src/core/auth/passwords';
import { createTestApp, type TestApp } from '../support/app';
import { auditRows, createPerson } from '../support/fixtures';

describe('change password (normal and forced) and security question', () => {
  let t: TestApp;
  let db: DataSource;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
  });
  afterAll(() => t.close());

  const api = () => request(t.server);
  const change = (jwt: string, body: Record<string, unknown>) => api().post('/mbl/api/password').set('Authorization', `Bearer ${jwt}`).send(body);
  const setQuestion = (jwt: string, body: Record<string, unknown>) => api().post('/mbl/api/security-question').set('Authorization', `Bearer ${jwt}`).send(body);

  it('normal change needs the right old password and a matching repeat', async () => {
    const p = await createPerson(db, { registered: true });
    const jwt = await t.login(p.email);
    expect((await change(jwt, { password: 'New-pass1', repeatPassword: 'New-pass1' }).expect(400)).body.errors).toEqual([{ path: 'oldPassword', message: 'Field is required' }]);
    expect((await change(jwt, { oldPassword: 'wrong', password: 'New-pass1', repeatPassword: 'New-pass1' }).expect(400)).body.message).toBe('You provided wrong data');
    expect((await change(jwt, { oldPassword: 'Passw0rd!', password: 'New-pass1', repeatPassword: 'New-pass2' }).expect(400)).body.errors).toEqual([
      { path: 'repeatPassword', message: 'Password must match' },
    ]);
    expect((await change(jwt, { oldPassword: 'Passw0rd!', password: 'abc', repeatPassword: 'abc' }).expect(400)).body.message).toBe('Password should contain at least 8 characters');

    const ok = await change(jwt, { oldPassword: 'Passw0rd!', password: 'New-pass1', repeatPassword: 'New-pass1' }).expect(200);
    expect(ok.body).toEqual({ success: true, message: 'Your password has been successfully changed.' });
    await t.login(p.email, 'New-pass1');
    const audits = await auditRows(db, p.employeeId, 'update');
    expect(audits.map((a) => [a.event_type, a.description, a.performed_by])).toEqual([['Password', 'Password changed', p.accountId]]);
  });

  it('forced change (passwordReset) needs no old password and clears the flag', async () => {
    const p = await createPerson(db, { registered: true, passwordReset: true });
    const jwt = await t.login(p.email);
    expect((await api().get('/mbl/api/me').set('Authorization', `Bearer ${jwt}`).expect(200)).body.passwordReset).toBe(true);
    await change(jwt, { password: 'Forced-1', repeatPassword: 'Forced-1' }).expect(200);
    expect((await api().get('/mbl/api/me').set('Authorization', `Bearer ${jwt}`).expect(200)).body.passwordReset).toBe(false);
    await t.login(p.email, 'Forced-1');
    // Once done, the next change is a normal one again.
    await change(jwt, { password: 'Forced-2', repeatPassword: 'Forced-2' }).expect(400);
  });

  it('throttles wrong old passwords per account', async () => {
    const p = await createPerson(db, { registered: true });
    const jwt = await t.login(p.email);
    for (let i = 0; i < 5; i += 1) await change(jwt, { oldPassword: `bad-${i}`, password: 'New-pass1', repeatPassword: 'New-pass1' }).expect(400);
    await change(jwt, { oldPassword: 'Passw0rd!', password: 'New-pass1', repeatPassword: 'New-pass1' }).expect(429);
    await t.app.get(PasswordAttempts).forget('confirm', `id:${p.accountId}`);
    await change(jwt, { oldPassword: 'Passw0rd!', password: 'New-pass1', repeatPassword: 'New-pass1' }).expect(200);
  });

  it('a pending security-question reset is cleared by choosing a question and answer', async () => {
    const p = await createPerson(db, { registered: true, securityQuestionReset: true });
    const jwt = await t.login(p.email);
    expect((await api().get('/mbl/api/me').set('Authorization', `Bearer ${jwt}`).expect(200)).body.securityQuestionReset).toBe(true);
    expect((await setQuestion(jwt, { securityQuestionId: '999', securityAnswer: 'x' }).expect(400)).body.message).toBe('Please choose a security question from the list');
    expect((await setQuestion(jwt, { securityQuestionId: 'abc', securityAnswer: 'x' }).expect(400)).body.errors[0].path).toBe('securityQuestionId');
    expect((await setQuestion(jwt, { securityQuestionId: '3' }).expect(400)).body.errors).toEqual([{ path: 'securityAnswer', message: 'Field is required' }]);

    await setQuestion(jwt, { securityQuestionId: '3', securityAnswer: ' Springfield ' }).expect(200, { success: true });
    const [row] = await db.query('SELECT security_question_id, security_answer_hash, security_question_reset FROM account WHERE id = $1', [p.accountId]);
    expect(row.security_question_id).toBe(3);
    expect(row.security_question_reset).toBe(false);
    expect(await verifySecret(row.security_answer_hash, 'springfield')).toBe(true);
    expect((await auditRows(db, p.employeeId, 'update')).map((a) => a.event_type)).toEqual(['Security question']);
  });

  it('a voluntary question change must confirm the password', async () => {
    const p = await createPerson(db, { registered: true });
    const jwt = await t.login(p.email);
    expect((await setQuestion(jwt, { securityQuestionId: '2', securityAnswer: 'Tom' }).expect(400)).body.errors).toEqual([{ path: 'password', message: 'Field is required' }]);
    expect((await setQuestion(jwt, { securityQuestionId: '2', securityAnswer: 'Tom', password: 'nope' }).expect(400)).body.message).toBe('You provided wrong data');
    await setQuestion(jwt, { securityQuestionId: '2', securityAnswer: 'Tom', password: 'Passw0rd!' }).expect(200);
  });

  it('neither works while impersonating', async () => {
    const hr = await t.login('hr@acme.test');
    const p = await createPerson(db, { registered: true, passwordReset: true, securityQuestionReset: true });
    const imp = (await api().post(`/mbl/api/employees/${p.employeeId}/impersonate`).set('Authorization', `Bearer ${hr}`).send({ reason: 'enrollment' }).expect(200)).body.jwt as string;
    await change(imp, { password: 'Hijack-1', repeatPassword: 'Hijack-1' }).expect(403);
    await setQuestion(imp, { securityQuestionId: '2', securityAnswer: 'x' }).expect(403);
    await t.login(p.email);
  });
});
