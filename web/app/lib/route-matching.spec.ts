import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { matchPath, matchRoutes, type AgnosticRouteObject } from '@remix-run/router';
import { useLoaderData, useParams, type RouteObject } from 'react-router-dom';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom/server';

/**
 * The server's route matching is patched (patches/): @remix-run/router flattens and ranks each route table once,
 * compiles each path pattern once and remembers a table's last answers by path; react-router-dom's static router
 * makes a table's data routes once; Remix's RemixServer makes a build's server routes once. These cases hold them to the unpatched answers: a table matched
 * many times answers as a fresh copy of it does, patterns that differ only in case sensitivity or `end` stay apart,
 * and renders sharing one table never share a request's data.
 */

/** A table shaped like the site's: a root layout with an index, nested lists and dialogs, steps, params, a splat. */
function siteLikeRoutes(): AgnosticRouteObject[] {
  return [
    {
      id: 'root',
      path: '',
      children: [
        { id: 'routes/_index', index: true },
        { id: 'routes/login', path: 'login' },
        {
          id: 'routes/employees-census',
          path: 'employees-census',
          children: [
            { id: 'routes/employees-census._index', index: true },
            {
              id: 'routes/employees-census.$employeeId',
              path: ':employeeId',
              children: [
                { id: 'routes/employees-census.$employeeId.edit', path: 'edit' },
                { id: 'routes/employees-census.$employeeId.terminate.$step', path: 'terminate/:step' },
              ],
            },
          ],
        },
        { id: 'routes/change-benefits._index', path: 'change-benefits' },
        ...['event', 'date', 'dependent', 'coverage', 'plans', 'review'].map((step) => ({ id: `routes/change-benefits.${step}`, path: `change-benefits/${step}` })),
        { id: 'routes/documents_.$tab', path: 'documents/:tab?' },
        { id: 'routes/files.$id', path: 'files/:id' },
        { id: 'routes/$', path: '*' },
      ],
    },
  ];
}

const PATHS = [
  '/',
  '/login',
  '/employees-census',
  '/employees-census/',
  '/employees-census/42',
  '/employees-census/42/edit',
  '/employees-census/42/terminate/2',
  '/change-benefits',
  '/change-benefits/plans',
  '/change-benefits/unknown',
  '/documents',
  '/documents/forms',
  '/files/7',
  '/files/a%2Fb',
  '/no/such/page',
  '/LOGIN',
];

function summary(routes: AgnosticRouteObject[], path: string, basename?: string) {
  return matchRoutes(routes, path, basename)?.map((m) => ({ id: m.route.id, params: m.params, pathname: m.pathname })) ?? null;
}

describe('route matching (patched to cache per route table)', () => {
  it.each([
    ['@remix-run/router', 'rankedBranches'],
    ['@remix-run/router', 'matchAnswers'],
    ['react-router-dom/server', 'staticDataRoutes'],
    ['@remix-run/react/dist/server.js', 'serverRoutesCache'],
  ])('is the patched %s that node loads', (module, marker) => {
    expect(readFileSync(require.resolve(module), 'utf8')).toContain(marker);
  });

  it.each(PATHS)('answers %s on a table matched many times as on a fresh copy of it', (path) => {
    const shared = siteLikeRoutes();
    for (const other of PATHS) summary(shared, other);
    const expected = summary(siteLikeRoutes(), path);
    expect(summary(shared, path)).toEqual(expected);
    expect(summary(shared, path)).toEqual(expected);
    expect(expected).not.toBeNull();
  });

  it('hands each caller its own copy of a remembered answer', () => {
    const shared = siteLikeRoutes();
    const first = matchRoutes(shared, '/files/7');
    (first![first!.length - 1]!.params as Record<string, string>).id = 'changed';
    first!.pop();
    expect(summary(shared, '/files/7')).toEqual(summary(siteLikeRoutes(), '/files/7'));
  });

  it('answers right past the bound of remembered paths', () => {
    const shared = siteLikeRoutes();
    for (let id = 1; id <= 1200; id += 1) expect(matchRoutes(shared, `/files/${id}`)?.at(-1)?.params.id).toBe(String(id));
    expect(summary(shared, '/files/1')).toEqual(summary(siteLikeRoutes(), '/files/1'));
    expect(summary(shared, '/login')?.at(-1)?.id).toBe('routes/login');
  });

  it('keeps the basename apart from the cached table', () => {
    const shared = siteLikeRoutes();
    expect(summary(shared, '/mbl/login', '/mbl')?.at(-1)?.id).toBe('routes/login');
    expect(summary(shared, '/mbl/login')?.at(-1)?.id).toBe('routes/$');
    expect(summary(shared, '/elsewhere/login', '/mbl')).toBeNull();
  });

  it('keeps two tables apart', () => {
    const one = siteLikeRoutes();
    const two: AgnosticRouteObject[] = [{ id: 'other', path: 'login' }];
    expect(summary(one, '/login')?.at(-1)?.id).toBe('routes/login');
    expect(summary(two, '/login')?.at(-1)?.id).toBe('other');
    expect(summary(two, '/employees-census')).toBeNull();
  });

  it.each([
    [{ path: '/Reports' }, '/reports', true],
    [{ path: '/Reports', caseSensitive: true }, '/reports', false],
    [{ path: '/Reports', caseSensitive: false }, '/reports', true],
    [{ path: '/reports', end: false }, '/reports/run', true],
    [{ path: '/reports' }, '/reports/run', false],
    [{ path: '/reports', end: true }, '/reports/run', false],
    [{ path: '/reports/:id' }, '/reports/9', true],
  ])('compiles %j once per case sensitivity and end (%s matches: %s)', (pattern, pathname, matches) => {
    // Each pattern is matched twice so the second answer comes from the cache.
    expect(matchPath(pattern, pathname) !== null).toBe(matches);
    expect(matchPath(pattern, pathname) !== null).toBe(matches);
  });

  it('answers the params of each match, not those of the pattern cached before', () => {
    expect(matchPath('/files/:id', '/files/1')?.params).toEqual({ id: '1' });
    expect(matchPath('/files/:id', '/files/2')?.params).toEqual({ id: '2' });
  });

  it('renders each request with its own matches and data when the static router reuses a table', async () => {
    function Employee() {
      const { name } = useLoaderData() as { name: string };
      return createElement('p', null, `${useParams().employeeId ?? ''}: ${name}`);
    }
    const routes: RouteObject[] = [
      { id: 'list', path: '/employees', element: createElement('p', null, 'list') },
      { id: 'employee', path: '/employees/:employeeId', loader: ({ params }) => ({ name: `Employee ${params.employeeId ?? ''}` }), element: createElement(Employee) },
    ];
    const handler = createStaticHandler(routes);
    const render = async (path: string) => {
      const context = await handler.query(new Request(`http://site${path}`));
      if (context instanceof Response) throw new Error(`${path} answered a response`);
      const router = createStaticRouter(handler.dataRoutes, context);
      return { html: renderToString(createElement(StaticRouterProvider, { router, context, hydrate: false })), routes: router.routes };
    };
    const first = await render('/employees/1');
    const second = await render('/employees/2');
    const list = await render('/employees');
    expect(first.html).toContain('1: Employee 1');
    expect(second.html).toContain('2: Employee 2');
    expect(second.html).not.toContain('Employee 1');
    expect(list.html).toContain('list');
    expect(second.routes).toBe(first.routes);
  });
});
