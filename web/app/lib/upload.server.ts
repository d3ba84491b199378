import type { AppLoadContext } from '@remix-run/node';
import { apiBaseUrl } from './api.server';

/** What an upload pass-through learned from the API: done, or the status and the first message it gave. */
export type UploadOutcome = { ok: true } | { ok: false; status: number; message: string | null };

/**
 * Sends a page's multipart form on to an API upload with the session's token, as it came (the site host has
 * read at most 10 MB of it for these paths, api/src/web/site-guard.ts). Network failures answer 503.
 */
export async function forwardUpload(request: Request, context: AppLoadContext, token: string, apiPath: string): Promise<UploadOutcome> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!contentType.startsWith('multipart/form-data')) return { ok: false, status: 400, message: null };
  let upstream: Response;
  try {
    upstream = await fetch(`${apiBaseUrl()}${apiPath}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': contentType, ...(context.clientIp ? { 'X-Forwarded-For': String(context.clientIp) } : {}) },
      body: await request.arrayBuffer(),
      signal: request.signal,
    });
  } catch (error) {
    console.error(`upload to ${apiPath} failed:`, error instanceof Error ? error.message : error);
    return { ok: false, status: 503, message: null };
  }
  if (upstream.ok) return { ok: true };
  if (upstream.status >= 500) console.error(`upload to ${apiPath} answered ${upstream.status}`);
  const body = (await upstream.json().catch(() => null)) as { message?: string; errors?: Array<{ message: string }> } | null;
  return { ok: false, status: upstream.status, message: body?.errors?.[0]?.message ?? body?.message ?? null };
}
