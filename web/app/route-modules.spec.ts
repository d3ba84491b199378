/// <reference types="jest" />
import { Messages } from '@bp/api/contracts';
import { apiError, apiStandIn, signedInRequest, type StandInAnswer } from '~/lib/api-stand-in.testing';
import { action as forgotPassword } from '~/routes/forgot-password';
import { loader as contribution } from '~/routes/enrollment-contribution';

/** A route's answer: its body, and its status when it was given one with data(). */
function answerOf<T>(res: unknown): { body: T; status: number | undefined } {
  const wrapped = res as { type?: string; data: T; init: { status?: number } | null };
  return wrapped.type === 'DataWithResponseInit' ? { body: wrapped.data, status: wrapped.init?.status } : { body: res as T, status: undefined };
}

describe('the forgot-password action', () => {
  async function ask(answer: StandInAnswer) {
    const { context, calls } = apiStandIn({ 'POST /auth/forgot-password': answer });
    const body = new URLSearchParams({ email: 'nora@acme.test' });
    const request = new Request('http://site.test/mbl/forgot-password', { method: 'POST', body, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    const res = await forgotPassword({ request, context, params: {} });
    return { ...answerOf<{ sent: boolean; result: { error?: Record<string, string[] | null> } }>(res), calls };
  }

  it('throttled (429): says so, and does not blame the address', async () => {
    const { body, status, calls } = await ask(apiError(429, 'ThrottlerException: Too Many Requests', { errors: [{ path: 'email', message: 'Provided email does not exist' }] }));
    expect(calls.map((c) => c.path)).toEqual(['/auth/forgot-password']);
    expect(status).toBe(429);
    expect(body.sent).toBe(false);
    expect(body.result.error?.['']).toEqual([Messages.tooManyAttempts]);
    expect(body.result.error?.email ?? null).toBeNull();
  });

  it("a refused address (400): the API's message on the field", async () => {
    const { body, status } = await ask(apiError(400, 'Bad Request', { errors: [{ path: 'email', message: 'Please enter a valid email' }] }));
    expect(status).toBe(400);
    expect(body.result.error?.email).toEqual(['Please enter a valid email']);
  });

  it('sent: the one answer for every address', async () => {
    const { body } = await ask({ status: 200, body: { success: true, message: Messages.resetLinkMaybeSent } });
    expect(body.sent).toBe(true);
  });
});

describe('the contribution prediction route', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  async function predict(answer: StandInAnswer) {
    const path = '/plans/12/contributions?dependents=3%2C4&tier=2';
    const { context, calls } = apiStandIn({ [`GET ${path}`]: answer });
    const request = await signedInRequest('/mbl/enrollment-contribution?plan=12&dependents=3,4&tier=2&ignored=1');
    const res = await contribution({ request, context, params: {} });
    return { ...answerOf<{ ok: boolean }>(res), calls };
  }

  it.each([
    ['answers 500', apiError(500)],
    ['answers 404', apiError(404, 'Plan not found')],
    ['cannot be reached', new Error('connect ECONNREFUSED')],
    ['answers a shape the contract refuses', { status: 200, body: { total: 'x' } }],
  ])('the API %s: the dialog receives no prediction, and the failure is only logged', async (_what, answer) => {
    const { body, calls } = await predict(answer);
    expect(calls.map((c) => c.path)).toEqual(['/plans/12/contributions?dependents=3%2C4&tier=2']);
    expect(body).toEqual({ ok: false });
    expect(console.error).toHaveBeenCalled();
  });

  it('a session the API refuses is not swallowed: it signs out', async () => {
    const thrown = await predict(apiError(401, 'Unauthorized')).then(() => null, (e: unknown) => e);
    expect((thrown as Response).headers.get('Location')).toBe('/login');
  });
});
