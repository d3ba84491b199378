/// <reference types="jest" />
import { apiError, apiStandIn, signedInRequest } from './api-stand-in.testing';
import { sessionStorage } from './session.server';
import { loadShell } from './shell.server';

/** What loadShell threw, or null when it answered. */
async function thrownBy(request: Request, context: Parameters<typeof loadShell>[1]): Promise<Response | null> {
  return loadShell(request, context).then(
    () => null,
    (e: unknown) => {
      if (e instanceof Response) return e;
      throw e;
    },
  );
}

describe('loadShell: a registration link', () => {
  it('opened in a signed-in browser clears what was stored and opens the link again, signed out, without asking the API', async () => {
    const { context, calls } = apiStandIn({});
    const res = await thrownBy(await signedInRequest('/mbl/registration?token=abc123'), context);
    expect(res?.status).toBe(302);
    expect(res?.headers.get('Location')).toBe('/registration?token=abc123');
    const setCookie = res?.headers.get('Set-Cookie') ?? '';
    expect(setCookie).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    const after = await sessionStorage.getSession(setCookie.split(';')[0]!);
    expect(after.get('token')).toBeUndefined();
    expect(calls).toEqual([]);
  });

  it.each([
    ['the wizard without a link token', '/mbl/registration?step=3'],
    ['another page with a token parameter', '/mbl/profile?token=abc123'],
  ])('%s keeps the session (the API is asked who is signed in)', async (_what, path) => {
    const { context, calls } = apiStandIn({ 'GET /me': apiError(503, 'Service unavailable') });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const res = await thrownBy(await signedInRequest(path), context);
    // The stand-in's 503 ends it: the point is that the signed-in session reached the API.
    expect(res?.status).toBe(503);
    expect(calls.map((c) => c.path)).toEqual(['/me']);
    jest.restoreAllMocks();
  });
});
