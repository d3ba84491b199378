import type { ReactNode } from 'react';
import { Link, useNavigation } from '@remix-run/react';
import { cx } from '~/lib/cx';
import type { OnboardingScreen } from '~/lib/onboarding.server';

/**
 * Frame of the onboarding wizard (document 3 section 2.12): title, the non-linear stepper (horizontal from
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
        <nav aria-label="Onboarding steps">
          <ol className="flex flex-col gap-2 min-[1200px]:flex-row min-[1200px]:gap-0">
            {screens.map((screen, index) => {
              const state = index < resume && index !== active ? 'done' : index === active ? 'current' : 'todo';
              const clickable = index > 0 && index < active;
              const content = (
                <>
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
                  <span className={cx('text-sm', state === 'current' ? 'font-semibold text-slate-900' : 'text-slate-700')}>
                    {screen.label}
                    {state === 'done' ? <span className="sr-only"> (completed)</span> : null}
                  </span>
                </>
              );
              // The same box for every item, link or not, so the row lines up.
              const itemClass = 'flex items-center gap-3 rounded-md min-[1200px]:flex-1 min-[1200px]:flex-col min-[1200px]:gap-1 min-[1200px]:px-1 min-[1200px]:py-1 min-[1200px]:text-center';
              return (
                <li key={screen.step} aria-current={index === active ? 'step' : undefined} className={clickable ? undefined : itemClass}>
                  {clickable ? (
                    <Link to={`/onboarding?step=${index + 1}`} className={cx(itemClass, 'hover:bg-slate-100')}>
                      {content}
                    </Link>
                  ) : (
                    content
                  )}
                </li>
              );
            })}
          </ol>
        </nav>
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
