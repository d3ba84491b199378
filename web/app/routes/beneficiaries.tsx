import { type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { BeneficiaryMessages, type Beneficiary, fullName, isEntityBeneficiary } from '@bp/api/contracts';
import { EditNotice } from '~/components/EditNotice';
import { SecuredValues } from '~/components/SecuredValues';
import { Alert } from '~/components/ui';
import { loadBeneficiaries, unlockBeneficiaries } from '~/lib/beneficiaries.server';
import { myDataPageState, reopenWizardAt } from '~/lib/employee-data.server';
import { BENEFICIARIES_INDEX } from '~/lib/registration-steps';
import { pageTitle } from '~/lib/meta';
import { requireUser } from '~/lib/shell.server';

export { RouteErrorBoundary as ErrorBoundary } from '~/components/RouteErrorBoundary';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'My Beneficiaries') }];

// The page can carry clear SSNs after an unlock: never store it.
export const headers: HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, token } = await requireUser(request, context);
  const { beneficiaries, loadError } = await loadBeneficiaries({ token, request, context });
  return {
    beneficiaries,
    loadError,
    ...myDataPageState(user, request),
  };
}

/**
 * The SSN unlock, and the edit confirmation, which saves the step as the Beneficiaries step minus one so
 * the wizard reopens at Beneficiaries.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  if (formData.get('intent') !== 'edit') return unlockBeneficiaries(formData, request, context);
  return reopenWizardAt(BENEFICIARIES_INDEX, '/beneficiaries', request, context);
}


/** My Beneficiaries: cards, the SSN lock and the edit notice. */
export default function BeneficiariesRoute() {
  const { beneficiaries, loadError, canEdit, confirmOpen, skipPrompt } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="page-heading" className="mx-auto max-w-6xl">
      <h1 id="page-heading" className="text-2xl font-semibold tracking-tight text-slate-900">
        My Beneficiaries
      </h1>
      {loadError ? (
        <Alert tone="error" className="mt-4">
          {loadError}
        </Alert>
      ) : null}
      <div className="mt-6 grid gap-6 md:grid-cols-[minmax(0,1fr)_16rem] lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="min-w-0">
          {beneficiaries.length === 0 ? (
            <p className="rounded-xl border border-slate-200 bg-white px-6 py-10 text-center text-slate-700 shadow-sm">{BeneficiaryMessages.noBeneficiaries}</p>
          ) : (
            <>
              <ul aria-label="Your beneficiaries" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {beneficiaries.map((b) => (
                  <li key={b.id}>
                    <BeneficiaryCard beneficiary={b} />
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
                    items={beneficiaries.flatMap((b) =>
                      isEntityBeneficiary(b.relationshipTypeId)
                        ? b.taxId
                          ? [{ key: `taxId-${b.id}`, label: `${fullName(b)} (tax id)`, masked: b.taxId }]
                          : []
                        : [{ key: `ssn-${b.id}`, label: fullName(b), masked: b.ssn ?? 'XXX-XX-XXXX' }],
                    )}
                  />
                </div>
              </article>
            </>
          )}
        </div>
        {canEdit ? (
          <div>
            <EditNotice what="beneficiaries" button="Edit Beneficiaries" confirmOpen={confirmOpen} closeTo="/beneficiaries" description={BeneficiaryMessages.editConfirm} />
          </div>
        ) : null}
      </div>
    </section>
  );
}

function BeneficiaryCard({ beneficiary: b }: { beneficiary: Beneficiary }) {
  const headingId = `beneficiary-${b.id}-name`;
  return (
    <article aria-labelledby={headingId} className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={headingId} className="truncate font-semibold text-slate-900">
            {fullName(b)}
          </h3>
          <p className="text-sm text-slate-700">{b.relationshipType ?? 'Relation unknown'}</p>
        </div>
        <p className="shrink-0 rounded-full bg-brand-50 px-2.5 py-1 text-sm font-semibold text-brand-900">{b.share}%</p>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        <div>
          <dt className="text-slate-600">Type</dt>
          <dd className="text-slate-900">{b.beneficiaryTypeName}</dd>
        </div>
        {isEntityBeneficiary(b.relationshipTypeId) ? (
          <div className="col-span-2">
            <dt className="text-slate-600">Tax id</dt>
            <dd className="font-mono text-slate-900">{b.taxId ?? '—'}</dd>
          </div>
        ) : (
          <>
            <div>
              <dt className="text-slate-600">Date of birth</dt>
              <dd className="text-slate-900">{b.birthDate ?? '—'}</dd>
            </div>
            <div className="col-span-2">
              <dt className="text-slate-600">SSN</dt>
              <dd className="font-mono text-slate-900">{b.ssn ?? '—'}</dd>
            </div>
          </>
        )}
      </dl>
    </article>
  );
}
