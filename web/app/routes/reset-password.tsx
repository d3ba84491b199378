import { Suspense } from 'react';
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type AppLoadContext,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import { Await, Form, Link, useActionData, useLoaderData, useNavigation, useRouteLoaderData } from '@remix-run/react';
import { getFormProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { Messages, ZQuestionResponse, ZResetPasswordForm, ZSuccessMessage } from '@bp/api/contracts';
import { Alert, AuthCard, InputField, primaryButtonClass, secondaryButtonClass } from '~/components/ui';
import { apiCall } from '~/lib/api.server';
import { pageTitle } from '~/lib/meta';
import { commitSession } from '~/lib/session.server';
import { loadShell } from '~/lib/shell.server';
import type { loader as rootLoader } from '~/root';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'Reset Password') }];

type QuestionState = { valid: true; question: string | null } | { valid: false };

async function fetchQuestion(token: string, request: Request, context: AppLoadContext): Promise<QuestionState> {
  const result = await apiCall(ZQuestionResponse, '/auth/question', { method: 'POST', body: { token }, request, context });
  // Any failure to load the question means the link cannot be used.
  return result.ok ? { valid: true, question: result.data.question } : { valid: false };
}

/**
 * The emailed link carries the token in the query: it moves into the session and the address bar is
 * cleaned at once, so the token does not linger in history or get sent on as a referrer.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const { session } = await loadShell(request, context);
  if (url.searchParams.has('token')) {
    const token = url.searchParams.get('token')?.trim();
    if (token) session.set('resetToken', token);
    else session.unset('resetToken');
    throw redirect('/reset-password', { headers: { 'Set-Cookie': await commitSession(session) } });
  }
  const token = session.get('resetToken');
  // Streamed: the form is drawn greyed out at once and enabled when the question arrives.
  const question: Promise<QuestionState> = token ? fetchQuestion(token, request, context) : Promise.resolve({ valid: false });
  return { question };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { session } = await loadShell(request, context);
  const submission = parseWithZod(await request.formData(), { schema: ZResetPasswordForm });
  const hideFields = ['password', 'repeatPassword'];
  const token = session.get('resetToken');
  if (!token) {
    return data({ result: submission.reply({ formErrors: [Messages.tokenNotValid], hideFields }), tokenInvalid: true }, { status: 403 });
  }
  if (submission.status !== 'success') {
    return data({ result: submission.reply({ hideFields }), tokenInvalid: false }, { status: 400 });
  }

  const { answer, password } = submission.value;
  const result = await apiCall(ZSuccessMessage, '/auth/reset-password', {
    method: 'POST',
    body: { token, answer, password },
    request,
    context,
  });
  if (result.ok) {
    // The link is spent: forget it, and greet the person on the login page.
    session.unset('resetToken');
    session.flash('notice', { type: 'success', text: Messages.passwordChangedSuccessfully });
    return redirect('/', { headers: { 'Set-Cookie': await commitSession(session) } });
  }

  const { status, error } = result;
  if (status === 403) {
    session.unset('resetToken');
    return data(
      { result: submission.reply({ formErrors: [Messages.tokenNotValid], hideFields }), tokenInvalid: true },
      { status, headers: { 'Set-Cookie': await commitSession(session) } },
    );
  }
  if (status === 429) {
    return data({ result: submission.reply({ formErrors: [Messages.tooManyAttempts], hideFields }), tokenInvalid: false }, { status });
  }
  const fieldErrors: Record<string, string[]> = {};
  for (const { path, message } of error.errors ?? []) {
    if (path === 'answer' || path === 'password') (fieldErrors[path] ??= []).push(message);
  }
  // A refused reset is a wrong answer unless the API named another field.
  if (status === 400 && Object.keys(fieldErrors).length === 0) fieldErrors.answer = [Messages.wrongAnswer];
  return data(
    {
      result: submission.reply(
        Object.keys(fieldErrors).length > 0 ? { fieldErrors, hideFields } : { formErrors: [Messages.serviceUnavailable], hideFields },
      ),
      tokenInvalid: false,
    },
    { status: status >= 400 && status < 600 ? status : 500 },
  );
}

export default function ResetPasswordRoute() {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const { question } = useLoaderData<typeof loader>();
  return (
    <AuthCard productName={root?.productName ?? ''} title="Forgot password">
      <Suspense fallback={<ResetForm state={null} />}>
        <Await resolve={question} errorElement={<ResetForm state={{ valid: false }} />}>
          {(state) => <ResetForm state={state} />}
        </Await>
      </Suspense>
    </AuthCard>
  );
}

/** `state` null: the question is still loading. */
function ResetForm({ state }: { state: QuestionState | null }) {
  const answer = useActionData<typeof action>();
  const submitting = useNavigation().state === 'submitting';
  const [form, fields] = useForm({
    id: 'reset-password',
    lastResult: answer?.result,
    constraint: getZodConstraint(ZResetPasswordForm),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ZResetPasswordForm }),
  });
  const tokenInvalid = state?.valid === false || answer?.tokenInvalid === true;
  const ready = state?.valid === true && !tokenInvalid;
  const formError = form.errors?.[0] ?? (tokenInvalid ? Messages.tokenNotValid : null);

  return (
    <>
      {formError ? (
        <Alert tone="error" id={form.errorId} className="mt-5">
          {formError}
        </Alert>
      ) : null}
      {tokenInvalid ? (
        // A used or expired link leaves nothing to fill in here: say where to go instead.
        <nav aria-label="What to do next" className="mt-4 flex flex-wrap gap-3">
          <Link to="/forgot-password" className={primaryButtonClass}>
            Request a new link
          </Link>
          <Link to="/" className={secondaryButtonClass}>
            Back to login
          </Link>
        </nav>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="mt-6" aria-busy={state === null}>
        {/* A disabled fieldset greys out and locks every control until the question is known. */}
        <fieldset disabled={!ready || submitting} className="space-y-5 disabled:opacity-60">
          <div>
            <p className="text-sm font-medium text-slate-800">Your secret question</p>
            <p className="mt-1 min-h-6 text-slate-900" aria-live="polite">
              {state === null ? <span className="text-slate-500">Loading…</span> : state.valid ? (state.question ?? '') : ''}
            </p>
          </div>
          <InputField meta={fields.answer} label="Answer" type="text" autoComplete="off" />
          <InputField meta={fields.password} label="New password" type="password" autoComplete="new-password" />
          <InputField meta={fields.repeatPassword} label="Reenter password" type="password" autoComplete="new-password" />
          <button type="submit" className={`${primaryButtonClass} w-full py-2.5`}>
            Submit
          </button>
        </fieldset>
      </Form>
    </>
  );
}
