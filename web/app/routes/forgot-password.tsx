import { data, type ActionFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useNavigation, useRouteLoaderData } from '@remix-run/react';
import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { Messages, ZForgotPasswordRequest, ZForgotPasswordResponse } from '@bp/api/contracts';
import { AuthCard, Alert, FieldError, inputClass, labelClass, primaryButtonClass } from '~/components/ui';
import { apiCall } from '~/lib/api.server';
import { pageTitle } from '~/lib/meta';
import type { loader as rootLoader } from '~/root';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'Forgot Password') }];

/** POST /auth/forgot-password: one answer for every address, so the page cannot tell who has an account. */
export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: ZForgotPasswordRequest });
  if (submission.status !== 'success') return data({ result: submission.reply(), sent: false }, { status: 400 });

  const result = await apiCall(ZForgotPasswordResponse, '/auth/forgot-password', {
    method: 'POST',
    body: submission.value,
    request,
    context,
  });
  if (result.ok) return { result: submission.reply(), sent: true };

  const { status, error } = result;
  let reply;
  if (status === 429) {
    // The endpoint is throttled: say so rather than blame the address.
    reply = submission.reply({ formErrors: [Messages.tooManyAttempts] });
  } else {
    const emailError = error.errors?.find((e) => e.path === 'email');
    reply = emailError
      ? submission.reply({ fieldErrors: { email: [emailError.message] } })
      : submission.reply({ formErrors: [Messages.serviceUnavailable] });
  }
  return data({ result: reply, sent: false }, { status: status >= 400 && status < 600 ? status : 500 });
}

export default function ForgotPasswordRoute() {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const answer = useActionData<typeof action>();
  const submitting = useNavigation().state === 'submitting';
  const [form, fields] = useForm({
    id: 'forgot-password',
    lastResult: answer?.result,
    constraint: getZodConstraint(ZForgotPasswordRequest),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ZForgotPasswordRequest }),
  });
  const formError = form.errors?.[0] ?? null;

  return (
    <AuthCard productName={root?.productName ?? ''} title="Reset Your Password">
      {answer?.sent ? (
        <>
          <p role="status" className="mt-5 text-slate-700">
            {Messages.resetLinkMaybeSent}
          </p>
          <Link to="/login" className={`${primaryButtonClass} mt-6 w-full`}>
            Back to login
          </Link>
        </>
      ) : (
        <>
          {formError ? (
            <Alert tone="error" id={form.errorId} className="mt-5">
              {formError}
            </Alert>
          ) : null}
          <Form method="post" {...getFormProps(form)} className="mt-6 space-y-5">
            <div>
              <label htmlFor={fields.email.id} className={labelClass}>
                Email
              </label>
              <input
                {...getInputProps(fields.email, { type: 'email' })}
                autoComplete="email"
                autoCapitalize="none"
                spellCheck={false}
                className={inputClass}
              />
              <FieldError id={fields.email.errorId} errors={fields.email.errors} />
            </div>
            <button type="submit" disabled={submitting} className={`${primaryButtonClass} w-full py-2.5`}>
              Reset password
            </button>
          </Form>
          <p className="mt-6 text-center text-sm">
            <Link to="/login" className="rounded-sm font-medium text-brand-700 underline-offset-4 hover:underline">
              Back to login
            </Link>
          </p>
        </>
      )}
    </AuthCard>
  );
}
