/// <reference types="jest" />
import { FormMessages, SIGNATURE_DATA_URL_PREFIX, SIGNATURE_MAX_BYTES } from '@bp/api/contracts';
import { apiError, apiStandIn, standInToken, type StandInAnswer } from './api-stand-in.testing';
import { saveSignature } from './forms.server';

const PNG = `${SIGNATURE_DATA_URL_PREFIX}${Buffer.from('\x89PNG\r\n\x1a\n a drawn signature').toString('base64')}`;

async function sign(signature: string | null, answer: StandInAnswer) {
  const { context, calls } = apiStandIn({ 'POST /forms': answer });
  const form = new FormData();
  if (signature !== null) form.set('signature', signature);
  const advanced = jest.fn(async () => 'next step');
  const res = await saveSignature(form, { token: standInToken(), request: new Request('http://site.test/mbl/registration?step=7', { method: 'POST' }), context }, advanced);
  return { res, calls, advanced };
}

/** The error and status of a signature answer that stayed on the step. */
function shown(res: unknown): { error: string; status: number } {
  const { data, init } = res as { data: { error: string }; init: { status: number } };
  return { error: data.error, status: init.status };
}

describe('saveSignature', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('a saved signature moves on', async () => {
    const { res, calls, advanced } = await sign(PNG, { status: 201, body: { id: 1, signedAt: '2026-11-25T10:00:00.000Z', imageFileId: 3, summaryFileId: null } });
    expect(res).toBe('next step');
    expect(advanced).toHaveBeenCalledTimes(1);
    expect(calls).toEqual([{ method: 'POST', path: '/forms', body: { signature: PNG } }]);
  });

  it.each([
    ['no signature', null, FormMessages.signatureRequired],
    ['not a PNG', 'data:image/jpeg;base64,AAAA', FormMessages.signatureNotPng],
    ['too large', `${SIGNATURE_DATA_URL_PREFIX}${'A'.repeat(Math.ceil((SIGNATURE_MAX_BYTES * 4) / 3) + 8)}`, FormMessages.signatureTooLarge],
  ])('an image the contract refuses (%s): its own message, and the API is not asked', async (_what, signature, message) => {
    const { res, calls, advanced } = await sign(signature, apiError(500));
    expect(shown(res)).toEqual({ error: message, status: 400 });
    expect(calls).toEqual([]);
    expect(advanced).not.toHaveBeenCalled();
  });

  it.each([
    ['answers 500', apiError(500), 500],
    ['answers 503', apiError(503, 'Service unavailable'), 503],
    ['refuses the image', apiError(400, FormMessages.signatureEmpty), 400],
    ['cannot be reached', new Error('connect ECONNREFUSED'), 503],
  ])("a save the API %s: 'Server error!'", async (_what, answer, status) => {
    const { res, advanced } = await sign(PNG, answer);
    expect(shown(res)).toEqual({ error: 'Server error!', status });
    expect(advanced).not.toHaveBeenCalled();
  });
});
