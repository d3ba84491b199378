import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { NoMatch } from '~/components/StatusPanels';
import { pageTitle } from '~/lib/meta';
import { loadShell } from '~/lib/shell.server';

/**
 * Every path without a screen of its own answers the spec's 'No match for {path}' (every route of the route
 * table has its page; a path below a prefix route, /documents/x say, is not one). The root loader has already
 * applied the routing rules.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { data: shell } = await loadShell(request, context);
  return data({ title: 'Page not found', path: shell.noMatchPath ?? new URL(request.url).pathname }, { status: 404 });
}

export const meta: MetaFunction<typeof loader> = ({ data: page, matches }) => [{ title: pageTitle(matches, page?.title ?? 'Page not found') }];

export default function CatchAllRoute() {
  const page = useLoaderData<typeof loader>();
  return <NoMatch path={page.path} />;
}
