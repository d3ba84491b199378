import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useNavigate, useRouteLoaderData, useSearchParams } from '@remix-run/react';
import { fullName } from '@bp/api/contracts';
import { EmployeeForm } from '~/components/census/EmployeeForm';
import { Modal } from '~/components/ui';
import { positiveInt } from '~/lib/address';
import { censusAt } from '~/lib/census-address';
import { censusWrite, requireCensusEditor } from '~/lib/census-employee.server';
import type { loader as censusLoader } from './employees-census';

export { RouteErrorBoundary as ErrorBoundary } from '~/components/RouteErrorBoundary';

/** Edit the selected employee (`?employee=`): a dialog over the census at its own address, working without JavaScript. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireCensusEditor(request, context);
  const url = new URL(request.url);
  if (positiveInt(url.searchParams.get('employee')) === null) throw redirect(censusAt(url.searchParams));
  return null;
}

export async function action(args: ActionFunctionArgs) {
  await requireCensusEditor(args.request, args.context);
  return censusWrite('edit', args);
}

export default function EditEmployeeDialog() {
  const census = useRouteLoaderData<typeof censusLoader>('routes/employees-census');
  const answer = useActionData<typeof action>();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const closeTo = censusAt(searchParams);
  // The census under the dialog says when the employee is not there ('No employee found!').
  const profile = census?.detail?.profile;
  if (!census?.canEdit || !profile) return null;
  return (
    <Modal open title={`Edit ${fullName(profile)}`} wide xl onOpenChange={() => navigate(closeTo, { preventScrollReset: true })}>
      <EmployeeForm mode="edit" employee={profile} lastResult={answer?.result} closeTo={closeTo} workHoursRequired={census.workHoursRequired} />
    </Modal>
  );
}
