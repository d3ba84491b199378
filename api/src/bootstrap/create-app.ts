import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { loadCommonPasswords } from '../contracts/server';
import { bodyParserErrors, rejectNulBytes } from '../core/http/request-hygiene';
import type { NextFunction, Request, Response } from 'express';
import { Logger } from 'nestjs-pino';
import { cleanupOpenApiDoc } from 'nestjs-zod';
import { join, resolve } from 'node:path';
import { AppModule } from '../app.module';
import { APP_CONFIG, type AppConfig } from '../core/config/app-config';
import { RequestContext } from '../core/context/request-context';
import { httpLogger } from '../core/logging/http-logger';
import { finishOpenApi } from '../core/http/openapi';
import { JsonReplyAdapter } from '../core/http/json-reply-adapter';
import { API_HEADERS, SITE_HEADERS } from '../core/http/security-headers';
import { rootLogger } from '../core/logging/root-logger';
import { DevMailbox } from '../core/mail/dev-mailbox';
import { mountRemix } from '../web/remix-host';

export const API_PREFIX = 'mbl/api';

export interface CreateAppOptions {
  /** Serve the Remix site from the same process (off for API-only tests). */
  web?: boolean;
}

export function buildOpenApi(app: NestExpressApplication, config: AppConfig): OpenAPIObject {
  const document = new DocumentBuilder()
    .setTitle(`${config.productName} API`)
    .setDescription(
      'REST API of the benefits portal. JSON is camelCase. Send `Authorization: Bearer <jwt>` from POST /login. ' +
        'Errors answer `{ statusCode, message, messageCode?, errors? }`. The `x-access` extension of each operation names who may call it.',
    )
    .setVersion('1.0')
    .addBearerAuth()
    .addServer('/')
    .build();
  return finishOpenApi(cleanupOpenApiDoc(SwaggerModule.createDocument(app, document)));
}

export async function createApp(options: CreateAppOptions = {}): Promise<NestExpressApplication> {
  // ZNewPassword's common-password rule needs its list before the first request.
  loadCommonPasswords();
  // Body parsers are added below, after the site (Remix reads its own form bodies) and before the NUL check.
  const app = await NestFactory.create<NestExpressApplication>(AppModule, new JsonReplyAdapter(), { bufferLogs: true, bodyParser: false });
  const config = app.get<AppConfig>(APP_CONFIG);
  app.useLogger(app.get(Logger));
  app.enableShutdownHooks(['SIGINT', 'SIGTERM'], { useProcessExit: true });
  // Behind one proxy at most; X-Forwarded-For from the site's own loaders (loopback) is trusted.
  app.set('trust proxy', 'loopback');
  app.disable('x-powered-by');
  // API answers are per-user and marked no-store where it matters; hashing every body for an ETag is waste.
  app.set('etag', false);

  // The request's context store first: everything after it, the site included, runs inside it.
  app.use(app.get(RequestContext).middleware);
  // pino-http next, so that every request (site and API) is logged once, with secrets redacted.
  app.use(httpLogger(rootLogger(config)));
  // The strict CSP applies to the API; the site's pages carry Remix's inline hydration scripts.
  app.use((req: Request, res: Response, next: NextFunction) => {
    for (const [name, value] of req.url.startsWith(`/${API_PREFIX}`) ? API_HEADERS : SITE_HEADERS) res.setHeader(name, value);
    next();
  });

  app.setGlobalPrefix(API_PREFIX);

  const mailbox = app.get(DevMailbox, { strict: false });
  mailbox.mount(app);

  if (options.web !== false && config.webMode !== 'off') {
    // Before init: Nest adds its body parsers during init, and Remix must read the raw form body.
    await mountRemix(app, { mode: config.webMode, webRoot: resolve(process.env.WEB_ROOT ?? join(process.cwd(), 'web')), publicUrl: config.publicUrl });
  }

  app.useBodyParser('json', { limit: '256kb' });
  app.useBodyParser('urlencoded', { extended: true, limit: '256kb' });
  app.use(bodyParserErrors);
  app.use(rejectNulBytes);

  SwaggerModule.setup(`${API_PREFIX}/docs`, app, () => buildOpenApi(app, config), {
    jsonDocumentUrl: `${API_PREFIX}/docs-json`,
    customSiteTitle: `${config.productName} API`,
  });
  await app.init();
  return app;
}

