import { apiBaseUrl } from './api.server';
import { activeToken, getSession } from './session.server';

const FAILED = 'Error, when trying to download file';

/**
 * A file of the API opened in a new window: the API path called with the session's token and streamed
 * through as it comes, so no token ever reaches the page.
 */
export async function proxyDownload(request: Request, apiPath: (id: number) => string, rawId: string | undefined): Promise<Response> {
  const id = Number(rawId);
  const token = activeToken(await getSession(request));
  const plain = (status: number) => new Response(FAILED, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });
  if (!token) return plain(401);
  if (!Number.isInteger(id) || id <= 0) return plain(404);
  let upstream: Response;
  try {
    upstream = await fetch(`${apiBaseUrl()}${apiPath(id)}`, {
      headers: { Authorization: `Bearer ${token}` },
      signal: request.signal,
    });
  } catch (error) {
    console.error(`file ${id} download failed:`, error instanceof Error ? error.message : error);
    return plain(503);
  }
  if (!upstream.ok || !upstream.body) {
    // The API's refusal is the answer (403 not yours, 404 none, 409 not ready): only its own failure is a 502.
    const refused = upstream.status >= 400 && upstream.status < 500;
    if (!refused) console.error(`file ${id} download answered ${upstream.status}`);
    return plain(refused ? upstream.status : 502);
  }
  const headers = new Headers({ 'Cache-Control': 'private, no-store', 'X-Content-Type-Options': 'nosniff' });
  for (const name of ['Content-Type', 'Content-Disposition', 'Content-Length']) {
    const value = upstream.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(upstream.body, { status: 200, headers });
}
