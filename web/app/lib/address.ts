import { useSearchParams } from '@remix-run/react';

/** A positive int4 from the address (an id), or null for anything else. */
export function positiveInt(value: string | null): number | null {
  const n = Number(value);
  return value !== null && Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
}

/**
 * Links that change some of the page's query parameters and keep the rest (the screens keep their dialogs,
 * filters and selection in the address so they work before scripts load): null removes a parameter.
 */
export function useWithParams(): (change: Record<string, string | null>) => string {
  const [searchParams] = useSearchParams();
  return (change) => {
    const params = new URLSearchParams(searchParams);
    for (const [k, v] of Object.entries(change)) {
      if (v === null) params.delete(k);
      else params.set(k, v);
    }
    return `?${params.toString()}`;
  };
}
