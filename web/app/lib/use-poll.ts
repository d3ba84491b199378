import { useEffect } from 'react';
import { useRevalidator } from '@remix-run/react';

/**
 * While `active`, the page's loaders run again every `ms` (a worker's progress: signing, a file being
 * written); one at a time, and nothing once the work is done.
 */
export function usePollWhile(active: boolean, ms = 1000): void {
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    if (!active) return;
    const timer = window.setTimeout(() => {
      if (state === 'idle') revalidate();
    }, ms);
    return () => window.clearTimeout(timer);
  }, [active, ms, state, revalidate]);
}
