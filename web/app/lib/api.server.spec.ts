/// <reference types="jest" />
import type { AppLoadContext } from '@remix-run/node';
import { z } from 'zod';
import type { InProcessApi } from '@bp/api/contracts';
import { apiStandIn, type StandInAnswer } from './api-stand-in.testing';
import { apiCall } from './api.server';

const ZPlace = z.object({ city: z.string(), state: z.string() });

/** The stand-in's context, also recording the headers of each call (what any other consumer of the API sends). */
function recordingStandIn(answers: Record<string, StandInAnswer>): { context: AppLoadContext; headers: Record<string, string>[] } {
  const { context } = apiStandIn(answers);
  const api = context.api as InProcessApi;
  const headers: Record<string, string>[] = [];
  const recording: InProcessApi = (req) => {
    headers.push(req.headers);
    return api(req);
  };
  return { context: { ...context, clientIp: '203.0.113.9', api: recording }, headers };
}

const browserRequest = () => new Request('http://site.test/mbl/profile', { headers: { 'User-Agent': 'JestBrowser/1.0' } });

/** The site calls the API like any other consumer: a bearer token, the client's address and agent, the contract checked. */
describe('apiCall', () => {
  afterEach(() => jest.restoreAllMocks());

  it("sends the session's bearer token, the client's address and user agent, and answers the checked data", async () => {
    const { context, headers } = recordingStandIn({ 'GET /zip-lookup?zip=02110': { status: 200, body: { city: 'Boston', state: 'MA', extra: 1 } } });
    const result = await apiCall(ZPlace, '/zip-lookup?zip=02110', { token: 'tok.en.sig', request: browserRequest(), context });
    expect(result).toEqual({ ok: true, status: 200, data: { city: 'Boston', state: 'MA' } });
    expect(headers).toHaveLength(1);
    expect(headers[0]).toMatchObject({ authorization: 'Bearer tok.en.sig', 'x-forwarded-for': '203.0.113.9', 'user-agent': 'JestBrowser/1.0' });
  });

  it('an anonymous call (login) sends no authorization header', async () => {
    const { context, headers } = recordingStandIn({ 'POST /login': { status: 200, body: { city: 'x', state: 'y' } } });
    await apiCall(ZPlace, '/login', { method: 'POST', body: { username: 'a' }, request: browserRequest(), context });
    expect(headers[0]).not.toHaveProperty('authorization');
    expect(headers[0]).toMatchObject({ 'content-type': 'application/json' });
  });

  it('an answer that does not match the contract is a 502 failure, never the data', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { context } = recordingStandIn({ 'GET /zip-lookup?zip=02110': { status: 200, body: { city: 'Boston' } } });
    const result = await apiCall(ZPlace, '/zip-lookup?zip=02110', { token: 't', request: browserRequest(), context });
    expect(result.ok).toBe(false);
    expect(result).not.toHaveProperty('data');
    expect(result.status).toBe(502);
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('unexpected shape'), expect.stringContaining('state'));
  });

  it("the API's refusal reaches the site as the API said it", async () => {
    const { context } = recordingStandIn({ 'GET /me': { status: 403, body: { statusCode: 403, message: 'Forbidden resource' } } });
    const result = await apiCall(ZPlace, '/me', { token: 't', request: browserRequest(), context });
    expect(result).toEqual({ ok: false, status: 403, error: { statusCode: 403, message: 'Forbidden resource' } });
  });
});
