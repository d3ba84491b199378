import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { MONTHS, NEW_HIRE_WINDOW_DAYS, ZFirstPeriodAnswer, ZFirstPeriodRequest } from '@bp/api/contracts';
import { Alert, FieldError, inputClass, labelClass, primaryButtonClass, secondaryButtonClass } from '~/components/ui';
import { clientIdOf, redirectWithFlash, submitForm, throwLoadFailure } from '~/lib/agency-clients.server';
import { apiCall } from '~/lib/api.server';
import { pageTitle } from '~/lib/meta';
import { requireUser } from '~/lib/shell.server';

export { RouteErrorBoundary as ErrorBoundary } from '~/components/RouteErrorBoundary';

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: pageTitle(matches, data ? `${data.client.name}: first period` : 'First period') }];

const STATE_TEXT = {
  ready: 'Ready to Start: HR of the client starts it, with its last day, from the Status Dashboard.',
  active: 'Open enrollment is running.',
  closed: `In force: each new hire enrolls within ${NEW_HIRE_WINDOW_DAYS} days of their eligibility date.`,
} as const;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { token } = await requireUser(request, context);
  const id = clientIdOf(params);
  const answer = await apiCall(ZFirstPeriodAnswer, `/agency/clients/${id}/first-period`, { token, request, context });
  if (!answer.ok) return throwLoadFailure(answer);
  return answer.data;
}

/** POST /agency/clients/{id}/first-period. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { token, session } = await requireUser(request, context);
  const id = clientIdOf(params);
  const sent = await submitForm(request, context, token, ZFirstPeriodRequest, { path: `/agency/clients/${id}/first-period`, method: 'POST', answer: ZFirstPeriodAnswer });
  if (!sent.ok) return sent.response;
  return redirectWithFlash(session, `/agency-clients/${id}/period`, { type: 'success', text: `${sent.data.period?.title ?? 'The period'} was prepared.` });
}

export default function FirstPeriodRoute() {
  const { client, period } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const submitting = useNavigation().state === 'submitting';
  const [form, fields] = useForm({
    id: 'first-period',
    lastResult,
    defaultValue: { kind: 'open-enrollment' },
    constraint: getZodConstraint(ZFirstPeriodRequest),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ZFirstPeriodRequest }),
  });
  const formError = form.errors?.[0] ?? null;
  const kindDefault = String(fields.kind.initialValue ?? 'open-enrollment');

  return (
    <div className="mx-auto w-full max-w-3xl space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="break-words text-2xl font-semibold tracking-tight text-slate-900">{client.name}: first period</h1>
        <nav aria-label="Set up this client" className="flex flex-wrap gap-3">
          <Link to={`/agency-clients/${client.id}`} className={secondaryButtonClass}>
            Settings
          </Link>
          <Link to={`/agency-clients/${client.id}/hr`} className={secondaryButtonClass}>
            HR administrators
          </Link>
        </nav>
      </div>

      <section aria-labelledby="period-title" className="rounded-xl border border-slate-200 bg-white px-5 py-6 shadow-sm sm:px-6">
        {period ? (
          <>
            <h2 id="period-title" className="text-lg font-semibold text-slate-900">
              {period.title}
            </h2>
            <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
              <dt className="font-medium text-slate-800">Kind</dt>
              <dd className="text-slate-700">{period.kind === 'new-hire' ? 'New-hire enrollment' : 'Open enrollment'}</dd>
              <dt className="font-medium text-slate-800">Plan year starts</dt>
              <dd className="text-slate-700">{period.startDate}</dd>
              <dt className="font-medium text-slate-800">Plans</dt>
              <dd className="text-slate-700">{period.plans === 0 ? 'None yet: import the rate sheet or add plans.' : period.plans}</dd>
              <dt className="font-medium text-slate-800">State</dt>
              <dd className="text-slate-700">{STATE_TEXT[period.state]}</dd>
            </dl>
          </>
        ) : (
          <>
            <h2 id="period-title" className="text-lg font-semibold text-slate-900">
              Prepare the first period
            </h2>
            <p className="mt-1 text-sm text-slate-700">
              {client.name}'s plan year starts in {MONTHS[client.planYearStartMonth - 1]}. Its plans go into this period; afterwards HR runs it as any other.
            </p>
            {formError ? (
              <Alert tone="error" id={form.errorId} className="mt-4">
                {formError}
              </Alert>
            ) : null}
            <Form method="post" {...getFormProps(form)} className="mt-4 space-y-5">
              <fieldset aria-describedby={fields.kind.errors?.length ? fields.kind.errorId : undefined}>
                <legend className={labelClass}>How employees enroll first</legend>
                <div className="mt-2 space-y-2">
                  <label className="flex items-start gap-3 text-sm text-slate-800">
                    <input type="radio" name={fields.kind.name} value="open-enrollment" defaultChecked={kindDefault === 'open-enrollment'} className="mt-0.5 h-4 w-4" />
                    <span>Open enrollment, Ready to Start: everyone enrolls in a window HR opens</span>
                  </label>
                  <label className="flex items-start gap-3 text-sm text-slate-800">
                    <input type="radio" name={fields.kind.name} value="new-hire" defaultChecked={kindDefault === 'new-hire'} className="mt-0.5 h-4 w-4" />
                    <span>{`New-hire enrollment: the plans are in force from the date, each new hire enrolls within ${NEW_HIRE_WINDOW_DAYS} days`}</span>
                  </label>
                </div>
                <FieldError id={fields.kind.errorId} errors={fields.kind.errors} />
              </fieldset>
              <div className="max-w-xs">
                <label htmlFor={fields.startDate.id} className={labelClass}>
                  Plan year's first day (MM/DD/YYYY)
                </label>
                <input {...getInputProps(fields.startDate, { type: 'text' })} inputMode="numeric" autoComplete="off" placeholder="MM/DD/YYYY" className={inputClass} />
                <FieldError id={fields.startDate.errorId} errors={fields.startDate.errors} />
              </div>
              <button type="submit" disabled={submitting} className={primaryButtonClass}>
                Prepare period
              </button>
            </Form>
          </>
        )}
      </section>
    </div>
  );
}
