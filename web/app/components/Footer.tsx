import { Messages } from '@bp/api/contracts';
import type { ShellData } from '~/lib/shell.server';
import { bandStyle } from './Header';
import { PrivacyNotice } from './PrivacyNotice';

/** Year, product name and, once signed in, the agency and the privacy notice. */
export function Footer({ data }: { data: ShellData }) {
  const { user } = data;
  return (
    <footer style={bandStyle(user?.colorConfiguration.footerColor)} className="shrink-0 px-4 py-5 text-sm sm:px-6">
      <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
        <p>
          © {data.year} {data.productName}
        </p>
        {user ? (
          <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
            <Agency user={user} />
            <PrivacyNotice notice={user.privacyNotice} />
          </div>
        ) : null}
      </div>
      {user ? <p className="mt-3 text-xs opacity-90">{Messages.privacyStatement}</p> : null}
    </footer>
  );
}

function Agency({ user }: { user: NonNullable<ShellData['user']> }) {
  if (!user.agencyLogo && !user.agencyName) return null;
  const content = user.agencyLogo ? (
    <img src={user.agencyLogo} alt={user.agencyName ?? 'Agency'} className="h-8 w-auto max-w-[160px] object-contain" />
  ) : (
    <span className="font-medium">{user.agencyName}</span>
  );
  return user.agencyWebsite ? (
    <a href={user.agencyWebsite} target="_blank" rel="noopener noreferrer" className="rounded-sm font-medium underline underline-offset-4 hover:no-underline">
      {content}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  ) : (
    content
  );
}
