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

/** Query parameters that carry secrets (emailed registration and reset links, the employer-forms frame). */
const SECRET_QUERY = /([?&](?:token|jwt|password)=)[^&#]*/gi;

/** The request URL as it may be logged: the values of secret query parameters are blanked out. */
export function redactUrl(url: string | undefined): string | undefined {
  return url?.replace(SECRET_QUERY, '$1[redacted]');
}

export function createLogger(level: string, name: string): Logger {
  return pino({
    name,
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    base: { service: name },
    timestamp: pino.stdTimeFunctions.isoTime,
  });
}
