import type { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { Logger } from 'pino';
import pinoHttp from 'pino-http';
import { scrub } from './logger';

/**
 * Whether a request came in over a connection: the site's in-process API calls (Fastify's inject, whose socket
 * is a stand-in no client can send) belong to the page that made them.
 */
export function overTheWire(req: IncomingMessage): boolean {
  return req.socket instanceof Socket;
}

/**
 * The request log (every site and API request the portal receives, once; a page's own API calls only with
 * LOG_LEVEL=debug, since the page's line covers them and errors are logged with their request anyway). The request is logged scrubbed: secret keys at any
 * depth of its query, and secret query parameters inside its URL, are blanked (core/logging/logger.ts).
 * quietReqLogger: req.log carries only the request id, so no per-request child with the whole request is built.
 */
export function httpLogger(logger: Logger): (req: IncomingMessage, res: ServerResponse, next: () => void) => void {
  const log = pinoHttp<IncomingMessage, ServerResponse>({
    logger,
    quietReqLogger: true,
    autoLogging: { ignore: (req) => (req.url ?? '').startsWith('/mbl/assets') },
    // The answer by its status only: its headers are the same security list on every line.
    serializers: { req: (req: unknown) => scrub(req), res: (res: { statusCode?: unknown }) => ({ statusCode: res.statusCode }) },
  });
  // Below info (LOG_LEVEL=warn) the request lines would be dropped anyway: skip building them. Errors are
  // still logged by the exception filter with their request.
  return (req, res, next) => (logger.isLevelEnabled('info') && (overTheWire(req) || logger.isLevelEnabled('debug')) ? log(req, res, next) : next());
}
