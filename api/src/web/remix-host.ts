import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { AppLoadContext, ServerBuild } from '@remix-run/node';
import { createRequestHandler } from '@remix-run/express';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

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

/** The client address the site forwards to the API (X-Forwarded-For), honouring Express's `trust proxy`. */
function getLoadContext(req: Request): AppLoadContext {
  return { clientIp: req.ip ?? req.socket.remoteAddress };
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
  options: { mode: 'production' | 'development'; webRoot: string },
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
    const handler = createRequestHandler({ build, mode: 'production', getLoadContext });
    app.use(gate(handler));
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
  const handler = createRequestHandler({
    build: () => server.ssrLoadModule('virtual:remix/server-build') as Promise<ServerBuild>,
    mode: 'development',
    getLoadContext,
  });
  app.use(
    gate((req, res, next) => {
      const url = req.url;
      server.middlewares(req, res, (error?: unknown) => {
        // Vite's base middleware strips '/mbl' from req.url; Remix needs the full path back.
        req.url = url;
        if (error) return next(error);
        handler(req, res, next).catch(next);
      });
    }),
  );
}
