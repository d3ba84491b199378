import { Logger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { AppLoadContext, ServerBuild } from '@remix-run/node';
import { createRequestHandler as createRemixHandler, writeReadableStreamToWritable } from '@remix-run/node';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import { pathOf } from '../core/http/request-hygiene';
import { servedOverHttps } from '../core/http/security-headers';
import type { InProcessApi } from '../contracts/in-process-api';
import { isSitePath, SITE_BASE } from '../contracts/site-paths';
import { PAGE_HEADER, PageSessions } from '../core/auth/page-sessions';
import { compressor, contentEncodingFor, isCompressible, varyWithAcceptEncoding } from './compression';
import { newNonce, sameOriginAllowed, siteBodyLimit, siteCsp } from './site-guard';

/**
 * Hosts the Remix site (web/) in the Nest process so site and API share one origin and port
 * (see stack-notes "One port for site and API").
 */

/**
 * A real `import()`: TypeScript's CommonJS output rewrites `import()` into `require()`, which cannot load
 * the ESM server build or Vite.
 */
const importModule = new Function('specifier', 'return import(specifier)') as (specifier: string) => Promise<unknown>;

class BodyTooLarge extends Error {}

function requestHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else if (value !== undefined) headers.set(key, value);
  }
  return headers;
}

/** A Set-Cookie value with the Secure attribute (once). */
export function secureCookie(cookie: string): string {
  return /;\s*secure\s*(;|$)/i.test(cookie) ? cookie : `${cookie}; Secure`;
}

/**
 * Writes Remix's answer; its headers replace the defaults set before (several Set-Cookie stay several). Over
 * https every cookie is marked Secure here, in one place for all of the site's cookies (the session's among them).
 */
async function sendResponse(res: ServerResponse, response: globalThis.Response, https: boolean, acceptEncoding: string | string[] | undefined): Promise<void> {
  res.statusMessage = response.statusText;
  res.statusCode = response.status;
  for (const [key, value] of response.headers.entries()) {
    if (key.toLowerCase() !== 'set-cookie') res.setHeader(key, value);
  }
  const cookies = https ? response.headers.getSetCookie().map(secureCookie) : response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader('Set-Cookie', cookies);
  if (!response.body) {
    res.end();
    return;
  }
  // Text answers (pages, single-fetch data) in brotli or gzip as the client asks; the body may be streamed
  // (deferred data), and Remix flushes the compressor after each chunk so nothing waits for the end.
  const compress = isCompressible(response.headers.get('content-type')) && !response.headers.has('content-encoding');
  if (compress) res.setHeader('Vary', varyWithAcceptEncoding(res.getHeader('vary')));
  const encoding = compress ? contentEncodingFor(acceptEncoding) : null;
  if (!encoding) {
    await writeReadableStreamToWritable(response.body, res);
    return;
  }
  res.removeHeader('Content-Length');
  res.setHeader('Content-Encoding', encoding);
  const encoder = compressor(encoding);
  const sent = pipeline(encoder, res).catch((err: unknown) => {
    // The client went away mid-answer: nothing to report (the request's AbortController stops Remix).
    if (!res.destroyed) throw err;
  });
  await writeReadableStreamToWritable(response.body, encoder);
  await sent;
}

/** The whole request body, refusing past `limit` bytes (declared or counted) before reading it all. */
async function readLimitedBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  if (Number(req.headers['content-length'] ?? 0) > limit) throw new BodyTooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new BodyTooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function plain(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' });
  res.end(text);
}

type SiteRequestHandler = (request: FastifyRequest, res: ServerResponse) => Promise<void>;

/**
 * Serves one site request through Remix, with the site's guards ("site pages"): a
 * non-GET request must come from the site's own origin (pages and resource routes alike), a form body is
 * read up to 1 MiB, every page gets a fresh CSP nonce (passed to Remix as `cspNonce`), and answers default
 * to no-store.
 */
function siteHandler(build: ServerBuild | (() => Promise<ServerBuild>), mode: 'production' | 'development', publicUrl: string, apiForPage: () => { api: InProcessApi; close: () => void }): SiteRequestHandler {
  const handle = createRemixHandler(build, mode);
  return async (request, res) => {
    const req = request.raw;
    res.setHeader('Cache-Control', 'private, no-store');
    if (!sameOriginAllowed(request, publicUrl)) {
      plain(res, 403, 'Forbidden: this request did not come from the site');
      return;
    }
    let body: Buffer | undefined;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      try {
        body = await readLimitedBody(req, siteBodyLimit(new URL(req.url ?? '/', 'http://site').pathname, SITE_BASE));
      } catch (err) {
        if (!(err instanceof BodyTooLarge)) throw err;
        // Nothing more is kept: Node discards the rest so the client can read the answer, and a client that
        // keeps sending long after it is cut off.
        plain(res, 413, 'The form is too large');
        const cutOff = setTimeout(() => {
          if (!req.complete) req.socket.destroy();
        }, 2000);
        cutOff.unref();
        return;
      }
    }
    const nonce = newNonce();
    res.setHeader('Content-Security-Policy', siteCsp(nonce, mode === 'development'));
    const controller = new AbortController();
    const { api, close } = apiForPage();
    res.on('close', () => {
      close();
      if (!res.writableFinished) controller.abort();
    });
    const url = new URL(req.url ?? '/', `${request.protocol}://${req.headers.host ?? 'localhost'}`);
    const remixRequest = new Request(url.href, { method: req.method, headers: requestHeaders(req), body, signal: controller.signal });
    // The client address the site forwards to the API (X-Forwarded-For), as Fastify's trustProxy sees it.
    const context: AppLoadContext = { clientIp: request.ip, cspNonce: nonce, api };
    await sendResponse(res, await handle(remixRequest, context), servedOverHttps(publicUrl, request.protocol), req.headers['accept-encoding']);
  };
}

/**
 * The site's part of the request hook: a request no route of the app matched (not the API, not a public file)
 * on a site path is taken out of Fastify's lifecycle (hijacked: no body parsing, no Nest) and answered here.
 * Answers whether it took the request.
 */
export type SiteHook = (request: FastifyRequest, reply: FastifyReply) => boolean;

const logger = new Logger('Site');

function siteHook(serve: SiteRequestHandler): SiteHook {
  return (request, reply) => {
    if (!request.is404 || !isSitePath(pathOf(request.raw.url))) return false;
    reply.hijack();
    const res = reply.raw;
    serve(request, res).catch((err: unknown) => {
      logger.error(err instanceof Error ? `${err.name}: ${err.message}\n${err.stack ?? ''}` : 'unknown error');
      if (!res.headersSent) plain(res, 500, 'Internal server error');
      else res.destroy();
    });
    return true;
  };
}

/** The parts of Vite's dev server used here (typed locally so the API build does not need Vite's types). */
interface ViteDevServer {
  middlewares: (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;
  ssrLoadModule(url: string): Promise<unknown>;
}
interface ViteModule {
  createServer(config: Record<string, unknown>): Promise<ViteDevServer>;
}

/**
 * The site's loaders call the API in this process through Fastify's inject: the request runs the API's whole
 * lifecycle (request hooks, guards, pipes, the handler's contract) but skips the loopback socket, HTTP parsing
 * and a second JSON round trip through the kernel. The site's page served 25 pages/s with five or six loopback
 * calls each. Bodies are never compressed here: nobody sends Accept-Encoding.
 */
export function inProcessApi(app: NestFastifyApplication, prefix: string): () => { api: InProcessApi; close: () => void } {
  const http = app.getHttpAdapter().getInstance();
  const pages = app.get(PageSessions);
  // One page per site request: its reads check the session once (core/auth/page-sessions.ts).
  return () => {
    const page = pages.open();
    const api: InProcessApi = async ({ method, path, headers, body, signal }) => {
      const response = await http.inject({ method, url: `${prefix}${path}`, headers: { ...headers, [PAGE_HEADER]: page }, payload: body, signal, remoteAddress: '127.0.0.1' });
      return { status: response.statusCode, statusText: response.statusMessage, body: response.body };
    };
    return { api, close: () => pages.close(page) };
  };
}

/** Cache lifetimes of the built public files: names under assets/ carry a content hash, so they never change. */
function publicFileHeaders(clientDir: string): (reply: FastifyReply, path: string) => void {
  const hashed = join(clientDir, 'assets') + sep;
  return (reply, path) => reply.header('Cache-Control', path.startsWith(hashed) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
}

/**
 * Mounts the site and answers its request hook (createApp calls it first for every request). Call it before
 * `app.init()`.
 *
 * production: serves `<webRoot>/build/client` under /mbl (fingerprinted /mbl/assets cached for a year), one
 * route per file found at start (the build does not change while the app runs), and renders every other
 * site path with `<webRoot>/build/server/index.js`.
 * development: Vite in middleware mode with HMR on the app's own HTTP server (no extra port).
 */
export async function mountRemix(
  app: NestFastifyApplication,
  options: { mode: 'production' | 'development'; webRoot: string; publicUrl: string; apiPrefix: string },
): Promise<SiteHook> {
  const apiForPage = inProcessApi(app, options.apiPrefix);
  if (options.mode === 'production') {
    const clientDir = join(options.webRoot, 'build', 'client');
    // Registered directly: Nest's useStaticAssets types describe an older @fastify/static's setHeaders.
    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: `${SITE_BASE}/`,
      // Routes for the files there now, not a wildcard: every other site path must stay unmatched for Remix.
      wildcard: false,
      index: false,
      redirect: false,
      cacheControl: false,
      // The build writes .br and .gz beside each text file (scripts/precompress.js): sent as the client asks,
      // with Content-Encoding and Vary, never compressed again per request. They are not files of their own.
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders: publicFileHeaders(clientDir),
    });
    const serverBuildUrl = pathToFileURL(join(options.webRoot, 'build', 'server', 'index.js')).href;
    const build = (await importModule(serverBuildUrl)) as ServerBuild;
    return siteHook(siteHandler(build, 'production', options.publicUrl, apiForPage));
  }

  const vite = (await importModule('vite')) as ViteModule;
  const server = await vite.createServer({
    root: options.webRoot,
    configFile: join(options.webRoot, 'vite.config.ts'),
    appType: 'custom',
    // hmr.server keeps the HMR websocket on the app's port; without it Vite opens 24678 on all interfaces.
    server: { middlewareMode: true, hmr: { server: app.getHttpServer() } },
  });
  const handler = siteHandler(() => server.ssrLoadModule('virtual:remix/server-build') as Promise<ServerBuild>, 'development', options.publicUrl, apiForPage);
  return siteHook((request, res) => {
    const req = request.raw;
    const url = req.url;
    return new Promise<void>((resolve, reject) => {
      server.middlewares(req, res, (error?: unknown) => {
        // Vite's base middleware strips '/mbl' from req.url; Remix needs the full path back.
        req.url = url;
        if (error) return reject(error instanceof Error ? error : new Error(String(error)));
        handler(request, res).then(resolve, reject);
      });
      // Vite answered (a module, an asset) without calling next.
      res.once('finish', resolve);
    });
  });
}
