import type { LoaderFunctionArgs } from '@remix-run/node';
import { proxyTemplate } from '~/lib/imports.server';

/** The census template: GET /census-imports/template (xlsx, or CSV with ?format=csv). */
export async function loader({ request }: LoaderFunctionArgs) {
  const csv = new URL(request.url).searchParams.get('format') === 'csv';
  return proxyTemplate(request, `/census-imports/template${csv ? '?format=csv' : ''}`);
}
