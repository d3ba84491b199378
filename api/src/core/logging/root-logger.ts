import type { Logger } from 'pino';
import type { AppConfig } from '../config/app-config';
import { createLogger } from './logger';

let logger: Logger | undefined;

/** One pino instance per process, shared by pino-http and Nest's logger. */
export function rootLogger(config: Pick<AppConfig, 'logLevel' | 'logPretty'>, name = 'benefits-portal'): Logger {
  logger ??= createLogger(config.logLevel, name, undefined, config.logPretty);
  return logger;
}
