import { useEffect } from 'react';
import { useFetcher } from '@remix-run/react';
import { startQuietly } from '~/lib/cancelled-load';
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
    // A navigation (the dialog closing) may cancel the load (remix-run/react-router#14203): nothing to
    // predict for a closed dialog.
    startQuietly(() => load(`/enrollment-contribution?${query}`));
  }, [query, load]);
  const answer = fetcher.data;
  return {
    amount: answer?.ok ? answer.prediction.amount : null,
    employerAmount: answer?.ok ? answer.prediction.employerAmount : null,
    eoi: answer?.ok ? answer.prediction.eoiRequired : [],
    pending: fetcher.state !== 'idle',
  };
}
