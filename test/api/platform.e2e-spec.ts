import request from 'supertest';
import { createTestApp, type TestApp } from '../support/app';

describe('platform: options, health, OpenAPI, error shape', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp();
    token = await t.login('jane@acme.test');
  });
  afterAll(() => t.close());

  const api = () => request(t.server);

  it('GET /options?type= answers one list with the spec ids', async () => {
    const gender = await api().get('/mbl/api/options?type=gender').set('Authorization', `Bearer ${token}`).expect(200);
    expect(gender.body).toEqual([{ id: 1, text: 'Male' }, { id: 2, text: 'Female' }]);
    const rel = await api().get('/mbl/api/options?type=relationshipType').set('Authorization', `Bearer ${token}`).expect(200);
    expect(rel.body).toEqual(expect.arrayContaining([{ id: 1, text: 'Spouse' }, { id: 2, text: 'Child' }, { id: 7, text: expect.stringMatching(/domestic partner/i) }]));
    const planTypes = await api().get('/mbl/api/options?type=planType').set('Authorization', `Bearer ${token}`).expect(200);
    expect(planTypes.body.find((p: { id: number }) => p.id === 9).text).toMatch(/state std/i);
  });

  it('GET /options answers all 25 lists; unknown type is a 400', async () => {
    const all = await api().get('/mbl/api/options').set('Authorization', `Bearer ${token}`).expect(200);
    expect(Object.keys(all.body)).toHaveLength(25);
    for (const list of Object.values(all.body)) expect((list as unknown[]).length).toBeGreaterThan(0);
    await api().get('/mbl/api/options?type=nope').set('Authorization', `Bearer ${token}`).expect(400);
    await api().get('/mbl/api/options?type=gender').expect(401);
  });

  it('GET /options/security-question is public and answers value/label pairs', async () => {
    const res = await api().get('/mbl/api/options/security-question').expect(200);
    expect(res.body.length).toBeGreaterThan(3);
    expect(res.body[0]).toEqual({ value: expect.stringMatching(/^\d+$/), label: expect.any(String) });
  });

  it('answers JSON with its type, exact length and no-store; HEAD gets the headers without a body', async () => {
    const res = await api().get('/mbl/api/options?type=gender').set('Authorization', `Bearer ${token}`).expect(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(JSON.stringify(res.body)));
    expect(res.headers['cache-control']).toBe('no-store');
    const head = await api().head('/mbl/api/options?type=gender').set('Authorization', `Bearer ${token}`).expect(200);
    expect(head.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(head.text ?? '').toBe('');
  });

  it('GET /health reports database and Redis', async () => {
    const res = await api().get('/mbl/api/health').expect(200);
    expect(res.body).toEqual({ status: 'ok', database: 'ok', redis: 'ok', draining: false });
  });

  it('serves the OpenAPI document generated from the zod schemas, with each route and its access rule', async () => {
    const res = await api().get('/mbl/api/docs-json').expect(200);
    const doc = res.body as { paths: Record<string, Record<string, { 'x-access'?: string; security?: unknown[] }>>; components: { schemas: Record<string, { properties?: Record<string, unknown>; required?: string[] }> } };
    expect(doc.paths['/mbl/api/login']?.post?.['x-access']).toBe('public');
    expect(doc.paths['/mbl/api/me']?.get?.['x-access']).toBe('user');
    expect(doc.paths['/mbl/api/me']?.get?.security).toEqual([{ bearer: [] }]);
    const login = doc.components.schemas.LoginRequestDto;
    expect(login?.required).toEqual(expect.arrayContaining(['username', 'password']));
    expect(Object.keys(doc.components.schemas.CurrentUserDto?.properties ?? {})).toEqual(expect.arrayContaining(['openEnrollmentId', 'colorConfiguration', 'mblPrivacyPolicyAgreement']));
    await api().get('/mbl/api/docs').expect(200);
  });

  it('answers unknown API paths with a JSON 404 and never a stack trace', async () => {
    const res = await api().get('/mbl/api/does-not-exist').set('Authorization', `Bearer ${token}`).expect(404);
    expect(res.body.statusCode).toBe(404);
    expect(JSON.stringify(res.body)).not.toMatch(/at \w+ \(|node_modules/);
  });
});
