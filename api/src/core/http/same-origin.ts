import type { IncomingHttpHeaders } from 'node:http';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function originOf(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4.startsWith('127.') || address === '::1';
}

/** What the origin check reads of a request. */
export interface OriginCheckRequest {
  method: string;
  headers: IncomingHttpHeaders;
}

const header = (headers: IncomingHttpHeaders, name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * Whether a request to the site may change something: safe methods always; anything else only when its
 * Origin (or, without one, its Referer) is the portal's configured public origin (PUBLIC_URL). The Host header
 * is never trusted for this: whoever sends the request chooses it, so a page elsewhere posting through a proxy
 * or a rebinding name could make its own origin look like ours. No Origin and no Referer: refused.
 */
export function sameOriginAllowed(req: OriginCheckRequest, publicUrl: string): boolean {
  if (SAFE_METHODS.has(req.method)) return true;
  const claimed = originOf(header(req.headers, 'origin')) ?? originOf(header(req.headers, 'referer'));
  return claimed !== null && claimed === originOf(publicUrl);
}
