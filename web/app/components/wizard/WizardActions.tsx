import type { ReactNode } from 'react';
import { Link } from '@remix-run/react';
import { primaryButtonClass, secondaryButtonClass } from '~/components/ui';
import { cx } from '~/lib/cx';

/** The stepper actions under every step: Back, Skip, Next or Finish. */
export function WizardActions({
  backTo,
  skip,
  next = 'Next',
  nextDisabled = false,
  nextDescribedBy,
  busy = false,
}: {
  /** Where Back goes; no Back button without it (Employee Profile hides it). */
  backTo?: string;
  /** A Skip submit button, for steps a person may leave out. */
  skip?: ReactNode;
  next?: string;
  nextDisabled?: boolean;
  nextDescribedBy?: string;
  busy?: boolean;
}) {
  return (
    <div className="mt-8 flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-5">
      <div>
        {backTo ? (
          <Link to={backTo} className={secondaryButtonClass}>
            Back
          </Link>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-3">
        {skip}
        <button
          type="submit"
          name="intent"
          value="next"
          disabled={nextDisabled || busy}
          aria-describedby={nextDescribedBy}
          className={cx(primaryButtonClass, busy && 'cursor-progress')}
        >
          {next}
        </button>
      </div>
    </div>
  );
}
