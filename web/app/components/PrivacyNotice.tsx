import { lazy, Suspense } from 'react';
import type { CurrentUser } from '@bp/api/contracts';
import { useHydrated } from './ui';

export const linkClass = 'rounded-sm font-medium underline underline-offset-4 hover:no-underline';

// Radix's dialog is fetched after hydration rather than with the page: until then the link is drawn as it will be.
const PrivacyNoticeDialog = lazy(() => import('./PrivacyNoticeDialog'));

/**
 * The signed-in 'Privacy Notice' link. Without a notice document configured it opens the privacy
 * statement in a dialog rather than pointing at nothing.
 */
export function PrivacyNotice({ notice }: { notice: CurrentUser['privacyNotice'] }) {
  const hydrated = useHydrated();
  if (notice.mblUrl) {
    return (
      <a href={notice.mblUrl} target="_blank" rel="noopener noreferrer" className={linkClass}>
        Privacy Notice
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    );
  }
  const drawn = (
    <button type="button" className={linkClass}>
      Privacy Notice
    </button>
  );
  if (!hydrated) return drawn;
  return (
    <Suspense fallback={drawn}>
      <PrivacyNoticeDialog revisionDate={notice.revisionDate} />
    </Suspense>
  );
}
