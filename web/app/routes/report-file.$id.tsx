import type { LoaderFunctionArgs } from '@remix-run/node';
import { proxyDownload } from '~/lib/download.server';

/** A report's finished xlsx ('title.xlsx'), streamed through from GET /reports/exports/{id}/file. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return proxyDownload(request, (id) => `/reports/exports/${id}/file`, params.id);
}
