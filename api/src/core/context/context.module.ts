import { Global, Module } from '@nestjs/common';
import type { Request } from 'express';
import { ClsModule } from 'nestjs-cls';
import { RequestContext } from './request-context';

/** One context per request (mounted as middleware, so guards, services and the logger share it) and per job. */
@Global()
@Module({
  imports: [
    ClsModule.forRoot({
      global: true,
      // No proxy providers or plugins here: resolving them on every request cost 2 % of GET /me's CPU.
      middleware: { mount: true, resolveProxyProviders: false, initializePlugins: false, setup: (cls, req: Request) => cls.set('ip', req.ip ?? null) },
    }),
  ],
  providers: [RequestContext],
  exports: [RequestContext],
})
export class ContextModule {}
