import type { EntryContext, RouterContextProvider } from 'react-router';
import { createReadableStreamFromReadable } from '@react-router/node';
import { ServerRouter } from 'react-router';
import { isbot } from 'isbot';
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import { renderToPipeableStream } from 'react-dom/server';
import { NonceContext } from './lib/nonce.ts';
import { headTransform } from './lib/module-preload-priority.server.ts';
import { loadContext } from './lib/server-api.ts';
// The server renders either language: both languages' texts are registered once, here.
import './lib/i18n-all.ts';

export const streamTimeout = 5_000;

/** The store's server sets the deployment's locale prefix strategy once, as it mounts this build (ssr.ts). */
export { setLocalePrefix } from './lib/lang.ts';

/** The key the store's server sets its hand-over under, in the context it passes with each request (ssr.ts). */
export { loadContext };

/**
 * React Router's default Node entry (7.x), plus the response's CSP nonce from the store's server
 * (apps/server/src/http/ssr.ts): React's own inline scripts, the router's and the root layout's
 * all carry it, so the Content-Security-Policy lets them run.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  context: RouterContextProvider,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce } = context.get(loadContext);

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');

    // Bots and SPA mode wait for all content before the response starts.
    const readyOption: keyof RenderToPipeableStreamOptions = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';

    // Abort after streamTimeout, leaving time to flush the rejected boundaries.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        // Every part of the page inline, where it stands: React would otherwise send a large
        // Suspense boundary (components/hydrate-apart.tsx) after the rest and move it into place
        // with a script, so the first paint would show the page without it, then shift.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          // The head's module preloads ask for low priority (lib/module-preload-priority.server.ts).
          const body = headTransform(() => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
          });
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set('Content-Type', 'text/html');
          pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors of the shell itself are logged by handleDocumentRequest; these came later.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
