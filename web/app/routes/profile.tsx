import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { SecuredValues, type SecuredItem } from '~/components/SecuredValues';
import { pageTitle } from '~/lib/meta';
import { unlockPersonalAction } from '~/lib/secured.server';
import { requireUser } from '~/lib/shell.server';

export { RouteErrorBoundary as ErrorBoundary } from '~/components/RouteErrorBoundary';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'My Profile') }];

// The page can carry clear secured values after an unlock: never store it.
export const headers: HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireUser(request, context);
  // Test users and impersonating sessions skip the password prompt (document 1 section 6).
  return { skipPrompt: user.testUser || user.impersonatingUserId !== null };
}

export const action = unlockPersonalAction;

const currency = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

const PERSONAL: SecuredItem[] = [
  { key: 'ssn', label: 'Social Security Number', masked: 'XXX-XX-XXXX' },
  {
    key: 'income',
    label: 'Income',
    masked: '••••••',
    format: (clear) => (Number.isFinite(Number(clear)) ? currency.format(Number(clear)) : clear),
  },
];

/** Seam: the full profile page (three cards and the edit notice) comes with the profile issue. */
export default function ProfileRoute() {
  const { skipPrompt } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="page-heading" className="mx-auto max-w-5xl">
      <h1 id="page-heading" className="text-2xl font-semibold tracking-tight text-slate-900">
        My Profile
      </h1>
      <article aria-labelledby="personal-heading" className="mt-6 max-w-2xl rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id="personal-heading" className="text-lg font-semibold text-slate-900">
          Personal Information
        </h2>
        <div className="mt-4">
          <SecuredValues items={PERSONAL} skipPrompt={skipPrompt} />
        </div>
      </article>
    </section>
  );
}
