import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { ZCatalog } from '@bp/api/contracts';
import { ImportIssues, ImportUploadForm } from '~/components/imports/ImportIssues';
import { ScrollRegion } from '~/components/ui';
import { apiCall } from '~/lib/api.server';
import { orThrow } from '~/lib/employee-data.server';
import { forwardImport } from '~/lib/imports.server';
import { pageTitle } from '~/lib/meta';
import { requireUser, throwOnSessionFailure } from '~/lib/shell.server';

export { RouteErrorBoundary as ErrorBoundary } from '~/components/RouteErrorBoundary';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'Plans and Rates') }];

const XLSX = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The open client's plans of the plan year being prepared, and the rate sheet that writes them. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { token } = await requireUser(request, context);
  return orThrow(await apiCall(ZCatalog, '/plan-catalog', { token, request, context }));
}

/** The rate sheet goes on to POST /rate-sheets: a clean one opens its preview, else every problem is shown here. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { token } = await requireUser(request, context);
  const outcome = await forwardImport(request, context, token, '/rate-sheets');
  if (outcome.kind === 'kept') return redirect(`/plans-setup/rate-sheets/${outcome.id}`);
  if (outcome.kind === 'refused' && outcome.status === 401) await throwOnSessionFailure({ ok: false, status: 401, error: { statusCode: 401, message: outcome.message } });
  return { ...outcome, at: Date.now() };
}

export default function PlansSetupRoute() {
  const { period, plans } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  return (
    <div className="mx-auto w-full max-w-5xl space-y-6">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Plans and Rates</h1>
      <section aria-labelledby="rate-sheet-title" className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="rate-sheet-title" className="text-lg font-semibold text-slate-900">
          Import a rate sheet
        </h2>
        <p className="text-sm text-slate-700">
          {period
            ? `The plans of ${period.title} (plan year from ${period.startDate}) come from a rate sheet. A corrected sheet replaces them until the period starts.`
            : "This client has no enrollment period waiting to start: prepare the plan year's period first. You can still check a rate sheet."}
        </p>
        <p className="text-sm">
          <a href="/mbl/plans-setup/template" className="font-semibold text-brand-700 underline underline-offset-4" download>
            Download the rate sheet template (xlsx)
          </a>
        </p>
        <ImportUploadForm label="Rate sheet (xlsx)" accept={XLSX} busy={busy} error={answer?.kind === 'refused' ? answer.message : null} action="/plans-setup?index" />
        {answer?.kind === 'problems' ? <ImportIssues message={answer.message} issues={answer.issues} resetKey={answer.at} /> : null}
      </section>
      <section aria-labelledby="plans-title" className="space-y-3">
        <h2 id="plans-title" className="text-lg font-semibold text-slate-900">
          {period ? `Plans of ${period.title}` : 'Plans in force'}
        </h2>
        {plans.length === 0 ? (
          <p className="text-sm text-slate-700">No plans yet.</p>
        ) : (
          <ScrollRegion label="Plans">
            <table className="min-w-full divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white text-left text-sm">
              <caption className="sr-only">Plans, with their carrier, tiers and eligibility</caption>
              <thead>
                <tr>
                  <th scope="col" className="px-3 py-2 font-semibold text-slate-900">Plan</th>
                  <th scope="col" className="px-3 py-2 font-semibold text-slate-900">Type</th>
                  <th scope="col" className="px-3 py-2 font-semibold text-slate-900">Carrier</th>
                  <th scope="col" className="px-3 py-2 font-semibold text-slate-900">Tiers</th>
                  <th scope="col" className="px-3 py-2 font-semibold text-slate-900">Waiting period</th>
                  <th scope="col" className="px-3 py-2 font-semibold text-slate-900">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {plans.map((p) => (
                  <tr key={p.id}>
                    <th scope="row" className="px-3 py-2 font-medium text-slate-900">
                      {p.name}
                    </th>
                    <td className="px-3 py-2 text-slate-800">{p.planType}</td>
                    <td className="px-3 py-2 text-slate-800">{p.carrier ?? '—'}</td>
                    <td className="px-3 py-2 text-slate-800">{p.tiers.map((t) => t.label).join(', ') || '—'}</td>
                    <td className="px-3 py-2 text-slate-800">{p.waitingPeriodDays} days</td>
                    <td className="px-3 py-2">
                      {p.editable ? (
                        <Link to={`/plans-setup/plans/${p.id}`} className="font-semibold text-brand-700 underline underline-offset-4">
                          Edit<span className="sr-only"> {p.name}</span>
                        </Link>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </section>
    </div>
  );
}
