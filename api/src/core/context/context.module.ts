import { Global, Module } from '@nestjs/common';
import { RequestContext } from './request-context';

/**
 * One context per request and per job. createApp mounts RequestContext.middleware first, so guards,
 * services and the exception filter share it; the workers open one per job with runAs / runSystem.
 */
@Global()
@Module({
  providers: [RequestContext],
  exports: [RequestContext],
})
export class ContextModule {}
