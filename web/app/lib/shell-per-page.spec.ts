/// <reference types="jest" />
import { apiStandIn, signedInRequest, standInUser } from './api-stand-in.testing';
import { loadShell } from './shell.server';

/** Loads the shell and ignores what the routing rules throw: only the API calls are counted here. */
const shellOf = (request: Request, context: Parameters<typeof loadShell>[1]) => loadShell(request, context).catch(() => null);

describe('loadShell: one GET /me per page', () => {
  it('is shared by the loaders of one request, each handed a Request of its own (as Remix does)', async () => {
    const { context, calls } = apiStandIn({ 'GET /me': { status: 200, body: standInUser() } });
    const [root, leaf] = await Promise.all([shellOf(await signedInRequest('/mbl/contact'), context), shellOf(await signedInRequest('/mbl/contact?index'), context)]);
    await shellOf(await signedInRequest('/mbl/contact'), context);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /me']);
    expect(root).not.toBeNull();
    expect(leaf).toBe(root);
  });

  it('throws each loader a redirect of its own, since Remix rewrites a thrown redirect in place', async () => {
    // A registered employee on the registration wizard is sent to the dashboard.
    const { context, calls } = apiStandIn({ 'GET /me': { status: 200, body: standInUser() } });
    const thrown = await Promise.all(
      ['/mbl/registration?step=3', '/mbl/registration?step=3&index'].map(async (path) => loadShell(await signedInRequest(path), context).then(() => null, (e: unknown) => e)),
    );
    expect(calls).toHaveLength(1);
    const [first, second] = thrown as Response[];
    expect(first).toBeInstanceOf(Response);
    expect(second).not.toBe(first);
    first!.headers.set('Location', `/mbl${first!.headers.get('Location') ?? ''}`);
    expect(second!.headers.get('Location')).toBe('/');
  });

  it('is not shared between requests (each has its own load context)', async () => {
    const first = apiStandIn({ 'GET /me': { status: 200, body: standInUser() } });
    const second = { context: { ...first.context } };
    await shellOf(await signedInRequest('/mbl/'), first.context);
    await shellOf(await signedInRequest('/mbl/'), second.context);
    expect(first.calls.map((c) => c.path)).toEqual(['/me', '/me']);
  });

  it('is read afresh by an action, and by the loaders after it, since the action may change what it shows', async () => {
    const { context, calls } = apiStandIn({ 'GET /me': { status: 200, body: standInUser() } });
    const before = loadShell(await signedInRequest('/mbl/profile'), context);
    await before.catch(() => null);
    await shellOf(await signedInRequest('/mbl/profile', { method: 'POST', body: new URLSearchParams({ a: '1' }) }), context);
    const after = loadShell(await signedInRequest('/mbl/profile'), context);
    await after.catch(() => null);
    expect(calls.map((c) => c.path)).toEqual(['/me', '/me', '/me']);
    expect(after).not.toBe(before);
  });
});
