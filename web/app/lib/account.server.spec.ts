/// <reference types="jest" />
import { loadSecurityQuestions } from './account.server';
import { apiError, apiStandIn } from './api-stand-in.testing';

const request = () => new Request('http://site.test/mbl/registration');

describe('loadSecurityQuestions', () => {
  afterEach(() => jest.restoreAllMocks());

  it('answers the questions the API lists', async () => {
    const questions = [{ value: '1', label: 'Name of your first pet?' }];
    const { context, calls } = apiStandIn({ 'GET /options/security-question': { status: 200, body: questions } });
    expect(await loadSecurityQuestions(request(), context)).toEqual(questions);
    expect(calls.map((c) => c.path)).toEqual(['/options/security-question']);
  });

  it.each([
    ['answers 500', apiError(500)],
    ['answers 503', apiError(503, 'Service unavailable')],
    ['cannot be reached', new Error('connect ECONNREFUSED')],
    ['answers a shape the contract refuses', { status: 200, body: [{ id: 1 }] }],
  ])('the API %s: the list stays empty, and the failure is only logged', async (_what, answer) => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { context } = apiStandIn({ 'GET /options/security-question': answer });
    await expect(loadSecurityQuestions(request(), context)).resolves.toEqual([]);
    expect(logged).toHaveBeenCalled();
  });
});
