import type { LoaderFunctionArgs } from '@remix-run/node';
import { proxyDownload } from '~/lib/download.server';

/** A payroll deduction file: GET /transactions/deductions/{id}/download (xlsx or CSV; the API audits it). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return proxyDownload(request, (id) => `/transactions/deductions/${id}/download`, params.id);
}
