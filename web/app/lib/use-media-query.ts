import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches. The server (and hydration) use `serverValue`, then the browser's
 * answer takes over without a hydration mismatch.
 */
export function useMediaQuery(query: string, serverValue: boolean): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => serverValue,
  );
}
