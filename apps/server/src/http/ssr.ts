import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { createRequestHandler, RouterContextProvider, type RouterContext, type ServerBuild } from 'react-router';
import { canonicalLocalePath, langOfPath, pathInLang, type LocalePrefix } from '@store/shared/locale-path';
import { repoRoot } from '../config/env.ts';
import { CRAWLER_NOT_FOUND_BODY, isCrawler } from './bots.ts';

/** The web build the store serves; WEB_BUILD_DIR (also read by the web build) moves it. */
export const webBuildDir = process.env.WEB_BUILD_DIR ? path.resolve(process.env.WEB_BUILD_DIR) : path.join(repoRoot, 'apps/web/build');

// The web build runs React Router's middleware (v8_middleware): each request's context is a
// RouterContextProvider, and loaders read what the server hands over from it (decision 085).
declare module 'react-router' {
  interface Future {
    v8_middleware: true;
  }
}

/**
 * What the server hands every render and data request, under the build's `loadContext` key
 * (apps/web/app/lib/server-api.ts): API calls run in-process, without a network hop.
 */
export interface WebLoadContext {
  apiFetch(path: string, init?: RequestInit): Promise<Response>;
  /** This response's CSP nonce (security-headers.ts): every inline script of the render carries it. */
  nonce: string;
  /** The built chunk of each language's frame texts (`/assets/ru-texts-*.js`), for every page to preload its own. */
  textChunks: Partial<Record<'ru' | 'en', string>>;
  /** The built chunk of each language's page texts (`/assets/ru-page-texts-*.js`), preloaded by every page but the main one (decision 041). */
  pageTextChunks: Partial<Record<'ru' | 'en', string>>;
}

/**
 * Finds each language's texts chunks in the client build; the names come from the web app's
 * `locales/<lang>/<lang>-texts.ts` (the frame's) and `<lang>-page-texts.ts` (the pages').
 */
function findTextChunks(assetsDir: string): Pick<WebLoadContext, 'textChunks' | 'pageTextChunks'> {
  const found: Pick<WebLoadContext, 'textChunks' | 'pageTextChunks'> = { textChunks: {}, pageTextChunks: {} };
  for (const file of existsSync(assetsDir) ? readdirSync(assetsDir) : []) {
    const m = /^(ru|en)-(page-)?texts-[\w-]+\.js$/.exec(file);
    if (m) found[m[2] ? 'pageTextChunks' : 'textChunks'][m[1] as 'ru' | 'en'] = `/assets/${file}`;
  }
  return found;
}

function toWebRequest(req: FastifyRequest): Request {
  const url = new URL(req.url, `${req.protocol}://${req.headers.host ?? 'localhost'}`);
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (Array.isArray(v)) v.forEach((x) => headers.append(k, x));
    else if (v !== undefined) headers.set(k, String(v));
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD' && req.body !== undefined;
  return new Request(url, {
    // A HEAD is rendered as the GET it stands for: its answer is the GET's status and headers
    // (Content-Length included), and Node sends no body for a HEAD request.
    method: req.method === 'HEAD' ? 'GET' : req.method,
    headers,
    body: hasBody ? (typeof req.body === 'string' ? req.body : JSON.stringify(req.body)) : undefined,
  });
}

async function sendWebResponse(reply: FastifyReply, res: Response) {
  reply.code(res.status);
  res.headers.forEach((value, key) => {
    if (key !== 'set-cookie') reply.header(key, value);
  });
  const cookies = res.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  return reply.send(res.body ? Buffer.from(await res.arrayBuffer()) : null);
}

/** Where React Router's browser asks for the routes it discovers lazily (its default `routeDiscovery.manifestPath`). */
const ROUTER_MANIFEST_PATH = '/__manifest';

/**
 * React Router's own requests, no page: its route manifest, and the data of a page the browser
 * moves to (`/battles.data`, `/en.data`; `/_.data` for the root, a trailing slash kept as `/x/_.data`).
 * They go to the router as they came: a redirect made for a page would answer them with a page.
 */
export const isRouterRequest = (pathname: string): boolean => pathname === ROUTER_MANIFEST_PATH || pathname.endsWith('.data');

/** Seconds a client is asked to wait before asking again while the store is down for technical work. */
export const TECH_WORK_RETRY_AFTER_S = 600;

/**
 * Spec §2: any address with `u_tm` goes to the payment page, in the page's language and with the
 * campaign's UTM parameters (the payment page records them); null when the address stays.
 */
export function paymentRedirect(url: URL, localePrefix: LocalePrefix): string | null {
  if (!url.searchParams.has('u_tm')) return null;
  const refill = pathInLang(langOfPath(url.pathname), '/refill', localePrefix);
  if (url.pathname === refill) return null;
  const utm = new URLSearchParams([...url.searchParams].filter(([k]) => k.startsWith('utm_')));
  const query = utm.toString();
  return query ? `${refill}?${query}` : refill;
}

/**
 * Serves the React Router build: static assets from build/client, every other non-API path
 * rendered on the server. Without a build (a bare API test run) nothing is mounted.
 */
export async function mountWeb(app: FastifyInstance, localePrefix: LocalePrefix): Promise<boolean> {
  const serverEntry = path.join(webBuildDir, 'server/index.js');
  if (!existsSync(serverEntry)) return false;
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  const entry = build.entry.module as { setLocalePrefix?: (p: LocalePrefix) => void; loadContext?: RouterContext<WebLoadContext> };
  // The render builds its links with the same strategy as the redirects below (apps/web/app/lib/lang.ts).
  entry.setLocalePrefix?.(localePrefix);
  const { loadContext } = entry;
  if (!loadContext)
    throw new Error(`The web build at ${webBuildDir} exports no loadContext from its entry: build it again (npm run build).`);
  const handler = createRequestHandler(build, 'production');
  const textChunks = findTextChunks(path.join(webBuildDir, 'client', 'assets'));

  // The build manifest open tabs poll for a new version (decision 026): always asked afresh. Set
  // as the reply leaves, since the static plugin writes its own cache header after `setHeaders`.
  app.addHook('onSend', (req, reply, payload, done) => {
    if (req.url.split('?')[0] === '/builds/latest.json') reply.header('cache-control', 'no-cache');
    done(null, payload);
  });
  // The service worker and the app manifest (decision 027): a browser finds a new version on its next visit.
  app.addHook('onSend', (req, reply, payload, done) => {
    const file = req.url.split('?')[0];
    if (file === '/sw.js') reply.header('cache-control', 'no-cache').header('service-worker-allowed', '/');
    else if (file === '/manifest.webmanifest')
      reply.header('cache-control', 'no-cache').header('content-type', 'application/manifest+json; charset=utf-8');
    done(null, payload);
  });
  await app.register(fastifyStatic, {
    root: path.join(webBuildDir, 'client'),
    prefix: '/',
    wildcard: false,
    index: false,
    // Our own cache headers: with the plugin's, its `max-age=0` replaced the immutable one below.
    cacheControl: false,
    // The build wrote brotli and gzip copies of its scripts and styles (precompress-plugin.ts):
    // the one the browser accepts goes out as it is, and the compress plugin leaves it alone.
    preCompressed: true,
    setHeaders(res, file) {
      if (!file.includes(`${path.sep}assets${path.sep}`)) return;
      res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      // A shared cache in front must keep the brotli, gzip and plain answers apart.
      res.setHeader('vary', 'accept-encoding');
    },
  });

  const apiFetch = async (url: string, init: RequestInit = {}): Promise<Response> => {
    const res = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url,
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      payload: typeof init.body === 'string' ? init.body : undefined,
    });
    return new Response(res.rawPayload.length ? res.rawPayload : null, {
      status: res.statusCode,
      headers: res.headers as Record<string, string>,
    });
  };

  app.route({
    method: ['GET', 'HEAD', 'POST'],
    url: '/*',
    schema: { hide: true },
    handler: async (req, reply) => {
      const url = new URL(req.url, 'http://store.local');
      // Spec §2: any URL with u_tm goes to the payment page; a trailing slash is dropped; a
      // Russian page answers at the address the locale prefix strategy gives it. All three are
      // for pages: the router's own requests are no page, and a form's POST is answered where it
      // was sent (both forms of a Russian page are routed).
      const page = !isRouterRequest(url.pathname);
      const payment = page ? paymentRedirect(url, localePrefix) : null;
      if (payment) return reply.redirect(payment, 302);
      if (page && url.pathname.length > 1 && url.pathname.endsWith('/')) {
        return reply.redirect(`${url.pathname.replace(/\/+$/, '') || '/'}${url.search}`, 301);
      }
      const canonical = page && req.method !== 'POST' ? canonicalLocalePath(url.pathname, localePrefix) : null;
      if (canonical) return reply.redirect(`${canonical}${url.search}`, 301);
      const context = new RouterContextProvider();
      context.set(loadContext, { apiFetch, nonce: reply.scriptNonce, ...textChunks });
      const res = await handler(toWebRequest(req), context);
      // Spec §2: a crawler gets a missing page's status, not the page made for people.
      if (res.status === 404 && isCrawler(req.headers['user-agent'])) {
        return reply.code(404).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(CRAWLER_NOT_FOUND_BODY);
      }
      // The tech-work page (the root loader's 503): crawlers and proxies are told when to come back.
      if (res.status === 503) reply.header('retry-after', String(TECH_WORK_RETRY_AFTER_S)).header('cache-control', 'no-store');
      return sendWebResponse(reply, res);
    },
  });
  return true;
}
