import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation, useRouteLoaderData } from '@remix-run/react';
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import {
  can,
  Messages,
  MfaMessages,
  ZMfaAdministrators,
  ZMfaCodeRequest,
  ZMfaDisableRequest,
  ZMfaRecoveryCodes,
  ZMfaRequirementRequest,
  ZMfaSetup,
  ZMfaStatus,
  ZSuccessMessage,
} from '@bp/api/contracts';
import { AuthenticatorSetup, MfaCodeForm, RecoveryCodes } from '~/components/Mfa';
import { InputField, primaryButtonClass, secondaryButtonClass } from '~/components/ui';
import { apiCall, type ApiFailure } from '~/lib/api.server';
import { pageTitle } from '~/lib/meta';
import { commitSession, type AppSession } from '~/lib/session.server';
import { requireUser, throwOnSessionFailure } from '~/lib/shell.server';
import type { loader as rootLoader } from '~/root';

export { RouteErrorBoundary as ErrorBoundary } from '~/components/RouteErrorBoundary';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'Sign-in Security') }];

/** Sign-in Security: one's own authenticator, and the client's administrators'. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, token } = await requireUser(request, context);
  const status = await apiCall(ZMfaStatus, '/mfa', { token, request, context });
  if (!status.ok) {
    await throwOnSessionFailure(status);
    throw new Response(Messages.serviceUnavailable, { status: 503 });
  }
  const admins = can(user.permissions, 'mfa:reset') ? await apiCall(ZMfaAdministrators, '/mfa/administrators', { token, request, context }) : null;
  return {
    status: status.data,
    administrators: admins?.ok ? admins.data : null,
    self: user.accountId,
    mayRequire: can(user.permissions, 'mfa:require'),
  };
}

const SUCCESS = { type: 'success' } as const;

async function back(session: AppSession) {
  return redirect('/sign-in-security', { headers: { 'Set-Cookie': await commitSession(session) } });
}

/** A refusal the person can act on (wrong code, too many attempts, none set up) or the calm fallback. */
function messageOf(failure: ApiFailure): string {
  return [400, 401, 404, 409, 429].includes(failure.status) ? failure.error.message : Messages.serviceUnavailable;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { token, session } = await requireUser(request, context);
  const formData = await request.formData();
  const intent = formData.get('intent');
  const call = { token, request, context };

  if (intent === 'setup') {
    const result = await apiCall(ZMfaSetup, '/mfa/setup', { method: 'POST', ...call });
    if (!result.ok) {
      await throwOnSessionFailure(result);
      session.flash('notice', { type: 'error', text: messageOf(result) });
    }
    return back(session);
  }
  if (intent === 'confirm') {
    const submission = parseWithZod(formData, { schema: ZMfaCodeRequest });
    if (submission.status !== 'success') return data({ confirm: submission.reply(), disable: undefined }, { status: 400 });
    const result = await apiCall(ZMfaRecoveryCodes, '/mfa/confirm', { method: 'POST', body: submission.value, ...call });
    if (!result.ok) {
      await throwOnSessionFailure(result);
      return data({ confirm: submission.reply({ fieldErrors: { code: [messageOf(result)] } }), disable: undefined }, { status: result.status });
    }
    // Shown once, on the next load of this page (the shell reads the flash only here).
    session.flash('recoveryCodes', result.data.recoveryCodes);
    session.flash('notice', { ...SUCCESS, text: MfaMessages.enrolled });
    return back(session);
  }
  if (intent === 'disable') {
    const submission = parseWithZod(formData, { schema: ZMfaDisableRequest });
    if (submission.status !== 'success') return data({ confirm: undefined, disable: submission.reply({ hideFields: ['password'] }) }, { status: 400 });
    const result = await apiCall(ZSuccessMessage.partial(), '/mfa/disable', { method: 'POST', body: submission.value, ...call });
    if (!result.ok) {
      await throwOnSessionFailure(result);
      return data({ confirm: undefined, disable: submission.reply({ fieldErrors: { password: [messageOf(result)] }, hideFields: ['password'] }) }, { status: result.status });
    }
    session.flash('notice', { ...SUCCESS, text: MfaMessages.disabled });
    return back(session);
  }
  if (intent === 'reset') {
    const id = String(formData.get('accountId') ?? '');
    const name = String(formData.get('name') ?? '').slice(0, 200);
    const result = await apiCall(ZSuccessMessage.partial(), `/mfa/administrators/${encodeURIComponent(id)}/reset`, { method: 'POST', ...call });
    if (!result.ok) await throwOnSessionFailure(result);
    session.flash('notice', result.ok ? { ...SUCCESS, text: MfaMessages.reset(name) } : { type: 'error', text: messageOf(result) });
    return back(session);
  }
  if (intent === 'requirement') {
    const submission = parseWithZod(formData, { schema: ZMfaRequirementRequest });
    if (submission.status === 'success') {
      const result = await apiCall(ZSuccessMessage.partial(), '/mfa/requirement', { method: 'PUT', body: submission.value, ...call });
      if (!result.ok) await throwOnSessionFailure(result);
      session.flash(
        'notice',
        result.ok ? { ...SUCCESS, text: submission.value.requiredForHr ? MfaMessages.requirementOn : MfaMessages.requirementOff } : { type: 'error', text: messageOf(result) },
      );
    }
    return back(session);
  }
  return back(session);
}

export default function SignInSecurityRoute() {
  const { status, administrators, self, mayRequire } = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const recoveryCodes = root?.recoveryCodes ?? null;
  const actionData = useActionData<typeof action>();
  const submitting = useNavigation().state === 'submitting';

  return (
    <div className="mx-auto w-full max-w-3xl space-y-6">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Sign-in Security</h1>
      {recoveryCodes ? <RecoveryCodes codes={recoveryCodes} /> : null}

      <section aria-labelledby="own-mfa-title" className="rounded-xl border border-slate-200 bg-white px-5 py-6 shadow-sm sm:px-6">
        <h2 id="own-mfa-title" className="text-lg font-semibold text-slate-900">
          Authenticator app
        </h2>
        {status.enrolled ? (
          <>
            <p className="mt-2 text-sm text-slate-700" data-testid="mfa-status">
              On: after your password, sign-in asks for the code from your app. Recovery codes left: {status.recoveryCodesLeft}.
            </p>
            {status.required ? (
              <p className="mt-2 text-sm text-slate-700">{MfaMessages.requiredByClient}.</p>
            ) : (
              <DisableForm lastResult={actionData?.disable} />
            )}
          </>
        ) : status.setup ? (
          <>
            <AuthenticatorSetup setup={status.setup} />
            <MfaCodeForm id="mfa-confirm" intent="confirm" lastResult={actionData?.confirm} label="Code from the app" submitLabel="Turn on" />
          </>
        ) : (
          <>
            <p className="mt-2 text-sm text-slate-700" data-testid="mfa-status">
              Off: sign-in asks only for your password. An authenticator app adds a six-digit code that changes every 30 seconds.
            </p>
            <Form method="post" className="mt-4">
              <input type="hidden" name="intent" value="setup" />
              <button type="submit" disabled={submitting} className={primaryButtonClass}>
                Set up an authenticator
              </button>
            </Form>
          </>
        )}
      </section>

      {administrators ? (
        <section aria-labelledby="admins-mfa-title" className="rounded-xl border border-slate-200 bg-white px-5 py-6 shadow-sm sm:px-6">
          <h2 id="admins-mfa-title" className="text-lg font-semibold text-slate-900">
            Administrators
          </h2>
          {mayRequire ? (
            <Form method="post" className="mt-3 flex flex-wrap items-center gap-3">
              <input type="hidden" name="intent" value="requirement" />
              <input type="hidden" name="requiredForHr" value={administrators.requiredForHr ? 'false' : 'true'} />
              <p className="text-sm text-slate-700">
                HR administrators of this client {administrators.requiredForHr ? 'must use' : 'may choose to use'} an authenticator app.
              </p>
              <button type="submit" disabled={submitting} className={secondaryButtonClass}>
                {administrators.requiredForHr ? 'Stop requiring it' : 'Require it for HR'}
              </button>
            </Form>
          ) : administrators.requiredForHr === null ? null : (
            <p className="mt-2 text-sm text-slate-700">
              {administrators.requiredForHr ? 'This client requires an authenticator app of its HR administrators.' : 'An authenticator app is optional for HR administrators of this client.'}
            </p>
          )}
          <p className="mt-3 text-sm text-slate-700">Someone who lost both their phone and their recovery codes can have their authenticator reset here, then set up a new one.</p>
          <ul className="mt-3 divide-y divide-slate-200">
            {administrators.administrators.map((a) => (
              <li key={a.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="break-words font-medium text-slate-900">
                    {a.name} <span className="text-sm font-normal text-slate-600">({a.kind === 'agent' ? 'agent' : a.kind === 'platform' ? 'platform administrator' : 'HR'})</span>
                  </p>
                  <p className="break-all text-sm text-slate-600">{a.username}</p>
                </div>
                {a.enrolled && a.id !== self ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="reset" />
                    <input type="hidden" name="accountId" value={a.id} />
                    <input type="hidden" name="name" value={a.name} />
                    <button type="submit" disabled={submitting} className={secondaryButtonClass} aria-label={`Reset the authenticator of ${a.name}`}>
                      Reset authenticator
                    </button>
                  </Form>
                ) : (
                  <span className="text-sm text-slate-600">{a.enrolled ? 'Authenticator on' : 'No authenticator'}</span>
                )}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

function DisableForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const submitting = useNavigation().state === 'submitting';
  const [form, fields] = useForm({
    id: 'mfa-disable',
    lastResult,
    constraint: getZodConstraint(ZMfaDisableRequest),
    shouldValidate: 'onSubmit',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ZMfaDisableRequest }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 max-w-sm space-y-4">
      <input type="hidden" name="intent" value="disable" />
      <InputField meta={fields.password} label="Password, to turn it off" type="password" autoComplete="current-password" />
      <button type="submit" disabled={submitting} className={secondaryButtonClass}>
        Turn off
      </button>
    </Form>
  );
}
