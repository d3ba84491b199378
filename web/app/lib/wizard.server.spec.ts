/// <reference types="jest" />
import { Messages } from '@bp/api/contracts';
import { apiError, apiStandIn, standInEmployee, standInToken, standInUser, type StandInAnswer } from './api-stand-in.testing';
import { createSignedInSession, sessionStorage } from './session.server';
import { wizardAction } from './wizard.server';

const SPOUSE = { relationshipTypeId: '1', firstName: 'John', lastName: 'Stand', birthDate: '02/14/1986', gender: '1', smoker: '0', ssn: '123-45-6711' };

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

async function act(fields: Record<string, string>, answers: Record<string, StandInAnswer>) {
  const { context, calls } = apiStandIn({ 'GET /employee': { status: 200, body: standInEmployee() }, ...answers });
  const ctx = {
    user: standInUser({ registrationStep: 5 }),
    session: createSignedInSession(standInToken(), false),
    caller: { token: standInToken(), request: new Request('http://site.test/mbl/registration?step=3', { method: 'POST' }), context },
  };
  return { res: await wizardAction(form(fields), ctx), calls };
}

/** The toast a redirect carries to the next page. */
async function toastOf(res: unknown): Promise<unknown> {
  const cookie = (res as Response).headers.get('Set-Cookie');
  return cookie ? (await sessionStorage.getSession(cookie.split(';')[0]!)).get('notice') : undefined;
}

describe('the Dependents step: a save or delete the API could not do', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it.each([
    ['adding', {}, 'POST /dependents', Messages.dependentCreateFailed],
    ['editing', { id: '7' }, 'PUT /dependents/7', Messages.dependentUpdateFailed],
  ])('%s: the dialog closes (back to the step) and the toast tells what failed', async (_what, extra, call, toast) => {
    const { res, calls } = await act({ screen: 'dependent', ...SPOUSE, ...extra }, { [call]: apiError(500) });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toContain(call);
    expect(res).toBeInstanceOf(Response);
    expect((res as Response).headers.get('Location')).toBe('/registration?step=3');
    expect(await toastOf(res)).toEqual({ type: 'error', text: toast });
  });

  it('deleting: back to the step, and the toast says the delete failed', async () => {
    const { res } = await act({ screen: 'delete', id: '7' }, { 'DELETE /dependents/7': new Error('connect ECONNREFUSED') });
    expect((res as Response).headers.get('Location')).toBe('/registration?step=3');
    expect(await toastOf(res)).toEqual({ type: 'error', text: Messages.dependentDeleteFailed });
  });

  it("fields the API refuses keep the dialog open with the API's messages, and no toast", async () => {
    const refusal = apiError(400, 'Bad Request', { errors: [{ path: 'ssn', message: 'SSN already used' }] });
    const { res } = await act({ screen: 'dependent', ...SPOUSE }, { 'POST /dependents': refusal });
    expect(res).not.toBeInstanceOf(Response);
    const { data, init } = res as unknown as { data: { screen: string; toast: string | null; result: { error?: Record<string, string[]> } }; init: { status: number } };
    expect(init.status).toBe(400);
    expect(data.screen).toBe('dependent');
    expect(data.toast).toBeNull();
    expect(data.result.error?.ssn).toEqual(['SSN already used']);
  });
});
