import { useEffect } from 'react';
import { useFetcher } from '@remix-run/react';
import type { Plan, PlanPrice } from '@bp/api/contracts';
import { startQuietly } from '~/lib/cancelled-load';
import type { PricesAnswer } from '~/routes/enrollment-prices';

const sorted = (ids: string) => ids.split(',').filter(Boolean).map(Number).sort((a, b) => a - b).join(',');

/**
 * Each plan's side-by-side price for the chosen people. The page comes priced for the people chosen when the
 * dialog opened; when the choice changes, the server prices the plans again (the site never computes one).
 */
export function usePlanPrices(planTypeId: number, pricedFor: string, chosen: string | null): { priceOf: (plan: Plan) => PlanPrice; pending: boolean } {
  const fetcher = useFetcher<PricesAnswer>();
  const { load } = fetcher;
  const asked = chosen === null ? null : sorted(chosen);
  const fresh = asked === null || asked === sorted(pricedFor);
  useEffect(() => {
    if (fresh || asked === null) return;
    startQuietly(() => load(`/enrollment-prices?type=${planTypeId}&dependents=${asked}`));
  }, [fresh, asked, planTypeId, load]);
  const answer = fetcher.data;
  return {
    priceOf: (plan) => (fresh || !answer?.ok ? plan.price : (answer.prices[String(plan.id)] ?? plan.price)),
    pending: !fresh && fetcher.state !== 'idle',
  };
}
