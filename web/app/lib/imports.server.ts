import type { AppLoadContext } from '@remix-run/node';
import { FileMessages, Messages, type ImportIssue } from '@bp/api/contracts';
import { apiBaseUrl } from './api.server';
import { activeToken, getSession } from './session.server';

/** What an import upload answered: kept (its id), its problems by place, or why the file was refused. */
export type ImportUpload = { kind: 'kept'; id: number } | { kind: 'problems'; message: string; issues: ImportIssue[] } | { kind: 'refused'; status: number; message: string };

/**
 * Sends the page's multipart form on to an import upload (POST /rate-sheets, POST /census-imports) with the
 * session's token, as it came (the site host read at most 10 MB of it, api/src/web/site-guard.ts), and reads
 * the answer the page shows: the preview's id, or every problem of the file.
 */
export async function forwardImport(request: Request, context: AppLoadContext, token: string, apiPath: string): Promise<ImportUpload> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!contentType.startsWith('multipart/form-data')) return { kind: 'refused', status: 400, message: FileMessages.uploadError };
  let upstream: Response;
  try {
    upstream = await fetch(`${apiBaseUrl()}${apiPath}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': contentType, ...(context.clientIp ? { 'X-Forwarded-For': String(context.clientIp) } : {}) },
      body: await request.arrayBuffer(),
      signal: request.signal,
    });
  } catch (error) {
    console.error(`import upload to ${apiPath} failed:`, error instanceof Error ? error.message : error);
    return { kind: 'refused', status: 503, message: Messages.serviceUnavailable };
  }
  const body = (await upstream.json().catch(() => null)) as { id?: number; message?: string; issues?: ImportIssue[]; errors?: Array<{ message: string }> } | null;
  if (upstream.ok && typeof body?.id === 'number') return { kind: 'kept', id: body.id };
  if (upstream.status === 422 && Array.isArray(body?.issues)) return { kind: 'problems', message: body.message ?? '', issues: body.issues };
  if (upstream.status >= 500) console.error(`import upload to ${apiPath} answered ${upstream.status}`);
  const message = upstream.status === 413 ? FileMessages.tooLarge : upstream.status < 500 ? (body?.errors?.[0]?.message ?? body?.message ?? FileMessages.uploadError) : Messages.serviceUnavailable;
  return { kind: 'refused', status: upstream.status, message };
}

/** A template of the API (xlsx or CSV) streamed through with the session's token, so no token reaches the page. */
export async function proxyTemplate(request: Request, apiPath: string): Promise<Response> {
  const token = activeToken(await getSession(request));
  const plain = (status: number) => new Response('Error, when trying to download file', { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });
  if (!token) return plain(401);
  let upstream: Response;
  try {
    upstream = await fetch(`${apiBaseUrl()}${apiPath}`, { headers: { Authorization: `Bearer ${token}` }, signal: request.signal });
  } catch {
    return plain(503);
  }
  if (!upstream.ok || !upstream.body) return plain(upstream.status >= 400 && upstream.status < 500 ? upstream.status : 502);
  const headers = new Headers({ 'Cache-Control': 'private, no-store', 'X-Content-Type-Options': 'nosniff' });
  for (const name of ['Content-Type', 'Content-Disposition']) {
    const value = upstream.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(upstream.body, { status: 200, headers });
}
