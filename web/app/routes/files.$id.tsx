import type { LoaderFunctionArgs } from '@remix-run/node';
import { proxyDownload } from '~/lib/download.server';

/** A plan file (the SBC) or a personal file, opened in a new window: GET /files/{id}/download. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return proxyDownload(request, (id) => `/files/${id}/download`, params.id);
}
