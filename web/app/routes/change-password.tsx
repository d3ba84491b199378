import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { getFormProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { Messages, ZSuccessMessage } from '@bp/api/contracts';
import { Alert, FormBox, InputField, primaryButtonClass, secondaryButtonClass } from '~/components/ui';
import { fieldErrorsOf } from '~/lib/account.server';
import { changePasswordSchema } from '~/lib/account-forms';
import { apiCall } from '~/lib/api.server';
import { pageTitle } from '~/lib/meta';
import { commitSession } from '~/lib/session.server';
import { requireUser, throwOnSessionFailure } from '~/lib/shell.server';

export { RouteErrorBoundary as ErrorBoundary } from '~/components/RouteErrorBoundary';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'Change Password') }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireUser(request, context);
  return { forced: user.passwordReset };
}

const HIDE = ['oldPassword', 'password', 'repeatPassword'];

/** POST /password; the forced variant (passwordReset) sends no old password. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { user, token, session } = await requireUser(request, context);
  const submission = parseWithZod(await request.formData(), { schema: changePasswordSchema(user.passwordReset) });
  if (submission.status !== 'success') return data(submission.reply({ hideFields: HIDE }), { status: 400 });

  const result = await apiCall(ZSuccessMessage, '/password', { method: 'POST', body: submission.value, token, request, context });
  if (result.ok) {
    session.flash('notice', { type: 'success', text: Messages.passwordChanged });
    return redirect('/', { headers: { 'Set-Cookie': await commitSession(session) } });
  }
  await throwOnSessionFailure(result);
  const { status, error } = result;
  const fieldErrors = fieldErrorsOf(error.errors, ['password', 'repeatPassword']);
  // A wrong old password is reported as the spec's form message, not on the field.
  const reply =
    status === 400 && Object.keys(fieldErrors).length > 0
      ? submission.reply({ fieldErrors, hideFields: HIDE })
      : submission.reply({
          formErrors: [status === 400 ? Messages.wrongData : status === 429 || status === 403 ? error.message : Messages.serviceUnavailable],
          hideFields: HIDE,
        });
  return data(reply, { status: status >= 400 && status < 600 ? status : 500 });
}

export default function ChangePasswordRoute() {
  const { forced } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const submitting = useNavigation().state === 'submitting';
  const schema = changePasswordSchema(forced);
  const [form, fields] = useForm({
    id: 'change-password',
    lastResult,
    constraint: getZodConstraint(schema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const formError = form.errors?.[0] ?? null;

  return (
    <FormBox title={Messages.creatingNewPassword}>
      {forced ? (
        <Alert tone="warning" className="mt-4">
          {Messages.passwordChangedByAdmin}
        </Alert>
      ) : null}
      {formError ? (
        // 'You provided wrong data' shows in red for the feedback delay, then hides.
        <Alert tone="error" id={form.errorId} resetKey={lastResult} className="mt-4">
          {formError}
        </Alert>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-5">
        {forced ? null : (
          <InputField meta={fields.oldPassword} label="Old Password" type="password" autoComplete="current-password" />
        )}
        <InputField meta={fields.password} label="New Password" type="password" autoComplete="new-password" />
        <InputField meta={fields.repeatPassword} label="Repeat New Password" type="password" autoComplete="new-password" />
        <div className="flex justify-end gap-3 pt-1">
          {/* The forced variant has nowhere else to go: every other page redirects back here. */}
          {forced ? null : (
            <Link to="/" className={secondaryButtonClass}>
              Cancel
            </Link>
          )}
          <button type="submit" disabled={submitting} className={primaryButtonClass}>
            Save
          </button>
        </div>
      </Form>
    </FormBox>
  );
}
