import request from 'supertest';
import { DataSource } from 'typeorm';
import { createTestApp, type TestApp } from '../support/app';
import { createPerson } from '../support/fixtures';

/** The API, not only the site, keeps a person with a forced change to the routes that complete it. */
describe('pending forced changes are enforced by the API', () => {
  let t: TestApp;
  let db: DataSource;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
  });
  afterAll(() => t.close());

  const api = () => request(t.server);

  it('a password reset by an administrator admits only /me, options, logout and the change itself', async () => {
    const p = await createPerson(db, { registered: true, passwordReset: true });
    const jwt = await t.login(p.username);
    const auth = { Authorization: `Bearer ${jwt}` };
    await api().get('/mbl/api/me').set(auth).expect(200);
    await api().get('/mbl/api/options?type=gender').set(auth).expect(200);
    const refused = await api().put('/mbl/api/me').set(auth).send({ step: 5 }).expect(403);
    expect(refused.body).toMatchObject({ messageCode: 40305, message: 'Your password was changed by the system administrator. Please create a new password.' });
    await api().post('/mbl/api/update-privacy-policy').set(auth).expect(403);

    await api().post('/mbl/api/password').set(auth).send({ password: 'Fresh1pass!', repeatPassword: 'Fresh1pass!' }).expect(200);
    // The same token works everywhere once the change is made.
    await api().put('/mbl/api/me').set(auth).send({ step: 5 }).expect(200);
  });

  it('a security-question reset admits the question change and then everything', async () => {
    const p = await createPerson(db, { registered: true, securityQuestionReset: true });
    const jwt = await t.login(p.username);
    const auth = { Authorization: `Bearer ${jwt}` };
    const refused = await api().post('/mbl/api/update-privacy-policy').set(auth).expect(403);
    expect(refused.body.messageCode).toBe(40306);
    await api().post('/mbl/api/security-question').set(auth).send({ securityQuestionId: '2', securityAnswer: 'Blue' }).expect(200);
    await api().post('/mbl/api/update-privacy-policy').set(auth).expect(200);
  });

  it('sessions without a pending change are not affected', async () => {
    const jwt = await t.login('jane@acme.test');
    await api().get('/mbl/api/dependents').set('Authorization', `Bearer ${jwt}`).expect(200);
  });
});
