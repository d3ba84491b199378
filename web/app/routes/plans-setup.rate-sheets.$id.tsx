import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { ZRateSheetCommitResult, ZRateSheetPreview, formatUsd, parseMoney, payFrequencyName } from '@bp/api/contracts';
import { Alert, ScrollRegion, primaryButtonClass, secondaryButtonClass } from '~/components/ui';
import { positiveInt } from '~/lib/address';
import { apiCall } from '~/lib/api.server';
import { orThrow, redirectWithNotice } from '~/lib/employee-data.server';
import { pageTitle } from '~/lib/meta';
import { requireUser, throwOnSessionFailure } from '~/lib/shell.server';

export { RouteErrorBoundary as ErrorBoundary } from '~/components/RouteErrorBoundary';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'Rate sheet preview') }];

const idOf = (raw: string | undefined): number => {
  const id = positiveInt(raw ?? null);
  if (id === null) throw new Response('Import not found', { status: 404 });
  return id;
};

/** A checked rate sheet before it is committed: its plans and each tier's cost for a sample employee. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { token } = await requireUser(request, context);
  return orThrow(await apiCall(ZRateSheetPreview, `/rate-sheets/${idOf(params.id)}`, { token, request, context }));
}

/** POST /rate-sheets/{id}/commit: the plans replace those of the period not started yet. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { token, session } = await requireUser(request, context);
  const result = await apiCall(ZRateSheetCommitResult, `/rate-sheets/${idOf(params.id)}/commit`, { method: 'POST', token, request, context });
  if (!result.ok) {
    await throwOnSessionFailure(result);
    return { error: result.error.message };
  }
  return redirectWithNotice(session, '/plans-setup', { type: 'success', text: `${result.data.plans} plans imported into ${result.data.periodTitle}.` });
}

const usd = (amount: string) => formatUsd(parseMoney(amount) ?? 0);

export default function RateSheetPreviewRoute() {
  const preview = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state !== 'idle';
  return (
    <div className="mx-auto w-full max-w-5xl space-y-6">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Rate sheet preview</h1>
      <section aria-labelledby="summary-title" className="space-y-2 rounded-xl border border-slate-200 bg-white p-5 text-sm text-slate-800 shadow-sm">
        <h2 id="summary-title" className="text-lg font-semibold text-slate-900">
          {preview.fileName}: {preview.plans.length} plans, no problems
        </h2>
        <p>
          Plan year {preview.planYearStart} to {preview.planYearEnd}.{' '}
          {preview.period
            ? `Importing replaces the ${preview.replaces} plans of ${preview.period.title}.`
            : "This client has no enrollment period waiting to start: prepare the plan year's period before importing."}
        </p>
        <p>
          Costs are for a sample employee aged {preview.sampleAge}, paid {payFrequencyName(preview.payPeriods)}.
        </p>
      </section>
      {preview.plans.map((p) => (
        <section key={p.row} aria-labelledby={`plan-${p.row}`} className="space-y-2">
          <h2 id={`plan-${p.row}`} className="text-base font-semibold text-slate-900">
            {p.name} <span className="font-normal text-slate-700">({p.planType}{p.carrier ? `, ${p.carrier}` : ''})</span>
          </h2>
          <p className="text-sm text-slate-700">
            Waiting period {p.waitingPeriodDays} days
            {p.minWorkHours !== null ? `; at least ${p.minWorkHours} hours a week` : ''}
            {p.dependentMaxAge !== null ? `; children up to age ${p.dependentMaxAge}` : ''}
            {p.sbcFileName ? `; SBC: ${p.sbcFileName}` : ''}
            {p.employerPaid ? '; employer paid' : ''}
          </p>
          <ScrollRegion label={`Costs of ${p.name}`}>
            <table className="min-w-full divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white text-left text-sm">
              <caption className="sr-only">Costs of {p.name} by tier</caption>
              <thead>
                <tr>
                  <th scope="col" className="px-3 py-2 font-semibold text-slate-900">Tier</th>
                  <th scope="col" className="px-3 py-2 font-semibold text-slate-900">Employee per paycheck</th>
                  <th scope="col" className="px-3 py-2 font-semibold text-slate-900">Employee per year</th>
                  <th scope="col" className="px-3 py-2 font-semibold text-slate-900">Employer per paycheck</th>
                  <th scope="col" className="px-3 py-2 font-semibold text-slate-900">Employer per year</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {p.tiers.map((t) => (
                  <tr key={t.label}>
                    <th scope="row" className="px-3 py-2 font-medium text-slate-900">
                      {t.label}
                    </th>
                    <td className="px-3 py-2 text-slate-800">
                      {t.from ? 'from ' : ''}
                      {usd(t.employee)}
                    </td>
                    <td className="px-3 py-2 text-slate-800">{usd(t.employeeAnnual)}</td>
                    <td className="px-3 py-2 text-slate-800">{usd(t.employer)}</td>
                    <td className="px-3 py-2 text-slate-800">{usd(t.employerAnnual)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </section>
      ))}
      <Form method="post" className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-4">
        {answer?.error ? (
          <Alert tone="error" className="w-full">
            {answer.error}
          </Alert>
        ) : null}
        {preview.committed ? (
          <p className="text-sm text-slate-700">This sheet was imported already.</p>
        ) : (
          <button type="submit" disabled={busy || preview.period === null} className={primaryButtonClass}>
            Import these plans
          </button>
        )}
        <Link to="/plans-setup" className={secondaryButtonClass}>
          Back to Plans and Rates
        </Link>
      </Form>
    </div>
  );
}
