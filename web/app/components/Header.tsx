import type { CSSProperties } from 'react';
import { Link } from '@remix-run/react';
import { bandColors } from '~/lib/luminance';
import type { ShellData } from '~/lib/shell.server';
import { ClientSwitcher } from './ClientSwitcher';
import { ProfileMenu } from './ProfileMenu';
import { useHydrated } from './ui';

export interface SidebarToggle {
  expanded: boolean;
  /** id of the element the button shows and hides. */
  controls: string;
  onToggle: () => void;
}

/** Colours of a client-coloured band; the focus ring follows the text colour so it stays visible on it. */
export function bandStyle(background: string | null | undefined): CSSProperties & { '--focus-ring': string } {
  const colors = bandColors(background);
  return { backgroundColor: colors.background, color: colors.text, '--focus-ring': colors.text };
}

function MenuIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
      <path strokeLinecap="round" d="M4 6h16M4 12h16M4 18h16" />
    </svg>
  );
}

export function Header({ data, sidebar }: { data: ShellData; sidebar: SidebarToggle | null }) {
  const { user } = data;
  const hydrated = useHydrated();
  return (
    <header
      style={bandStyle(user?.colorConfiguration.headerColor)}
      className="flex h-16 shrink-0 items-center gap-2 px-3 shadow-sm sm:gap-3 sm:px-4"
    >
      {sidebar && !hydrated ? (
        // Without scripts the menu opens as the page's #target (Sidebar shows itself with :target).
        <a href={`#${sidebar.controls}`} className="inline-flex h-10 w-10 items-center justify-center rounded-md hover:bg-current/10 sm:hidden">
          <span className="sr-only">Navigation menu</span>
          <MenuIcon />
        </a>
      ) : sidebar ? (
        <button
          type="button"
          onClick={sidebar.onToggle}
          aria-expanded={sidebar.expanded}
          aria-controls={sidebar.controls}
          className="inline-flex h-10 w-10 items-center justify-center rounded-md hover:bg-current/10"
        >
          <span className="sr-only">Navigation menu</span>
          <MenuIcon />
        </button>
      ) : null}

      <Link to="/" className="flex min-w-0 items-center rounded-md px-1 py-1">
        {user?.clientLogo ? (
          <img
            src={user.clientLogo}
            alt={user.clientName ?? data.productName}
            className="h-9 w-auto max-w-[180px] object-contain"
          />
        ) : (
          <span className="truncate text-lg font-semibold tracking-tight">{user?.clientName ?? data.productName}</span>
        )}
      </Link>

      <div className="ml-auto flex items-center gap-2">
        {data.agencyClients ? <ClientSwitcher clients={data.agencyClients} /> : null}
        {user ? (
          <ProfileMenu user={user} productName={data.productName} />
        ) : data.signedIn ? null : (
          <Link to="/login" className="rounded-md px-3 py-2 text-sm font-semibold underline-offset-4 hover:underline">
            Login
          </Link>
        )}
      </div>
    </header>
  );
}
