/** The site lives under this base path; the REST API and the development tools live under it too. */
export const SITE_BASE = '/mbl';

/** Paths under the site base that belong to someone else: the REST API and development tools. */
const NOT_SITE = [`${SITE_BASE}/api`, `${SITE_BASE}/dev`];

function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/**
 * Whether a path is the site's: `/mbl`, `/mbl.data` (single-fetch data of the index route) or anything under
 * `/mbl/`, except the API and the development tools. The host hands these to Remix; the site's list links navigate
 * to these in the page and leave every other address to the browser.
 */
export function isSitePath(path: string): boolean {
  if (path === SITE_BASE || path === `${SITE_BASE}.data`) return true;
  if (!path.startsWith(`${SITE_BASE}/`)) return false;
  return !NOT_SITE.some((prefix) => isUnder(path, prefix));
}
