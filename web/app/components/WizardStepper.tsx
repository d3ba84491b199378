import { Link } from '@remix-run/react';
import { cx } from '~/lib/cx';

export type StepState = 'done' | 'current' | 'todo';

/**
 * The stepper of the registration and onboarding wizards: vertical below 1200 px, across the page from
 * there (the `lg` breakpoint of app.css). A step is a link only where `hrefOf` gives one (each wizard's
 * click rule); done steps carry a check and say so to screen readers.
 */
export function WizardStepper({
  label,
  steps,
  stateOf,
  hrefOf,
  captionOf,
}: {
  label: string;
  steps: readonly string[];
  stateOf: (index: number) => StepState;
  hrefOf: (index: number) => string | null;
  /** A small line above the step's name ('STEP 01'). */
  captionOf?: (index: number) => string;
}) {
  return (
    <nav aria-label={label}>
      <ol className="flex flex-col gap-2 lg:flex-row lg:gap-0">
        {steps.map((name, index) => {
          const state = stateOf(index);
          const href = hrefOf(index);
          // The same box for every item, link or not, so the row lines up.
          const itemClass = 'flex items-center gap-3 rounded-md lg:flex-1 lg:flex-col lg:items-center lg:gap-1 lg:px-1 lg:py-1 lg:text-center';
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
              <span className="flex flex-col lg:items-center">
                {captionOf ? <span className={cx('text-xs font-semibold tracking-wide', state === 'todo' ? 'text-slate-600' : 'text-brand-800')}>{captionOf(index)}</span> : null}
                <span className={cx('text-sm', state === 'current' ? 'font-semibold text-slate-900' : 'text-slate-700')}>
                  {name}
                  {state === 'done' ? <span className="sr-only"> (completed)</span> : null}
                </span>
              </span>
            </>
          );
          return (
            <li key={name} aria-current={state === 'current' ? 'step' : undefined} className={href ? undefined : itemClass}>
              {href ? (
                <Link to={href} className={cx(itemClass, 'hover:bg-slate-100')}>
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
  );
}
