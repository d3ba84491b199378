import { JwtService } from '@nestjs/jwt';
import type Redis from 'ioredis';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { Messages } from '../../api/src/contracts/messages';
import { SessionStore } from '../../api/src/core/auth/session-store';
import { unknownLoginDigest } from '../../api/src/core/auth/unknown-login';
import { APP_CONFIG, type AppConfig } from '../../api/src/core/config/app-config';
import { RateLimiter } from '../../api/src/core/redis/rate-limiter';
import { REDIS } from '../../api/src/core/redis/redis.tokens';
import { AccountTokensService } from '../../api/src/modules/accounts/account-tokens.service';
import { createTestApp, type TestApp } from '../support/app';
import { cloneAcmeClient, createPerson, uniqueEmail, uniqueIp } from '../support/fixtures';
import { linkFrom, startMailWorkers, type MailHarness } from '../support/mail';
import { clearRedisPrefix } from '../support/redis-prefix';
import { DEMO_PASSWORD } from '../support/test-env';

/**
 * Issue 27 items 1, 2, 3 and 5: the security probe's findings, each as the test that failed before the fix.
 * Sessions kept to their deployment; forgot password and the username check that tell no one who has an
 * account; HR-set passwords under the one rule, ending every session; headers, cookies, the origin check,
 * names and the audit of unknown logins.
 */
describe('security hardening (issue 27)', () => {
  let t: TestApp;
  let db: DataSource;
  let mail: MailHarness;
  /** A second deployment of the portal on the same Redis (and, so that account ids coincide, the same database). */
  let other: TestApp;
  const otherPrefix = () => `${process.env.QUEUE_PREFIX}_other`;
  beforeAll(async () => {
    // First: passport keeps one 'local' strategy per process, the last app's, so the one closed last is made first.
    const saved = { prefix: process.env.QUEUE_PREFIX, sink: process.env.DEV_MAILBOX_SINK };
    process.env.QUEUE_PREFIX = otherPrefix();
    // The deployment under test owns the development SMTP sink's port.
    process.env.DEV_MAILBOX_SINK = 'off';
    try {
      other = await createTestApp();
    } finally {
      process.env.QUEUE_PREFIX = saved.prefix;
      if (saved.sink === undefined) delete process.env.DEV_MAILBOX_SINK;
      else process.env.DEV_MAILBOX_SINK = saved.sink;
    }
    t = await createTestApp();
    db = t.app.get(DataSource);
    mail = await startMailWorkers(t);
    // The app and a workers module start here: the 90 s appWithWorkers gives them (a loaded CI machine).
  }, 90_000);
  afterAll(async () => {
    await mail?.close();
    await t?.close();
    await other?.close();
    await clearRedisPrefix(otherPrefix());
  });

  const api = () => request(t.server);
  const bearer = (jwt: string) => ({ Authorization: `Bearer ${jwt}` });
  const sidOf = (jwt: string) => t.app.get(JwtService).decode<{ sid: string }>(jwt).sid;
  /** Every key of the shared Redis matching the pattern, whichever deployment wrote it. */
  const keysMatching = async (pattern: string): Promise<string[]> => {
    const redis = t.app.get<Redis>(REDIS);
    const found: string[] = [];
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
      cursor = next;
      found.push(...keys);
    } while (cursor !== '0');
    return found.sort();
  };

  describe('1. sessions are kept to their deployment', () => {
    const me = (app: TestApp, jwt: string) => request(app.server).get('/mbl/api/me').set(bearer(jwt));

    it('the two deployments really differ only by their prefix', () => {
      expect(other.app.get<AppConfig>(APP_CONFIG).queuePrefix).toBe(otherPrefix());
      expect(t.app.get<AppConfig>(APP_CONFIG).queuePrefix).toBe(process.env.QUEUE_PREFIX);
    });

    it("a password change and a revocation in one deployment leave the other's sessions of the same account alone", async () => {
      const p = await createPerson(db, { registered: true });
      const here = await t.login(p.email);
      const there = await other.login(p.email);
      const thereToo = await other.login(p.email);

      // The password changes in the other deployment: its other session ends, this deployment's goes on.
      await request(other.server)
        .post('/mbl/api/password')
        .set(bearer(there))
        .send({ oldPassword: DEMO_PASSWORD, password: 'Fresh-Pass-2027', repeatPassword: 'Fresh-Pass-2027' })
        .expect(200);
      await me(other, thereToo).expect(401);
      await me(other, there).expect(200);
      await me(t, here).expect(200);

      // Ending every session of the account there (a reset, a termination) ends none here…
      await other.app.get(SessionStore).revokeAllOf(p.accountId!);
      await me(other, there).expect(401);
      await me(t, here).expect(200);
      // …and the other way round.
      const again = await other.login(p.email, 'Fresh-Pass-2027');
      await t.app.get(SessionStore).revokeAllOf(p.accountId!);
      await me(t, here).expect(401);
      await me(other, again).expect(200);
    });

    it("every key of a session, its person's index and what it opened carries the deployment's prefix", async () => {
      const redis = t.app.get<Redis>(REDIS);
      const prefix = `${t.app.get<AppConfig>(APP_CONFIG).queuePrefix}:`;
      const hr = await t.login('hr@acme.test');
      const p = await createPerson(db, { registered: true });
      const acting = (await api().post(`/mbl/api/employees/${p.employeeId}/impersonate`).set(bearer(hr)).send({ reason: 'enrollment' }).expect(200)).body.jwt as string;
      const keysNaming = (sid: string) => keysMatching(`*${sid}*`);
      // Session ids are random UUIDs: whatever names one was written by this deployment, now.
      const hrSid = sidOf(hr);
      expect(await keysNaming(hrSid)).toEqual([`${prefix}sess-opened-by:${hrSid}`, `${prefix}sess:${hrSid}`]);
      expect(await keysNaming(sidOf(acting))).toEqual([`${prefix}sess:${sidOf(acting)}`]);
      expect(await redis.sismember(t.app.get(SessionStore).personKey(p.accountId!), hrSid)).toBe(0);
      expect(await redis.sismember(t.app.get(SessionStore).personKey(t.app.get(JwtService).decode<{ sub: number }>(hr).sub), hrSid)).toBe(1);

      // Logging out the administrator ends the session it opened, through the prefixed keys.
      await api().post('/mbl/api/logout').set(bearer(hr)).expect(200);
      await me(t, acting).expect(401);
      expect(await keysNaming(hrSid)).toEqual([]);
    });
  });

  describe('2. no account enumeration', () => {
    const forgot = (email: string) => api().post('/mbl/api/auth/forgot-password').set('X-Forwarded-For', uniqueIp()).send({ email });
    const ANSWER = { success: true, message: 'If an account uses this address, we have sent a link to reset its password.' };

    it('forgot password: the same status and body for a registered, an unregistered and an unknown address; only the registered gets a link', async () => {
      const registered = await createPerson(db, { registered: true });
      const unregistered = await createPerson(db, { registered: false });
      const unknown = uniqueEmail('nobody');
      const mark = mail.mark();
      const answers = [await forgot(unknown), await forgot(unregistered.email), await forgot(registered.email)];
      expect(answers.map((a) => [a.status, a.body])).toEqual([
        [200, ANSWER],
        [200, ANSWER],
        [200, ANSWER],
      ]);
      expect(ANSWER.message).toBe(Messages.resetLinkMaybeSent);

      const message = await mail.next(registered.email, /Reset your .* password/, mark);
      expect(linkFrom(message, '/mbl/reset-password').searchParams.get('token')).toBeTruthy();
      // The other two never had a link or an email: nothing is queued for them at all (no row, no job).
      expect(await db.query(`SELECT id FROM account_token WHERE account_id = $1 AND purpose = 'password-reset'`, [unregistered.accountId])).toEqual([]);
      expect(await db.query('SELECT id FROM email_message WHERE to_address = ANY($1)', [[unknown, unregistered.email]])).toEqual([]);
    });

    it('forgot password: the same time, within noise, for the three kinds of address: writing the link never lengthens the answer', async () => {
      const registered = await createPerson(db, { registered: true });
      const unregistered = await createPerson(db, { registered: false });
      const kinds = { registered: registered.email, unregistered: unregistered.email, unknown: uniqueEmail('nobody') };
      // The registered path's own work (the link's row, then its email) made slow on purpose, far beyond the
      // machine's noise: an answer that waited for it would show it. Before the fix it did (5.6 ms against 14.0 ms).
      const SLOW_MS = 400;
      const tokens = t.app.get(AccountTokensService);
      const issue = tokens.issue.bind(tokens);
      const slowIssue = jest.spyOn(tokens, 'issue').mockImplementation(async (...args: Parameters<typeof issue>) => {
        await new Promise((resolve) => setTimeout(resolve, SLOW_MS));
        return issue(...args);
      });
      const limiter = t.app.get(RateLimiter);
      const names = Object.keys(kinds) as Array<keyof typeof kinds>;
      const times: Record<keyof typeof kinds, number[]> = { registered: [], unregistered: [], unknown: [] };
      const mark = mail.mark();
      let slowed = 0;
      try {
        for (let round = 0; round < 5; round += 1) {
          // A different order each round, so that neither warm-up nor what the previous request left behind favours one kind.
          for (const kind of names.map((_, i) => names[(i + round) % names.length]!)) {
            await limiter.reset(`forgot:addr:${kinds[kind].toLowerCase()}`);
            const started = process.hrtime.bigint();
            await forgot(kinds[kind]).expect(200, ANSWER);
            times[kind].push(Number(process.hrtime.bigint() - started) / 1e6);
          }
        }
        // The slowed work did happen, after the answers: the links arrive.
        await mail.next(registered.email, /Reset your .* password/, mark);
        slowed = slowIssue.mock.calls.length;
      } finally {
        slowIssue.mockRestore();
      }
      expect(slowed).toBeGreaterThan(0);
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
      const medians = Object.fromEntries(names.map((kind) => [kind, Math.round(median(times[kind]))]));
      const spread = Math.max(...Object.values(medians)) - Math.min(...Object.values(medians));
      expect({ medians, withinNoise: spread < SLOW_MS / 2 }).toEqual({ medians, withinNoise: true });
    });

    it('the username check answers only inside a registration (its token) or to HR or an agent of that client', async () => {
      const check = (username: string) => api().get('/mbl/api/employees/validate').query({ username });
      // Before: 200 to anyone, across clients.
      await check('jane@acme.test').expect(401);
      await check('jane@acme.test').set(bearer(await t.login('jane@acme.test'))).expect(403);
      expect((await check('jane@acme.test').set(bearer(await t.login('hr@acme.test'))).expect(200)).body).toEqual({ success: false });
      expect((await check('jane@acme.test').set(bearer(await t.login('agent@harbor.test'))).expect(200)).body).toEqual({ success: false });
      // HR of another client is HR of that client only: an employee of Acme is not theirs to check.
      const otherClient = await cloneAcmeClient(db);
      const otherHr = await createPerson(db, { clientId: otherClient, registered: true, roleType: 1 });
      const acmeEmployee = await createPerson(db, { registered: true });
      await api().get(`/mbl/api/employees/${acmeEmployee.employeeId}/validate`).query({ username: 'x@acme.test' }).set(bearer(await t.login(otherHr.email))).expect(404);

      const inRegistration = (token: string) => api().get('/mbl/api/registration/validate').set('X-Forwarded-For', uniqueIp()).query({ token, username: 'jane@acme.test' });
      await inRegistration('not-a-real-registration-token').expect(403);
      const newcomer = await createPerson(db, { registered: false });
      const { raw } = await t.app.get(AccountTokensService).issue(newcomer.accountId!, 'registration', 3600);
      expect((await inRegistration(raw).expect(200)).body).toEqual({ success: false });
    });
  });

  describe('3. every password follows the one rule, and setting one ends every session', () => {
    it("HR's PUT /employees/{id} refuses 'abcde' and a common password, sets a good one, ends the employee's sessions and audits it", async () => {
      const hr = await t.login('hr@acme.test');
      const p = await createPerson(db, { registered: true, firstName: 'Pia' });
      const sessions = [await t.login(p.email), await t.login(p.email)];
      const current = (await api().get(`/mbl/api/employees/${p.employeeId}/employee`).set(bearer(hr)).expect(200)).body;
      const body = { firstName: 'Pia', lastName: current.lastName, email: p.email, employmentId: 1, hireDate: '01/15/2024' };
      const put = (password: string) => api().put(`/mbl/api/employees/${p.employeeId}`).set(bearer(hr)).send({ ...body, password });

      expect((await put('abcde').expect(400)).body.errors).toEqual([{ path: 'password', message: Messages.passwordMin }]);
      expect((await put('iloveyou').expect(400)).body.errors).toEqual([{ path: 'password', message: Messages.passwordTooCommon }]);
      expect((await put('x'.repeat(65)).expect(400)).body.errors).toEqual([{ path: 'password', message: Messages.passwordMax }]);
      for (const jwt of sessions) await api().get('/mbl/api/me').set(bearer(jwt)).expect(200);

      await put('Temp-Pass-2027').expect(200);
      for (const jwt of sessions) await api().get('/mbl/api/me').set(bearer(jwt)).expect(401);
      // HR's own session goes on.
      await api().get('/mbl/api/me').set(bearer(hr)).expect(200);
      await t.login(p.email, 'Temp-Pass-2027');
      const audit = await db.query(`SELECT description, data FROM audit_log WHERE employee_id = $1 AND event_type = 'Account' AND action_type = 'update'`, [p.employeeId]);
      expect(audit).toEqual([{ description: expect.stringMatching(/^Password of Pia \S+ set by an administrator; every session of the account ended$/), data: [] }]);
      expect(JSON.stringify(audit)).not.toContain('Temp-Pass-2027');
    });

    it('registration, change and reset refuse the same passwords with the same messages', async () => {
      const p = await createPerson(db, { registered: true });
      const jwt = await t.login(p.email);
      const tokens = t.app.get(AccountTokensService);
      const newcomer = await createPerson(db, { registered: false });
      const registration = (await tokens.issue(newcomer.accountId!, 'registration', 3600)).raw;
      const reset = (await tokens.issue(p.accountId!, 'password-reset', 3600)).raw;
      for (const [password, message] of [
        ['abcde', Messages.passwordMin],
        ['password1', Messages.passwordTooCommon],
      ] as const) {
        const answers = [
          await api().post('/mbl/api/registration').send({ token: registration, password, repeatPassword: password, securityQuestionId: '1', securityAnswer: 'Rex' }),
          await api().post('/mbl/api/password').set(bearer(jwt)).send({ oldPassword: DEMO_PASSWORD, password, repeatPassword: password }),
          await api().post('/mbl/api/auth/reset-password').send({ token: reset, password, answer: 'Rex' }),
        ];
        for (const res of answers) {
          expect(res.status).toBe(400);
          expect(res.body.errors).toContainEqual({ path: 'password', message });
        }
      }
    });
  });

  describe('5. headers, cookies, the origin check, names and the audit of unknown logins', () => {
    it('Permissions-Policy on every API answer (200, 401, 404, 400 of an unroutable address); HSTS only over https', async () => {
      const answers = [
        await api().get('/mbl/api/health'),
        await api().get('/mbl/api/me'),
        await api().get('/mbl/api/no-such-route'),
        await api().get('/mbl/api/employees/%zz'),
      ];
      expect(answers.map((r) => r.status)).toEqual([200, 401, 404, 400]);
      for (const res of answers) {
        expect(res.headers['permissions-policy']).toMatch(/camera=\(\)/);
        expect(res.headers['permissions-policy']).toMatch(/geolocation=\(\)/);
        // Plain http: a browser ignores HSTS there, and the probe flagged it.
        expect(res.headers['strict-transport-security']).toBeUndefined();
      }
      // Over https (the trusted proxy on this machine says so), HSTS is sent.
      const https = await api().get('/mbl/api/health').set('X-Forwarded-Proto', 'https').expect(200);
      expect(https.headers['strict-transport-security']).toMatch(/^max-age=\d{7,}/);
      expect(https.headers['permissions-policy']).toMatch(/microphone=\(\)/);
    });

    it("the employer forms' cookie is Secure when the request is https behind the trusted proxy, and the origin check uses PUBLIC_URL, never the Host", async () => {
      const clientId = await cloneAcmeClient(db);
      const hr = await createPerson(db, { clientId, registered: true, roleType: 1 });
      const token = await t.login(hr.email);
      const enter = async (proto?: string) => {
        const { url } = (await api().post('/mbl/api/employer-forms/ticket').set(bearer(token)).expect(200)).body as { url: string };
        const req = api().get(url);
        return (proto ? req.set('X-Forwarded-Proto', proto) : req).expect(303);
      };
      const plain = String((await enter()).headers['set-cookie']);
      expect(plain).not.toMatch(/;\s*Secure/i);
      const secure = await enter('https');
      expect(String(secure.headers['set-cookie'])).toMatch(/;\s*Secure/);
      const cookie = String(secure.headers['set-cookie']).split(';')[0]!;

      const publicOrigin = new URL(t.app.get<AppConfig>(APP_CONFIG).publicUrl).origin;
      const post = (host: string, origin: string) =>
        api().post('/mbl/api/employer-forms/steps/new').set('Cookie', cookie).set('Host', host).set('Origin', origin).type('form').send('title=');
      // Before: an Origin that matched the Host the request itself named was taken as our own.
      await post('evil.example', 'http://evil.example').expect(403);
      await post('evil.example', publicOrigin).expect((res) => expect(res.status).not.toBe(403));
    });

    it('names refuse CR, LF and other control characters with a message, never a 500', async () => {
      const hr = await t.login('hr@acme.test');
      const base = { lastName: 'Plain', employmentId: 1, groupId: 1, hireDate: '11/02/2026', sendEmail: false };
      for (const firstName of ['Eve\r\nBcc: all@acme.test', 'Eve\nMallory', 'Eve\u0007', 'Eve\tTab', 'Eve\u2028Line', 'Eve\u0085', 'Eve\u007f']) {
        const res = await api().post('/mbl/api/employees').set(bearer(hr)).send({ ...base, firstName, email: uniqueEmail('eve') }).expect(400);
        expect(res.body.errors).toEqual([{ path: 'firstName', message: Messages.nameControlCharacters }]);
      }
      const res = await api().post('/mbl/api/employees').set(bearer(hr)).send({ ...base, firstName: 'Eve', middleName: 'A\rB', email: uniqueEmail('eve') }).expect(400);
      expect(res.body.errors).toEqual([{ path: 'middleName', message: Messages.nameControlCharacters }]);
      // NUL is refused earlier still, for every field of every request (request-hygiene), also with a 400.
      expect((await api().post('/mbl/api/employees').set(bearer(hr)).send({ ...base, firstName: 'Eve\u0000', email: uniqueEmail('eve') }).expect(400)).body.errors).toEqual([
        { path: 'firstName', message: expect.any(String) },
      ]);
      // Names with accents, apostrophes, hyphens and spaces are names.
      await api().post('/mbl/api/employees').set(bearer(hr)).send({ ...base, firstName: "Zoë-Anne D'Arcy", email: uniqueEmail('zoe') }).expect(201);

      // The employee's own profile and a dependent share the person schema.
      const jane = await t.login('jane@acme.test');
      const dependent = await api().post('/mbl/api/dependents').set(bearer(jane)).send({ firstName: 'Kid\nInjected', lastName: 'Doe' });
      expect(dependent.status).toBe(400);
      expect(dependent.body.errors).toContainEqual({ path: 'firstName', message: Messages.nameControlCharacters });
    });

    it('a failed login for an unknown username is audited without the text that was typed', async () => {
      const typed = `My-Secret-Password-${Date.now()}`;
      const before = Number((await db.query('SELECT coalesce(max(id), 0) AS id FROM audit_log'))[0].id);
      await api().post('/mbl/api/login').set('X-Forwarded-For', uniqueIp()).send({ username: typed, password: 'whatever-1' }).expect(401);
      // Before: 'Failed login for unknown user "<the text>"'.
      expect(await db.query('SELECT id FROM audit_log WHERE id > $1 AND (description ILIKE $2 OR data::text ILIKE $2)', [before, `%${typed}%`])).toEqual([]);
      const ref = unknownLoginDigest(t.app.get<AppConfig>(APP_CONFIG).jwtSecret)(typed);
      const rows = await db.query(`SELECT data FROM audit_log WHERE id > $1 AND event_type = 'Security' AND action_type = 'login-failed' AND description = $2`, [
        before,
        `Failed login for an unknown username (ref ${ref})`,
      ]);
      expect(rows).toEqual([{ data: [] }]);
      // Nor is it kept in Redis as the key of its attempt counter.
      expect(await keysMatching(`*${typed.toLowerCase()}*`)).toEqual([]);
    });
  });
});
