import type { ReactNode } from 'react';
import { cx } from '~/lib/cx';
import { WIZARD_STEPS, stepLabel, wizardTitle } from '~/lib/registration-steps';

/**
 * Frame of the registration wizard: title and the eight-step stepper, horizontal from 1200 px and vertical
 * below (document 1 sections 2 and 9). Steps are not links yet: going back to an earlier step arrives with
 * the steps that can be revisited (Account Setup never can).
 */
export function RegistrationWizard({ active, children }: { active: number; children: ReactNode }) {
  return (
    <section aria-labelledby="wizard-title" className="mx-auto max-w-6xl">
      <h1 id="wizard-title" className="text-2xl font-semibold tracking-tight text-slate-900">
        {wizardTitle(active)}
      </h1>
      <div className="mt-6 flex flex-col gap-6">
        <nav aria-label="Registration steps">
          <ol className="flex flex-col gap-2 lg:flex-row lg:gap-0">
            {WIZARD_STEPS.map((name, index) => {
              const state = index < active ? 'done' : index === active ? 'current' : 'todo';
              return (
                <li
                  key={name}
                  aria-current={state === 'current' ? 'step' : undefined}
                  className="flex items-center gap-3 lg:flex-1 lg:flex-col lg:items-center lg:gap-1 lg:text-center"
                >
                  <span
                    aria-hidden="true"
                    className={cx(
                      'inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-full text-sm font-semibold',
                      state === 'done' && 'bg-brand-700 text-white',
                      state === 'current' && 'bg-white text-brand-800 ring-2 ring-brand-700',
                      state === 'todo' && 'bg-slate-200 text-slate-700',
                    )}
                  >
                    {state === 'done' ? '✓' : index + 1}
                  </span>
                  <span className="flex flex-col lg:items-center">
                    <span className={cx('text-xs font-semibold tracking-wide', state === 'todo' ? 'text-slate-600' : 'text-brand-800')}>
                      {stepLabel(index)}
                    </span>
                    <span className={cx('text-sm', state === 'current' ? 'font-semibold text-slate-900' : 'text-slate-700')}>
                      {name}
                      {state === 'done' ? <span className="sr-only"> (completed)</span> : null}
                    </span>
                  </span>
                </li>
              );
            })}
          </ol>
        </nav>
        <div className="min-w-0 rounded-xl border border-slate-200 bg-white px-5 py-6 shadow-sm sm:px-8">{children}</div>
      </div>
    </section>
  );
}
