import type { AppLoadContext } from '@remix-run/node';
import type { ZodType } from 'zod';
import { Messages, ZErrorResponse, type ErrorResponse, type InProcessApi } from '@bp/api/contracts';

/**
 * Client of the portal API. The site calls the API like any other consumer, so the API
 * stays the single place where rules are checked. Hosted by the API process (api/src/web), the call goes to it
 * in process (the host's `api` in the load context: the same hooks, guards and contracts, no loopback socket);
 * anywhere else (INTERNAL_API_URL) over HTTP.
 */

const REQUEST_TIMEOUT_MS = 15_000;

export function apiBaseUrl(): string {
  return process.env.INTERNAL_API_URL ?? `http://127.0.0.1:${process.env.PORT ?? '3000'}/mbl/api`;
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** Bearer token; omitted for anonymous calls such as login. */
  token?: string | null;
  /** The browser's request: its abort signal and user agent are passed on. */
  request: Request;
  /** Load context from the host; `clientIp` is forwarded so the API throttles and audits the real client. */
  context?: AppLoadContext;
}

export type ApiFailure = { ok: false; status: number; error: ErrorResponse };
export type ApiResult<T> = { ok: true; status: number; data: T } | ApiFailure;

function clientIpOf(context: AppLoadContext | undefined): string | null {
  const ip = context?.clientIp;
  return typeof ip === 'string' && ip.length > 0 ? ip : null;
}

function failure(status: number, message: string, extra: Partial<ErrorResponse> = {}): ApiFailure {
  return { ok: false, status, error: { statusCode: status, message, ...extra } };
}

function parseJson(text: string): unknown {
  if (text.length === 0) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The host's in-process API, when the site runs inside the API process (api/src/web/remix-host.ts). */
function inProcessApiOf(context: AppLoadContext | undefined): InProcessApi | null {
  const api = context?.api;
  return typeof api === 'function' ? (api as InProcessApi) : null;
}

/** One call, in process or over HTTP: its status, status text and body text. */
async function send(path: string, options: ApiRequestOptions): Promise<{ status: number; statusText: string; text: string }> {
  const method = options.method ?? 'GET';
  // Never compressed: the answer stays on this machine (or in this process), so compressing costs CPU for nothing.
  const headers: Record<string, string> = { accept: 'application/json', 'accept-encoding': 'identity' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const ip = clientIpOf(options.context);
  if (ip) headers['x-forwarded-for'] = ip;
  const userAgent = options.request.headers.get('User-Agent');
  if (userAgent) headers['user-agent'] = userAgent;
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  // Stop waiting when the browser goes away or the API hangs.
  const signal = AbortSignal.any([options.request.signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]);

  const inProcess = inProcessApiOf(options.context);
  if (inProcess) {
    const response = await inProcess({ method, path, headers, body, signal });
    return { status: response.status, statusText: response.statusText, text: response.body };
  }
  const response = await fetch(`${apiBaseUrl()}${path}`, { method, headers, body, signal, redirect: 'manual' });
  return { status: response.status, statusText: response.statusText, text: await response.text() };
}

/** Calls the API and answers its JSON body without checking its shape (see {@link apiCall}). */
export async function apiRequest(path: string, options: ApiRequestOptions): Promise<ApiResult<unknown>> {
  let response: { status: number; statusText: string; text: string };
  try {
    response = await send(path, options);
  } catch (error) {
    console.error(`API ${options.method ?? 'GET'} ${path} failed:`, error instanceof Error ? error.message : error);
    return failure(503, Messages.serviceUnavailable);
  }

  const body = parseJson(response.text);
  if (response.status >= 200 && response.status < 300) return { ok: true, status: response.status, data: body };
  const parsed = ZErrorResponse.safeParse(body);
  return parsed.success
    ? { ok: false, status: response.status, error: parsed.data }
    : failure(response.status, response.statusText || Messages.serviceUnavailable);
}

/** Calls the API and checks a successful answer against the shared contract. */
export async function apiCall<T>(schema: ZodType<T>, path: string, options: ApiRequestOptions): Promise<ApiResult<T>> {
  const result = await apiRequest(path, options);
  if (!result.ok) return result;
  const parsed = schema.safeParse(result.data);
  if (parsed.success) return { ok: true, status: result.status, data: parsed.data };
  // A contract mismatch is a bug between site and API: log which fields, show a neutral error.
  console.error(
    `API ${options.method ?? 'GET'} ${path} answered an unexpected shape:`,
    parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
  );
  return failure(502, Messages.serviceUnavailable);
}
