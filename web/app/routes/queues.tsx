import { redirect, redirectDocument, type LoaderFunctionArgs } from '@remix-run/node';
import { ZQueueDashboardTicket } from '@bp/api/contracts';
import { apiCall } from '~/lib/api.server';
import { requireUser, throwOnSessionFailure } from '~/lib/shell.server';
import { toAppPath } from '~/lib/site';

/**
 * Queues: the API's queue dashboard (bull-board), a page the site does not render. A one-time ticket (never the
 * session's token) takes the browser there, where it becomes the dashboard's own cookie.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { token } = await requireUser(request, context);
  const ticket = await apiCall(ZQueueDashboardTicket, '/queue-dashboard/ticket', { method: 'POST', token, request, context });
  if (!ticket.ok) {
    await throwOnSessionFailure(ticket);
    // Without the permission: home, as from any page the person may not open (the site shows no link here).
    if (ticket.status === 403) return redirect('/');
    throw new Response('The queue dashboard could not be opened', { status: 503 });
  }
  // A full page load: the dashboard is outside the site's routes. Remix puts the basename in front of a redirect,
  // so the API's address goes as the app path it is under /mbl.
  return redirectDocument(toAppPath(ticket.data.url), { headers: { 'Cache-Control': 'no-store' } });
}
