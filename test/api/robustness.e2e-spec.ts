import request from 'supertest';
import { DataSource } from 'typeorm';
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
});
