import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import type { FileType } from '@bp/api/contracts';
import { loader as noMatchLoader } from './$';

export { default, meta } from './$';

/** The address's word for each tab of My Documents (Company Files are the client's files). */
const TABS: Readonly<Record<string, FileType>> = { carrier: 'carrier', company: 'client', personal: 'personal' };

/**
 * `/documents/carrier`, `/documents/company` and `/documents/personal` open that tab of My Documents
 *; the page keeps its tab in `?tab=`, so this only points there. Any other word
 * answers 'No match for', as any unknown path.
 */
export async function loader(args: LoaderFunctionArgs) {
  const tab = Object.hasOwn(TABS, args.params.tab ?? '') ? TABS[args.params.tab ?? ''] : undefined;
  if (!tab) return noMatchLoader(args);
  const next = new URLSearchParams(new URL(args.request.url).searchParams);
  next.set('tab', tab);
  return redirect(`/documents?${next.toString()}`);
}
