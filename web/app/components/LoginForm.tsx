import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { Form, Link, useActionData, useNavigation } from '@remix-run/react';
import { ZLoginForm } from '@bp/api/contracts';
import type { FlashMessage } from '~/lib/session.server';
import type { loginAction, LoginStep } from '~/lib/login.server';
import { AuthenticatorSetup, MfaCodeForm } from '~/components/Mfa';
import { secondaryButtonClass } from '~/components/ui';

const inputClass =
  'mt-1.5 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-700 aria-[invalid=true]:border-red-600';

/** The login screen ("Login"): a centred card without header and footer. */
export function LoginPage({ productName, notice, step = { kind: 'password' } }: { productName: string; notice: FlashMessage | null; step?: LoginStep }) {
  const lastResult = useActionData<typeof loginAction>();
  const submitting = useNavigation().state === 'submitting';
  const [form, fields] = useForm({
    id: 'login',
    lastResult,
    constraint: getZodConstraint(ZLoginForm),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ZLoginForm }),
  });

  const formError = form.errors?.[0] ?? null;

  return (
    <div className="flex min-h-full flex-col items-center justify-center px-4 py-12">
      <div className="w-full max-w-[400px]">
        <p className="text-center text-xl font-semibold tracking-tight text-brand-800">{productName}</p>
        <div className="mt-6 rounded-xl border border-slate-200 bg-white px-6 py-8 shadow-sm sm:px-8">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">
            {step.kind === 'code' ? 'Enter your code' : step.kind === 'enroll' ? 'Set up your authenticator' : 'Log in to your account'}
          </h1>

          {/* The session-expired notice is the one info message that stays (it comes as a flash). */}
          {notice ? (
            <p
              role="status"
              className={
                notice.type === 'info'
                  ? 'mt-5 rounded-md border border-brand-100 bg-brand-50 px-3 py-2 text-sm text-brand-900'
                  : notice.type === 'success'
                    ? 'mt-5 rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-900'
                    : 'mt-5 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800'
              }
            >
              {notice.text}
            </p>
          ) : null}
          {/* The error stays until the next attempt (WCAG 2.2.1). */}
          {formError ? (
            <p
              id={form.errorId}
              role="alert"
              className="mt-5 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800"
            >
              {formError}
            </p>
          ) : null}

          {step.kind === 'password' ? null : <SecondStep step={step} lastResult={lastResult} />}
          <Form method="post" {...getFormProps(form)} hidden={step.kind !== 'password'} className="mt-6 space-y-5">
            <div>
              <label htmlFor={fields.username.id} className="block text-sm font-medium text-slate-800">
                Email or Username
              </label>
              <input
                {...getInputProps(fields.username, { type: 'text' })}
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                className={inputClass}
              />
              <FieldError id={fields.username.errorId} errors={fields.username.errors} />
            </div>

            <div>
              <div className="flex items-baseline justify-between gap-3">
                <label htmlFor={fields.password.id} className="block text-sm font-medium text-slate-800">
                  Password
                </label>
                <Link
                  to="/forgot-password"
                  className="rounded-sm text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
                >
                  Forgot password?
                </Link>
              </div>
              <input
                {...getInputProps(fields.password, { type: 'password' })}
                autoComplete="current-password"
                className={inputClass}
              />
              <FieldError id={fields.password.errorId} errors={fields.password.errors} />
            </div>

            <div className="flex items-start gap-3">
              <input
                {...getInputProps(fields.publicComputer, { type: 'checkbox' })}
                aria-describedby={`${fields.publicComputer.id}-hint`}
                className="mt-0.5 h-4 w-4 rounded border-slate-400 accent-brand-700"
              />
              <div>
                <label htmlFor={fields.publicComputer.id} className="text-sm font-medium text-slate-800">
                  This is a public computer
                </label>
                <p id={`${fields.publicComputer.id}-hint`} className="text-xs text-slate-600">
                  You will be logged out when the browser closes.
                </p>
              </div>
            </div>

            <button
              type="submit"
              disabled={submitting}
              className="flex w-full justify-center rounded-md bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-800 disabled:cursor-wait disabled:opacity-70"
            >
              Login
            </button>
          </Form>
        </div>
      </div>
    </div>
  );
}

/** The second step of an administrator's sign-in: the authenticator's code, or setting one up first. */
function SecondStep({ step, lastResult }: { step: Exclude<LoginStep, { kind: 'password' }>; lastResult: ReturnType<typeof useActionData<typeof loginAction>> }) {
  return (
    <>
      {step.kind === 'code' ? (
        <p className="mt-3 text-sm text-slate-700">Enter the six-digit code from your authenticator app, or one of your recovery codes.</p>
      ) : (
        <>
          <p className="mt-3 text-sm text-slate-700">Your employer requires an authenticator app for administrators. Set one up to finish signing in.</p>
          {step.setup ? <AuthenticatorSetup setup={step.setup} /> : null}
        </>
      )}
      {step.kind === 'code' || step.setup ? (
        <MfaCodeForm
          id="mfa-login"
          intent={step.kind}
          lastResult={lastResult}
          label={step.kind === 'code' ? 'Authentication code' : 'Code from the app'}
          submitLabel={step.kind === 'code' ? 'Verify' : 'Finish set-up'}
        />
      ) : null}
      <Form method="post" className="mt-3">
        <input type="hidden" name="intent" value="cancel" />
        <button type="submit" className={`${secondaryButtonClass} w-full justify-center`}>
          Log in again
        </button>
      </Form>
    </>
  );
}

function FieldError({ id, errors }: { id: string; errors: string[] | undefined }) {
  if (!errors || errors.length === 0) return null;
  return (
    <p id={id} className="mt-1.5 text-sm text-red-700">
      {errors[0]}
    </p>
  );
}
