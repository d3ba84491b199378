import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useNavigate, useParams, useRouteLoaderData, useSearchParams } from '@remix-run/react';
import { fullName } from '@bp/api/contracts';
import { EmployeeForm } from '~/components/census/EmployeeForm';
import { Modal } from '~/components/ui';
import { positiveInt } from '~/lib/address';
import { censusAt } from '~/lib/census-address';
import { censusWrite, requireCensusEditor } from '~/lib/census-employee.server';
import type { loader as censusLoader } from './employees-census';
import type { loader as employeeLoader } from './employees-census.$employeeId';

export { RouteErrorBoundary as ErrorBoundary } from '~/components/RouteErrorBoundary';

/** Edit the employee of the address: a dialog over their census page at its own address, working without JavaScript. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireCensusEditor(request, context);
  if (positiveInt(params.employeeId ?? null) === null) throw redirect(censusAt(new URL(request.url).searchParams));
  return null;
}

export async function action(args: ActionFunctionArgs) {
  await requireCensusEditor(args.request, args.context);
  return censusWrite('edit', args);
}

export default function EditEmployeeDialog() {
  const census = useRouteLoaderData<typeof censusLoader>('routes/employees-census');
  const employee = useRouteLoaderData<typeof employeeLoader>('routes/employees-census.$employeeId');
  const answer = useActionData<typeof action>();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const closeTo = censusAt(searchParams, positiveInt(useParams().employeeId ?? null));
  // The page under the dialog says when the employee is not there ('No employee found!').
  const profile = employee?.detail?.profile;
  if (!census?.canEdit || !profile) return null;
  return (
    <Modal open title={`Edit ${fullName(profile)}`} wide xl onOpenChange={() => navigate(closeTo, { preventScrollReset: true })}>
      <EmployeeForm mode="edit" employee={profile} lastResult={answer?.result} closeTo={closeTo} workHoursRequired={census.workHoursRequired} />
    </Modal>
  );
}
