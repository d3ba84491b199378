import { RateLimiter } from '../../api/src/core/redis/rate-limiter';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createTestApp, type TestApp } from '../support/app';
import { auditRows, createPerson, uniqueEmail, uniqueIp, type FixturePerson } from '../support/fixtures';
import { linkFrom, startMailWorkers, type MailHarness } from '../support/mail';
import { until } from '../support/wait';

describe('forgot and reset password', () => {
  let t: TestApp;
  let mail: MailHarness;
  let db: DataSource;

  beforeAll(async () => {
    t = await createTestApp();
    mail = await startMailWorkers(t);
    db = t.app.get(DataSource);
    // The demo address is asked for on every run and its counter outlives a run (15-minute window).
    await t.app.get(RateLimiter).reset('forgot:addr:nora@acme.test');
    // The app and a workers module start here: the 90 s appWithWorkers gives them (a loaded CI machine).
  }, 90_000);
  afterAll(async () => {
    await mail?.close();
    await t?.close();
  });

  const api = () => request(t.server);
  const forgot = (email: string, ip = uniqueIp()) => api().post('/mbl/api/auth/forgot-password').set('X-Forwarded-For', ip).send({ email });
  const question = (token: string) => api().post('/mbl/api/auth/question').send({ token });
  const reset = (token: string, answer: string, password = 'Brand-New1') => api().post('/mbl/api/auth/reset-password').send({ token, password, answer });

  /** Asks for a reset link and answers the token read from the delivered email. */
  async function resetLink(p: FixturePerson): Promise<string> {
    const mark = mail.mark();
    const res = await forgot(p.email).expect(200);
    expect(res.body).toEqual({ success: true, message: 'If an account uses this address, we have sent a link to reset its password.' });
    const message = await mail.next(p.email, /Reset your .* password/, mark);
    expect(message.text).toContain('60 minutes');
    const link = linkFrom(message, '/mbl/reset-password');
    return link.searchParams.get('token')!;
  }

  it('answers unknown and unregistered addresses as it answers a registered one (decisions section 6); refuses malformed ones', async () => {
    const same = { success: true, message: 'If an account uses this address, we have sent a link to reset its password.' };
    expect((await forgot(uniqueEmail('nobody')).expect(200)).body).toEqual(same);
    expect((await forgot('nora@acme.test').expect(200)).body).toEqual(same);
    expect((await forgot('not-an-email').expect(400)).body.message).toBe('Please enter a valid email');
    expect((await forgot('').expect(400)).body.message).toBe('Field is required');
  });

  it('emails a single-use link; the question, a wrong answer, then the right one change the password', async () => {
    const p = await createPerson(db, { registered: true });
    const token = await resetLink(p);

    expect((await question(token).expect(200)).body).toEqual({ question: "What is your mother's maiden name?" });
    const wrong = await reset(token, 'Max').expect(400);
    expect(wrong.body).toEqual({ statusCode: 400, message: 'Wrong answer!', errors: [{ path: 'answer', message: 'Wrong answer!' }] });
    await t.login(p.email); // nothing changed yet

    const ok = await reset(token, '  REX ').expect(200);
    expect(ok.body).toEqual({ success: true, message: 'Password changed successfully!' });
    await t.login(p.email, 'Brand-New1');
    await api().post('/mbl/api/login').set('X-Forwarded-For', uniqueIp()).send({ username: p.email, password: 'Passw0rd!' }).expect(401);

    // Reused: the link is spent.
    expect((await question(token).expect(403)).body).toEqual({ statusCode: 403, message: 'Token is not valid!' });
    expect((await reset(token, 'Rex', 'Another-1').expect(403)).body.message).toBe('Token is not valid!');

    const audits = await auditRows(db, p.employeeId, 'update');
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ event_type: 'Password', performed_by: p.accountId, on_behalf_of: null });
    expect(JSON.stringify(audits[0])).not.toMatch(/Brand-New1|argon2/);
  });

  it('refuses forged and expired tokens, and a newer link replaces the older', async () => {
    expect((await question('forged-token').expect(403)).body.message).toBe('Token is not valid!');
    await question('').expect(400);
    await reset('x'.repeat(43), 'Rex').expect(403);

    const p = await createPerson(db, { registered: true });
    const older = await resetLink(p);
    const newer = await resetLink(p);
    await question(older).expect(403);
    await question(newer).expect(200);

    await db.query(`UPDATE account_token SET expires_at = now() - interval '1 second' WHERE account_id = $1 AND used_at IS NULL`, [p.accountId]);
    await question(newer).expect(403);
    await reset(newer, 'Rex').expect(403);
    await t.login(p.email);
  });

  it('burns the link after five wrong answers', async () => {
    const p = await createPerson(db, { registered: true });
    const token = await resetLink(p);
    for (let i = 0; i < 5; i += 1) await reset(token, `wrong-${i}`).expect(400);
    const [row] = await db.query(`SELECT failed_attempts, used_at FROM account_token WHERE account_id = $1 AND purpose = 'password-reset'`, [p.accountId]);
    expect(row.failed_attempts).toBe(5);
    expect(row.used_at).not.toBeNull();
    await reset(token, 'Rex').expect(403);
    await t.login(p.email);
  });

  it('validates the new password with the spec messages', async () => {
    const p = await createPerson(db, { registered: true });
    const token = await resetLink(p);
    expect((await reset(token, 'Rex', 'abc').expect(400)).body.message).toBe('Password should contain at least 8 characters');
    expect((await reset(token, 'Rex', 'x'.repeat(65)).expect(400)).body.message).toBe('Password should contain maximum of 64 characters');
    expect((await reset(token, '', 'Passw0rd!2').expect(400)).body.errors).toEqual([{ path: 'answer', message: 'Field is required' }]);
    await question(token).expect(200);
  });

  it('an account without a question resets with the link alone and must choose a question next', async () => {
    const p = await createPerson(db, { registered: true, question: false });
    const token = await resetLink(p);
    expect((await question(token).expect(200)).body).toEqual({ question: null });
    await reset(token, 'anything').expect(200);
    const jwt = await t.login(p.email, 'Brand-New1');
    const me = await api().get('/mbl/api/me').set('Authorization', `Bearer ${jwt}`).expect(200);
    expect(me.body.securityQuestionReset).toBe(true);
  });

  it('throttles per address and per IP with 429', async () => {
    const p = await createPerson(db, { registered: true });
    for (let i = 0; i < 5; i += 1) await forgot(p.email.toUpperCase()).expect(200);
    expect((await forgot(p.email).expect(429)).body.message).toMatch(/Too many attempts/);
    // The links are written after each answer: wait until the five are there (a newer one replaces the older).
    const tokens = await until(async () => {
      const [row] = await db.query(`SELECT count(*)::int AS n, count(*) FILTER (WHERE used_at IS NULL)::int AS live FROM account_token WHERE account_id = $1`, [p.accountId]);
      return row.n >= 5 ? row : null;
    }, 'the five reset links');
    expect(tokens).toEqual({ n: 5, live: 1 });

    const ip = uniqueIp();
    for (let i = 0; i < 20; i += 1) await forgot(uniqueEmail('scan'), ip).expect(200);
    await forgot(uniqueEmail('scan'), ip).expect(429);
    // Another address from the limited IP is refused before any lookup: it cannot learn whether it exists.
    await forgot('jane@acme.test', ip).expect(429);
  });
});
