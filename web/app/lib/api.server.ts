import type { AppLoadContext } from '@remix-run/node';
import type { ZodType } from 'zod';
import { Messages, ZErrorResponse, type ErrorResponse } from '@bp/api/contracts';

/**
 * HTTP client for the portal API. The site calls the API like any other consumer (decisions, section 3),
 * so the API stays the single place where rules are checked.
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

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text.length === 0) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Calls the API and answers its JSON body without checking its shape (see {@link apiCall}). */
export async function apiRequest(path: string, options: ApiRequestOptions): Promise<ApiResult<unknown>> {
  const headers = new Headers({ Accept: 'application/json' });
  if (options.body !== undefined) headers.set('Content-Type', 'application/json');
  if (options.token) headers.set('Authorization', `Bearer ${options.token}`);
  const ip = clientIpOf(options.context);
  if (ip) headers.set('X-Forwarded-For', ip);
  const userAgent = options.request.headers.get('User-Agent');
  if (userAgent) headers.set('User-Agent', userAgent);

  let response: Response;
  try {
    response = await fetch(`${apiBaseUrl()}${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      // Stop waiting when the browser goes away or the API hangs.
      signal: AbortSignal.any([options.request.signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]),
      redirect: 'manual',
    });
  } catch (error) {
    console.error(`API ${options.method ?? 'GET'} ${path} failed:`, error instanceof Error ? error.message : error);
    return failure(503, Messages.serviceUnavailable);
  }

  const body = await readJson(response);
  if (response.ok) return { ok: true, status: response.status, data: body };
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
