import { ServerResponse } from 'node:http';
import pino, { type Logger } from 'pino';

/**
 * Paths pino blanks out everywhere: credentials, tokens and secured data (SSN, income, bank numbers).
 * Request bodies are never logged at all; this is the second line of defence.
 */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.oldPassword',
  '*.newPassword',
  '*.securityAnswer',
  '*.answer',
  '*.token',
  '*.jwt',
  '*.ssn',
  '*.income',
  '*.accountNumber',
  '*.routingNumber',
  '*.*.password',
  '*.*.ssn',
  '*.*.income',
  '*.*.accountNumber',
  '*.*.routingNumber',
  '*.*.token',
];

/** Names whose values are never logged, wherever they appear (any depth, any case, in a URL's query too). */
export const SECRET_KEYS = [
  'jwt',
  'token',
  'password',
  'oldPassword',
  'newPassword',
  'repeatPassword',
  'securityAnswer',
  'answer',
  'ssn',
  'income',
  'routingNumber',
  'accountNumber',
  'authorization',
  'cookie',
  'set-cookie',
];
const SECRET_KEY_SET = new Set(SECRET_KEYS.map((k) => k.toLowerCase()));
const CENSOR = '[redacted]';

function secretName(name: string): boolean {
  let decoded = name;
  try {
    decoded = decodeURIComponent(name);
  } catch {
    // keep the raw name
  }
  // 'token', 'filter[deep][ssn]', 'a.password': any segment of the name counts.
  return decoded.split(/[[\].]+/).some((segment) => SECRET_KEY_SET.has(segment.toLowerCase()));
}

/** The request URL as it may be logged: the values of secret query parameters (at any depth) are blanked out. */
export function redactUrl(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  const q = url.indexOf('?');
  if (q < 0) return url;
  const hash = url.indexOf('#', q);
  const query = url.slice(q + 1, hash < 0 ? undefined : hash);
  const redacted = query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      return eq >= 0 && secretName(pair.slice(0, eq)) ? `${pair.slice(0, eq)}=${CENSOR}` : pair;
    })
    .join('&');
  return `${url.slice(0, q + 1)}${redacted}${hash < 0 ? '' : url.slice(hash)}`;
}

/**
 * A copy of `value` fit for a log line: secret keys blanked at any depth, URLs (a `url` key) with their
 * secret query parameters blanked. pino's own redact paths cannot say "at any depth"; this can.
 */
export function scrub(value: unknown, depth = 0): unknown {
  if (depth > 12 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => scrub(v, depth + 1));
  // Errors, and the response pino-http logs, which pino's own serializer reduces to its status and headers
  // (Set-Cookie redacted): a plain copy of it would lose both.
  if (value instanceof Error || value instanceof ServerResponse) return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (SECRET_KEY_SET.has(key.toLowerCase())) out[key] = CENSOR;
    else if (typeof inner === 'string' && /^(url|originalUrl)$/i.test(key)) out[key] = redactUrl(inner);
    else out[key] = scrub(inner, depth + 1);
  }
  return out;
}

/**
 * Development's readable lines: time, level, [context] message, and for a request its method, path (secret
 * query values blanked) and status. Loaded only then: pino-pretty is a development dependency.
 */
function prettyStream(): pino.DestinationStream {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a development dependency, absent in production installs
  const pretty = require('pino-pretty') as typeof import('pino-pretty');
  return pretty({
    colorize: process.stdout.isTTY,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,service,context,req,res,responseTime,reqId,time',
    messageFormat: (log: Record<string, unknown>, messageKey: string) => {
      const req = log.req as { method?: string; url?: string } | undefined;
      const res = log.res as { statusCode?: number } | undefined;
      const context = typeof log.context === 'string' ? `[${log.context}] ` : '';
      const request = req?.method ? ` ${req.method} ${req.url ?? ''} ${res?.statusCode ?? ''} ${typeof log.responseTime === 'number' ? `${log.responseTime} ms` : ''}` : '';
      return `${context}${String(log[messageKey] ?? '')}${request}`.trimEnd();
    },
  });
}

export function createLogger(level: string, name: string, destination?: pino.DestinationStream, pretty = false): Logger {
  const options: pino.LoggerOptions = {
    name,
    level,
    redact: { paths: REDACT_PATHS, censor: CENSOR },
    base: { service: name },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { log: (object) => scrub(object) as Record<string, unknown> },
    // The request as pino-http logs it (url, query, params) goes through the same scrubbing.
    serializers: { req: (req: unknown) => scrub(req) },
  };
  if (destination) return pino(options, destination);
  return pretty ? pino(options, prettyStream()) : pino(options);
}
