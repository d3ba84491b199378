import type { LoaderFunctionArgs } from '@remix-run/node';
import { proxyTemplate } from '~/lib/imports.server';

/** The rate sheet template: GET /rate-sheets/template (xlsx, its file name with it). */
export async function loader({ request }: LoaderFunctionArgs) {
  return proxyTemplate(request, '/rate-sheets/template');
}
