import type { LoaderFunctionArgs } from '@remix-run/node';
import { proxyDownload } from '~/lib/download.server';

/** The transactions report's Download: GET /transactions/{id}/download (xlsx; the file name comes with it). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return proxyDownload(request, (id) => `/transactions/${id}/download`, params.id);
}
