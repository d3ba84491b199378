import { Global, Module } from '@nestjs/common';
import { RequestContext } from './request-context';

/**
 * One context per request and per job. createApp enters RequestContext before each handler, so guards,
 * interceptors and services share it; the workers open one per job with runAs / runSystem.
 */
@Global()
@Module({
  providers: [RequestContext],
  exports: [RequestContext],
})
export class ContextModule {}
