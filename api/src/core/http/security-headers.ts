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

/**
 * Every API answer's headers: the strict CSP, and no cache keeps them unless a route says otherwise (API answers
 * carry personal data, decisions section 5).
 */
export const API_HEADERS: ReadonlyArray<readonly [string, string]> = [...staticHeaders(helmet({ referrerPolicy })), ['Cache-Control', 'no-store']];

/** The site's pages carry Remix's inline hydration scripts: helmet's headers without the CSP. */
export const SITE_HEADERS: ReadonlyArray<readonly [string, string]> = staticHeaders(helmet({ contentSecurityPolicy: false, referrerPolicy }));
