import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { ChangeBenefitsPage } from '~/components/change-benefits/ChangeBenefitsPage';
import { PlanEnrollmentStep } from '~/components/change-benefits/PlanEnrollmentStep';
import { changeBenefitsAction, loadChangeBenefits } from '~/lib/change-benefits.server';
import { pageTitle } from '~/lib/meta';

export { RouteErrorBoundary as ErrorBoundary } from '~/components/RouteErrorBoundary';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'Change Benefits') }];

/** Change Benefits, step 6: plan enrollment (the registration's dialogs, into the event's own draft). The server owns the step: another step's address is sent on to the server's. */
export function loader(args: LoaderFunctionArgs) {
  return loadChangeBenefits(args, 6);
}

export function action(args: ActionFunctionArgs) {
  return changeBenefitsAction(args);
}

export default function ChangeBenefitsPlansRoute() {
  return (
    <ChangeBenefitsPage>
      {({ data, eventType, proof, proofUploaded, skipped, error, next, previous, here }) =>
        data.enrollment ? (
          <PlanEnrollmentStep
            enrollment={data.enrollment}
            eventType={eventType}
            proof={skipped(4) ? proof : null}
            proofUploaded={proofUploaded}
            stepPath={here}
            error={error}
            next={next}
            previous={previous}
          />
        ) : null}
    </ChangeBenefitsPage>
  );
}
