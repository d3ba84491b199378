import { SITE_BASE } from '@bp/api/contracts';

/** The site lives under this base path (contracts' SITE_BASE); the API under `${BASE_PATH}/api`. */
export const BASE_PATH = SITE_BASE;

/**
 * Browser-facing URL of an app path, for plain <a href>. Not for loader/action redirects: Remix puts the
 * basename in front of those itself, and <Link>/<Form> resolve app paths too.
 */
export function sitePath(appPath: string): string {
  return appPath === '/' ? `${BASE_PATH}/` : `${BASE_PATH}${appPath}`;
}

/** App path of a browser-facing pathname ('/mbl/profile' -> '/profile', '/mbl' -> '/'). */
export function toAppPath(pathname: string): string {
  if (pathname === BASE_PATH) return '/';
  return pathname.startsWith(`${BASE_PATH}/`) ? pathname.slice(BASE_PATH.length) : pathname;
}

/** Feedback messages hide after this delay. */
export const FEEDBACK_MS = 5000;

/** An app path safe to redirect to: local ('/x', never '//host' or 'https://...'), else the fallback. */
export function safeAppPath(path: string | null | undefined, fallback = '/'): string {
  return typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') && !path.includes('\\')
    ? path
    : fallback;
}
