import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { ChangeBenefitsPage } from '~/components/change-benefits/ChangeBenefitsPage';
import { ReviewSignStep } from '~/components/change-benefits/ReviewSignStep';
import { changeBenefitsAction, loadChangeBenefits } from '~/lib/change-benefits.server';
import { pageTitle } from '~/lib/meta';

export { RouteErrorBoundary as ErrorBoundary } from '~/components/RouteErrorBoundary';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'Change Benefits') }];

/** Change Benefits, step 7: review and sign. The server owns the step: another step's address is sent on to the server's. */
export function loader(args: LoaderFunctionArgs) {
  return loadChangeBenefits(args, 7);
}

export function action(args: ActionFunctionArgs) {
  return changeBenefitsAction(args);
}

export default function ChangeBenefitsReviewRoute() {
  return <ChangeBenefitsPage>{({ data, eventType, error, previous }) => <ReviewSignStep review={data.review} error={error} previous={previous} canSign={eventType !== null && data.enrollment !== null} />}</ChangeBenefitsPage>;
}
