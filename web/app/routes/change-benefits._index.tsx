import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { changeBenefitsAction, loadChangeBenefits } from '~/lib/change-benefits.server';

export { RouteErrorBoundary as ErrorBoundary } from '~/components/RouteErrorBoundary';

/**
 * Change Benefits (the life-event wizard) as the menu opens it: each step is a route of its own
 * (change-benefits.<slug>.tsx), and this address sends the person on to the one the server says they are at,
 * keeping the query string (?continue=1, ?modify=1). A post here is taken as on any step.
 */
export async function loader(args: LoaderFunctionArgs) {
  return loadChangeBenefits(args, null);
}

export function action(args: ActionFunctionArgs) {
  return changeBenefitsAction(args);
}

/** Never drawn: the loader always sends on (or fails to the error boundary, as a step would). */
export default function ChangeBenefitsIndexRoute() {
  return null;
}
