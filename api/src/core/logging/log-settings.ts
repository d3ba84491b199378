export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface LogSettings {
  level: LogLevel;
  /** One readable line per entry (pino-pretty) instead of JSON. */
  pretty: boolean;
}

/**
 * How a process logs: in development one readable line per entry, JSON everywhere else
 * (production's log collectors and the tests read JSON); LOG_LEVEL wins when set, info otherwise.
 * Nest's start-up listing (modules, routes) is logged at debug (nestLogLevel), so LOG_LEVEL=debug shows it.
 */
export function logSettings(nodeEnv: string | undefined, logLevel: LogLevel | undefined): LogSettings {
  return { level: logLevel ?? 'info', pretty: nodeEnv === 'development' };
}

/** Nest's own start-up contexts: one line per module and per route, useful only when debugging. */
const START_UP_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestFactory', 'NestApplication', 'WebSocketsController']);

/** The level a Nest `log()` call is written at: its start-up listing at debug, everything else at info. */
export function nestLogLevel(context: string | undefined): 'info' | 'debug' {
  return context !== undefined && START_UP_CONTEXTS.has(context) ? 'debug' : 'info';
}
