import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { AppLoadContext, ServerBuild } from '@remix-run/node';
import { createRequestHandler as createRemixHandler, writeReadableStreamToWritable } from '@remix-run/node';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { newNonce, sameOriginAllowed, siteBodyLimit, siteCsp } from './site-guard';

/**
 * Hosts the Remix site (web/) in the Nest process so site and API share one origin and port
 * (see stack-notes "One port for site and API").
 */

const SITE_BASE = '/mbl';
/** Paths under the site base that belong to someone else: the REST API and development tools. */
const NOT_SITE = ['/mbl/api', '/mbl/dev'];

function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/**
 * Whether a request path is the site's: `/mbl`, `/mbl.data` (single-fetch data of the index route) or
 * anything under `/mbl/`, except the API and the development tools.
 */
export function isSitePath(path: string): boolean {
  if (path === SITE_BASE || path === `${SITE_BASE}.data`) return true;
  if (!path.startsWith(`${SITE_BASE}/`)) return false;
  return !NOT_SITE.some((prefix) => isUnder(path, prefix));
}

/**
 * A real `import()`: TypeScript's CommonJS output rewrites `import()` into `require()`, which cannot load
 * the ESM server build or Vite.
 */
const importModule = new Function('specifier', 'return import(specifier)') as (specifier: string) => Promise<unknown>;

class BodyTooLarge extends Error {}

function requestHeaders(req: Request): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else if (value !== undefined) headers.set(key, value);
  }
  return headers;
}

/** Writes Remix's answer; its headers replace the defaults set before (several Set-Cookie stay several). */
async function sendResponse(res: Response, response: globalThis.Response): Promise<void> {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) {
    if (key.toLowerCase() !== 'set-cookie') res.setHeader(key, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader('Set-Cookie', cookies);
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}

/** The whole request body, refusing past `limit` bytes (declared or counted) before reading it all. */
async function readLimitedBody(req: Request, limit: number): Promise<Buffer> {
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

/**
 * Serves one site request through Remix, with the site's guards (decisions section 5, "site pages"): a
 * non-GET request must come from the site's own origin (pages and resource routes alike), a form body is
 * read up to 1 MiB, every page gets a fresh CSP nonce (passed to Remix as `cspNonce`), and answers default
 * to no-store. The request is built here rather than by @remix-run/express so the body limit holds.
 */
function siteHandler(build: ServerBuild | (() => Promise<ServerBuild>), mode: 'production' | 'development', publicUrl: string) {
  const handle = createRemixHandler(build, mode);
  return async (req: Request, res: Response): Promise<void> => {
    res.setHeader('Cache-Control', 'private, no-store');
    if (!sameOriginAllowed(req, publicUrl)) {
      res.status(403).type('text/plain').send('Forbidden: this request did not come from the site');
      return;
    }
    let body: Buffer | undefined;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      try {
        body = await readLimitedBody(req, siteBodyLimit(new URL(req.originalUrl, 'http://site').pathname, SITE_BASE));
      } catch (err) {
        if (!(err instanceof BodyTooLarge)) throw err;
        // Nothing more is kept: Node discards the rest so the client can read the answer, and a client that
        // keeps sending long after it is cut off.
        res.status(413).type('text/plain').send('The form is too large');
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
    res.on('close', () => {
      if (!res.writableFinished) controller.abort();
    });
    const url = new URL(req.originalUrl, `${req.protocol}://${req.get('host') ?? 'localhost'}`);
    const request = new Request(url.href, { method: req.method, headers: requestHeaders(req), body, signal: controller.signal });
    // The client address the site forwards to the API (X-Forwarded-For), honouring Express's `trust proxy`.
    const context: AppLoadContext = { clientIp: req.ip ?? req.socket.remoteAddress, cspNonce: nonce };
    await sendResponse(res, await handle(request, context));
  };
}

/** Runs `handler` only for site paths; everything else goes on to Nest. */
function gate(handler: (req: Request, res: Response, next: NextFunction) => unknown): RequestHandler {
  return (req, res, next) => {
    if (!isSitePath(req.path)) return next();
    Promise.resolve(handler(req, res, next)).catch(next);
  };
}

/** The parts of Vite's dev server used here (typed locally so the API build does not need Vite's types). */
interface ViteDevServer {
  middlewares: (req: Request, res: Response, next: (error?: unknown) => void) => void;
  ssrLoadModule(url: string): Promise<unknown>;
}
interface ViteModule {
  createServer(config: Record<string, unknown>): Promise<ViteDevServer>;
}

/**
 * Mounts the site. Call it BEFORE `app.init()`/`listen()`: Nest adds its body parsers during init, and a
 * body parser that runs before Remix empties `request.formData()` of every form post.
 *
 * production: serves `<webRoot>/build/client` under /mbl (fingerprinted /mbl/assets cached for a year)
 * and renders with `<webRoot>/build/server/index.js`.
 * development: Vite in middleware mode with HMR on the app's own HTTP server (no extra port).
 */
export async function mountRemix(
  app: NestExpressApplication,
  options: { mode: 'production' | 'development'; webRoot: string; publicUrl: string },
): Promise<void> {
  if (options.mode === 'production') {
    const clientDir = join(options.webRoot, 'build', 'client');
    // File names under assets/ carry a content hash, so they never change.
    app.useStaticAssets(join(clientDir, 'assets'), {
      prefix: `${SITE_BASE}/assets`,
      immutable: true,
      maxAge: '1y',
      index: false,
      redirect: false,
    });
    // Other public files (favicon and the like) may change between releases. No directory redirect:
    // '/mbl' must reach Remix, not bounce to '/mbl/'.
    app.useStaticAssets(clientDir, { prefix: SITE_BASE, maxAge: '1h', index: false, redirect: false });

    const serverBuildUrl = pathToFileURL(join(options.webRoot, 'build', 'server', 'index.js')).href;
    const build = (await importModule(serverBuildUrl)) as ServerBuild;
    app.use(gate(siteHandler(build, 'production', options.publicUrl)));
    return;
  }

  const vite = (await importModule('vite')) as ViteModule;
  const server = await vite.createServer({
    root: options.webRoot,
    configFile: join(options.webRoot, 'vite.config.ts'),
    appType: 'custom',
    // hmr.server keeps the HMR websocket on the app's port; without it Vite opens 24678 on all interfaces.
    server: { middlewareMode: true, hmr: { server: app.getHttpServer() } },
  });
  const handler = siteHandler(() => server.ssrLoadModule('virtual:remix/server-build') as Promise<ServerBuild>, 'development', options.publicUrl);
  app.use(
    gate((req, res, next) => {
      const url = req.url;
      server.middlewares(req, res, (error?: unknown) => {
        // Vite's base middleware strips '/mbl' from req.url; Remix needs the full path back.
        req.url = url;
        if (error) return next(error);
        handler(req, res).catch(next);
      });
    }),
  );
}
