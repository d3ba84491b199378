import { randomBytes } from 'node:crypto';
export { sameOriginAllowed } from '../core/http/same-origin';

/** Form bodies the site reads: files go to the API's multipart upload instead. */
export const SITE_FORM_LIMIT_BYTES = 1024 * 1024;

/** The site's upload pass-throughs take one file of up to 10,000,000 bytes and their form's parts. */
export const SITE_UPLOAD_PATHS: readonly string[] = ['/onboarding-upload', '/census-upload', '/documents-upload', '/change-benefits-proof', '/agency-clients-logo', '/plans-setup', '/census-import'];
export const SITE_UPLOAD_LIMIT_BYTES = 10_000_000 + 64 * 1024;

/** How much of a request body the site reads: the upload paths more, every other form 1 MiB. */
export function siteBodyLimit(pathname: string, base: string): number {
  return SITE_UPLOAD_PATHS.some((p) => pathname === `${base}${p}`) ? SITE_UPLOAD_LIMIT_BYTES : SITE_FORM_LIMIT_BYTES;
}

/** A fresh nonce per page for the Content-Security-Policy and every inline script. */
export function newNonce(): string {
  return randomBytes(18).toString('base64');
}

/**
 * The site's Content-Security-Policy: scripts only with this response's nonce (and what they load, via
 * 'strict-dynamic'); no 'unsafe-inline' or 'unsafe-eval' for scripts. Development adds Vite's HMR socket.
 */
export function siteCsp(nonce: string, development: boolean): string {
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    // Tailwind's stylesheet is a file; React and Radix set style attributes, which CSP counts as inline.
    "style-src 'self' 'unsafe-inline'",
    // Client and agency logos may live on the client's own site; the signature pad draws data: URLs.
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self'${development ? ' ws: wss:' : ''}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
