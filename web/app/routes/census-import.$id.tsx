import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { ZCensusPreview, type CensusCommitProgress } from '@bp/api/contracts';
import { Alert, ScrollRegion, primaryButtonClass, secondaryButtonClass } from '~/components/ui';
import { positiveInt } from '~/lib/address';
import { apiCall } from '~/lib/api.server';
import { orThrow } from '~/lib/employee-data.server';
import { pageTitle } from '~/lib/meta';
import { usePollWhile } from '~/lib/use-poll';
import { requireUser, throwOnSessionFailure } from '~/lib/shell.server';

export { RouteErrorBoundary as ErrorBoundary } from '~/components/RouteErrorBoundary';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'Census file preview') }];

const idOf = (raw: string | undefined): number => {
  const id = positiveInt(raw ?? null);
  if (id === null) throw new Response('Import not found', { status: 404 });
  return id;
};

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { token } = await requireUser(request, context);
  return orThrow(await apiCall(ZCensusPreview, `/census-imports/${idOf(params.id)}`, { token, request, context }));
}

/**
 * POST /census-imports/{id}/commit: the rows are added by a job (the welcome email when chosen); back to this
 * page, which shows its progress.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { token } = await requireUser(request, context);
  const id = idOf(params.id);
  const form = await request.formData();
  const body = { sendEmail: form.get('sendEmail') === 'on', enableOnboarding: form.get('enableOnboarding') === 'on' };
  const result = await apiCall(ZCensusPreview, `/census-imports/${id}/commit`, { method: 'POST', body, token, request, context });
  if (!result.ok) {
    await throwOnSessionFailure(result);
    return { error: result.error.message };
  }
  return redirect(`/census-import/${id}`);
}

const count = (n: number) => n.toLocaleString('en-US');

/** The commit's job: how far it got (the page reloads itself while it runs; the link does it without JavaScript). */
function CommitProgress({ id, progress }: { id: number; progress: CensusCommitProgress }) {
  if (progress.status === 'done') {
    const emails = progress.sendEmail ? `; welcome emails sent to ${count(progress.rowsTotal)}` : '';
    return (
      <div className="space-y-3">
        <Alert tone="success">{`${count(progress.rowsTotal)} employees added${emails}.`}</Alert>
        <Link to="/employees-census" className={primaryButtonClass}>
          Go to the census
        </Link>
      </div>
    );
  }
  if (progress.status === 'failed') {
    const first = progress.issues[0];
    const why = first ? `Row ${first.row}, ${first.column}: ${first.message}` : 'The import could not finish.';
    return <Alert tone="error">{`${why} ${count(progress.rowsDone)} of ${count(progress.rowsTotal)} employees were added before it stopped.`}</Alert>;
  }
  return (
    <section aria-labelledby="commit-heading" className="space-y-2">
      <h2 id="commit-heading" className="text-base font-semibold text-slate-900">
        Adding employees
      </h2>
      <progress max={progress.rowsTotal} value={progress.rowsDone} aria-labelledby="commit-heading" className="h-2 w-full" />
      <p role="status" className="text-sm text-slate-800">
        {progress.status === 'queued' ? `Waiting to start: ${count(progress.rowsTotal)} employees.` : `${count(progress.rowsDone)} of ${count(progress.rowsTotal)} employees added (${progress.percent}%).`}
      </p>
      <Link to={`/census-import/${id}`} reloadDocument className="text-sm font-medium text-brand-700 underline">
        Refresh
      </Link>
    </section>
  );
}

export default function CensusPreviewRoute() {
  const preview = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state !== 'idle';
  const progress = preview.progress;
  usePollWhile(progress !== null && (progress.status === 'queued' || progress.status === 'running'), 1000);
  return (
    <div className="mx-auto w-full max-w-5xl space-y-6">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Census file preview</h1>
      <p className="text-sm text-slate-800">
        {preview.fileName}: {preview.count} {preview.count === 1 ? 'employee' : 'employees'}, no problems.
        {preview.count > preview.employees.length ? ` The first ${preview.employees.length} are listed.` : ''}
      </p>
      <ScrollRegion label="Employees in the file">
        <table className="min-w-full divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white text-left text-sm">
          <caption className="sr-only">Employees the file adds</caption>
          <thead>
            <tr>
              <th scope="col" className="px-3 py-2 font-semibold text-slate-900">Row</th>
              <th scope="col" className="px-3 py-2 font-semibold text-slate-900">Name</th>
              <th scope="col" className="px-3 py-2 font-semibold text-slate-900">Email</th>
              <th scope="col" className="px-3 py-2 font-semibold text-slate-900">Hire date</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {preview.employees.map((e) => (
              <tr key={e.row}>
                <td className="px-3 py-2 text-slate-800">{e.row}</td>
                <th scope="row" className="px-3 py-2 font-medium text-slate-900">
                  {e.firstName} {e.lastName}
                </th>
                <td className="break-all px-3 py-2 text-slate-800">{e.email}</td>
                <td className="px-3 py-2 text-slate-800">{e.hireDate}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      {progress ? <CommitProgress id={preview.id} progress={progress} /> : null}
      <Form method="post" className="space-y-4 border-t border-slate-200 pt-4">
        {answer?.error ? <Alert tone="error">{answer.error}</Alert> : null}
        {progress ? null : preview.committed ? (
          <p className="text-sm text-slate-700">This file was imported already.</p>
        ) : (
          <fieldset className="space-y-2">
            <legend className="text-base font-semibold text-slate-900">When they are added</legend>
            <div className="flex items-center gap-2">
              <input id="sendEmail" name="sendEmail" type="checkbox" defaultChecked className="h-5 w-5 rounded border-slate-400 text-brand-700" />
              <label htmlFor="sendEmail" className="text-sm text-slate-800">
                Send each employee the welcome email with their registration link
              </label>
            </div>
            <div className="flex items-center gap-2">
              <input id="enableOnboarding" name="enableOnboarding" type="checkbox" className="h-5 w-5 rounded border-slate-400 text-brand-700" />
              <label htmlFor="enableOnboarding" className="text-sm text-slate-800">
                Turn on onboarding for them
              </label>
            </div>
          </fieldset>
        )}
        <div className="flex flex-wrap gap-3">
          {preview.committed || progress ? null : (
            <button type="submit" disabled={busy} className={primaryButtonClass}>
              Add {preview.count} {preview.count === 1 ? 'employee' : 'employees'}
            </button>
          )}
          <Link to="/census-import" className={secondaryButtonClass}>
            Upload another file
          </Link>
        </div>
      </Form>
    </div>
  );
}
