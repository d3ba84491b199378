/// <reference types="jest" />
import type { LoaderFunctionArgs } from '@remix-run/node';
import { apiError, apiStandIn, signedInRequest, type StandInAnswer } from '~/lib/api-stand-in.testing';
import { loader } from '~/routes/zip-lookup';

/** The loader's answer: its body and status (data() answers a DataWithResponseInit). */
async function lookUp(answer: StandInAnswer): Promise<{ body: unknown; calls: number }> {
  const { context, calls } = apiStandIn({ 'GET /zip-lookup?zip=02110': answer });
  const result = (await loader({ request: await signedInRequest('/mbl/zip-lookup?zip=02110'), context, params: {} } as LoaderFunctionArgs)) as { data: unknown };
  return { body: result.data, calls: calls.length };
}

/** A failed ZIP lookup is only logged: the address form gets no city and state, and the user types them. */
describe('zip-lookup loader', () => {
  afterEach(() => jest.restoreAllMocks());

  it('a found ZIP answers its city and state', async () => {
    expect(await lookUp({ status: 200, body: { city: 'Boston', state: 'MA' } })).toEqual({ body: { found: true, place: { city: 'Boston', state: 'MA' } }, calls: 1 });
  });

  it.each<[string, StandInAnswer]>([
    ['the API answers 500', apiError(500)],
    ['the API cannot be reached', new Error('connect ECONNREFUSED')],
    ['the API answers another shape', { status: 200, body: { town: 'Boston' } }],
  ])('%s: no city or state, and the failure is logged', async (_why, answer) => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await lookUp(answer)).toEqual({ body: { found: false }, calls: 1 });
    expect(logged).toHaveBeenCalled();
  });

  it('an unknown ZIP (404) answers no city or state without logging a failure', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await lookUp(apiError(404, 'Not Found'))).toEqual({ body: { found: false }, calls: 1 });
    expect(logged).not.toHaveBeenCalled();
  });
});
