import { useId, useState } from 'react';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigate, useNavigation, useRouteLoaderData, useSearchParams } from '@remix-run/react';
import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { fullName, IMPERSONATION_DETAILS_MAX, IMPERSONATION_REASON_TEXT, IMPERSONATION_REASONS, ImpersonationMessages, Messages, ZImpersonationRequest, ZJwtResponse } from '@bp/api/contracts';
import { Alert, FieldError, inputClass, labelClass, Modal, primaryButtonClass, secondaryButtonClass } from '~/components/ui';
import { fieldErrorsOf } from '~/lib/account.server';
import { apiCall } from '~/lib/api.server';
import { pageTitle } from '~/lib/meta';
import { commitSession } from '~/lib/session.server';
import { requireUser, throwOnSessionFailure } from '~/lib/shell.server';
import { positiveInt } from '~/lib/address';
import { censusAt } from '~/lib/census-address';
import type { loader as employeeLoader } from './employees-census.$employeeId';

export { RouteErrorBoundary as ErrorBoundary } from '~/components/RouteErrorBoundary';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'Log in as employee') }];


/**
 * 'Log in as employee' asks why first: a dialog of its own over the census, at its own
 * address, so it opens and posts without JavaScript. Only sessions that may impersonate get it; others
 * are sent back to the census, which shows them no such button.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { user } = await requireUser(request, context);
  const url = new URL(request.url);
  const employeeId = positiveInt(params.employeeId ?? null);
  if (!user.permissions.includes('impersonate') || employeeId === null || employeeId === user.employeeId) throw redirect(censusAt(url.searchParams, employeeId));
  return { employeeId };
}

/** POST /employees/{id}/impersonate with the reason; the employee's token then goes on top of the administrator's own. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { token, session } = await requireUser(request, context);
  const submission = parseWithZod(await request.formData(), { schema: ZImpersonationRequest });
  const employeeId = positiveInt(params.employeeId ?? null);
  if (employeeId === null) return data(submission.reply({ formErrors: [Messages.noEmployeeFound] }), { status: 404 });
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
  const result = await apiCall(ZJwtResponse, `/employees/${employeeId}/impersonate`, { method: 'POST', body: submission.value, token, request, context });
  if (!result.ok) {
    await throwOnSessionFailure(result);
    const fieldErrors = fieldErrorsOf(result.error.errors, ['reason', 'details']);
    const reply = Object.keys(fieldErrors).length ? submission.reply({ fieldErrors }) : submission.reply({ formErrors: [result.error.message] });
    return data(reply, { status: result.status >= 400 && result.status < 600 ? result.status : 500 });
  }
  session.set('impersonationToken', result.data.jwt);
  session.set('returnTo', '/employees-census');
  return redirect('/', { headers: { 'Set-Cookie': await commitSession(session) } });
}

export default function ImpersonateDialog() {
  const { employeeId } = useLoaderData<typeof loader>();
  const employee = useRouteLoaderData<typeof employeeLoader>('routes/employees-census.$employeeId');
  const lastResult = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const busy = useNavigation().state !== 'idle';
  const hintId = useId();
  const [form, fields] = useForm({
    id: 'impersonate',
    lastResult,
    constraint: getZodConstraint(ZImpersonationRequest),
    // Not on blur: leaving the first radio for another would show the error mid-click, and the centred dialog,
    // growing, would move the radio from under the pointer.
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ZImpersonationRequest }),
  });
  const [reason, setReason] = useState(String(fields.reason.initialValue ?? ''));
  const profile = employee?.selectedId === employeeId ? employee.detail?.profile : undefined;
  // The census under the dialog says when the employee is not there ('No employee found!').
  if (!profile) return null;
  const closeTo = censusAt(searchParams, employeeId);
  const formError = form.errors?.[0] ?? null;

  return (
    <Modal
      open
      wide
      title={ImpersonationMessages.dialogTitle(fullName(profile))}
      description={ImpersonationMessages.intro}
      onOpenChange={(open) => (open ? undefined : navigate(closeTo, { preventScrollReset: true }))}
    >
      {/* A full page load on success: the whole app restarts as the employee. */}
      <Form method="post" action={`/employees-census/${employeeId}/impersonate?${searchParams.toString()}`} reloadDocument {...getFormProps(form)} className="mt-4 space-y-5">
        {formError ? (
          <Alert tone="error" id={form.errorId}>
            {formError}
          </Alert>
        ) : null}
        <fieldset aria-describedby={fields.reason.errors ? fields.reason.errorId : undefined}>
          <legend className={labelClass}>{ImpersonationMessages.reasonLegend}</legend>
          <div className="mt-2 space-y-2">
            {IMPERSONATION_REASONS.map((value) => (
              <label key={value} className="flex items-center gap-2 text-sm text-slate-900">
                <input
                  type="radio"
                  name={fields.reason.name}
                  value={value}
                  defaultChecked={fields.reason.initialValue === value}
                  aria-invalid={fields.reason.errors ? true : undefined}
                  onChange={() => setReason(value)}
                  className="h-4 w-4"
                />
                {IMPERSONATION_REASON_TEXT[value]}
              </label>
            ))}
          </div>
          <FieldError id={fields.reason.errorId} errors={fields.reason.errors} />
        </fieldset>
        <div>
          <label htmlFor={fields.details.id} className={labelClass}>
            {ImpersonationMessages.detailsLabel}
            {reason === 'other' ? null : <span className="font-normal text-slate-600"> (optional)</span>}
          </label>
          <input
            {...getInputProps(fields.details, { type: 'text', ariaDescribedBy: hintId })}
            maxLength={IMPERSONATION_DETAILS_MAX}
            autoComplete="off"
            className={inputClass}
          />
          <p id={hintId} className="mt-1 text-sm text-slate-600">
            {ImpersonationMessages.detailsHint}
          </p>
          <FieldError id={fields.details.errorId} errors={fields.details.errors} />
        </div>
        <div className="flex flex-wrap justify-end gap-3 pt-1">
          <Link to={closeTo} preventScrollReset className={secondaryButtonClass}>
            {ImpersonationMessages.cancel}
          </Link>
          <button type="submit" disabled={busy} className={primaryButtonClass}>
            {ImpersonationMessages.submit}
          </button>
        </div>
      </Form>
    </Modal>
  );
}
