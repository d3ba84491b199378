import { type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Messages } from '@bp/api/contracts';
import { DependentCard } from '~/components/DependentCard';
import { EditNotice } from '~/components/EditNotice';
import { SecuredValues } from '~/components/SecuredValues';
import { loadDependents, loadOptions, myDataPageState, reopenWizardAt } from '~/lib/employee-data.server';
import { pageTitle } from '~/lib/meta';
import { DEPENDENTS_INDEX } from '~/lib/registration-steps';
import { unlockDependents } from '~/lib/secured.server';
import { requireUser } from '~/lib/shell.server';

export { RouteErrorBoundary as ErrorBoundary } from '~/components/RouteErrorBoundary';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'My Dependents') }];

// The page can carry clear SSNs after an unlock: never store it.
export const headers: HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, token } = await requireUser(request, context);
  const caller = { token, request, context };
  const [dependents, options] = await Promise.all([loadDependents(caller), loadOptions(caller)]);
  return {
    dependents,
    genders: options.gender,
    ...myDataPageState(user, request),
  };
}

/**
 * The SSN unlock, and the edit confirmation, which saves the step as Dependents minus one (Profile) so the
 * wizard reopens at the Dependents step.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  if (formData.get('intent') !== 'edit') return unlockDependents(formData, request, context);
  return reopenWizardAt(DEPENDENTS_INDEX, '/dependents', request, context);
}

const nameOf = (d: { firstName: string | null; lastName: string | null }) => [d.firstName, d.lastName].filter(Boolean).join(' ') || 'Unnamed dependent';

/** My Dependents: cards, the SSN lock and the edit notice. */
export default function DependentsRoute() {
  const { dependents, genders, canEdit, confirmOpen, skipPrompt } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="page-heading" className="mx-auto max-w-6xl">
      <h1 id="page-heading" className="text-2xl font-semibold tracking-tight text-slate-900">
        My Dependents
      </h1>
      <div className="mt-6 grid gap-6 md:grid-cols-[minmax(0,1fr)_16rem] lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="min-w-0">
          {dependents.length === 0 ? (
            <p className="rounded-xl border border-slate-200 bg-white px-6 py-10 text-center text-slate-700 shadow-sm">{Messages.noDependents}</p>
          ) : (
            <>
              <ul aria-label="Your dependents" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {dependents.map((d) => (
                  <li key={d.id}>
                    <DependentCard dependent={d} genders={genders} />
                  </li>
                ))}
              </ul>
              <article aria-labelledby="ssn-heading" className="mt-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
                <h2 id="ssn-heading" className="text-lg font-semibold text-slate-900">
                  Social Security Numbers
                </h2>
                <div className="mt-4">
                  <SecuredValues
                    skipPrompt={skipPrompt}
                    items={dependents.map((d) => ({ key: `ssn-${d.id}`, label: nameOf(d), masked: d.ssn ?? 'XXX-XX-XXXX' }))}
                  />
                </div>
              </article>
            </>
          )}
        </div>
        {canEdit ? (
          <div>
            <EditNotice what="dependents" button="Edit Dependents" confirmOpen={confirmOpen} closeTo="/dependents" />
          </div>
        ) : null}
      </div>
    </section>
  );
}
