import Fastify, { LogController, type FastifyInstance } from 'fastify';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyWebsocket from '@fastify/websocket';
import fastifyCompress from '@fastify/compress';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { redisPrefix, type Env } from './config/env.ts';
import { installFeatureGates } from './modules/platform/feature-gates.ts';
import { installTechWorkGate } from './modules/platform/tech-work-gate.ts';
import { sandboxesInUse } from './config/deployment.ts';
import { WS_LIMITS } from '@store/shared/api/realtime';
import type { Database } from './db/client.ts';
import { requestToken, signIn } from './http/auth.ts';
import { clientErrorHandler, frameworkErrors, installErrorHandling } from './http/error-handler.ts';
import { installRequestIdHeader, installRequestLog, requestIdOf } from './http/request-log.ts';
import { registerApiDocument } from './composition/api-document.ts';
import { jobsOf, storeModules, type StoreModules } from './composition/modules.ts';
import type { StoreModule } from './platform/store-module.ts';
import { buildOutsideServices } from './composition/outside-services.ts';
import { buildSharedParts } from './composition/shared-parts.ts';
import { installRequestMetrics } from './platform/metrics.ts';
import { fallbackRateLimitStore } from './platform/rate-limiter.ts';
import { mountWeb } from './http/ssr.ts';
import { securityHeaders } from './http/security-headers.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The store's modules as built, by name (tests reach a module's jobs through it). */
    modules: StoreModules;
  }
}

export interface BuildAppOptions {
  env: Env;
  database: Database;
  /** Serve the server-rendered web app when its build exists (off for API tests). */
  web?: boolean;
  adminToken?: string | null;
  /** Where the log goes instead of stdout (the tests read it). */
  logStream?: { write(line: string): void };
}

/** Believes the nearest `hops` proxies, as proxy-addr does for a hop count. */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/**
 * Builds the whole store on an open database: seeds the catalogue when it changed, wires the
 * bus, the websocket hub and every module. `server.ts` only starts what this returns, and the
 * tests call it with `app.inject()`.
 */
export async function buildApp({ env, database, web = false, adminToken = null, logStream }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      env.LOG_LEVEL === 'silent'
        ? false
        : {
            level: env.LOG_LEVEL,
            // Whatever a line carries, credentials never reach the log.
            redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', 'headers.authorization', 'headers.cookie'],
            ...(logStream ? { stream: logStream } : {}),
          },
    // One line per request of our own (installRequestLog), sampled outside development.
    logController: new LogController({ disableRequestLogging: true }),
    // Proxy headers name the client only when TRUST_PROXY says which proxies to believe;
    // otherwise anyone could pick their own address and reset every per-address limit.
    trustProxy: typeof env.TRUST_PROXY === 'number' ? trustHops(env.TRUST_PROXY) : env.TRUST_PROXY,
    bodyLimit: 64 * 1024,
    // A proxy's X-Request-Id (nginx makes one for every request) names the request in our log
    // too, so one id follows it through both; a missing or odd one is replaced by our own.
    requestIdHeader: false,
    genReqId: (req) => requestIdOf(req.headers['x-request-id']),
    frameworkErrors,
    clientErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  installRequestIdHeader(app);
  installRequestLog(app, env.REQUEST_LOG_SAMPLE ?? (env.NODE_ENV === 'production' ? 0.01 : 1));
  await securityHeaders(app, env);

  const shared = await buildSharedParts(app, { env, database });
  const { deps, link, redis } = shared;
  installRequestMetrics(app, deps.metrics);
  const outside = await buildOutsideServices(app, { env, database });
  const modules = await storeModules(deps, { shared, outside, database, sandboxes: sandboxesInUse(env), adminToken });
  const all: StoreModule[] = Object.values(modules);
  app.decorate('deps', deps);
  app.decorate('modules', modules);
  app.decorateRequest('authUser', null);
  app.decorateRequest('blockedSession', false);

  // The one place a token becomes a signed-in account; a blocked account's session stops here.
  app.addHook('onRequest', async (req) => {
    const token = requestToken(req, env.PUBLIC_URL);
    signIn(req, token ? await deps.sessions.resolve(token) : null);
  });
  app.addHook('onReady', async () => {
    for (const m of all) for (const service of m.services ?? []) service.start();
    if (env.BACKGROUND_JOBS === 'off') return;
    for (const job of jobsOf(modules)) job.start();
  });
  app.addHook('onClose', async () => {
    for (const job of jobsOf(modules)) await job.close();
    for (const m of all) {
      for (const service of m.services ?? []) await service.close();
      await m.close?.();
    }
    await deps.counters.close();
    deps.reveals.close();
    deps.sessions.close();
    deps.switches.close();
    deps.hub.close();
    await deps.bus.close();
    link?.close();
  });

  await app.register(fastifyRateLimit, {
    global: false,
    ...(redis ? { store: fallbackRateLimitStore(redis, `${redisPrefix(env)}:rl:`, () => link!.fellBack('rate_limit')) } : {}),
  });
  await registerApiDocument(app, env);
  // Pages, scripts, styles and larger API answers go compressed (brotli at a light level, or gzip)
  // to browsers that ask; small answers are not worth the work.
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  // On shutdown every socket hears 1012 (service restart) before the plugin's own close: its
  // client reconnects, reaching another process.
  app.addHook('preClose', (done) => {
    for (const client of app.websocketServer.clients) client.close(1012, 'restarting');
    done();
  });
  await app.register(fastifyWebsocket, { options: { maxPayload: WS_LIMITS.maxFrameBytes } });

  // Before any route: the gates attach to routes as they are registered.
  installFeatureGates(app, () => deps.switches);
  // After the feature gates, so its hook comes first: a closed store says so before a switched-off feature does.
  installTechWorkGate(app, () => deps.switches);
  await app.register(async (scope) => {
    for (const m of all) await m.routes?.(scope);
    scope.get('/api/docs', { schema: { hide: true } }, async () => scope.swagger());
  });

  // Unknown API paths answer with the JSON envelope; everything else belongs to the web app.
  app.all('/api/*', { schema: { hide: true } }, async (req, reply) => reply.callNotFound());

  if (web) await mountWeb(app, env.LOCALE_PREFIX);
  return app;
}
