/**
 * The API called from inside its own process: the site's loaders run in the API process (api/src/web), so the
 * host hands them this in their load context instead of making them call over loopback HTTP. The request still
 * goes through the API's whole pipeline (hooks, guards, pipes, contracts); only the socket and HTTP parsing go.
 */
export interface InProcessApiRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The path under the API's prefix, with its query: '/me', '/employees?group=active'. */
  path: string;
  headers: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
}

export interface InProcessApiResponse {
  status: number;
  statusText: string;
  body: string;
}

export type InProcessApi = (request: InProcessApiRequest) => Promise<InProcessApiResponse>;
