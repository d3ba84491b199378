import { RateLimiter } from '../../api/src/core/redis/rate-limiter';
import { JwtService } from '@nestjs/jwt';
import type Redis from 'ioredis';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { REDIS } from '../../api/src/core/redis/redis.tokens';
import { SessionStore } from '../../api/src/core/auth/session-store';
import { createTestApp, type TestApp } from '../support/app';
import { createPerson } from '../support/fixtures';

describe('session expiry: the password modal (POST /auth/verify-password)', () => {
  let t: TestApp;
  let db: DataSource;
  let redis: Redis;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    redis = t.app.get(REDIS);
  });
  afterAll(() => t.close());

  const api = () => request(t.server);
  const verify = (jwt: string, password?: string) => api().post('/mbl/api/auth/verify-password').set('Authorization', `Bearer ${jwt}`).send(password === undefined ? {} : { password });

  async function idleSession(email: string): Promise<string> {
    const jwt = await t.login(email);
    const { sid } = t.app.get(JwtService).decode<{ sid: string }>(jwt);
    await redis.set(t.app.get(SessionStore).key(sid), String(Date.now() - 2 * 3600_000), 'KEEPTTL');
    await api().get('/mbl/api/me').set('Authorization', `Bearer ${jwt}`).expect(408);
    return jwt;
  }

  it('a wrong password keeps the session idle; the right one revives it', async () => {
    const p = await createPerson(db, { registered: true });
    const jwt = await idleSession(p.email);
    const wrong = await verify(jwt, 'nope').expect(400);
    expect(wrong.body).toEqual({ statusCode: 400, message: 'Incorrect password', developerMessage: 'Incorrect password' });
    await api().get('/mbl/api/me').set('Authorization', `Bearer ${jwt}`).expect(408);
    expect((await verify(jwt, '').expect(400)).body.message).toBe('Field is required');

    await verify(jwt, 'Passw0rd!').expect(200, { success: true });
    await api().get('/mbl/api/me').set('Authorization', `Bearer ${jwt}`).expect(200);
  });

  it('is throttled per account, and a logged-out session cannot be revived', async () => {
    const p = await createPerson(db, { registered: true });
    const jwt = await idleSession(p.email);
    for (let i = 0; i < 5; i += 1) await verify(jwt, `bad-${i}`).expect(400);
    const limited = await verify(jwt, 'Passw0rd!').expect(429);
    expect(limited.body.message).toMatch(/Too many attempts/);
    // Another session of the same person is limited too: the count is per account, not per token.
    const other = await idleSession(p.email);
    await verify(other, 'Passw0rd!').expect(429);

    await api().post('/mbl/api/logout').set('Authorization', `Bearer ${jwt}`).expect(200);
    await t.app.get(RateLimiter).reset(`pwconfirm:acct:${p.accountId}`);
    await verify(jwt, 'Passw0rd!').expect(401);
  });
});
