import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { useFetcher, useNavigation, useRevalidator } from '@remix-run/react';
import type { ShellData } from '~/lib/shell.server';
import { useMediaQuery } from '~/lib/use-media-query';
import { Footer } from './Footer';
import { Header } from './Header';
import { ImpersonationBanner } from './ImpersonationBanner';
import type { loader as checkLoader } from '~/routes/session.check';
import { PrivacyPolicyDialog } from './PrivacyPolicyDialog';
import { SessionExpiredModal } from './SessionExpiredModal';
import { Sidebar, SIDEBAR_ID } from './Sidebar';
import { preloadModalDialog, Toast } from './ui';
import { startQuietly } from '~/lib/cancelled-load';

/** Below 600 px the sidebar becomes a drawer over the page. */
const WIDE_QUERY = '(min-width: 600px)';

/** Activity check interval. */
const ACTIVITY_CHECK_MS = 30_000;

/**
 * Every 30 seconds while enabled, asks the server whether the session went idle; if so the shell's data
 * is reloaded, which brings up the session-expired modal (the server's GET /me answers 408 as well).
 */
function useActivityCheck(enabled: boolean) {
  const fetcher = useFetcher<typeof checkLoader>();
  const { load } = fetcher;
  const { revalidate } = useRevalidator();
  const handled = useRef<unknown>(null);

  useEffect(() => {
    if (!enabled) return;
    const timer = setInterval(() => startQuietly(() => load('/session/check')), ACTIVITY_CHECK_MS);
    return () => clearInterval(timer);
  }, [enabled, load]);

  useEffect(() => {
    // Each answer is acted on once, whatever re-renders follow it.
    if (!fetcher.data || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    if (fetcher.data.idle) revalidate();
  }, [fetcher.data, revalidate]);
}

export function AppShell({ data, children }: { data: ShellData; children: ReactNode }) {
  const isWide = useMediaQuery(WIDE_QUERY, true);
  // Two states so that closing the drawer on a phone does not collapse the sidebar on a desktop later.
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const sidebarExpanded = isWide ? !collapsed : drawerOpen;

  const toggleSidebar = () => (isWide ? setCollapsed((c) => !c) : setDrawerOpen((o) => !o));

  const { user } = data;
  // Impersonating sessions have no activity check and no privacy dialog.
  useActivityCheck(user !== null && !data.impersonating && !data.sessionIdle);
  // Held back while a forced password or security-question change is pending: the API answers only that
  // change until it is made, so the agreement could not be recorded yet.
  const showPrivacy =
    user !== null &&
    !data.impersonating &&
    !data.sessionIdle &&
    !user.mblPrivacyPolicyAgreement &&
    !user.passwordReset &&
    !user.securityQuestionReset;
  // The login card shows its notice inline; every other page gets it as a toast.
  const toast = data.notice && data.route?.id !== 'login' ? data.notice : null;

  // Every page may open a dialog; its module is fetched once the page is interactive, not before.
  useEffect(() => preloadModalDialog(), []);

  // The drawer is persistent (it stays open while the user navigates) but Escape closes it.
  useEffect(() => {
    if (!drawerOpen || isWide) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setDrawerOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [drawerOpen, isWide]);

  // The narrow-screen drawer opens under the sticky block (header, and the impersonation bar when shown),
  // whose height changes when the bar wraps.
  const topRef = useRef<HTMLDivElement>(null);
  const [topHeight, setTopHeight] = useState(64);
  useEffect(() => {
    const el = topRef.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setTopHeight(el.offsetHeight));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  return (
    <div className="flex min-h-full flex-col" style={{ '--shell-top': `${topHeight}px` } as CSSProperties}>
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-brand-800 shadow focus:not-sr-only focus:fixed focus:left-3 focus:top-3"
      >
        Skip to main content
      </a>
      <NavigationProgress />
      {/* One sticky block, so the impersonation bar and the header stay in view together. */}
      <div ref={topRef} className="sticky top-0 z-40">
        {data.impersonating && user ? <ImpersonationBanner person={user} /> : null}
        {data.showHeaderFooter ? (
          <Header
            data={data}
            sidebar={data.showSidebar ? { expanded: sidebarExpanded, controls: SIDEBAR_ID, onToggle: toggleSidebar } : null}
          />
        ) : null}
      </div>
      {data.sessionIdle ? <SessionExpiredModal serverError={data.sessionPasswordError} /> : null}
      {showPrivacy ? <PrivacyPolicyDialog notice={user.privacyNotice} /> : null}
      {toast ? <Toast tone={toast.type} text={toast.text} resetKey={toast} /> : null}
      <div className="flex flex-1">
        {data.showSidebar ? (
          <Sidebar groups={data.sidebar} collapsed={collapsed} drawerOpen={drawerOpen} />
        ) : null}
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 focus:outline-none sm:px-6 md:px-8 md:py-8">
          {children}
        </main>
      </div>
      {data.showHeaderFooter ? <Footer data={data} /> : null}
    </div>
  );
}

/** A thin bar at the top while a navigation or form submission is in flight. */
function NavigationProgress() {
  const busy = useNavigation().state !== 'idle';
  return (
    <div
      aria-hidden="true"
      className={`pointer-events-none fixed inset-x-0 top-0 z-50 h-0.5 bg-brand-600 transition-opacity duration-200 ${
        busy ? 'animate-pulse opacity-100' : 'opacity-0'
      }`}
    />
  );
}
