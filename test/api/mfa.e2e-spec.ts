import { generateSync } from 'otplib';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { MfaMessages } from '../../api/src/contracts/mfa';
import { Messages } from '../../api/src/contracts/messages';
import { ControlledClock } from '../../api/src/core/clock/clock';
import { ClockModule } from '../../api/src/core/clock/clock.module';
import { createTestApp, type TestApp } from '../support/app';
import { hashSecret } from '../../api/src/core/auth/passwords';
import { acmeClientId, cloneAcmeClient, createPerson, uniqueEmail, uniqueIp, type FixturePerson } from '../support/fixtures';
import { DEMO_PASSWORD } from '../support/test-env';

// One clock for the API and the codes this test computes: a replay is the same time step, the next code the next one.
const clock = new ControlledClock(new Date('2026-03-02T15:00:05Z'));
ClockModule.use(clock);
const epoch = () => Math.floor(clock.now().getTime() / 1000);
const codeOf = (secret: string) => generateSync({ secret, epoch: epoch() });
const nextStep = () => clock.set(new Date(clock.now().getTime() + 30_000));

/**
 * Issue 27 item 6: administrators' MFA. An HR administrator sets up an authenticator (QR, secret, first code,
 * ten recovery codes); sign-in then asks for a code after the password, refuses wrong and replayed codes,
 * takes each recovery code once, throttles codes like passwords; a client can require an authenticator of
 * its HR; another administrator resets a lost one. Everything is audited, and the secret never leaves the
 * server sealed or otherwise once confirmed.
 */
describe('MFA for administrators', () => {
  let t: TestApp;
  let db: DataSource;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
  });
  afterAll(async () => {
    await t.close();
    ClockModule.use(null);
  });

  const api = () => request(t.server);
  const auth = (jwt: string) => ({ Authorization: `Bearer ${jwt}` });
  const password = (username: string, ip: string) => api().post('/mbl/api/login').set('X-Forwarded-For', ip).send({ username, password: DEMO_PASSWORD });
  const secondStep = (mfaToken: string, code: string, ip: string) => api().post('/mbl/api/login/mfa').set('X-Forwarded-For', ip).send({ mfaToken, code });
  const events = async (accountId: number, action: string): Promise<string[]> =>
    ((await db.query(`SELECT description FROM audit_log WHERE action_type = $1 AND (performed_by = $2 OR description LIKE '%' || (SELECT username FROM account WHERE id = $2)) ORDER BY id`, [action, accountId])) as Array<{ description: string }>).map(
      (r) => r.description,
    );

  const newHr = (clientId?: number) => createPerson(db, { registered: true, roleType: 1, ...(clientId ? { clientId } : {}) });

  /** Signs in with the password and sets up an authenticator through the API, as the site does. */
  async function enroll(hr: FixturePerson): Promise<{ secret: string; recoveryCodes: string[] }> {
    const jwt = await t.login(hr.username);
    const setup = await api().post('/mbl/api/mfa/setup').set(auth(jwt)).expect(200);
    const { secret, otpauthUrl, qrSvg } = setup.body as { secret: string; otpauthUrl: string; qrSvg: string };
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    expect(otpauthUrl).toContain(`secret=${secret}`);
    expect(qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    const confirmed = await api().post('/mbl/api/mfa/confirm').set(auth(jwt)).send({ code: codeOf(secret) }).expect(200);
    nextStep();
    return { secret, recoveryCodes: (confirmed.body as { recoveryCodes: string[] }).recoveryCodes };
  }

  it('HR sets up an authenticator: the secret is sealed at rest, ten recovery codes are answered once and stored hashed, audited', async () => {
    const hr = await newHr();
    const jwt = await t.login(hr.username);
    expect((await api().get('/mbl/api/mfa').set(auth(jwt)).expect(200)).body).toEqual({ enrolled: false, enrolledAt: null, recoveryCodesLeft: 0, required: false, setup: null });

    const setup = (await api().post('/mbl/api/mfa/setup').set(auth(jwt)).expect(200)).body as { secret: string };
    // Until confirmed the page can show it again (a reload); a wrong first code confirms nothing.
    expect((await api().get('/mbl/api/mfa').set(auth(jwt)).expect(200)).body.setup.secret).toBe(setup.secret);
    const wrong = codeOf(setup.secret) === '000000' ? '111111' : '000000';
    await api().post('/mbl/api/mfa/confirm').set(auth(jwt)).send({ code: wrong }).expect(401);
    const confirmed = await api().post('/mbl/api/mfa/confirm').set(auth(jwt)).send({ code: codeOf(setup.secret) }).expect(200);
    const codes = (confirmed.body as { recoveryCodes: string[] }).recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);

    const status = (await api().get('/mbl/api/mfa').set(auth(jwt)).expect(200)).body;
    expect(status).toMatchObject({ enrolled: true, recoveryCodesLeft: 10, setup: null });
    // A second set-up is refused while one is confirmed.
    await api().post('/mbl/api/mfa/setup').set(auth(jwt)).expect(409);

    const [row] = (await db.query(`SELECT secret_enc FROM account_mfa WHERE account_id = $1`, [hr.accountId])) as Array<{ secret_enc: string }>;
    expect(row!.secret_enc).not.toContain(setup.secret);
    expect(row!.secret_enc.split(':')).toHaveLength(4);
    const hashes = (await db.query(`SELECT code_hash FROM mfa_recovery_code WHERE account_id = $1`, [hr.accountId])) as Array<{ code_hash: string }>;
    expect(hashes).toHaveLength(10);
    for (const h of hashes) expect(h.code_hash).toMatch(/^\$argon2id\$/);
    const audit = JSON.stringify(await db.query(`SELECT * FROM audit_log WHERE performed_by = $1`, [hr.accountId]));
    expect(audit).not.toContain(setup.secret);
    expect(await events(hr.accountId!, 'mfa-enrolled')).toHaveLength(1);
    expect(await events(hr.accountId!, 'mfa-failed')).toHaveLength(1);
  });

  it('sign-in asks for the code after the password: no session before it; a wrong code and a replayed one are refused and audited', async () => {
    const hr = await newHr();
    const { secret } = await enroll(hr);
    const ip = uniqueIp();

    const first = await password(hr.username, ip).expect(200);
    expect(first.body).toEqual({ mfa: 'code', mfaToken: expect.any(String) });
    expect(first.body.jwt).toBeUndefined();
    // The pending token is no bearer token.
    await api().get('/mbl/api/me').set(auth(first.body.mfaToken as string)).expect(401);

    const wrong = codeOf(secret) === '123456' ? '654321' : '123456';
    const refused = await secondStep(first.body.mfaToken as string, wrong, ip).expect(401);
    expect(refused.body.message).toBe(MfaMessages.codeInvalid);

    const code = codeOf(secret);
    const signedIn = await secondStep(first.body.mfaToken as string, code, ip).expect(200);
    expect(signedIn.body).toEqual({ jwt: expect.any(String), version: 'full' });
    await api().get('/mbl/api/me').set(auth(signedIn.body.jwt as string)).expect(200);
    // The step's token is single-use.
    expect((await secondStep(first.body.mfaToken as string, codeOf(secret), ip).expect(401)).body.message).toBe(MfaMessages.challengeExpired);

    // The same code again (same time step), through a new sign-in: refused as used.
    const again = await password(hr.username, ip).expect(200);
    expect((await secondStep(again.body.mfaToken as string, code, ip).expect(401)).body.message).toBe(MfaMessages.codeUsed);
    nextStep();
    await secondStep(again.body.mfaToken as string, codeOf(secret), ip).expect(200);

    expect(await events(hr.accountId!, 'mfa-failed')).toEqual([`Wrong authenticator code for ${hr.username}`, `Reused authenticator code for ${hr.username}`]);
    const audit = JSON.stringify(await db.query(`SELECT description, data FROM audit_log WHERE action_type = 'mfa-failed' AND performed_by = $1`, [hr.accountId]));
    expect(audit).not.toContain(wrong);
  });

  it('a platform administrator (no administrator role) sets up an authenticator too, signs in with it, and another platform administrator resets it', async () => {
    const ops = await createPerson(db, { registered: true });
    await db.query(`UPDATE account SET platform_admin = true WHERE id = $1`, [ops.accountId]);
    const { secret } = await enroll(ops);
    const ip = uniqueIp();
    const first = await password(ops.username, ip).expect(200);
    expect(first.body).toEqual({ mfa: 'code', mfaToken: expect.any(String) });
    const signedIn = await secondStep(first.body.mfaToken as string, codeOf(secret), ip).expect(200);
    expect((await api().get('/mbl/api/me').set(auth(signedIn.body.jwt as string)).expect(200)).body.permissions).toEqual(expect.arrayContaining(['queues:manage', 'mfa:self']));
    expect(await events(ops.accountId!, 'mfa-enrolled')).toHaveLength(1);

    // Lost: another platform administrator resets it. They see the platform administrators only (not the HR of
    // the client their account sits in), and the entry is in no client's log. HR cannot reach them.
    const other = await createPerson(db, { registered: true });
    await db.query(`UPDATE account SET platform_admin = true WHERE id = $1`, [other.accountId]);
    const otherJwt = await t.login(other.username);
    const list = (await api().get('/mbl/api/mfa/administrators').set(auth(otherJwt)).expect(200)).body as { requiredForHr: boolean | null; administrators: Array<{ id: number; kind: string; enrolled: boolean }> };
    expect(list.requiredForHr).toBeNull();
    expect(list.administrators.find((a) => a.id === ops.accountId)).toMatchObject({ kind: 'platform', enrolled: true });
    expect(list.administrators.every((a) => a.kind === 'platform')).toBe(true);
    const hrId = (await db.query(`SELECT id FROM account WHERE username = 'hr@acme.test'`))[0].id as number;
    await api().post(`/mbl/api/mfa/administrators/${hrId}/reset`).set(auth(otherJwt)).expect(404);
    await api().post(`/mbl/api/mfa/administrators/${ops.accountId}/reset`).set(auth(await t.login('hr@acme.test'))).expect(404);
    await api().post(`/mbl/api/mfa/administrators/${ops.accountId}/reset`).set(auth(otherJwt)).expect(200);
    expect(await db.query(`SELECT 1 FROM account_mfa WHERE account_id = $1`, [ops.accountId])).toEqual([]);
    expect(await db.query(`SELECT client_id, description FROM audit_log WHERE action_type = 'mfa-reset' AND performed_by = $1`, [other.accountId])).toEqual([
      { client_id: null, description: `Reset the authenticator of ${ops.username}` },
    ]);
    expect((await password(ops.username, uniqueIp()).expect(200)).body.jwt).toEqual(expect.any(String));
  });

  it('a recovery code signs in once, in any case and with or without its dash; the second use is refused', async () => {
    const hr = await newHr();
    const { recoveryCodes } = await enroll(hr);
    const ip = uniqueIp();
    const recovery = recoveryCodes[3]!;

    const first = await password(hr.username, ip).expect(200);
    await secondStep(first.body.mfaToken as string, recovery.toLowerCase().replace('-', ' '), ip).expect(200);
    const second = await password(hr.username, ip).expect(200);
    await secondStep(second.body.mfaToken as string, recovery, ip).expect(401);
    expect(await events(hr.accountId!, 'mfa-recovery-code-used')).toHaveLength(1);
    const jwt = (await secondStep(second.body.mfaToken as string, recoveryCodes[4]!, ip).expect(200)).body.jwt as string;
    expect((await api().get('/mbl/api/mfa').set(auth(jwt)).expect(200)).body.recoveryCodesLeft).toBe(8);
  });

  it('codes are throttled like passwords: 30 parallel wrong codes, at most 5 checked, the rest 429; then even the right code waits', async () => {
    const hr = await newHr();
    const { secret } = await enroll(hr);
    const ip = uniqueIp();
    const { mfaToken } = (await password(hr.username, ip).expect(200)).body as { mfaToken: string };
    const right = codeOf(secret);
    const wrong = right === '999999' ? '888888' : '999999';
    const answers = await Promise.all(Array.from({ length: 30 }, () => secondStep(mfaToken, wrong, ip)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(25);
    expect((await secondStep(mfaToken, right, ip).expect(429)).body.message).toBe(Messages.tooManyAttempts);
  });

  it('a client that requires MFA sends its HR without an authenticator to set one up right after the password; they cannot turn it off', async () => {
    const clientId = await cloneAcmeClient(db);
    const hr = await newHr(clientId);
    // An agent of the clone's agency (its own, so Harbor's client list stays as other suites expect).
    const agentName = uniqueEmail('agent');
    await db.query(
      `INSERT INTO account (agency_id, username, email, password_hash, role_type, first_name, last_name, registration_step, privacy_policy_agreed_at)
       SELECT agency_id, $2, $2, $3, 1, 'Ada', 'Gent', 0, now() FROM client WHERE id = $1`,
      [clientId, agentName, await hashSecret(DEMO_PASSWORD)],
    );
    const agent = await t.login(agentName);
    const opened = (await api().post(`/mbl/api/agency/clients/${clientId}/open`).set(auth(agent)).expect(200)).body.jwt as string;
    await api().put('/mbl/api/mfa/requirement').set(auth(opened)).send({ requiredForHr: 'yes' }).expect(400);
    await api().put('/mbl/api/mfa/requirement').set(auth(opened)).send({ requiredForHr: true }).expect(200);
    await api().put('/mbl/api/mfa/requirement').set(auth(await t.login('hr@acme.test'))).send({ requiredForHr: false }).expect(403);
    expect((await db.query(`SELECT description FROM audit_log WHERE client_id = $1 AND event_type = 'Security' AND action_type = 'update'`, [clientId])) as unknown[]).toEqual([
      { description: 'Required an authenticator for HR administrators' },
    ]);
    expect((await api().get('/mbl/api/mfa/administrators').set(auth(opened)).expect(200)).body).toMatchObject({
      requiredForHr: true,
      administrators: expect.arrayContaining([expect.objectContaining({ id: hr.accountId, kind: 'hr', enrolled: false })]),
    });

    const ip = uniqueIp();
    const step = (await password(hr.username, ip).expect(200)).body as { mfa: string; mfaToken: string };
    expect(step.mfa).toBe('enroll');
    // The code step's route does not take an enrollment token.
    await secondStep(step.mfaToken, '123456', ip).expect(401);
    const setup = (await api().post('/mbl/api/login/mfa/setup').send({ mfaToken: step.mfaToken }).expect(200)).body as { secret: string };
    // A reload of the page shows the same authenticator.
    expect((await api().post('/mbl/api/login/mfa/setup').send({ mfaToken: step.mfaToken }).expect(200)).body.secret).toBe(setup.secret);
    const enrolled = await api().post('/mbl/api/login/mfa/enroll').set('X-Forwarded-For', ip).send({ mfaToken: step.mfaToken, code: codeOf(setup.secret) }).expect(200);
    expect(enrolled.body).toEqual({ jwt: expect.any(String), version: 'full', recoveryCodes: expect.any(Array) });
    const jwt = enrolled.body.jwt as string;
    expect((await api().get('/mbl/api/mfa').set(auth(jwt)).expect(200)).body).toMatchObject({ enrolled: true, required: true });
    expect((await api().post('/mbl/api/mfa/disable').set(auth(jwt)).send({ password: DEMO_PASSWORD }).expect(409)).body.message).toBe(MfaMessages.requiredByClient);

    // Next time: the code, like everyone enrolled.
    nextStep();
    expect((await password(hr.username, ip).expect(200)).body.mfa).toBe('code');
    // Employees and test users of that client are not asked.
    const employee = await createPerson(db, { registered: true, clientId });
    expect((await password(employee.username, ip).expect(200)).body.jwt).toEqual(expect.any(String));
    const tester = await createPerson(db, { registered: true, clientId, roleType: 1, testUser: true });
    expect((await password(tester.username, ip).expect(200)).body.jwt).toEqual(expect.any(String));
  });

  it('another administrator resets a lost authenticator (audited); not their own, not one of another client', async () => {
    const acme = await acmeClientId(db);
    const lost = await newHr(acme);
    await enroll(lost);
    const colleague = await t.login('hr@acme.test');
    const list = (await api().get('/mbl/api/mfa/administrators').set(auth(colleague)).expect(200)).body as { administrators: Array<{ id: number; enrolled: boolean }> };
    expect(list.administrators.find((a) => a.id === lost.accountId)).toMatchObject({ enrolled: true });
    // HR sees the client's HR, not the agency's agents, and no test user.
    expect(list.administrators.map((a) => (a as unknown as { kind: string }).kind)).not.toContain('agent');

    const hrId = (await db.query(`SELECT id FROM account WHERE username = 'hr@acme.test'`))[0].id as number;
    await api().post(`/mbl/api/mfa/administrators/${hrId}/reset`).set(auth(colleague)).expect(409);
    const otherClient = await cloneAcmeClient(db);
    const stranger = await newHr(otherClient);
    await api().post(`/mbl/api/mfa/administrators/${stranger.accountId}/reset`).set(auth(colleague)).expect(404);
    const employee = await createPerson(db, { registered: true });
    await api().post(`/mbl/api/mfa/administrators/${employee.accountId}/reset`).set(auth(colleague)).expect(404);
    await api().post(`/mbl/api/mfa/administrators/abc/reset`).set(auth(colleague)).expect(404);

    await api().post(`/mbl/api/mfa/administrators/${lost.accountId}/reset`).set(auth(colleague)).expect(200);
    expect(await db.query(`SELECT 1 FROM account_mfa WHERE account_id = $1 UNION ALL SELECT 1 FROM mfa_recovery_code WHERE account_id = $1`, [lost.accountId])).toEqual([]);
    expect((await db.query(`SELECT description FROM audit_log WHERE action_type = 'mfa-reset' AND performed_by = $1 ORDER BY id DESC LIMIT 1`, [hrId]))[0]).toEqual({
      description: `Reset the authenticator of ${lost.username}`,
    });
    // Signs in with the password alone again (their client does not require one).
    expect((await password(lost.username, uniqueIp()).expect(200)).body.jwt).toEqual(expect.any(String));
  });

  it('an administrator turns their own authenticator off with the password (audited); employees and test users have no MFA routes', async () => {
    const own = await newHr();
    const jwt = await t.login(own.username);
    await enrollWith(jwt);
    await api().post('/mbl/api/mfa/disable').set(auth(jwt)).send({ password: 'wrong-password' }).expect(400);
    await api().post('/mbl/api/mfa/disable').set(auth(jwt)).send({ password: DEMO_PASSWORD }).expect(200);
    expect(await events(own.accountId!, 'mfa-disabled')).toEqual([`Turned off the authenticator of ${own.username}`]);
    expect((await password(own.username, uniqueIp()).expect(200)).body.jwt).toEqual(expect.any(String));

    for (const username of ['jane@acme.test', 'tess@acme.test']) {
      const token = await t.login(username);
      await api().get('/mbl/api/mfa').set(auth(token)).expect(403);
      await api().post('/mbl/api/mfa/setup').set(auth(token)).expect(403);
    }
  });

  async function enrollWith(jwt: string): Promise<void> {
    const { secret } = (await api().post('/mbl/api/mfa/setup').set(auth(jwt)).expect(200)).body as { secret: string };
    await api().post('/mbl/api/mfa/confirm').set(auth(jwt)).send({ code: codeOf(secret) }).expect(200);
    nextStep();
  }

  it('malformed second steps answer 400 or 401, never 500', async () => {
    for (const body of [{}, { mfaToken: 'x' }, { mfaToken: 'x', code: '12' }, { mfaToken: 'x'.repeat(5000), code: '123456' }, { mfaToken: 7, code: 123456 }, { mfaToken: 'x', code: '\u0000' }]) {
      const res = await api().post('/mbl/api/login/mfa').send(body);
      expect([400, 401]).toContain(res.status);
      const enroll = await api().post('/mbl/api/login/mfa/enroll').send(body);
      expect([400, 401]).toContain(enroll.status);
      const setup = await api().post('/mbl/api/login/mfa/setup').send(body);
      expect([400, 401]).toContain(setup.status);
    }
    expect((await api().post('/mbl/api/login/mfa').send({ mfaToken: 'not-a-token', code: '123456' }).expect(401)).body.message).toBe(MfaMessages.challengeExpired);
  });

  it('an expired second step asks to log in again', async () => {
    const hr = await newHr();
    const { secret } = await enroll(hr);
    const ip = uniqueIp();
    const { mfaToken } = (await password(hr.username, ip).expect(200)).body as { mfaToken: string };
    clock.set(new Date(clock.now().getTime() + 11 * 60_000));
    expect((await secondStep(mfaToken, codeOf(secret), ip).expect(401)).body.message).toBe(MfaMessages.challengeExpired);
  });
});
