/// <reference types="jest" />
import { apiError, apiStandIn, standInToken, type StandInAnswer } from './api-stand-in.testing';
import { FORM_OPTION_TYPES, loadDependents, loadOptions, redirectWithNotice } from './employee-data.server';
import { createSignedInSession, sessionStorage } from './session.server';

const caller = (answers: Record<string, StandInAnswer>) => {
  const { context, calls } = apiStandIn(answers);
  return { caller: { token: standInToken(), request: new Request('http://site.test/mbl/profile'), context }, calls };
};

const FAILURES: Array<[string, StandInAnswer]> = [
  ['answers 500', apiError(500)],
  ['answers 503', apiError(503, 'Service unavailable')],
  ['cannot be reached', new Error('connect ECONNREFUSED')],
];

describe('loadOptions', () => {
  afterEach(() => jest.restoreAllMocks());

  it('answers every list the forms use, empty where the API has none', async () => {
    const { caller: c } = caller({ 'GET /options': { status: 200, body: { gender: [{ id: 1, text: 'Male' }], unrelated: [{ id: 9, text: 'x' }] } } });
    const options = await loadOptions(c);
    expect(Object.keys(options).sort()).toEqual([...FORM_OPTION_TYPES].sort());
    expect(options.gender).toEqual([{ id: 1, text: 'Male' }]);
    expect(options.state).toEqual([]);
  });

  it.each(FAILURES)('the API %s: the selects stay empty, and the failure is only logged', async (_what, answer) => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { caller: c } = caller({ 'GET /options': answer });
    const options = await loadOptions(c);
    for (const type of FORM_OPTION_TYPES) expect(options[type]).toEqual([]);
    expect(logged).toHaveBeenCalled();
  });

  it('a session the API refuses is not swallowed: it signs out', async () => {
    const { caller: c } = caller({ 'GET /options': apiError(401, 'Unauthorized') });
    const thrown = await loadOptions(c).then(() => null, (e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get('Location')).toBe('/login');
  });
});

describe('loadDependents', () => {
  afterEach(() => jest.restoreAllMocks());

  it.each(FAILURES)('the API %s: the list shows empty, and the failure is only logged', async (_what, answer) => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { caller: c, calls } = caller({ 'GET /dependents': answer });
    await expect(loadDependents(c)).resolves.toEqual([]);
    expect(calls.map((x) => x.path)).toEqual(['/dependents']);
    expect(logged).toHaveBeenCalled();
  });

  it('a session the API refuses is not swallowed: it signs out', async () => {
    const { caller: c } = caller({ 'GET /dependents': apiError(401, 'Unauthorized') });
    const thrown = await loadDependents(c).then(() => null, (e: unknown) => e);
    expect((thrown as Response).headers.get('Location')).toBe('/login');
  });
});

describe('redirectWithNotice', () => {
  it('carries its toast over the redirect once: the next page reads it, the one after does not', async () => {
    const session = createSignedInSession(standInToken(), false);
    const res = await redirectWithNotice(session, '/registration?step=3', { type: 'error', text: 'Error, when trying to create dependent' });
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe('/registration?step=3');
    const cookie = res.headers.get('Set-Cookie')!.split(';')[0]!;

    const next = await sessionStorage.getSession(cookie);
    expect(next.get('notice')).toEqual({ type: 'error', text: 'Error, when trying to create dependent' });
    // Reading consumed it: the cookie the next page writes back has no toast left.
    const after = await sessionStorage.getSession((await sessionStorage.commitSession(next)).split(';')[0]!);
    expect(after.get('notice')).toBeUndefined();
    // The session itself is kept.
    expect(after.get('token')).toEqual(expect.any(String));
  });

  it('without a toast, the cookie is left as it is', async () => {
    const res = await redirectWithNotice(createSignedInSession(standInToken(), false), '/registration?step=4');
    expect(res.headers.get('Location')).toBe('/registration?step=4');
    expect(res.headers.get('Set-Cookie')).toBeNull();
  });
});
