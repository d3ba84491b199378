import { useEffect } from 'react';
import { useFetcher } from '@remix-run/react';
import { isCancelledLoad } from '~/lib/cancelled-load';
import type { ContributionAnswer } from '~/routes/enrollment-contribution';

interface Prediction {
  amount: string | null;
  /** What the employer pays per pay period toward the predicted coverage. */
  employerAmount: string | null;
  eoi: string[];
}

/** The live contribution: a resource route calls GET /plans/{id}/contributions as the choices change. */
export function usePrediction(query: string | null): Prediction & { pending: boolean } {
  const fetcher = useFetcher<ContributionAnswer>();
  const { load } = fetcher;
  useEffect(() => {
    if (!query) return;
    try {
      load(`/enrollment-contribution?${query}`);
    } catch (error) {
      // A navigation (the dialog closing) already cancelled this page's loads: the router throws an
      // AbortError at once (remix-run/react-router#14203). Nothing to predict for a closed dialog.
      if (!isCancelledLoad(error)) throw error;
    }
  }, [query, load]);
  const answer = fetcher.data;
  return {
    amount: answer?.ok ? answer.prediction.amount : null,
    employerAmount: answer?.ok ? answer.prediction.employerAmount : null,
    eoi: answer?.ok ? answer.prediction.eoiRequired : [],
    pending: fetcher.state !== 'idle',
  };
}
