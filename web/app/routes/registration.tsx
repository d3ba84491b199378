import { useState } from 'react';
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type AppLoadContext,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation, useRouteLoaderData } from '@remix-run/react';
import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import {
  Messages,
  ZJwtResponse,
  ZRegistrationProfile,
  ZUsernameValidationResponse,
  type CurrentUser,
  type RegistrationProfile,
} from '@bp/api/contracts';
import { PasswordStrength } from '~/components/PasswordStrength';
import { RegistrationWizard } from '~/components/RegistrationWizard';
import { Alert, FieldError, InputField, Modal, Toast, inputClass, labelClass, primaryButtonClass, useHydrated } from '~/components/ui';
import { EnrollmentStep } from '~/components/enrollment/EnrollmentStep';
import { LateStep } from '~/components/wizard/LateStep';
import { DependentsStep, type DependentsStepData } from '~/components/wizard/DependentsStep';
import { ProfileStep, type ProfileStepData } from '~/components/wizard/ProfileStep';
import { fieldErrorsOf, loadSecurityQuestions, type SecurityQuestionOption } from '~/lib/account.server';
import { accountSetupSchema } from '~/lib/account-forms';
import { apiCall, type ApiFailure } from '~/lib/api.server';
import { loadDependents, loadEmployee, loadOptions, type Caller } from '~/lib/employee-data.server';
import { pageTitle } from '~/lib/meta';
import { loadEnrollmentStep, type EnrollmentStepData } from '~/lib/enrollment.server';
import { loadLateStep, type LateStepData } from '~/lib/late-steps.server';
import { DEPENDENTS_INDEX, ENROLLMENT_INDEX, PROFILE_INDEX, WIZARD_STEPS, wizardIndexOf, wizardPath, wizardTitle } from '~/lib/registration-steps';
import { commitSession, createSignedInSession, signedOutRedirect } from '~/lib/session.server';
import { loadShell, requireUser, sessionIdleResponse } from '~/lib/shell.server';
import { wizardAction, type WizardAnswer } from '~/lib/wizard.server';
import type { loader as rootLoader } from '~/root';

export { RouteErrorBoundary as ErrorBoundary } from '~/components/RouteErrorBoundary';

/** The two registration-token errors; both end on the login page. */
type TokenError = 'invalid' | 'registered';

const TOKEN_ERROR_TEXT: Record<TokenError, string> = {
  invalid: Messages.registrationTokenInvalid,
  registered: Messages.alreadyRegistered,
};

function tokenErrorOf(failure: ApiFailure): TokenError | null {
  if (failure.status === 403) return 'invalid';
  if (failure.status === 409) return 'registered';
  return null;
}

function fetchProfile(token: string, request: Request, context: AppLoadContext) {
  return apiCall(ZRegistrationProfile, `/registration?token=${encodeURIComponent(token)}`, { request, context });
}

export const meta: MetaFunction<typeof loader> = ({ data: page, matches }) => [
  { title: pageTitle(matches, wizardTitle(page?.view === 'step' ? page.step : 0)) },
];

type LoaderData =
  | { view: 'account'; profile: RegistrationProfile; questions: SecurityQuestionOption[] }
  | { view: 'tokenError'; error: TokenError }
  | { view: 'step'; step: number; profile: ProfileStepData | null; dependents: DependentsStepData | null; enrollment: EnrollmentStepData | null; late: LateStepData | null };

/** The screen to show: the one asked for in ?step= when it is not past the saved progress, else the resume point. */
function shownIndex(url: URL, resume: number): number {
  const asked = Number(url.searchParams.get('step'));
  // Never Account Setup once signed in, never a step the person has not reached.
  return Number.isInteger(asked) && asked - 1 >= PROFILE_INDEX && asked - 1 <= resume ? asked - 1 : resume;
}

/** What the shown step needs from the API, loaded before the page draws (prefetch). */
async function loadStep(index: number, url: URL, user: CurrentUser, caller: Caller): Promise<LoaderData> {
  if (index === PROFILE_INDEX) {
    const [employee, options] = await Promise.all([loadEmployee(caller), loadOptions(caller)]);
    return { view: 'step', step: index, profile: { employee, options }, dependents: null, enrollment: null, late: null };
  }
  if (index === ENROLLMENT_INDEX) {
    return { view: 'step', step: index, profile: null, dependents: null, enrollment: await loadEnrollmentStep(url, user, caller), late: null };
  }
  if (index === DEPENDENTS_INDEX) {
    const [employee, dependents, options] = await Promise.all([loadEmployee(caller), loadDependents(caller), loadOptions(caller)]);
    const find = (param: string) => {
      const id = Number(url.searchParams.get(param));
      return dependents.find((d) => d.id === id) ?? null;
    };
    const asked = url.searchParams.get('dependent');
    const toDelete = find('delete');
    const dialog: DependentsStepData['dialog'] =
      asked === 'new' ? { kind: 'edit', dependent: null } : find('dependent') ? { kind: 'edit', dependent: find('dependent') } : toDelete ? { kind: 'delete', dependent: toDelete } : null;
    return {
      view: 'step',
      step: index,
      profile: null,
      dependents: { dependents, options, dialog, employee: { firstName: employee.firstName, lastName: employee.lastName } },
      enrollment: null,
      late: null,
    };
  }
  return { view: 'step', step: index, profile: null, dependents: null, enrollment: null, late: await loadLateStep(index, url, caller) };
}

export async function loader({ request, context }: LoaderFunctionArgs): Promise<LoaderData> {
  const url = new URL(request.url);
  const shell = await loadShell(request, context);
  // The emailed token moves into the session and leaves the address bar (the root loader has already
  // signed out whoever was signed in on this browser).
  if (url.searchParams.has('token')) {
    const token = url.searchParams.get('token')?.trim();
    if (token) shell.session.set('registrationToken', token);
    else shell.session.unset('registrationToken');
    throw redirect('/registration', { headers: { 'Set-Cookie': await commitSession(shell.session) } });
  }

  // Signed in with registration unfinished: the account exists, the wizard resumes at the user's step.
  if (shell.data.signedIn) {
    if (shell.data.sessionIdle || !shell.data.user || !shell.token) throw sessionIdleResponse();
    const index = shownIndex(url, wizardIndexOf(shell.data.user.registrationStep));
    return loadStep(index, url, shell.data.user, { token: shell.token, request, context });
  }

  const token = shell.session.get('registrationToken');
  if (!token) return { view: 'tokenError', error: 'invalid' };
  const [profile, questions] = await Promise.all([fetchProfile(token, request, context), loadSecurityQuestions(request, context)]);
  if (!profile.ok) {
    const error = tokenErrorOf(profile);
    if (error) return { view: 'tokenError', error };
    throw new Response(Messages.serviceUnavailable, { status: 503 });
  }
  return { view: 'account', profile: profile.data, questions };
}

const HIDE = ['password', 'repeatPassword'];

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  // Confirming a token-error modal: forget everything and start over from the login page.
  if (formData.get('intent') === 'leave') return signedOutRedirect('/login');
  // Every later step belongs to a signed-in person.
  if (formData.has('screen')) {
    const { user, token, session } = await requireUser(request, context);
    return wizardAction(formData, { user, session, caller: { token, request, context } });
  }

  const { session } = await loadShell(request, context);
  const token = session.get('registrationToken');
  if (!token) return data({ tokenError: 'invalid' as TokenError, result: null }, { status: 403 });
  const profile = await fetchProfile(token, request, context);
  if (!profile.ok) {
    const tokenError = tokenErrorOf(profile);
    if (tokenError) return data({ tokenError, result: null }, { status: profile.status });
    return data({ tokenError: null, result: null }, { status: 503 });
  }

  const needsEmail = profile.data.authenticationMethod !== 'email';
  const submission = parseWithZod(formData, { schema: accountSetupSchema(needsEmail) });
  if (submission.status !== 'success') return data({ tokenError: null, result: submission.reply({ hideFields: HIDE }) }, { status: 400 });
  const { repeatPassword: _repeat, ...fields } = submission.value;

  // A username account chooses its email here: it must be valid and not taken.
  if (typeof fields.email === 'string') {
    // Asked with the link's token: the check answers only inside a registration.
    const query = new URLSearchParams({ token, username: fields.email });
    const check = await apiCall(ZUsernameValidationResponse, `/registration/validate?${query.toString()}`, {
      request,
      context,
    });
    if (!check.ok || !check.data.success) {
      return data({ tokenError: null, result: submission.reply({ fieldErrors: { email: [Messages.emailInUse] }, hideFields: HIDE }) }, { status: 400 });
    }
  }

  const result = await apiCall(ZJwtResponse, '/registration', { method: 'POST', body: { token, ...fields }, request, context });
  if (result.ok) {
    // The person is now signed in; a new session also drops the spent registration token.
    const signedIn = createSignedInSession(result.data.jwt, false);
    return redirect('/registration', { headers: { 'Set-Cookie': await commitSession(signedIn) } });
  }
  const tokenError = tokenErrorOf(result);
  if (tokenError) return data({ tokenError, result: null }, { status: result.status });
  const fieldErrors = fieldErrorsOf(result.error.errors, ['email', 'password', 'securityQuestionId', 'securityAnswer']);
  if (Object.keys(fieldErrors).length === 0) console.error(`registration failed with ${result.status}: ${result.error.message}`);
  const reply =
    Object.keys(fieldErrors).length > 0
      ? submission.reply({ fieldErrors, hideFields: HIDE })
      : submission.reply({ formErrors: [result.status === 429 ? Messages.tooManyAttempts : Messages.serviceUnavailable], hideFields: HIDE });
  return data({ tokenError: null, result: reply }, { status: result.status >= 400 && result.status < 600 ? result.status : 500 });
}

type AccountAnswer = { tokenError: TokenError | null; result: SubmissionResult<string[]> | null };

function isWizardAnswer(answer: AccountAnswer | WizardAnswer | undefined): answer is WizardAnswer {
  return answer !== undefined && 'screen' in answer;
}

export default function RegistrationRoute() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as AccountAnswer | WizardAnswer | undefined;
  const user = useRouteLoaderData<typeof rootLoader>('root')?.user ?? null;
  const wizardAnswer = isWizardAnswer(answer) ? answer : null;
  const accountAnswer = isWizardAnswer(answer) ? undefined : answer;
  const tokenError = page.view === 'tokenError' ? page.error : (accountAnswer?.tokenError ?? null);
  const resultFor = (screen: WizardAnswer['screen']) => (wizardAnswer?.screen === screen ? (wizardAnswer.result ?? undefined) : undefined);

  return (
    <RegistrationWizard active={page.view === 'step' ? page.step : 0} unsignedChanges={user?.unsignedChanges ?? false}>
      {page.view === 'account' ? <AccountSetup profile={page.profile} questions={page.questions} /> : null}
      {page.view === 'step' && page.profile && user ? <ProfileStep data={page.profile} user={user} lastResult={resultFor('profile')} /> : null}
      {page.view === 'step' && page.dependents && user ? (
        <DependentsStep
          data={page.dependents}
          user={user}
          stepPath={wizardPath(DEPENDENTS_INDEX)}
          backTo={wizardPath(PROFILE_INDEX)}
          dialogResult={resultFor('dependent')}
          nextResult={resultFor('dependents')}
        />
      ) : null}
      {page.view === 'step' && page.enrollment && user ? (
        <EnrollmentStep
          data={page.enrollment}
          eoi={user.eoi}
          selectionError={wizardAnswer?.screen === 'enrollments' ? (wizardAnswer.message ?? null) : null}
          dialogMessage={wizardAnswer?.screen === 'enroll' || wizardAnswer?.screen === 'decline' ? (wizardAnswer.message ?? null) : null}
          declineResult={resultFor('decline')}
        />
      ) : null}
      {page.view === 'step' && page.late ? <LateStep step={page.step} late={page.late} answer={answer} /> : null}
      {wizardAnswer?.toast ? <Toast tone="error" text={wizardAnswer.toast} resetKey={wizardAnswer} /> : null}
      <TokenErrorModal error={tokenError} />
    </RegistrationWizard>
  );
}

function TokenErrorModal({ error }: { error: TokenError | null }) {
  return (
    <Modal open={error !== null} dismissable={false} title="Registration" description={error ? TOKEN_ERROR_TEXT[error] : undefined}>
      {/* A full page load: nothing of the abandoned registration stays in the page. */}
      <Form method="post" reloadDocument className="mt-6 flex justify-end">
        <input type="hidden" name="intent" value="leave" />
        <button type="submit" className={primaryButtonClass}>
          OK
        </button>
      </Form>
    </Modal>
  );
}

function AccountSetup({ profile, questions }: { profile: RegistrationProfile; questions: SecurityQuestionOption[] }) {
  const answer = useActionData<typeof action>() as AccountAnswer | undefined;
  const submitting = useNavigation().state === 'submitting';
  const hydrated = useHydrated();
  const needsEmail = profile.authenticationMethod !== 'email';
  const schema = accountSetupSchema(needsEmail);
  const [form, fields] = useForm({
    id: 'account-setup',
    lastResult: answer?.result,
    constraint: getZodConstraint(schema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const [password, setPassword] = useState('');
  const [questionChosen, setQuestionChosen] = useState(false);
  const formError = form.errors?.[0] ?? null;

  return (
    <div>
      <h2 className="text-lg font-semibold text-slate-900">{WIZARD_STEPS[0]}</h2>
      {formError ? (
        <Alert tone="error" id={form.errorId} className="mt-4">
          {formError}
        </Alert>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="mt-5 grid max-w-xl gap-5">
        <div>
          <label htmlFor="registration-username" className={labelClass}>
            Username
          </label>
          <input id="registration-username" type="text" value={profile.username} readOnly autoComplete="username" className={inputClass} />
        </div>
        {needsEmail ? (
          <InputField meta={fields.email} label="Email" type="email" autoComplete="email" />
        ) : null}
        <div>
          <label htmlFor={fields.password.id} className={labelClass}>
            Password
          </label>
          <input
            {...getInputProps(fields.password, { type: 'password' })}
            autoComplete="new-password"
            aria-describedby={[fields.password.errors ? fields.password.errorId : null, `${fields.password.id}-strength`].filter(Boolean).join(' ')}
            onInput={(event) => setPassword(event.currentTarget.value)}
            className={inputClass}
          />
          <FieldError id={fields.password.errorId} errors={fields.password.errors} />
          <PasswordStrength id={`${fields.password.id}-strength`} password={password} />
        </div>
        <InputField meta={fields.repeatPassword} label="Reenter password" type="password" autoComplete="new-password" />
        <div>
          <label htmlFor={fields.securityQuestionId.id} className={labelClass}>
            Security question
          </label>
          <select
            {...getSelectProps(fields.securityQuestionId)}
            onChange={(event) => setQuestionChosen(event.currentTarget.value !== '')}
            className={inputClass}
          >
            <option value="">Choose a question</option>
            {questions.map((q) => (
              <option key={q.value} value={q.value}>
                {q.label}
              </option>
            ))}
          </select>
          <FieldError id={fields.securityQuestionId.errorId} errors={fields.securityQuestionId.errors} />
        </div>
        <div>
          <label htmlFor={fields.securityAnswer.id} className={labelClass}>
            Your answer
          </label>
          {/* Read-only until a question is chosen; without JavaScript nothing could unlock it, so it stays editable. */}
          <input
            {...getInputProps(fields.securityAnswer, { type: 'text' })}
            readOnly={hydrated && !questionChosen}
            aria-describedby={hydrated && !questionChosen ? `${fields.securityAnswer.id}-hint` : undefined}
            autoComplete="off"
            className={inputClass}
          />
          {hydrated && !questionChosen ? (
            <p id={`${fields.securityAnswer.id}-hint`} className="mt-1 text-xs text-slate-600">
              Choose a security question first.
            </p>
          ) : null}
          <FieldError id={fields.securityAnswer.errorId} errors={fields.securityAnswer.errors} />
        </div>
        <div className="flex justify-end border-t border-slate-100 pt-5">
          <button type="submit" disabled={submitting} className={primaryButtonClass}>
            Next
          </button>
        </div>
      </Form>
    </div>
  );
}
