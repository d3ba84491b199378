import type { ReactNode } from 'react';
import { Link, useNavigation } from '@remix-run/react';
import { DraftMessages } from '@bp/api/contracts';
import { WIZARD_STEPS, stepLabel, wizardPath, wizardTitle } from '~/lib/registration-steps';
import { secondaryButtonClass } from './ui';
import { WizardStepper } from './WizardStepper';

/**
 * Frame of the registration wizard: title, the eight-step stepper
 * (horizontal from 1200 px, vertical below) and the step's panel, with a loading skeleton while the next
 * screen loads. Only earlier steps are links, never Account Setup and never a later step.
 */
export function RegistrationWizard({ active, unsignedChanges = false, children }: { active: number; unsignedChanges?: boolean; children: ReactNode }) {
  const navigation = useNavigation();
  // Only a move to another step shows the skeleton; opening a dialog of the same step keeps the page.
  const target = navigation.state === 'loading' && navigation.location.pathname.endsWith('/registration') ? new URLSearchParams(navigation.location.search).get('step') : null;
  const loading = navigation.state === 'loading' && target !== null && target !== String(active + 1);
  return (
    <section aria-labelledby="wizard-title" className="mx-auto max-w-6xl">
      <h1 id="wizard-title" className="text-2xl font-semibold tracking-tight text-slate-900">
        {wizardTitle(active)}
      </h1>
      {unsignedChanges ? <UnsignedChangesBar /> : null}
      <div className="mt-6 flex flex-col gap-6">
        <WizardStepper
          label="Registration steps"
          steps={WIZARD_STEPS}
          stateOf={(index) => (index < active ? 'done' : index === active ? 'current' : 'todo')}
          // Backwards only, and never to Account Setup.
          hrefOf={(index) => (index < active && index > 0 ? wizardPath(index) : null)}
          captionOf={stepLabel}
        />
        <div className="min-w-0 rounded-xl border border-slate-200 bg-white px-5 py-6 shadow-sm sm:px-8" aria-busy={loading || undefined}>
          {loading ? <StepSkeleton /> : children}
        </div>
      </div>
    </section>
  );
}

/** Placeholder blocks while a step loads. */
export function StepSkeleton() {
  return (
    <div role="status" className="animate-pulse space-y-4">
      <span className="sr-only">Loading…</span>
      <div className="h-6 w-48 rounded bg-slate-200" />
      <div className="grid gap-4 sm:grid-cols-2">
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className="h-10 rounded bg-slate-100" />
        ))}
      </div>
      <div className="h-10 w-32 rounded bg-slate-200" />
    </div>
  );
}

/**
 * Modify Selections made the changes a draft: every step is saved as the employee
 * goes, so leaving keeps them ('Save and exit'), and 'Cancel changes' asks on the dashboard before
 * discarding them. The signed elections stay in force either way until the employee signs.
 */
function UnsignedChangesBar() {
  return (
    <div role="note" className="mt-4 flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 sm:flex-row sm:items-center sm:justify-between">
      <p>{DraftMessages.unsignedChanges}</p>
      <div className="flex shrink-0 flex-wrap gap-3">
        <Link to="/" className={secondaryButtonClass}>
          {DraftMessages.saveAndExit}
        </Link>
        <Link to="/?cancelChanges=1" className={secondaryButtonClass}>
          {DraftMessages.cancelChanges}
        </Link>
      </div>
    </div>
  );
}
