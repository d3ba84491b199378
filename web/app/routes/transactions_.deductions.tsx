import { getFormProps, getInputProps, getSelectProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useRevalidator } from '@remix-run/react';
import { useEffect } from 'react';
import { PayrollMessages, ZDeductionExport, ZDeductionRequest, type DeductionExport } from '@bp/api/contracts';
import { FieldError, inputClass, labelClass, primaryButtonClass, secondaryButtonClass } from '~/components/ui';
import { apiCall } from '~/lib/api.server';
import { pageTitle } from '~/lib/meta';
import { requireUser, throwOnSessionFailure } from '~/lib/shell.server';
import { sitePath } from '~/lib/site';

export { RouteErrorBoundary as ErrorBoundary } from '~/components/RouteErrorBoundary';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'Payroll deductions') }];

/** Payroll deductions: ask for a pay period's file, follow the workers writing it, download it. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { token } = await requireUser(request, context);
  const asked = Number(new URL(request.url).searchParams.get('file'));
  let file: DeductionExport | null = null;
  if (Number.isInteger(asked) && asked > 0) {
    const r = await apiCall(ZDeductionExport, `/transactions/deductions/${asked}`, { token, request, context });
    if (r.ok) file = r.data;
    else await throwOnSessionFailure(r);
  }
  return { file };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { token } = await requireUser(request, context);
  const submission = parseWithZod(await request.formData(), { schema: ZDeductionRequest });
  if (submission.status !== 'success') return data({ reply: submission.reply() }, { status: 400 });
  const r = await apiCall(ZDeductionExport, '/transactions/deductions', { method: 'POST', body: submission.value, token, request, context });
  if (!r.ok) {
    await throwOnSessionFailure(r);
    return data({ reply: submission.reply({ formErrors: [r.error.message] }) }, { status: r.status >= 400 && r.status < 500 ? r.status : 502 });
  }
  return redirect(`/transactions/deductions?file=${r.data.id}`);
}

export default function PayrollDeductionsRoute() {
  const { file } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    lastResult: actionData?.reply,
    constraint: getZodConstraint(ZDeductionRequest),
    shouldValidate: 'onSubmit',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ZDeductionRequest }),
  });
  const writing = file !== null && (file.status === 'queued' || file.status === 'running');
  const revalidator = useRevalidator();
  // With scripts the page follows the workers by itself; without, Refresh does.
  useEffect(() => {
    if (!writing) return;
    const timer = setTimeout(() => revalidator.revalidate(), 1000);
    return () => clearTimeout(timer);
  }, [writing, revalidator]);
  return (
    <section aria-labelledby="page-heading" className="mx-auto max-w-3xl">
      <p className="text-sm">
        <Link to="/transactions" className="text-blue-800 underline">
          Transactions
        </Link>
      </p>
      <h1 id="page-heading" className="mt-2 text-2xl font-semibold tracking-tight text-slate-900">
        Payroll deductions
      </h1>
      <p className="mt-2 text-slate-700">{PayrollMessages.rule}</p>
      <Form method="post" {...getFormProps(form)} className="mt-6 flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        {form.errors ? (
          <p id={form.errorId} role="alert" className="w-full text-sm text-red-700">
            {form.errors.join(' ')}
          </p>
        ) : null}
        <div>
          <label htmlFor={fields.payDate.id} className={labelClass}>
            A day in the pay period (MM/DD/YYYY)
          </label>
          <input {...getInputProps(fields.payDate, { type: 'text' })} key={fields.payDate.key} inputMode="numeric" autoComplete="off" className={inputClass} />
          <FieldError id={fields.payDate.errorId} errors={fields.payDate.errors} />
        </div>
        <div>
          <label htmlFor={fields.format.id} className={labelClass}>
            Format
          </label>
          <select {...getSelectProps(fields.format)} key={fields.format.key} defaultValue={fields.format.initialValue ?? 'xlsx'} className={inputClass}>
            <option value="xlsx">Excel (xlsx)</option>
            <option value="csv">CSV</option>
          </select>
        </div>
        <button type="submit" className={primaryButtonClass}>
          Create file
        </button>
      </Form>
      {file ? (
        <div className="mt-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm" role="status">
          <p className="font-medium text-slate-900">{`Pay period ${file.periodStart} to ${file.periodEnd} (${file.format === 'csv' ? 'CSV' : 'xlsx'})`}</p>
          {file.status === 'done' ? (
            <p className="mt-2 text-slate-700">
              {`Ready: ${file.rows ?? 0} rows. `}
              <a href={sitePath(`/transactions/deductions/${file.id}/download`)} download className="text-blue-800 underline">
                {`Download ${file.fileName}`}
              </a>
            </p>
          ) : file.status === 'failed' ? (
            <p className="mt-2 text-red-700">{PayrollMessages.fileFailed}</p>
          ) : (
            <p className="mt-2 text-slate-700">
              The file is being written.{' '}
              <Link to={`/transactions/deductions?file=${file.id}`} className={secondaryButtonClass}>
                Refresh
              </Link>
            </p>
          )}
        </div>
      ) : null}
    </section>
  );
}
