import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * helmet's headers for these options, worked out once: they depend on nothing in the request, so each
 * request sets the list instead of running helmet's dozen middleware functions.
 */
function staticHeaders(middleware: ReturnType<typeof helmet>): Array<[string, string]> {
  const headers: Array<[string, string]> = [];
  const res = { setHeader: (name: string, value: string) => headers.push([name, String(value)]), removeHeader: () => undefined } as unknown as ServerResponse;
  middleware({} as IncomingMessage, res, () => undefined);
  return headers;
}

// 'same-origin' rather than helmet's 'no-referrer': with no-referrer Chromium sends `Origin: null` on form
// posts, which Remix rightly refuses as CSRF; same-origin still keeps token URLs from leaking out.
const referrerPolicy = { policy: 'same-origin' as const };

// HSTS is not in the fixed lists: it is sent only over https (securityHeaders), where a browser heeds it.
const strictTransportSecurity = false;

/**
 * Powerful browser features the product never uses, turned off for every answer and every frame: a script
 * that got in still cannot reach the camera, microphone, location, payment or devices.
 */
const PERMISSIONS_POLICY: readonly [string, string] = [
  'Permissions-Policy',
  'accelerometer=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(), usb=()',
];

/** Strict-Transport-Security of an answer over https: a year, subdomains included. */
export const HSTS: readonly [string, string] = ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'];

/**
 * Every API answer's headers: the strict CSP, and no cache keeps them unless a route says otherwise (API answers
 * carry personal data).
 */
export const API_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ...staticHeaders(helmet({ referrerPolicy, strictTransportSecurity })),
  PERMISSIONS_POLICY,
  ['Cache-Control', 'no-store'],
];

/** The site's pages carry Remix's inline hydration scripts: helmet's headers without the CSP. */
export const SITE_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ...staticHeaders(helmet({ contentSecurityPolicy: false, referrerPolicy, strictTransportSecurity })),
  PERMISSIONS_POLICY,
];

const API_HTTPS_HEADERS = [...API_HEADERS, HSTS];
const SITE_HTTPS_HEADERS = [...SITE_HEADERS, HSTS];

/** The one list for an answer: the API's or the site's, with HSTS when the request came over https. */
export function securityHeaders(api: boolean, https: boolean): ReadonlyArray<readonly [string, string]> {
  if (api) return https ? API_HTTPS_HEADERS : API_HEADERS;
  return https ? SITE_HTTPS_HEADERS : SITE_HEADERS;
}

/**
 * Whether the portal is reached over https for this request: its public URL says so, or the request itself
 * came over TLS (or from the trusted proxy saying X-Forwarded-Proto https, as Fastify's `request.protocol`
 * reads it). Cookies are then `Secure`.
 */
export function servedOverHttps(publicUrl: string, requestProtocol: string): boolean {
  return requestProtocol === 'https' || publicUrl.startsWith('https:');
}
