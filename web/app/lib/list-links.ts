import type { MouseEvent } from 'react';
import { useLocation, useNavigate } from '@remix-run/react';
import { isSitePath } from '@bp/api/contracts';
import { toAppPath } from './site';

/** Whether a click on a link is one the browser should handle itself (new tab or window, download, another target). */
export function isBrowserClick(event: Pick<MouseEvent, 'button' | 'metaKey' | 'altKey' | 'ctrlKey' | 'shiftKey' | 'defaultPrevented'>, link: Pick<HTMLAnchorElement, 'target' | 'origin' | 'hasAttribute'>, origin: string): boolean {
  return (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.altKey ||
    event.ctrlKey ||
    event.shiftKey ||
    (link.target !== '' && link.target !== '_self') ||
    link.hasAttribute('download') ||
    link.origin !== origin
  );
}

/**
 * Client-side navigation for a long list of plain links (sitePath hrefs): one click handler on the list instead of
 * a router <Link> per row. Each <Link> resolves its address and reads the router's state as the page renders; the
 * census's 150 of them cost about a sixth of the page's CPU. The rows stay real links: they work before scripts load,
 * open in a new tab, and carry data-discover so Remix learns their routes as a <Link>'s would. A click goes where
 * <Link preventScrollReset> would (the same address again replaces the history entry, as a <Link> does).
 */
export function useListLinkClicks(): (event: MouseEvent<HTMLElement>) => void {
  const navigate = useNavigate();
  const location = useLocation();
  return (event) => {
    const link = event.target instanceof Element ? event.target.closest('a') : null;
    if (!link || !event.currentTarget.contains(link) || isBrowserClick(event, link, window.location.origin)) return;
    // Only the site's own pages: anything else on this origin (the API's files, say) is the browser's to open.
    if (!isSitePath(link.pathname)) return;
    event.preventDefault();
    const to = `${toAppPath(link.pathname)}${link.search}`;
    navigate(to, { preventScrollReset: true, replace: to === `${location.pathname}${location.search}` });
  };
}
