import type { LoaderFunctionArgs } from '@remix-run/node';
import { proxyDownload } from '~/lib/download.server';

/** A stored weekly carrier file: GET /carriers/{id}/files/{fileId}/download (unsealed for this download). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const fileId = Number(params.fileId);
  if (!Number.isInteger(fileId) || fileId <= 0) return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  return proxyDownload(request, (id) => `/carriers/${id}/files/${fileId}/download`, params.id);
}
