import type { LoggerService } from '@nestjs/common';
import type { Logger } from 'nestjs-pino';
import { nestLogLevel } from './log-settings';

/**
 * Nest's logger over pino (nestjs-pino), with Nest's start-up listing (a line per module and per route) moved
 * down to debug: a start shows what matters, and LOG_LEVEL=debug still shows the listing.
 */
export class QuietStartLogger implements LoggerService {
  constructor(private readonly inner: Logger) {}

  log(message: unknown, ...params: unknown[]): void {
    const context = params.at(-1);
    if (nestLogLevel(typeof context === 'string' ? context : undefined) === 'debug') this.inner.debug(message, ...params);
    else this.inner.log(message, ...params);
  }
  error(message: unknown, ...params: unknown[]): void {
    this.inner.error(message, ...params);
  }
  warn(message: unknown, ...params: unknown[]): void {
    this.inner.warn(message, ...params);
  }
  debug(message: unknown, ...params: unknown[]): void {
    this.inner.debug(message, ...params);
  }
  verbose(message: unknown, ...params: unknown[]): void {
    this.inner.verbose(message, ...params);
  }
  fatal(message: unknown, ...params: unknown[]): void {
    this.inner.fatal(message, ...params);
  }
}
