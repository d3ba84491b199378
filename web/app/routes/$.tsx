import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { ComingSoon, NoMatch } from '~/components/StatusPanels';
import { pageTitle } from '~/lib/meta';
import { loadShell } from '~/lib/shell.server';

/**
 * Every path without a screen of its own: known routes not built yet show a "coming soon" panel,
 * unknown paths the spec's 'No match for {path}'. The root loader has already applied the routing rules.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { data: shell } = await loadShell(request, context);
  if (shell.route) return { kind: 'comingSoon' as const, title: shell.route.title, path: null };
  return data(
    { kind: 'noMatch' as const, title: 'Page not found', path: shell.noMatchPath ?? new URL(request.url).pathname },
    { status: 404 },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: page, matches }) => [
  { title: pageTitle(matches, page?.title ?? 'Page not found') },
];

export default function CatchAllRoute() {
  const page = useLoaderData<typeof loader>();
  return page.kind === 'comingSoon' ? <ComingSoon title={page.title} /> : <NoMatch path={page.path} />;
}
