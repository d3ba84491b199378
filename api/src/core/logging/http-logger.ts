import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import pinoHttp from 'pino-http';
import { scrub } from './logger';

/**
 * The request log (every site and API request once). The request is logged scrubbed: secret keys at any
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
  return (req, res, next) => (logger.isLevelEnabled('info') ? log(req, res, next) : next());
}
