import { NavLink } from '@remix-run/react';
import { findRoute, type SidebarGroup, type SidebarItem } from '~/lib/routing-rules';
import { cx } from '~/lib/cx';
import { useHydrated } from './ui';

export const SIDEBAR_ID = 'app-sidebar';

interface SidebarProps {
  groups: SidebarGroup[];
  /** Wide screens: the user hid the sidebar. */
  collapsed: boolean;
  /** Narrow screens: the drawer is open. */
  drawerOpen: boolean;
}

/** The navigation drawer of: 255 px wide, in the page flow from 600 px, over it below. */
export function Sidebar({ groups, collapsed, drawerOpen }: SidebarProps) {
  const hydrated = useHydrated();
  const main = groups.filter((g) => g.id !== 'bottom');
  const bottom = groups.filter((g) => g.id === 'bottom');
  return (
    <aside
      id={SIDEBAR_ID}
      className={cx(
        'w-[255px] shrink-0 flex-col border-r border-slate-200 bg-white',
        // Narrow: a drawer under the header, above the page.
        'fixed bottom-0 left-0 top-[var(--shell-top,4rem)] z-30 overflow-y-auto shadow-xl',
        // Without scripts the header's menu link targets this drawer (#sidebar), which :target shows.
        drawerOpen ? 'flex' : 'hidden target:flex',
        // Wide: part of the layout, shown unless collapsed.
        'sm:static sm:z-auto sm:overflow-visible sm:shadow-none',
        collapsed ? 'sm:hidden' : 'sm:flex',
      )}
    >
      {hydrated ? null : (
        <a href="#main" className="mx-3 mt-3 rounded-md border border-slate-300 px-3 py-2 text-center text-sm font-semibold text-slate-800 sm:hidden">
          Close menu
        </a>
      )}
      <nav aria-label="Main" className="flex flex-1 flex-col gap-6 px-3 py-5">
        {main.map((group) => (
          <NavGroup key={group.id} group={group} />
        ))}
        <div className="mt-auto border-t border-slate-200 pt-4">
          {bottom.map((group) => (
            <NavGroup key={group.id} group={group} />
          ))}
        </div>
      </nav>
    </aside>
  );
}

function NavGroup({ group }: { group: SidebarGroup }) {
  const headingId = `nav-${group.id}`;
  return (
    <div>
      {group.label ? (
        <h2 id={headingId} className="px-3 pb-2 text-xs font-semibold uppercase tracking-wider text-slate-600">
          {group.label}
        </h2>
      ) : null}
      <ul className="space-y-0.5" aria-labelledby={group.label ? headingId : undefined}>
        {group.items.map((item) => (
          <li key={item.to}>
            <NavItem item={item} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function NavItem({ item }: { item: SidebarItem }) {
  return (
    <NavLink
      to={item.to}
      // Prefix routes (/documents) stay highlighted on their sub-pages; exact ones, '/' included, do not.
      end={findRoute(item.to)?.match !== 'prefix'}
      prefetch={item.document ? 'none' : 'intent'}
      reloadDocument={item.document}
      className={({ isActive }) =>
        cx(
          'flex items-center rounded-md border-l-4 px-3 py-2 text-sm font-medium transition-colors',
          isActive
            ? 'border-brand-700 bg-brand-50 text-brand-900'
            : 'border-transparent text-slate-700 hover:bg-slate-100 hover:text-slate-900',
        )
      }
    >
      {item.label}
    </NavLink>
  );
}
