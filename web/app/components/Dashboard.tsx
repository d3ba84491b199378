import { Link } from '@remix-run/react';
import type { CurrentUser } from '@bp/api/contracts';
import type { SidebarGroup } from '~/lib/routing-rules';

/** Placeholder home for signed-in users until the real dashboard lands: a welcome and quick links. */
export function Dashboard({ user, sidebar }: { user: CurrentUser | null; sidebar: SidebarGroup[] }) {
  const firstName = user?.firstName?.trim();
  const shortcuts = sidebar.filter((g) => g.id === 'benefits' || g.id === 'account').flatMap((g) => g.items);
  return (
    <section aria-labelledby="page-heading" className="mx-auto max-w-5xl">
      <h1 id="page-heading" className="text-2xl font-semibold tracking-tight text-slate-900">
        Dashboard
      </h1>
      <div className="mt-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <p className="text-lg font-medium text-slate-900">{firstName ? `Welcome, ${firstName}.` : 'Welcome.'}</p>
        <p className="mt-1 text-slate-700">
          Review your benefits, keep your dependents and documents up to date, and manage your account.
        </p>
      </div>
      {shortcuts.length > 0 ? (
        <nav aria-label="Shortcuts" className="mt-6">
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {shortcuts.map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to}
                  className="flex h-full items-center justify-between rounded-xl border border-slate-200 bg-white px-5 py-4 font-medium text-slate-900 shadow-sm transition hover:border-brand-600 hover:shadow"
                >
                  {item.label}
                  <span aria-hidden="true" className="text-brand-700">
                    →
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </section>
  );
}
