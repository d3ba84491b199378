import request from 'supertest';
import { createTestApp, type TestApp } from '../support/app';
import { ADMIN_PERMISSIONS, type CurrentUser, type Permission } from '../../api/src/contracts';
import { ROUTES, sidebarGroups } from '../../web/app/lib/routing-rules';
import { concretePath, listRoutes, type RouteInfo } from '../support/routes';

/**
 * The access matrix: built from Nest's own route metadata, so a new route is covered the day it lands.
 * Every route must declare its rule; every route that needs a permission answers 403 to each demo account
 * without it (the test user included), and the site's menu shows each account exactly what it may open.
 */
describe('access matrix', () => {
  let t: TestApp;
  let routes: RouteInfo[];

  beforeAll(async () => {
    t = await createTestApp();
    routes = listRoutes(t.app);
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

  /** The demo accounts of decisions section 6, and what each session may do according to the one list. */
  const ACCOUNTS = ['jane@acme.test', 'hr@acme.test', 'hr@bayside.test', 'agent@harbor.test', 'tess@acme.test', 'ops@platform.test'] as const;

  it("each demo account is granted what its role grants: HR everything, the test user and jane no administrator permission, the agent no employee pages, the platform administrator the queues and the platform administrators' authenticators", async () => {
    const granted: Record<string, string[]> = {};
    for (const username of ACCOUNTS) {
      const me = await request(t.server).get('/mbl/api/me').set('Authorization', `Bearer ${await t.login(username)}`).expect(200);
      granted[username] = [...(me.body.permissions as string[])].sort();
    }
    expect(granted).toEqual({
      'jane@acme.test': ['self:employee'],
      'hr@acme.test': ['self:employee', ...ADMIN_PERMISSIONS].sort(),
      'hr@bayside.test': ['self:employee', ...ADMIN_PERMISSIONS].sort(),
      'agent@harbor.test': [...ADMIN_PERMISSIONS, 'clients:switch', 'mfa:require', 'agency:manage-clients'].sort(),
      'tess@acme.test': ['self:employee'],
      // The platform administrator: the queue dashboard and the platform administrators' authenticators, nothing of any client.
      'ops@platform.test': ['mfa:reset', 'mfa:self', 'queues:manage'],
    });
  });

  it('every route that needs a permission lets through exactly the demo accounts that hold it', async () => {
    const gated = routes.filter((r) => r.access !== 'public' && r.access !== 'user' && r.access !== undefined);
    expect(gated.length).toBeGreaterThan(20);
    for (const username of ACCOUNTS) {
      const token = await t.login(username);
      const permissions = (await request(t.server).get('/mbl/api/me').set('Authorization', `Bearer ${token}`).expect(200)).body.permissions as string[];
      for (const r of gated) {
        const res = await send(r, token);
        const expected = permissions.includes(r.access as string) ? 'through the guard' : 403;
        const got = [401, 403].includes(res.status) ? res.status : 'through the guard';
        expect({ username, route: `${r.method} ${r.path}`, needs: r.access, got }).toEqual({ username, route: `${r.method} ${r.path}`, needs: r.access, got: expected });
      }
    }
  });

  it("the site's menu for each demo account holds exactly the pages its permissions allow", async () => {
    const pagePermissions = new Set(ROUTES.map((r) => r.permission).filter((p): p is Permission => p !== undefined));
    for (const username of ACCOUNTS) {
      const me = (await request(t.server).get('/mbl/api/me').set('Authorization', `Bearer ${await t.login(username)}`).expect(200)).body as CurrentUser;
      const menu = sidebarGroups(me).flatMap((g) => g.items);
      // Every page the account may open is in its menu, and nothing else that needs a permission.
      const shown = new Set(menu.map((i) => i.permission).filter((p): p is Permission => p !== undefined));
      expect({ username, shown: [...shown].sort() }).toEqual({ username, shown: me.permissions.filter((p) => pagePermissions.has(p)).sort() });
      for (const item of menu) {
        if (item.permission) expect({ username, item: item.to, allowed: me.permissions.includes(item.permission) }).toEqual({ username, item: item.to, allowed: true });
      }
    }
  });
});
