import { useEffect } from 'react';
import { useFetcher } from '@remix-run/react';
import type { ContributionAnswer } from '~/routes/enrollment-contribution';

interface Prediction {
  amount: string | null;
  eoi: string[];
}

/** The live contribution: a resource route calls GET /plans/{id}/contributions as the choices change. */
export function usePrediction(query: string | null): Prediction & { pending: boolean } {
  const fetcher = useFetcher<ContributionAnswer>();
  const { load } = fetcher;
  useEffect(() => {
    if (query) load(`/enrollment-contribution?${query}`);
  }, [query, load]);
  const answer = fetcher.data;
  return {
    amount: answer?.ok ? answer.prediction.amount : null,
    eoi: answer?.ok ? answer.prediction.eoiRequired : [],
    pending: fetcher.state !== 'idle',
  };
}
