import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { Messages, ZCatalogPlan, ZPlanEdit, ZPlanEditFields, planEditDefaults, rateLabel, type CatalogPlan } from '@bp/api/contracts';
import { Alert, FieldError, InputField, ScrollRegion, inputClass, labelClass, primaryButtonClass, secondaryButtonClass } from '~/components/ui';
import { positiveInt } from '~/lib/address';
import { conformPath } from '~/lib/agency-clients.server';
import { apiCall } from '~/lib/api.server';
import { orThrow, redirectWithNotice } from '~/lib/employee-data.server';
import { pageTitle } from '~/lib/meta';
import { requireUser, throwOnSessionFailure } from '~/lib/shell.server';

export { RouteErrorBoundary as ErrorBoundary } from '~/components/RouteErrorBoundary';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'Edit plan') }];

const idOf = (raw: string | undefined): number => {
  const id = positiveInt(raw ?? null);
  if (id === null) throw new Response('Plan not found', { status: 404 });
  return id;
};

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { token } = await requireUser(request, context);
  return orThrow(await apiCall(ZCatalogPlan, `/plan-catalog/${idOf(params.id)}`, { token, request, context }));
}

/** PUT /plan-catalog/{id}: checked with the contracts' schema here and again by the API, whose messages win. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { token, session } = await requireUser(request, context);
  const id = idOf(params.id);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: ZPlanEdit });
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
  // The form's fields as conform read them (rates as a list of rows), sent as they were typed.
  const body = submission.payload;
  const result = await apiCall(ZCatalogPlan, `/plan-catalog/${id}`, { method: 'PUT', body, token, request, context });
  if (result.ok) return redirectWithNotice(session, '/plans-setup', { type: 'success', text: `${result.data.name} saved.` });
  await throwOnSessionFailure(result);
  const fieldErrors: Record<string, string[]> = {};
  for (const e of result.error.errors ?? []) (fieldErrors[conformPath(e.path)] ??= []).push(e.message);
  const reply = result.status === 400 && Object.keys(fieldErrors).length > 0 ? submission.reply({ fieldErrors }) : submission.reply({ formErrors: [result.status < 500 ? result.error.message : Messages.serviceUnavailable] });
  return data(reply, { status: result.status });
}

export default function EditPlanRoute() {
  const plan = useLoaderData<typeof loader>() as CatalogPlan;
  const lastResult = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  const busy = useNavigation().state !== 'idle';
  const [form, fields] = useForm({
    id: `plan-${plan.id}`,
    lastResult,
    defaultValue: planEditDefaults(plan),
    constraint: getZodConstraint(ZPlanEditFields),
    shouldValidate: 'onBlur',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ZPlanEdit }),
  });
  const tierFields = { '1': fields.employerTier1, '2': fields.employerTier2, '3': fields.employerTier3, '4': fields.employerTier4 } as const;
  const rateRows = fields.rates.getFieldList();
  const perPeriod = plan.ratePeriod === 'monthly' ? 'Monthly rate' : 'Rate per paycheck';
  const tiers = plan.tiers.length > 0 ? plan.tiers : [{ tier: 1, label: 'Employee' }];
  return (
    <div className="mx-auto w-full max-w-3xl space-y-6">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Edit {plan.name}</h1>
      <p className="text-sm text-slate-700">
        {plan.planType}, plan year {plan.effectiveDate} to {plan.endDate}.
      </p>
      <Form method="post" {...getFormProps(form)} className="space-y-6">
        {form.errors?.length ? <Alert tone="error">{form.errors[0]}</Alert> : null}
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-base font-semibold text-slate-900">Plan</legend>
          <InputField meta={fields.name} label="Plan name" type="text" autoComplete="off" />
          <InputField meta={fields.carrier} label="Carrier" type="text" autoComplete="off" />
          <InputField meta={fields.policyNumber} label="Policy number" type="text" autoComplete="off" />
          <div className="sm:col-span-2">
            <label htmlFor={fields.description.id} className={labelClass}>
              Description
            </label>
            <textarea {...getTextareaProps(fields.description)} rows={3} className={inputClass} />
            <FieldError id={fields.description.errorId} errors={fields.description.errors} />
          </div>
        </fieldset>
        <fieldset className="grid gap-4 sm:grid-cols-3">
          <legend className="mb-2 text-base font-semibold text-slate-900">Eligibility</legend>
          <InputField meta={fields.waitingPeriodDays} label="Waiting period (days)" type="text" autoComplete="off" />
          <InputField meta={fields.minWorkHours} label="Minimum work hours a week" type="text" autoComplete="off" />
          <InputField meta={fields.dependentMaxAge} label="Dependent age limit" type="text" autoComplete="off" />
        </fieldset>
        <fieldset className="space-y-4">
          <legend className="mb-2 text-base font-semibold text-slate-900">Employer contribution</legend>
          <div className="flex items-center gap-2">
            <input {...getInputProps(fields.employerPaid, { type: 'checkbox' })} className="h-5 w-5 rounded border-slate-400 text-brand-700" />
            <label htmlFor={fields.employerPaid.id} className="text-sm text-slate-800">
              Employer paid (the employee pays nothing)
            </label>
          </div>
          <div className="max-w-xs">
            <label htmlFor={fields.employerKind.id} className={labelClass}>
              Employer share by tier
            </label>
            <select {...getSelectProps(fields.employerKind)} className={inputClass}>
              <option value="none">None</option>
              <option value="amount">Amount per {plan.ratePeriod === 'monthly' ? 'month' : 'paycheck'}</option>
              <option value="percent">Percent of the premium</option>
            </select>
            <FieldError id={fields.employerKind.errorId} errors={fields.employerKind.errors} />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            {tiers.map((t) => {
              const meta = tierFields[String(t.tier) as '1'];
              return <InputField key={t.tier} meta={meta} label={`Employer share: ${t.label}`} type="text" autoComplete="off" />;
            })}
          </div>
        </fieldset>
        {rateRows.length > 0 ? (
          <fieldset className="space-y-3">
            <legend id="rates-title" className="mb-2 text-base font-semibold text-slate-900">
              Rates
            </legend>
            <p className="text-sm text-slate-700">{perPeriod} of each tier as the carrier prices it, in dollars and cents.</p>
            <ScrollRegion label="Rates">
              <table className="min-w-full divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white text-left text-sm">
                <caption className="sr-only">Rates of {plan.name} by tier{plan.rates.some((r) => r.minAge !== 0 || r.maxAge !== 150) ? ' and age' : ''}</caption>
                <thead>
                  <tr>
                    <th scope="col" className="px-3 py-2 font-semibold text-slate-900">
                      Tier
                    </th>
                    <th scope="col" className="px-3 py-2 font-semibold text-slate-900">
                      {perPeriod}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {rateRows.map((row, i) => {
                    const r = row.getFieldset();
                    const stored = plan.rates[i];
                    const label = stored ? rateLabel(plan.tierStructure, stored) : `Rate ${i + 1}`;
                    return (
                      <tr key={row.key}>
                        <th scope="row" className="px-3 py-2 font-normal text-slate-800">
                          {label}
                          <input {...getInputProps(r.tier, { type: 'hidden' })} />
                          <input {...getInputProps(r.minAge, { type: 'hidden' })} />
                          <input {...getInputProps(r.maxAge, { type: 'hidden' })} />
                          <FieldError id={r.tier.errorId} errors={r.tier.errors ?? r.maxAge.errors} />
                        </th>
                        <td className="px-3 py-2">
                          <label htmlFor={r.amount.id} className="sr-only">
                            Rate: {label}
                          </label>
                          <input {...getInputProps(r.amount, { type: 'text' })} inputMode="decimal" autoComplete="off" className={`${inputClass} max-w-[9rem]`} />
                          <FieldError id={r.amount.errorId} errors={r.amount.errors} />
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </ScrollRegion>
            <FieldError id={fields.rates.errorId} errors={fields.rates.errors} />
          </fieldset>
        ) : null}
        <div className="flex flex-wrap gap-3">
          <button type="submit" disabled={busy} className={primaryButtonClass}>
            Save plan
          </button>
          <Link to="/plans-setup" className={secondaryButtonClass}>
            Cancel
          </Link>
        </div>
      </Form>
    </div>
  );
}
