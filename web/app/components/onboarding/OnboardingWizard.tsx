import type { ReactNode } from 'react';
import { useNavigation } from '@remix-run/react';
import { WizardStepper } from '~/components/WizardStepper';
import type { OnboardingScreen } from '~/lib/onboarding.server';

/**
 * Frame of the onboarding wizard: title, the non-linear stepper (horizontal from
 * 1200 px, vertical below) and the step's panel, with a loading backdrop while the next screen loads. A
 * completed step is a link only when it is not the first and comes before the current one (the spec's
 * click rule).
 */
export function OnboardingWizard({ screens, active, resume, children }: { screens: readonly OnboardingScreen[]; active: number; resume: number; children: ReactNode }) {
  const navigation = useNavigation();
  const loading = navigation.state === 'loading' && navigation.location.pathname.endsWith('/onboarding');
  return (
    <section aria-labelledby="onboarding-title" className="mx-auto max-w-6xl">
      <h1 id="onboarding-title" className="text-2xl font-semibold tracking-tight text-slate-900">
        Onboarding
      </h1>
      <div className="mt-6 flex flex-col gap-6">
        <WizardStepper
          label="Onboarding steps"
          steps={screens.map((s) => s.label)}
          stateOf={(index) => (index === active ? 'current' : index < resume ? 'done' : 'todo')}
          // The spec's click rule: a step above the first and before the current one.
          hrefOf={(index) => (index > 0 && index < active ? `/onboarding?step=${index + 1}` : null)}
        />
        <div className="relative min-w-0 rounded-xl border border-slate-200 bg-white px-5 py-6 shadow-sm sm:px-8" aria-busy={loading || undefined}>
          {children}
          {loading ? (
            <div className="absolute inset-0 flex items-center justify-center rounded-xl bg-white/70" role="status">
              <span className="text-sm font-medium text-slate-800">Loading…</span>
            </div>
          ) : null}
        </div>
      </div>
    </section>
  );
}
