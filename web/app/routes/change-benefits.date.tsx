import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { ChangeBenefitsPage } from '~/components/change-benefits/ChangeBenefitsPage';
import { EventDateStep } from '~/components/change-benefits/EventDateStep';
import { changeBenefitsAction, loadChangeBenefits } from '~/lib/change-benefits.server';
import { pageTitle } from '~/lib/meta';

export { RouteErrorBoundary as ErrorBoundary } from '~/components/RouteErrorBoundary';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'Change Benefits') }];

/** Change Benefits, step 2: the event's date (and reason). The server owns the step: another step's address is sent on to the server's. */
export function loader(args: LoaderFunctionArgs) {
  return loadChangeBenefits(args, 2);
}

export function action(args: ActionFunctionArgs) {
  return changeBenefitsAction(args);
}

export default function ChangeBenefitsDateRoute() {
  return (
    <ChangeBenefitsPage>
      {({ data, eventType, next, previous, busy, error, field }) =>
        eventType ? <EventDateStep eventType={eventType} midyear={data.midyear} next={next} previous={previous} busy={busy} error={error} field={field} /> : null}
    </ChangeBenefitsPage>
  );
}
