import { Module, RequestMethod } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { loadConfig } from '../config/app-config';
import { rootLogger } from './root-logger';

const logger = rootLogger(loadConfig());

/**
 * nestjs-pino reuses the pino-http middleware that createApp mounts first (useExisting), so the site's
 * requests, which Remix answers before Nest's middleware, are logged too. Its own middleware only binds
 * the request's log line to Nest's logger; below info there is no request log to bind, so it is not
 * mounted (one AsyncLocalStorage run less per request).
 */
@Module({
  imports: [
    LoggerModule.forRoot({
      pinoHttp: { logger },
      useExisting: true,
      forRoutes: logger.isLevelEnabled('info') ? [{ path: '{*splat}', method: RequestMethod.ALL }] : [],
    }),
  ],
  exports: [LoggerModule],
})
export class LoggingModule {}
