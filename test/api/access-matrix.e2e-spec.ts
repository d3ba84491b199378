import request from 'supertest';
import { createTestApp, type TestApp } from '../support/app';
import { concretePath, listRoutes, type RouteInfo } from '../support/routes';

/**
 * The access matrix: built from Nest's own route metadata, so a new route is covered the day it lands.
 * Every route must declare its rule; admin routes answer 401 without a token and 403 to an employee.
 */
describe('access matrix', () => {
  let t: TestApp;
  let routes: RouteInfo[];
  let employeeToken: string;
  let adminToken: string;

  beforeAll(async () => {
    t = await createTestApp();
    routes = listRoutes(t.app);
    employeeToken = await t.login('jane@acme.test');
    adminToken = await t.login('hr@acme.test');
  });
  afterAll(() => t.close());

  const send = (r: RouteInfo, token?: string) => {
    const agent = request(t.server);
    const method = r.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete' | 'patch';
    const req = agent[method](concretePath(r.path));
    return token ? req.set('Authorization', `Bearer ${token}`).send({}) : req.send({});
  };

  it('finds the routes (sanity: the list is not empty and includes the auth routes)', () => {
    expect(routes.length).toBeGreaterThan(5);
    expect(routes.map((r) => `${r.method} ${r.path}`)).toEqual(expect.arrayContaining(['POST /mbl/api/login', 'GET /mbl/api/me']));
  });

  it('every route declares an access rule', () => {
    const missing = routes.filter((r) => !r.access).map((r) => `${r.method} ${r.path} (${r.handler})`);
    expect(missing).toEqual([]);
  });

  it('every non-public route answers 401 without a token', async () => {
    for (const r of routes.filter((x) => x.access !== 'public')) {
      const res = await send(r);
      expect({ route: `${r.method} ${r.path}`, status: res.status }).toEqual({ route: `${r.method} ${r.path}`, status: 401 });
    }
  });

  it('every admin route answers 403 to an employee, and lets an administrator through the guard', async () => {
    const adminRoutes = routes.filter((r) => r.access === 'admin');
    for (const r of adminRoutes) {
      const asEmployee = await send(r, employeeToken);
      expect({ route: `${r.method} ${r.path}`, status: asEmployee.status }).toEqual({ route: `${r.method} ${r.path}`, status: 403 });
      const asAdmin = await send(r, adminToken);
      expect({ route: `${r.method} ${r.path}`, allowed: ![401, 403].includes(asAdmin.status) }).toEqual({ route: `${r.method} ${r.path}`, allowed: true });
    }
  });

  it('every agent route answers 403 to HR of a client', async () => {
    for (const r of routes.filter((x) => x.access === 'agent')) {
      const res = await send(r, adminToken);
      expect({ route: `${r.method} ${r.path}`, status: res.status }).toEqual({ route: `${r.method} ${r.path}`, status: 403 });
    }
  });
});
