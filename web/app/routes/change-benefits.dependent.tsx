import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { ChangeBenefitsPage } from '~/components/change-benefits/ChangeBenefitsPage';
import { EventDependentStep } from '~/components/change-benefits/EventDependentStep';
import { changeBenefitsAction, loadChangeBenefits } from '~/lib/change-benefits.server';
import { pageTitle } from '~/lib/meta';

export { RouteErrorBoundary as ErrorBoundary } from '~/components/RouteErrorBoundary';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'Change Benefits') }];

/** Change Benefits, step 3: the dependent the event is about (added here when new). The server owns the step: another step's address is sent on to the server's. */
export function loader(args: LoaderFunctionArgs) {
  return loadChangeBenefits(args, 3);
}

export function action(args: ActionFunctionArgs) {
  return changeBenefitsAction(args);
}

export default function ChangeBenefitsDependentRoute() {
  return (
    <ChangeBenefitsPage>
      {({ data, eventType, next, previous, busy, here }) =>
        eventType ? <EventDependentStep eventType={eventType} chosen={data.midyear.dependentId} dependents={data.dependents} addTo={`${here}&add=1`} next={next} previous={previous} busy={busy} /> : null}
    </ChangeBenefitsPage>
  );
}
