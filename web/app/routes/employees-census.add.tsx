import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useNavigate, useRouteLoaderData, useSearchParams } from '@remix-run/react';
import { EmployeeForm } from '~/components/census/EmployeeForm';
import { Modal } from '~/components/ui';
import { censusAt } from '~/lib/census-address';
import { censusWrite, requireCensusEditor } from '~/lib/census-employee.server';
import type { loader as censusLoader } from './employees-census';

export { RouteErrorBoundary as ErrorBoundary } from '~/components/RouteErrorBoundary';

/** Add New Employee: a dialog over the census at its own address, so it opens and posts without JavaScript. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireCensusEditor(request, context);
  return null;
}

export async function action(args: ActionFunctionArgs) {
  await requireCensusEditor(args.request, args.context);
  return censusWrite('add', args);
}

export default function AddEmployeeDialog() {
  const census = useRouteLoaderData<typeof censusLoader>('routes/employees-census');
  const answer = useActionData<typeof action>();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const closeTo = censusAt(searchParams);
  if (!census?.canEdit) return null;
  return (
    <Modal open title="Add New Employee" wide xl onOpenChange={() => navigate(closeTo, { preventScrollReset: true })}>
      <EmployeeForm mode="add" employee={null} lastResult={answer?.result} closeTo={closeTo} workHoursRequired={census.workHoursRequired} />
    </Modal>
  );
}
