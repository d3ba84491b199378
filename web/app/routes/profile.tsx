import type { ReactNode } from 'react';
import { type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { type OptionItemDto } from '@bp/api/contracts';
import { EditNotice } from '~/components/EditNotice';
import { SecuredValues, type SecuredItem } from '~/components/SecuredValues';
import { loadEmployee, loadOptions, myDataPageState, reopenWizardAt } from '~/lib/employee-data.server';
import { pageTitle } from '~/lib/meta';
import { PROFILE_INDEX } from '~/lib/registration-steps';
import { unlockPersonal } from '~/lib/secured.server';
import { requireUser } from '~/lib/shell.server';

export { RouteErrorBoundary as ErrorBoundary } from '~/components/RouteErrorBoundary';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'My Profile') }];

// The page can carry clear secured values after an unlock: never store it.
export const headers: HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, token } = await requireUser(request, context);
  const caller = { token, request, context };
  const [employee, options] = await Promise.all([loadEmployee(caller), loadOptions(caller)]);
  return {
    employee,
    options,
    ...myDataPageState(user, request),
  };
}

/**
 * Two forms post here: the secured-data unlock, and the edit confirmation, which saves the step as
 * Account so the wizard reopens at Employee Profile.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  if (formData.get('intent') !== 'edit') return unlockPersonal(formData, request, context);
  return reopenWizardAt(PROFILE_INDEX, '/profile', request, context);
}

const currency = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** The API's own mask (XXX-XX-1234) stands in for the SSN until it is unlocked. */
const personalItems = (maskedSsn: string | null): SecuredItem[] => [
  { key: 'ssn', label: 'Social Security Number', masked: maskedSsn ?? '—' },
  {
    key: 'income',
    label: 'Income',
    masked: '••••••',
    format: (clear) => (Number.isFinite(Number(clear)) ? currency.format(Number(clear)) : clear),
  },
];

const optionText = (list: readonly OptionItemDto[], id: number | null) => (id === null ? null : (list.find((o) => o.id === id)?.text ?? null));

function Card({ id, title, rows, children }: { id: string; title: string; rows: Array<[string, string | null | undefined]>; children?: ReactNode }) {
  return (
    <article aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <dl className="mt-4 grid gap-4 sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-sm font-medium text-slate-600">{label}</dt>
            <dd className="mt-1 break-words text-slate-900">{value && value.trim() !== '' ? value : '—'}</dd>
          </div>
        ))}
      </dl>
      {children ? <div className="mt-4 border-t border-slate-100 pt-4">{children}</div> : null}
    </article>
  );
}

/** My Profile: Personal, Contact and Employment cards, and the edit notice. */
export default function ProfileRoute() {
  const { employee: e, options, canEdit, confirmOpen, skipPrompt } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="page-heading" className="mx-auto max-w-6xl">
      <h1 id="page-heading" className="text-2xl font-semibold tracking-tight text-slate-900">
        My Profile
      </h1>
      <div className="mt-6 grid gap-6 md:grid-cols-[minmax(0,1fr)_16rem] lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="grid gap-6">
          <Card
            id="personal-heading"
            title="Personal Information"
            rows={[
              ['First name', e.firstName],
              ['Middle name', e.middleName],
              ['Last name', e.lastName],
              ['Other names used', e.maidenName],
              ['Date of birth', e.birthDate],
              ['Gender', optionText(options.gender, e.gender)],
              ['Smoker', optionText(options.smoker, e.smoker)],
              ['Marital status', optionText(options.maritalStatus, e.maritalStatusId)],
            ]}
          >
            <SecuredValues items={personalItems(e.ssn)} skipPrompt={skipPrompt} />
          </Card>
          <Card
            id="contact-heading"
            title="Contact Information"
            rows={[
              ['Email', e.email],
              ['Home address', e.address1],
              ['Apt Number/Unit/Etc.', e.address2],
              ['City', e.city],
              ['State', e.state],
              ['Zip code', e.zip],
              ['Office phone', e.officePhone],
              ['Home phone', e.homePhone],
              ['Cell phone', e.cellPhone],
            ]}
          />
          <Card
            id="employment-heading"
            title="Employment Information"
            rows={[
              ['Title', e.title],
              ['Hire date', e.hireDate],
              ['Employment type', optionText(options.employmentType, e.employmentType)],
              ['Office', optionText(options.office, e.officeId)],
              ['Work hours', e.workHours],
              ['Eligibility date', e.eligibilityDate],
              ['New hire', e.newHire ? 'Yes' : 'No'],
            ]}
          />
        </div>
        {canEdit ? (
          <div>
            <EditNotice what="profile" button="Edit Profile" confirmOpen={confirmOpen} closeTo="/profile" />
          </div>
        ) : null}
      </div>
    </section>
  );
}
