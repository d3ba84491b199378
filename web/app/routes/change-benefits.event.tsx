import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { ChangeBenefitsPage } from '~/components/change-benefits/ChangeBenefitsPage';
import { EventStep } from '~/components/change-benefits/EventStep';
import { changeBenefitsAction, loadChangeBenefits } from '~/lib/change-benefits.server';
import { pageTitle } from '~/lib/meta';

export { RouteErrorBoundary as ErrorBoundary } from '~/components/RouteErrorBoundary';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'Change Benefits') }];

/** Change Benefits, step 1: the life event. The server owns the step: another step's address is sent on to the server's. */
export function loader(args: LoaderFunctionArgs) {
  return loadChangeBenefits(args, 1);
}

export function action(args: ActionFunctionArgs) {
  return changeBenefitsAction(args);
}

export default function ChangeBenefitsEventRoute() {
  return <ChangeBenefitsPage>{({ data, busy }) => <EventStep eventTypes={data.eventTypes} chosen={data.midyear.eventType} busy={busy} />}</ChangeBenefitsPage>;
}
