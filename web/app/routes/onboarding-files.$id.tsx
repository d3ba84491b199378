import type { LoaderFunctionArgs } from '@remix-run/node';
import { proxyDownload } from '~/lib/download.server';

/** An onboarding document's attached file: opening it here is what counts as "opened" for requireFileView. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return proxyDownload(request, (id) => `/onboarding/files/${id}/download`, params.id);
}
