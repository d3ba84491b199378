/// <reference types="jest" />
import { proxyDownload } from './download.server';
import { commitSession, createSignedInSession } from './session.server';

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const token = `${b64({ alg: 'HS256' })}.${b64({ exp: Math.floor(Date.now() / 1000) + 3600 })}.signature`;

async function signedInRequest(): Promise<Request> {
  const cookie = (await commitSession(createSignedInSession(token, false))).split(';')[0]!;
  return new Request('http://site.test/mbl/report-file/7', { headers: { Cookie: cookie } });
}

/** The site's file routes (/report-file/{id}, /files/{id}, ...) answer what the API answered. */
describe('proxyDownload', () => {
  afterEach(() => jest.restoreAllMocks());

  it.each([
    [403, 403],
    [404, 404],
    [409, 409],
    [401, 401],
    [500, 502],
    [503, 502],
  ])('the API answers %p: the site answers %p', async (api, site) => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const fetched = jest.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{}', { status: api }));
    const res = await proxyDownload(await signedInRequest(), (id) => `/reports/exports/${id}/file`, '7');
    expect(res.status).toBe(site);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(String(fetched.mock.calls[0]![0])).toMatch(/\/reports\/exports\/7\/file$/);
  });

  it('streams the file through with its type and name', async () => {
    jest.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response('xlsx-bytes', { status: 200, headers: { 'Content-Type': 'application/vnd.ms-excel', 'Content-Disposition': 'attachment; filename="r.xlsx"' } }),
    );
    const res = await proxyDownload(await signedInRequest(), (id) => `/reports/exports/${id}/file`, '7');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Disposition')).toBe('attachment; filename="r.xlsx"');
    expect(await res.text()).toBe('xlsx-bytes');
  });

  it('no session: 401; no id: 404, without asking the API', async () => {
    const fetched = jest.spyOn(globalThis, 'fetch');
    expect((await proxyDownload(new Request('http://site.test/mbl/report-file/7'), (id) => `/x/${id}`, '7')).status).toBe(401);
    expect((await proxyDownload(await signedInRequest(), (id) => `/x/${id}`, 'abc')).status).toBe(404);
    expect(fetched).not.toHaveBeenCalled();
  });
});
