import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useNavigation } from '@remix-run/react';
import { CENSUS_REQUIRED_HEADINGS } from '@bp/api/contracts';
import { ImportIssues, ImportUploadForm } from '~/components/imports/ImportIssues';
import { forwardImport } from '~/lib/imports.server';
import { pageTitle } from '~/lib/meta';
import { requireUser, throwOnSessionFailure } from '~/lib/shell.server';

export { RouteErrorBoundary as ErrorBoundary } from '~/components/RouteErrorBoundary';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'Import Employees') }];

const ACCEPT = '.xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv';

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  return null;
}

/** The census file goes on to POST /census-imports: a clean one opens its preview, else every problem is shown here. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { token } = await requireUser(request, context);
  const outcome = await forwardImport(request, context, token, '/census-imports');
  if (outcome.kind === 'kept') return redirect(`/census-import/${outcome.id}`);
  if (outcome.kind === 'refused' && outcome.status === 401) await throwOnSessionFailure({ ok: false, status: 401, error: { statusCode: 401, message: outcome.message } });
  return { ...outcome, at: Date.now() };
}

/** An employee list from a census file: each row is added as Add New Employee adds one. */
export default function CensusImportRoute() {
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  return (
    <div className="mx-auto w-full max-w-5xl space-y-6">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Import Employees</h1>
      <section aria-labelledby="census-file-title" className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="census-file-title" className="text-lg font-semibold text-slate-900">
          Census file
        </h2>
        <p className="text-sm text-slate-700">
          One row per employee, checked as Add New Employee checks it; nothing is added until every row is right. Required columns: {CENSUS_REQUIRED_HEADINGS.join(', ')}.
        </p>
        <p className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
          <a href="/mbl/census-import/template" className="font-semibold text-brand-700 underline underline-offset-4" download>
            Download the template (xlsx)
          </a>
          <a href="/mbl/census-import/template?format=csv" className="font-semibold text-brand-700 underline underline-offset-4" download>
            Download the template (CSV)
          </a>
        </p>
        <ImportUploadForm label="Census file (xlsx or CSV)" accept={ACCEPT} busy={busy} error={answer?.kind === 'refused' ? answer.message : null} action="/census-import?index" />
        {answer?.kind === 'problems' ? <ImportIssues message={answer.message} issues={answer.issues} resetKey={answer.at} /> : null}
      </section>
    </div>
  );
}
