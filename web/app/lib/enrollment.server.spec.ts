/// <reference types="jest" />
import { apiError, apiStandIn, standInToken, standInUser, type StandInAnswer } from './api-stand-in.testing';
import { loadEnrollmentStep } from './enrollment.server';

const LISTS: Record<string, StandInAnswer> = {
  'GET /enrollments': { status: 200, body: [] },
  'GET /plans': { status: 200, body: [] },
  'GET /plans?includeCurrent=1': { status: 200, body: [] },
};

async function step(address: string, answers: Record<string, StandInAnswer>) {
  const { context, calls } = apiStandIn({ ...LISTS, ...answers });
  const url = new URL(`http://site.test/mbl${address}`);
  const data = await loadEnrollmentStep(url, standInUser(), { token: standInToken(), request: new Request(url), context });
  return { data, calls };
}

describe('loadEnrollmentStep: a dialog that could not be opened', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it.each([
    ['answers 500', apiError(500)],
    ['answers 404', apiError(404, 'Plan not found')],
    ['cannot be reached', new Error('connect ECONNREFUSED')],
  ])('the plan summary the API %s: no dialog, its toast, and the step still draws', async (_what, answer) => {
    const { data, calls } = await step('/registration?step=4&summary=5', { 'GET /plans/5': answer });
    expect(calls.map((c) => c.path)).toContain('/plans/5');
    expect(data.summary).toBeNull();
    expect(data.notice).toBe('Error, when trying to fetch plan info');
    expect(data.loadError).toBeNull();
  });

  it('no dialog asked: no toast', async () => {
    const { data } = await step('/registration?step=4', {});
    expect(data.notice).toBeNull();
    expect(data.summary).toBeNull();
  });
});
