import { RateLimiter } from '../../api/src/core/redis/rate-limiter';
import { JwtService } from '@nestjs/jwt';
import type Redis from 'ioredis';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { verifySecret } from '../../api/src/core/auth/passwords';
import { REDIS } from '../../api/src/core/redis/redis.tokens';
import { derivedToken } from '../../api/src/modules/accounts/account-tokens';
import { AccountTokensService } from '../../api/src/modules/accounts/account-tokens.service';
import { createTestApp, type TestApp } from '../support/app';
import { auditRows, createOtherTenant, createPerson, employeeIdOf, uniqueEmail, uniqueIp } from '../support/fixtures';
import { linkFrom, startMailWorkers, type MailHarness } from '../support/mail';

const TOKEN_INVALID = "Registration token isn't valid. Please try the link from the email one more time or contact support";
const ALREADY = "You've already registered. Please enter your username and password on the login page";

describe('registration from the welcome email', () => {
  let t: TestApp;
  let mail: MailHarness;
  let db: DataSource;
  let hr: string;

  beforeAll(async () => {
    t = await createTestApp();
    mail = await startMailWorkers(t);
    db = t.app.get(DataSource);
    hr = await t.login('hr@acme.test');
    // The app and a workers module start here: the 90 s appWithWorkers gives them (a loaded CI machine).
  }, 90_000);
  afterAll(async () => {
    await mail?.close();
    await t?.close();
  });

  const api = () => request(t.server);

  /** HR sends the welcome email; answers the token from the link in the delivered email. */
  async function welcome(employeeId: number, to: string): Promise<string> {
    const mark = mail.mark();
    await api().post(`/mbl/api/employees/${employeeId}/welcome-email`).set('Authorization', `Bearer ${hr}`).expect(200, { success: true });
    const message = await mail.next(to, /finish your registration/, mark);
    const link = linkFrom(message, '/mbl/registration');
    expect(link.pathname).toBe('/mbl/registration');
    return link.searchParams.get('token')!;
  }

  it('registers an employee with no account yet from the emailed link, and answers a working jwt', async () => {
    const p = await createPerson(db, { accountless: true, firstName: 'Rita', lastName: 'Reg' });
    const token = await welcome(p.employeeId, p.email);
    const [created] = await db.query('SELECT a.id, a.username, a.email, a.password_hash, a.registration_step FROM account a JOIN employee e ON e.account_id = a.id WHERE e.id = $1', [p.employeeId]);
    expect(created).toMatchObject({ username: p.email, email: p.email, password_hash: null, registration_step: 1 });

    const profile = await api().get('/mbl/api/registration').query({ token }).expect(200);
    expect(profile.body).toEqual({ firstName: 'Rita', lastName: 'Reg', email: p.email, authenticationMethod: 'email', username: p.email });

    const res = await api()
      .post('/mbl/api/registration')
      .send({ token, password: 'N3w-Secret', securityQuestionId: '2', securityAnswer: '  Fluffy  ' })
      .expect(200);
    expect(Object.keys(res.body)).toEqual(['jwt']);
    const payload = t.app.get(JwtService).decode<{ sub: number; emp: number; adm: boolean; imp: null }>(res.body.jwt);
    expect(payload).toMatchObject({ sub: created.id, emp: p.employeeId, adm: false, imp: null });
    const me = await api().get('/mbl/api/me').set('Authorization', `Bearer ${res.body.jwt}`).expect(200);
    expect(me.body).toMatchObject({ id: p.employeeId, registrationStep: 2, registrationStepCode: 'Account' });

    const [row] = await db.query('SELECT password_hash, security_question_id, security_answer_hash FROM account WHERE id = $1', [created.id]);
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.security_question_id).toBe(2);
    expect(row.security_answer_hash).toMatch(/^\$argon2id\$/);
    expect(await verifySecret(row.security_answer_hash, 'fluffy')).toBe(true);
    await t.login(p.email, 'N3w-Secret');

    // The link is single-use: opening it again tells the person to log in (409), and so does submitting.
    const again = await api().get('/mbl/api/registration').query({ token }).expect(409);
    expect(again.body).toEqual({ statusCode: 409, message: ALREADY });
    await api().post('/mbl/api/registration').send({ token, password: 'Other-pass1', securityQuestionId: '1', securityAnswer: 'x' }).expect(409);

    const audits = await auditRows(db, p.employeeId);
    expect(audits.map((a) => [a.event_type, a.action_type])).toEqual([
      ['Welcome email', 'create'],
      ['Account', 'create'],
    ]);
    const hrAccount = (await db.query(`SELECT id FROM account WHERE username = 'hr@acme.test'`))[0].id;
    expect(audits[0]).toMatchObject({ performed_by: hrAccount, on_behalf_of: null });
    expect(audits[1]).toMatchObject({ performed_by: created.id, on_behalf_of: null });
    // Nothing secret in the email row either: the link is sealed at rest.
    const [emailRow] = await db.query(`SELECT data_enc FROM email_message WHERE to_address = $1`, [p.email]);
    expect(emailRow.data_enc).not.toContain(token);
  });

  it('validates the payload with the spec messages', async () => {
    const p = await createPerson(db);
    const token = await welcome(p.employeeId, p.email);
    const post = (body: Record<string, unknown>) => api().post('/mbl/api/registration').send({ token, securityQuestionId: '1', securityAnswer: 'a', ...body });
    expect((await post({ password: 'abcdefg' }).expect(400)).body.errors).toEqual([{ path: 'password', message: 'Password should contain at least 8 characters' }]);
    expect((await post({ password: 'a'.repeat(65) }).expect(400)).body.message).toBe('Password should contain maximum of 64 characters');
    expect((await post({ password: '' }).expect(400)).body.message).toBe('Field is required');
    expect((await post({ password: 'Passw0rd!', securityAnswer: '' }).expect(400)).body.errors).toEqual([{ path: 'securityAnswer', message: 'Field is required' }]);
    expect((await post({ password: 'Passw0rd!', securityQuestionId: '' }).expect(400)).body.errors[0].path).toBe('securityQuestionId');
    expect((await post({ password: 'Passw0rd!', securityQuestionId: '999' }).expect(400)).body.message).toBe('Please choose a security question from the list');
    expect((await post({ password: 'Passw0rd!', email: 'nope' }).expect(400)).body.message).toBe('Please enter a valid email');
    // Nothing was used up by the refusals.
    await api().get('/mbl/api/registration').query({ token }).expect(200);
  });

  it('asks a username account for its email, which must be free', async () => {
    const p = await createPerson(db, { method: 'username', firstName: 'Uma' });
    const token = await welcome(p.employeeId, p.email);
    const profile = await api().get('/mbl/api/registration').query({ token }).expect(200);
    expect(profile.body).toMatchObject({ authenticationMethod: 'username', username: p.username, email: null, firstName: 'Uma' });

    const base = { token, password: 'Passw0rd!', securityQuestionId: '3', securityAnswer: 'Boston' };
    const missing = await api().post('/mbl/api/registration').send(base).expect(400);
    expect(missing.body).toMatchObject({ message: 'Field is required', errors: [{ path: 'email', message: 'Field is required' }] });
    const taken = await api().post('/mbl/api/registration').send({ ...base, email: 'JANE@acme.test' }).expect(400);
    expect(taken.body).toMatchObject({ message: 'Email already in use', errors: [{ path: 'email', message: 'Email already in use' }] });

    const email = uniqueEmail('uma');
    await api().post('/mbl/api/registration').send({ ...base, email }).expect(200);
    const [row] = await db.query('SELECT email, username, authentication_method FROM account WHERE username = $1', [p.username]);
    expect(row).toEqual({ email, username: p.username, authentication_method: 'username' });
    await t.login(p.username, 'Passw0rd!');
  });

  it('refuses forged, expired and replaced tokens with 403', async () => {
    const forged = await api().get('/mbl/api/registration').query({ token: 'A'.repeat(43) }).expect(403);
    expect(forged.body).toEqual({ statusCode: 403, message: TOKEN_INVALID });
    await api().get('/mbl/api/registration').query({ token: '' }).expect(400);
    await api().post('/mbl/api/registration').send({ token: 'forged', password: 'Passw0rd!', securityQuestionId: '1', securityAnswer: 'a' }).expect(403);

    const p = await createPerson(db);
    const first = await welcome(p.employeeId, p.email);
    const second = await welcome(p.employeeId, p.email);
    expect(second).not.toBe(first);
    // Resending replaces the older link.
    await api().get('/mbl/api/registration').query({ token: first }).expect(403);
    await api().get('/mbl/api/registration').query({ token: second }).expect(200);

    await db.query(`UPDATE account_token SET expires_at = now() - interval '1 minute' WHERE account_id = $1 AND used_at IS NULL`, [p.accountId]);
    await api().get('/mbl/api/registration').query({ token: second }).expect(403);
    const expired = await api().post('/mbl/api/registration').send({ token: second, password: 'Passw0rd!', securityQuestionId: '1', securityAnswer: 'a' }).expect(403);
    expect(expired.body.message).toBe(TOKEN_INVALID);
    const [row] = await db.query('SELECT password_hash FROM account WHERE id = $1', [p.accountId]);
    expect(row.password_hash).toBeNull();
  });

  it('lets one of two simultaneous submissions of the same link win', async () => {
    const p = await createPerson(db);
    const token = await welcome(p.employeeId, p.email);
    const body = { token, password: 'Passw0rd!', securityQuestionId: '1', securityAnswer: 'a' };
    const results = await Promise.all([api().post('/mbl/api/registration').send(body), api().post('/mbl/api/registration').send(body)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it('reads the seeded link of the unregistered demo employee without using it', async () => {
    const token = derivedToken(process.env.JWT_SECRET!, 'seed-registration:nora@acme.test');
    const res = await api().get('/mbl/api/registration').query({ token }).expect(200);
    expect(res.body).toEqual({ firstName: 'Nora', lastName: 'Newman', email: 'nora@acme.test', authenticationMethod: 'email', username: 'nora@acme.test' });
  });

  it('welcome email: admin of the same client only; never for the registered', async () => {
    const jane = await t.login('jane@acme.test');
    const nora = await employeeIdOf(db, 'nora@acme.test');
    await api().post(`/mbl/api/employees/${nora}/welcome-email`).set('Authorization', `Bearer ${jane}`).expect(403);
    const other = await createOtherTenant(db);
    await api().post(`/mbl/api/employees/${other.employeeId}/welcome-email`).set('Authorization', `Bearer ${hr}`).expect(404);
    const registered = await api().post(`/mbl/api/employees/${await employeeIdOf(db, 'jane@acme.test')}/welcome-email`).set('Authorization', `Bearer ${hr}`).expect(409);
    expect(registered.body.message).toBe('This employee has already registered');
    await api().post('/mbl/api/employees/abc/welcome-email').set('Authorization', `Bearer ${hr}`).expect(404);
  });

  describe('the username check (decisions section 6: only inside a registration, or for HR or an agent of the client)', () => {
    /** A registration link's token of a fresh, unregistered account (as the welcome email carries). */
    async function registrationToken(): Promise<string> {
      const p = await createPerson(db, { registered: false, method: 'username' });
      return (await t.app.get(AccountTokensService).issue(p.accountId!, 'registration', 3600)).raw;
    }
    const inRegistration = (token: string, username: string | undefined, ip = uniqueIp()) =>
      api().get('/mbl/api/registration/validate').set('X-Forwarded-For', ip).query(username === undefined ? { token } : { token, username });
    const asAdmin = (jwt: string, username: string) => api().get('/mbl/api/employees/validate').set('Authorization', `Bearer ${jwt}`).query({ username });

    it('inside a registration: success for a valid email nobody uses, false otherwise', async () => {
      const token = await registrationToken();
      expect((await inRegistration(token, uniqueEmail('free')).expect(200)).body).toEqual({ success: true });
      expect((await inRegistration(token, 'Jane@Acme.test').expect(200)).body).toEqual({ success: false });
      expect((await inRegistration(token, 'not-an-email').expect(200)).body).toEqual({ success: false });
      expect((await inRegistration(token, undefined).expect(200)).body).toEqual({ success: false });
    });

    it('answers no one else: no token, a forged token, an employee; HR and the agent of the client may', async () => {
      await api().get('/mbl/api/employees/validate').query({ username: 'jane@acme.test' }).expect(401);
      expect((await inRegistration('forged-token-of-nobody', 'jane@acme.test').expect(403)).body.message).toBe(TOKEN_INVALID);
      await api().get('/mbl/api/registration/validate').query({ username: 'jane@acme.test' }).expect(400);
      await asAdmin(await t.login('jane@acme.test'), 'jane@acme.test').expect(403);
      expect((await asAdmin(hr, 'jane@acme.test').expect(200)).body).toEqual({ success: false });
      expect((await asAdmin(await t.login('agent@harbor.test'), uniqueEmail('free')).expect(200)).body).toEqual({ success: true });
    });

    it("the admin variant counts the employee's own address as free and stays in the client", async () => {
      const jane = await employeeIdOf(db, 'jane@acme.test');
      const helen = await employeeIdOf(db, 'hr@acme.test');
      const as = (id: number, username: string) => api().get(`/mbl/api/employees/${id}/validate`).set('Authorization', `Bearer ${hr}`).query({ username });
      expect((await as(jane, 'jane@acme.test').expect(200)).body).toEqual({ success: true });
      expect((await as(helen, 'jane@acme.test').expect(200)).body).toEqual({ success: false });
      const other = await createOtherTenant(db);
      await as(other.employeeId, uniqueEmail('x')).expect(404);
    });

    it('inside a registration it is throttled per IP', async () => {
      const token = await registrationToken();
      const ip = uniqueIp();
      const redis = t.app.get<Redis>(REDIS);
      await redis.set(t.app.get(RateLimiter).keyFor(`username-check:ip:${ip}`), '60', 'EX', 60);
      const res = await inRegistration(token, uniqueEmail('free'), ip).expect(429);
      expect(res.body.message).toMatch(/Too many attempts/);
      await inRegistration(token, uniqueEmail('free')).expect(200);
    });
  });
});
