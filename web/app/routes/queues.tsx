import { redirectDocument, type LoaderFunctionArgs } from '@remix-run/node';
import { ZQueueDashboardTicket } from '@bp/api/contracts';
import { apiCall } from '~/lib/api.server';
import { requireUser, throwOnSessionFailure } from '~/lib/shell.server';

/**
 * Queues: the API's queue dashboard (bull-board), a page the site does not render. A one-time ticket (never the
 * session's token) takes the browser there, where it becomes the dashboard's own cookie.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { token } = await requireUser(request, context);
  const ticket = await apiCall(ZQueueDashboardTicket, '/queue-dashboard/ticket', { method: 'POST', token, request, context });
  if (!ticket.ok) {
    await throwOnSessionFailure(ticket);
    throw new Response('The queue dashboard could not be opened', { status: ticket.status === 403 ? 403 : 503 });
  }
  // A full page load: the dashboard is outside the site's routes.
  return redirectDocument(ticket.data.url, { headers: { 'Cache-Control': 'no-store' } });
}
