import fastifyCompress from '@fastify/compress';
import fastifyMultipart from '@fastify/multipart';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply } from 'fastify';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { Logger } from 'nestjs-pino';
import { cleanupOpenApiDoc } from 'nestjs-zod';
import { join, resolve } from 'node:path';
import { AppModule } from '../app.module';
import { loadCommonPasswords } from '../contracts/server';
import { APP_CONFIG, type AppConfig } from '../core/config/app-config';
import { RequestContext } from '../core/context/request-context';
import { finishOpenApi } from '../core/http/openapi';
import { badInput, badInputBody, INVALID_ADDRESS, nulBytesIn, parseFormBody, parseJsonBody } from '../core/http/request-hygiene';
import { API_HEADERS, securityHeaders } from '../core/http/security-headers';
import { httpLogger, overTheWire } from '../core/logging/http-logger';
import { QuietStartLogger } from '../core/logging/nest-logger';
import { rootLogger } from '../core/logging/root-logger';
import { DevMailbox } from '../core/mail/dev-mailbox';
import { QueueDashboard } from '../modules/queue-dashboard/queue-dashboard';
import { mountRemix, type SiteHook } from '../web/remix-host';

export const API_PREFIX = 'mbl/api';

export interface CreateAppOptions {
  /** Serve the Remix site from the same process (off for API-only tests). */
  web?: boolean;
}

export function buildOpenApi(app: NestFastifyApplication, config: AppConfig): OpenAPIObject {
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

/** JSON and form bodies of the API; the site's forms are read by the site itself, before any of this. */
const BODY_LIMIT_BYTES = 256 * 1024;
export const REQUEST_TIMEOUT_MS = 300_000;

export async function createApp(options: CreateAppOptions = {}): Promise<NestFastifyApplication> {
  // ZNewPassword's common-password rule needs its list before the first request.
  loadCommonPasswords();
  // Fastify rather than Express: NestJS on Express spent 100-180 µs of CPU per request in the framework alone
  // (npm run bench, "the framework alone"; on Fastify 5-15 µs), about as much as the work of GET /me itself.
  const adapter = new FastifyAdapter({
    // Behind one proxy at most; X-Forwarded-For from the site's own loaders (loopback) is trusted, and from the
    // addresses a deployment names in TRUST_PROXY (its reverse proxy: comma-separated addresses or CIDRs).
    trustProxy: process.env.TRUST_PROXY?.trim() || 'loopback',
    bodyLimit: BODY_LIMIT_BYTES,
    // Node's own limit for receiving a whole request, which Fastify would otherwise turn off (0): a client that
    // sends a request slowly, or never finishes one, is cut off after five minutes.
    requestTimeout: REQUEST_TIMEOUT_MS,
    // As before on Express: '/mbl/api/me/' is '/mbl/api/me', and a long value in a path is a 404, not a 414.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 2048 },
    // An address Fastify cannot route (bad percent-encoding, a path value past that length) is answered before
    // any hook runs: the API's 400 with its headers, instead of Fastify's own body.
    frameworkErrors: (_error: unknown, _request: unknown, reply: FastifyReply) => {
      for (const [name, value] of API_HEADERS) void reply.header(name, value);
      void reply.code(400).send(badInputBody({ path: 'path', message: INVALID_ADDRESS }));
    },
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule, adapter, { bufferLogs: true, bodyParser: false });
  const config = app.get<AppConfig>(APP_CONFIG);
  app.useLogger(new QuietStartLogger(app.get(Logger)));
  app.enableShutdownHooks(['SIGINT', 'SIGTERM'], { useProcessExit: true });
  const http = adapter.getInstance();

  // The API reads JSON and forms (bracketed names nest). Any other body is left unread: multipart for
  // StreamingUploadInterceptor; anything else reaches the handler as no body at all, as it did on Express
  // (the route's schema then names what is missing). Errors are the API's own bodies (core/http/request-hygiene.ts).
  http.removeAllContentTypeParsers();
  http.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(null, parseJsonBody(body as string));
    } catch (err) {
      done(err as Error);
    }
  });
  http.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => done(null, parseFormBody(body as string)));
  http.addContentTypeParser('*', (_req, _payload, done) => done(null));
  // Multipart bodies are only marked here; StreamingUploadInterceptor reads them part by part, with its limits.
  await app.register(fastifyMultipart);

  // JSON answers and the API docs in brotli or gzip as the client asks (Vary: Accept-Encoding), for every
  // route registered after this. @fastify/compress rather than our own onSend hook: it negotiates q-values,
  // skips small (< 1 KiB), already encoded and incompressible answers, and compresses streams too.
  // The site's pages and its built files are compressed elsewhere (web/compression.ts, precompressed files).
  await app.register(fastifyCompress, { global: true, encodings: ['br', 'gzip'] });
  app.setGlobalPrefix(API_PREFIX);
  app.get(DevMailbox, { strict: false }).mount(app);
  const site: SiteHook | null =
    options.web !== false && config.webMode !== 'off'
      ? await mountRemix(app, { mode: config.webMode, webRoot: resolve(process.env.WEB_ROOT ?? join(process.cwd(), 'web')), publicUrl: config.publicUrl, apiPrefix: `/${API_PREFIX}` })
      : null;

  // First for every request, before Nest's middleware: pino-http, so that every request (site and API) is
  // logged once with secrets redacted; the security headers (the strict CSP applies to the API; the site's
  // pages carry Remix's inline hydration scripts); then the site takes its own requests.
  const logRequest = httpLogger(rootLogger(config));
  adapter.setOnRequestHook((request, reply, done) => {
    logRequest(request.raw, reply.raw, () => {
      const res = reply.raw;
      // A page's in-process API calls answer the site, not a browser: their answers carry no browser headers.
      if (overTheWire(request.raw)) for (const [name, value] of securityHeaders(request.url.startsWith(`/${API_PREFIX}`), request.protocol === 'https')) res.setHeader(name, value);
      if (site?.(request, reply)) return;
      done();
    });
  });
  // Last before the handler, once the body is parsed: a NUL character anywhere is a 400, and the rest of the
  // request (guards, pipes, handler) runs in its own request context.
  const context = app.get(RequestContext);
  http.addHook('preHandler', (request, _reply, done) => {
    const bad = nulBytesIn(request.url, request.query, request.body);
    if (bad) return done(badInput(bad));
    context.enter(() => request.ip, done);
  });

  // bull-board's routes are Fastify's own, added after the hooks above so that they apply to it as well.
  await app.get(QueueDashboard, { strict: false }).mount(app);

  SwaggerModule.setup(`${API_PREFIX}/docs`, app, () => buildOpenApi(app, config), {
    jsonDocumentUrl: `${API_PREFIX}/docs-json`,
    customSiteTitle: `${config.productName} API`,
  });
  await app.init();
  // Routes are all in: Fastify serves requests only once ready (tests call the server without listen()).
  await http.ready();
  return app;
}
