import { PassThrough } from 'node:stream';
import { loadCommonPasswords } from '@bp/api/contracts/server';
import type { AppLoadContext, EntryContext } from '@remix-run/node';
import { createReadableStreamFromReadable } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { NonceProvider } from './lib/nonce';

// The site's actions check new passwords with the same contract as the API: the list lives on the server only.
loadCommonPasswords();

/** How long loaders' streamed (deferred) data may take before the render gives up. */
export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
): Promise<Response> {
  // Crawlers get the whole document at once; browsers get the shell as soon as it is ready.
  const waitForAll = isbot(request.headers.get('user-agent') ?? '');

  // The host's per-response CSP nonce: Remix's and React's inline scripts carry it, nothing else may run.
  const nonce = typeof loadContext.cspNonce === 'string' ? loadContext.cspNonce : '';

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={streamTimeout} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [waitForAll ? 'onAllReady' : 'onShellReady']() {
          shellRendered = true;
          // Not destroyed at its end: the 'close' that would follow reaches React's abort handler, which ends the
          // finished stream a second time (an error built and dropped on every page). A reader that goes away
          // still destroys it, and React stops.
          const body = new PassThrough({ autoDestroy: false });
          // React has written everything: nothing left to give up on.
          body.once('finish', () => clearTimeout(giveUp));
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Before the shell is ready the error reaches onShellError (and Remix logs it): avoid logging twice.
          if (shellRendered) console.error(error);
        },
      },
    );

    // Leave a moment past streamTimeout so React can flush the rejected boundaries.
    const giveUp = setTimeout(abort, streamTimeout + 1_000);
  });
}
