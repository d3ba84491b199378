import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { getFormProps, getSelectProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { Messages, ZOkResponse } from '@bp/api/contracts';
import { Alert, FieldError, FormBox, InputField, inputClass, labelClass, primaryButtonClass } from '~/components/ui';
import { fieldErrorsOf, loadSecurityQuestions } from '~/lib/account.server';
import { ZSecurityQuestionForm } from '~/lib/account-forms';
import { apiCall } from '~/lib/api.server';
import { pageTitle } from '~/lib/meta';
import { commitSession } from '~/lib/session.server';
import { requireUser, throwOnSessionFailure } from '~/lib/shell.server';

export { RouteErrorBoundary as ErrorBoundary } from '~/components/RouteErrorBoundary';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'Change Security Question') }];

/** Reachable only while a security-question reset is pending (the root loader's routing rules see to that). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  return { questions: await loadSecurityQuestions(request, context) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { token, session } = await requireUser(request, context);
  const submission = parseWithZod(await request.formData(), { schema: ZSecurityQuestionForm });
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 });

  const result = await apiCall(ZOkResponse, '/security-question', { method: 'POST', body: submission.value, token, request, context });
  if (result.ok) {
    session.flash('notice', { type: 'success', text: Messages.securityQuestionChanged });
    return redirect('/', { headers: { 'Set-Cookie': await commitSession(session) } });
  }
  await throwOnSessionFailure(result);
  const { status, error } = result;
  const fieldErrors = fieldErrorsOf(error.errors, ['securityQuestionId', 'securityAnswer']);
  const reply =
    status === 400 && Object.keys(fieldErrors).length > 0
      ? submission.reply({ fieldErrors })
      : submission.reply({ formErrors: [status === 400 ? Messages.wrongData : status === 403 || status === 429 ? error.message : Messages.serviceUnavailable] });
  return data(reply, { status: status >= 400 && status < 600 ? status : 500 });
}

export default function ChangeSecurityQuestionRoute() {
  const { questions } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const submitting = useNavigation().state === 'submitting';
  const [form, fields] = useForm({
    id: 'change-security-question',
    lastResult,
    constraint: getZodConstraint(ZSecurityQuestionForm),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ZSecurityQuestionForm }),
  });
  const formError = form.errors?.[0] ?? null;

  return (
    <FormBox title="Change Security Question">
      {formError ? (
        <Alert tone="error" id={form.errorId} resetKey={lastResult} className="mt-4">
          {formError}
        </Alert>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-5">
        <div>
          <label htmlFor={fields.securityQuestionId.id} className={labelClass}>
            Security question
          </label>
          <select {...getSelectProps(fields.securityQuestionId)} className={inputClass}>
            <option value="">Choose a question</option>
            {questions.map((q) => (
              <option key={q.value} value={q.value}>
                {q.label}
              </option>
            ))}
          </select>
          <FieldError id={fields.securityQuestionId.errorId} errors={fields.securityQuestionId.errors} />
        </div>
        <InputField meta={fields.securityAnswer} label="Your answer" type="text" autoComplete="off" />
        <div className="flex justify-end pt-1">
          <button type="submit" disabled={submitting} className={primaryButtonClass}>
            Save
          </button>
        </div>
      </Form>
    </FormBox>
  );
}
