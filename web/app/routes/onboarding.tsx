import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation, useRouteLoaderData } from '@remix-run/react';
import { OnboardingStep } from '@bp/api/contracts';
import { AccountSettingsStep } from '~/components/onboarding/AccountSettingsStep';
import { DocumentsStep } from '~/components/onboarding/DocumentsStep';
import { EeoStep } from '~/components/onboarding/EeoStep';
import { EligibilityStep } from '~/components/onboarding/EligibilityStep';
import { OnboardingWizard } from '~/components/onboarding/OnboardingWizard';
import { PayrollStep } from '~/components/onboarding/PayrollStep';
import { TaxStep } from '~/components/onboarding/TaxStep';
import { Toast } from '~/components/ui';
import { ProfileStep } from '~/components/wizard/ProfileStep';
import { SignatureForm } from '~/components/wizard/SignatureStep';
import { WizardActions } from '~/components/wizard/WizardActions';
import { pageTitle } from '~/lib/meta';
import { loadOnboarding, onboardingAction, type OnboardingAnswer } from '~/lib/onboarding.server';
import { onboardingPath } from '~/lib/onboarding-steps';
import { loadShell, requireUser, sessionIdleResponse } from '~/lib/shell.server';
import type { loader as rootLoader } from '~/root';

export { RouteErrorBoundary as ErrorBoundary } from '~/components/RouteErrorBoundary';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'Onboarding') }];

/** The onboarding wizard; the root's routing rules send a new hire here until it is finished. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const shell = await loadShell(request, context);
  if (shell.data.sessionIdle || !shell.data.user || !shell.token) throw sessionIdleResponse();
  return loadOnboarding(new URL(request.url), shell.data.user, { token: shell.token, request, context });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const { user, token, session } = await requireUser(request, context);
  return onboardingAction(formData, { user, session, caller: { token, request, context } });
}

export default function OnboardingRoute() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as OnboardingAnswer | undefined;
  const user = useRouteLoaderData<typeof rootLoader>('root')?.user ?? null;
  const busy = useNavigation().state === 'submitting';
  const screen = page.screens[page.index]!;
  const backTo = page.index > 0 ? onboardingPath(page.index - 1) : undefined;
  const here = onboardingPath(page.index);
  const resultFor = (name: string) => (answer?.screen === name ? (answer.result ?? undefined) : undefined);
  const toast = answer?.toast ?? null;

  return (
    <OnboardingWizard screens={page.screens} active={page.index} resume={page.resume}>
      {screen.step === OnboardingStep.Pending && page.account ? <AccountSettingsStep questions={page.account.questions} lastResult={resultFor('account')} /> : null}
      {screen.step === OnboardingStep.Profile && page.profile && user ? <ProfileStep data={page.profile} user={user} lastResult={resultFor('profile')} /> : null}
      {screen.step === OnboardingStep.Documents && page.documents ? (
        <DocumentsStep documents={page.documents.documents} active={page.documents.active} here={here} backTo={backTo} errors={answer?.screen === 'document' ? (answer.errors ?? null) : null} />
      ) : null}
      {screen.step === OnboardingStep.Eligibility && page.i9 ? <EligibilityStep data={page.i9} backTo={backTo} lastResult={resultFor('i9')} closeTo={here} /> : null}
      {screen.step === OnboardingStep.Tax && page.w4 && user ? <TaxStep w4={page.w4} year={Number(user.today.slice(0, 4))} backTo={backTo} lastResult={resultFor('w4')} /> : null}
      {screen.step === OnboardingStep.Payroll && page.payroll ? (
        <PayrollStep data={page.payroll} backTo={backTo} here={here} toast={answer?.screen === 'payroll' ? toast : null} lastResult={resultFor('payrollMethod')} />
      ) : null}
      {screen.step === OnboardingStep.Eeo && page.eeo ? <EeoStep eeo={page.eeo} backTo={backTo} lastResult={resultFor('eeo')} /> : null}
      {screen.step === OnboardingStep.Signature ? (
        <SignatureForm
          title={screen.label}
          instructions="By signing you confirm that the information you gave in these onboarding steps is true and complete. Sign in the box with your mouse, finger or pen, or type your full name below it."
          error={answer?.screen === 'signature' ? toast : null}
          backTo={backTo}
        />
      ) : null}
      {screen.step === OnboardingStep.Finished ? (
        <div>
          <h2 className="text-lg font-semibold text-slate-900">You have finished onboarding</h2>
          <p className="mt-4 text-sm text-slate-700">Thank you. Your answers are saved and your employer has been told that your onboarding is complete.</p>
          <Form method="post" reloadDocument>
            <input type="hidden" name="screen" value="finish" />
            <WizardActions backTo={backTo} busy={busy} next={page.status.finishLabel} />
          </Form>
        </div>
      ) : null}
      {toast && answer?.screen !== 'payroll' && answer?.screen !== 'signature' ? <Toast tone="error" text={toast} resetKey={answer} /> : null}
    </OnboardingWizard>
  );
}
