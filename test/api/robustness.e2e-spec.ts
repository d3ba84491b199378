import type { Server } from 'node:http';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { REQUEST_TIMEOUT_MS } from '../../api/src/bootstrap/create-app';
import { createTestApp, type TestApp } from '../support/app';
import { createPerson } from '../support/fixtures';
import { listRoutes, type RouteInfo } from '../support/routes';

/**
 * Nothing a user enters may produce a 500: every route, as an employee and as HR, with odd path ids and
 * malformed bodies, answers below 500. Routes are read from Nest's metadata, so new ones are covered.
 */
describe('no input produces a 500', () => {
  let t: TestApp;
  let routes: RouteInfo[];
  let tokens: string[];

  beforeAll(async () => {
    t = await createTestApp();
    // Logging out or opening another client would end the session the other requests use.
    routes = listRoutes(t.app).filter((r) => !/\/(logout|impersonation\/stop|agency\/clients\/:id\/open)$/.test(r.path));
    // A fresh employee rather than jane: some odd bodies are valid (an empty answer list, say) and would
    // change the seeded people other suites read.
    const employee = await createPerson(t.app.get(DataSource), { registered: true, privacyAgreed: true });
    tokens = [await t.login(employee.username), await t.login('hr@acme.test')];
  });
  afterAll(() => t.close());

  const ids = ['abc', '-1', '0', '1.5', '99999999999999999999', '%27%3B--'];
  const bodies: unknown[] = [
    {},
    [],
    { id: 'x', password: 12, email: ['a'], step: 'nine', planId: {}, dependents: 'all', share: 1e308 },
    { nested: { deeper: { deepest: 'x'.repeat(5000) } }, ssn: '000-00-0000', birthDate: '02/30/2020', zip: '1234' },
    'not json at all',
  ];

  it('cuts off a request that is never finished, as Node does by default (Fastify would turn the limit off)', () => {
    expect((t.app.getHttpServer() as Server).requestTimeout).toBe(REQUEST_TIMEOUT_MS);
  });

  it('an address that cannot be routed (bad percent-encoding, a path value of 5,000 characters) is the API\'s 400, with its headers', async () => {
    for (const path of ['/mbl/api/employees/%E0%A4%A', `/mbl/api/employees/${'x'.repeat(5000)}`]) {
      const res = await request(t.server).get(path).set('Authorization', `Bearer ${tokens[1]}`).expect(400);
      expect(res.body).toEqual({ statusCode: 400, message: 'The address is not valid', errors: [{ path: 'path', message: 'The address is not valid' }] });
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    }
  });

  it('answers every odd request with a status below 500', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete' | 'patch';
      for (const id of route.path.includes(':') ? ids : ['']) {
        const path = route.path.replace(/:[A-Za-z]+/g, id) + (method === 'get' ? '?type=%00&zip=abc&username=%27&search=' + 'z'.repeat(300) : '');
        for (const body of method === 'get' || method === 'delete' ? [undefined] : bodies) {
          for (const token of tokens) {
            let req = request(t.server)[method](path).set('Authorization', `Bearer ${token}`);
            if (typeof body === 'string') req = req.set('Content-Type', 'application/json').send(body);
            else if (body !== undefined) req = req.send(body as object);
            const res = await req;
            if (res.status >= 500) failures.push(`${route.method} ${path} ${JSON.stringify(body)?.slice(0, 60)} -> ${res.status}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  /** The string fields of each write route's request body, read from the served OpenAPI document. */
  async function stringFieldsByRoute(): Promise<Map<string, string[]>> {
    const doc = (await request(t.server).get('/mbl/api/docs-json').expect(200)).body as {
      paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: { $ref?: string } }> } }>>;
      components: { schemas: Record<string, { properties?: Record<string, { type?: string | string[]; anyOf?: Array<{ type?: string }> }> }> };
    };
    const out = new Map<string, string[]>();
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const ref = op.requestBody?.content?.['application/json']?.schema?.$ref;
        const schema = ref ? doc.components.schemas[ref.split('/').pop()!] : undefined;
        const strings = Object.entries(schema?.properties ?? {})
          .filter(([, p]) => [p.type].flat().includes('string') || (p.anyOf ?? []).some((a) => a.type === 'string'))
          .map(([name]) => name);
        out.set(`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`, strings);
      }
    }
    return out;
  }

  it('a NUL byte in any string of any write route answers 400 (before any guard or query); a NUL in a query too', async () => {
    const fields = await stringFieldsByRoute();
    const failures: string[] = [];
    for (const route of routes.filter((r) => r.method !== 'GET')) {
      const names = fields.get(`${route.method} ${route.path}`) ?? [];
      for (const name of names.length > 0 ? names : ['anything']) {
        const path = route.path.replace(/:[A-Za-z]+/g, '1');
        const res = await request(t.server)[route.method.toLowerCase() as 'post'](path).set('Authorization', `Bearer ${tokens[0]}`).send({ [name]: 'a\u0000b' });
        if (res.status !== 400) failures.push(`${route.method} ${path} ${name} -> ${res.status}`);
      }
    }
    expect(failures).toEqual([]);
    // The login username used to reach PostgreSQL (500) before the throttle counted it.
    await request(t.server).post('/mbl/api/login').send({ username: 'jane\u0000@acme.test', password: 'x' }).expect(400);
    await request(t.server).get('/mbl/api/zip-lookup?zip=021%0010').set('Authorization', `Bearer ${tokens[0]}`).expect(400);
  }, 120_000);

  it('a body that is not JSON, and over-long strings in every string field, never answer 500', async () => {
    const fields = await stringFieldsByRoute();
    const failures: string[] = [];
    for (const route of routes.filter((r) => r.method !== 'GET')) {
      const path = route.path.replace(/:[A-Za-z]+/g, '1');
      const names = fields.get(`${route.method} ${route.path}`) ?? [];
      const long = Object.fromEntries(names.map((n) => [n, 'x'.repeat(20_000)]));
      for (const token of tokens) {
        const send = () => request(t.server)[route.method.toLowerCase() as 'post'](path).set('Authorization', `Bearer ${token}`);
        for (const res of [
          await send().set('Content-Type', 'text/plain').send('plain text, not JSON'),
          await send().set('Content-Type', 'application/json').send('{"broken":'),
          await send().send(long),
        ]) {
          if (res.status >= 500) failures.push(`${route.method} ${path} -> ${res.status}`);
        }
      }
    }
    expect(failures).toEqual([]);
    // The case that used to throw a TypeError.
    const [dependent] = await t.app.get(DataSource).query(`SELECT id FROM dependent LIMIT 1`);
    const res = await request(t.server).put(`/mbl/api/dependents/${dependent?.id ?? 1}/address`).set('Authorization', `Bearer ${tokens[0]}`).set('Content-Type', 'text/plain').send('not json');
    expect([400, 404]).toContain(res.status);
  }, 120_000);
});
