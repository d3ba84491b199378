import type { Request } from 'express';

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

/**
 * Whether a request to the site may change something: safe methods always; anything else only when its
 * Origin (or, without one, its Referer) is the site's own. "Own" is PUBLIC_URL's origin, or the origin the
 * request itself was made to (scheme and host as Express sees them, so X-Forwarded-* count only from a
 * trusted proxy: `trust proxy` is loopback). No Origin and no Referer: refused.
 */
export function sameOriginAllowed(req: Pick<Request, 'method' | 'protocol' | 'headers'> & { get(name: string): string | undefined }, publicUrl: string): boolean {
  if (SAFE_METHODS.has(req.method)) return true;
  const claimed = originOf(req.get('origin')) ?? originOf(req.get('referer'));
  if (claimed === null) return false;
  const own = new Set<string>();
  const configured = originOf(publicUrl);
  if (configured) own.add(configured);
  const host = req.get('host');
  if (host) {
    const requested = originOf(`${req.protocol}://${host}`);
    if (requested) own.add(requested);
  }
  return own.has(claimed);
}
