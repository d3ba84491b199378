import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { ChangeBenefitsPage } from '~/components/change-benefits/ChangeBenefitsPage';
import { CoverageStep } from '~/components/change-benefits/CoverageStep';
import { changeBenefitsAction, loadChangeBenefits } from '~/lib/change-benefits.server';
import { pageTitle } from '~/lib/meta';

export { RouteErrorBoundary as ErrorBoundary } from '~/components/RouteErrorBoundary';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'Change Benefits') }];

/** Change Benefits, step 4: the affected coverage and the proof. The server owns the step: another step's address is sent on to the server's. */
export function loader(args: LoaderFunctionArgs) {
  return loadChangeBenefits(args, 4);
}

export function action(args: ActionFunctionArgs) {
  return changeBenefitsAction(args);
}

export default function ChangeBenefitsCoverageRoute() {
  return (
    <ChangeBenefitsPage>
      {({ data, eventType, proof, proofUploaded, next, previous, busy }) =>
        eventType ? <CoverageStep eventType={eventType} proof={proof} proofUploaded={proofUploaded} coverage={data.coverage} next={next} previous={previous} busy={busy} /> : null}
    </ChangeBenefitsPage>
  );
}
