import { Module, RequestMethod } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { loadConfig } from '../config/app-config';
import { rootLogger } from './root-logger';

/**
 * nestjs-pino reuses the pino-http middleware that createApp mounts first (useExisting), so the site's
 * requests, which Remix answers before Nest's middleware, are logged too.
 */
@Module({
  imports: [LoggerModule.forRoot({ pinoHttp: { logger: rootLogger(loadConfig()) }, useExisting: true, forRoutes: [{ path: '{*splat}', method: RequestMethod.ALL }] })],
  exports: [LoggerModule],
})
export class LoggingModule {}
