import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';

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

/**
 * The scheme a request was made with, for code that sees the bare Node request (Nest middleware): the
 * connection's, or X-Forwarded-Proto's first value when the peer is this machine. The same trust as the
 * app's `trustProxy: 'loopback'`, which Fastify applies to request.protocol.
 */
export function protocolOf(req: IncomingMessage): 'http' | 'https' {
  const forwarded = req.headers['x-forwarded-proto'];
  if (typeof forwarded === 'string' && isLoopback(req.socket.remoteAddress)) {
    const first = forwarded.split(',')[0]!.trim().toLowerCase();
    if (first === 'https' || first === 'http') return first;
  }
  return (req.socket as Partial<TLSSocket>).encrypted ? 'https' : 'http';
}

/** What the origin check reads of a request. */
export interface OriginCheckRequest {
  method: string;
  protocol: string;
  headers: IncomingHttpHeaders;
}

const header = (headers: IncomingHttpHeaders, name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * Whether a request to the site may change something: safe methods always; anything else only when its
 * Origin (or, without one, its Referer) is the site's own. "Own" is PUBLIC_URL's origin, or the origin the
 * request itself was made to (its scheme, trusted from X-Forwarded-Proto only from a proxy on this machine,
 * and its Host). No Origin and no Referer: refused.
 */
export function sameOriginAllowed(req: OriginCheckRequest, publicUrl: string): boolean {
  if (SAFE_METHODS.has(req.method)) return true;
  const claimed = originOf(header(req.headers, 'origin')) ?? originOf(header(req.headers, 'referer'));
  if (claimed === null) return false;
  const own = new Set<string>();
  const configured = originOf(publicUrl);
  if (configured) own.add(configured);
  const host = header(req.headers, 'host');
  if (host) {
    const requested = originOf(`${req.protocol}://${host}`);
    if (requested) own.add(requested);
  }
  return own.has(claimed);
}
