import type { LoaderFunctionArgs } from '@remix-run/node';
import { FEED_KINDS, ZCarrierFileRequest, type CarrierFileRequest, type FeedKind } from '@bp/api/contracts';
import { apiCall } from '~/lib/api.server';
import { proxyDownload } from '~/lib/download.server';
import { requireUser } from '~/lib/shell.server';

/** How long the download waits for the workers to write the file before answering that it is still being prepared. */
const WAIT_MS = 60_000;
const POLL_MS = 500;
const plain = (status: number, text: string) => new Response(text, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });

/**
 * Carrier files' downloads from Transactions: POST /carriers/{id}/834 asks the workers for the file, the request
 * is followed until they have written it (sealed), and that file is streamed through its audited download.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const kind = FEED_KINDS.includes(params.kind as FeedKind) ? (params.kind as FeedKind) : null;
  const id = Number(params.id);
  if (!kind || !Number.isInteger(id) || id <= 0) return plain(404, 'Not found');
  const { token } = await requireUser(request, context);
  const caller = { token, request, context };
  const asked = await apiCall(ZCarrierFileRequest, `/carriers/${id}/834`, { ...caller, method: 'POST', body: { kind } });
  if (!asked.ok) return plain(asked.status >= 400 && asked.status < 500 ? asked.status : 502, asked.error.message);
  let state: CarrierFileRequest = asked.data;
  for (const until = Date.now() + WAIT_MS; state.status === 'queued' && Date.now() < until && !request.signal.aborted; ) {
    await new Promise((r) => setTimeout(r, POLL_MS));
    const next = await apiCall(ZCarrierFileRequest, `/carriers/${id}/834/${state.id}`, caller);
    if (!next.ok) return plain(502, next.error.message);
    state = next.data;
  }
  if (state.status === 'failed') return plain(502, 'Sorry, the file could not be written. Please try again.');
  if (state.status !== 'done' || state.fileId === null) return plain(503, 'The file is still being prepared. It will be listed on the carrier page when it is ready.');
  const fileId = state.fileId;
  return proxyDownload(request, (carrierId) => `/carriers/${carrierId}/files/${fileId}/download`, params.id);
}
