import { Link } from '@remix-run/react';
import { cx } from '~/lib/cx';

const tabClass = 'inline-block rounded-t-md border-b-2 px-4 py-2 text-sm font-medium';

/**
 * Tabs that are addresses (?tab=...): each works before scripts load and can be reloaded or shared. A tab with
 * `disabledReason` is shown but cannot be chosen, with the reason as its title.
 */
export function AddressTabs({ label, tabs, current }: { label: string; tabs: ReadonlyArray<{ key: string; label: string; disabledReason?: string }>; current: string }) {
  return (
    <nav aria-label={label} className="mt-6 border-b border-slate-200">
      <ul className="-mb-px flex flex-wrap gap-1">
        {tabs.map((t) => (
          <li key={t.key}>
            {t.disabledReason ? (
              <span aria-disabled="true" title={t.disabledReason} className={cx(tabClass, 'cursor-not-allowed border-transparent text-slate-500')}>
                {t.label}
              </span>
            ) : (
              <Link
                to={`?tab=${t.key}`}
                aria-current={t.key === current ? 'page' : undefined}
                preventScrollReset
                className={cx(tabClass, t.key === current ? 'border-brand-700 text-brand-800' : 'border-transparent text-slate-700 hover:border-slate-300 hover:text-slate-900')}
              >
                {t.label}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
