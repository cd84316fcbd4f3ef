import Fastify, { LogController, type FastifyInstance } from 'fastify';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyWebsocket from '@fastify/websocket';
import fastifyCompress from '@fastify/compress';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { randomBytes } from 'node:crypto';
import { redisPrefix, type Env } from './config/env.ts';
import { Switches } from './modules/platform/switches.ts';
import { installFeatureGates } from './modules/platform/feature-gates.ts';
import { installTechWorkGate } from './modules/platform/tech-work-gate.ts';
import { sandboxesInUse, servesAnalyticsSandbox } from './config/deployment.ts';
import { WS_LIMITS } from '@store/shared/api/realtime';
import { projects } from './config/projects.ts';
import type { Database } from './db/client.ts';
import { keepFirstMeta } from './modules/platform/meta.ts';
import type { Deps } from './deps.ts';
import { signinModule } from './modules/auth/signin/setup.ts';
import { inProcessFetch } from './http/in-process-fetch.ts';
import { requestToken, signIn } from './http/auth.ts';
import { SessionCache } from './modules/auth/session-cache.ts';
import { CounterBuffer } from './modules/platform/counter-buffer.ts';
import { clientErrorHandler, frameworkErrors, installErrorHandling } from './http/error-handler.ts';
import { installRequestLog } from './http/request-log.ts';
import { registerApiDocument } from './composition/api-document.ts';
import { installRequestMetrics, StoreMetrics } from './platform/metrics.ts';
import { mountWeb } from './http/ssr.ts';
import { securityHeaders } from './http/security-headers.ts';
import { createBus, type Bus } from './realtime/bus.ts';
import { Hub, registerHub } from './realtime/hub.ts';
import { FallbackPresence, MemoryPresence, RedisPresence } from './realtime/presence.ts';
import { seedStore } from './seed.ts';
import { CaseEvents } from './modules/cases/case-events.ts';
import { Reveals } from './realtime/reveals.ts';
import { ActivityRunner } from './modules/activity/consumer-runner.ts';
import { FallbackRateLimiter, fallbackRateLimitStore, MemoryRateLimiter, RedisRateLimiter } from './platform/rate-limiter.ts';
import { firstContact, RedisLink } from './platform/redis-link.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { userRoutes } from './composition/player-routes.ts';
import { accountRoutes } from './composition/account-routes.ts';
import { SandboxMailer } from './modules/mail/mailer.ts';
import { NetworkCommunityChecker } from './modules/missions/community-checker.ts';
import { missionRoutes } from './modules/missions/routes.ts';
import { sandboxCommunityRoutes } from './modules/missions/sandbox/community-routes.ts';
import { openPushSender } from './modules/push/push-service.ts';
import { pushRoutes } from './modules/push/routes.ts';
import { pwaRoutes } from './modules/pwa/routes.ts';
import { caseRoutes } from './modules/cases/routes.ts';
import { GivenCases } from './modules/cases/open-case.ts';
import { CaseShelves } from './modules/cases/list-sections.ts';
import { FairGames } from './modules/provably-fair/fair-games.ts';
import { inventoryRoutes } from './modules/inventory/routes.ts';
import { liveRoutes } from './modules/live/routes.ts';
import { upgradeRoutes } from './modules/upgrades/routes.ts';
import { contractRoutes } from './modules/contracts/routes.ts';
import { paymentRoutes } from './modules/payments/routes.ts';
import { offerRoutes } from './modules/offers/routes.ts';
import { battleRoutes } from './modules/battles/routes.ts';
import { catalogueRoutes } from './modules/catalogue/routes.ts';
import { platformRoutes } from './modules/platform/routes.ts';
import { operationsRoutes } from './modules/platform/operations-routes.ts';
import { readConsumerLag } from './modules/activity/consumer-lag.ts';
import { contentRoutes } from './modules/content/routes.ts';
import { seoRoutes } from './modules/seo/routes.ts';
import { adminRoutes } from './admin/routes.ts';
import { operatorRoutes } from './modules/operators/routes.ts';
import { levelRoutes } from './modules/levels/routes.ts';
import { DailyReminders } from './modules/levels/daily-reminders.ts';
import { SandboxNotifier } from './modules/levels/notifier.ts';
import { LeaderboardCloser } from './modules/leaderboards/close-boards.ts';
import { StandingsCache } from './modules/leaderboards/standings-cache.ts';
import { closerAnnouncements, leaderboardRoutes } from './modules/leaderboards/routes.ts';
import { EventCloser } from './modules/events/close-events.ts';
import { SeasonCache } from './modules/events/events.ts';
import { eventRoutes } from './modules/events/routes.ts';
import { MarketClient } from './modules/withdrawals/market-client.ts';
import { withdrawalRoutes } from './modules/withdrawals/routes.ts';
import { provablyFairRoutes } from './modules/provably-fair/routes.ts';
import { techiesRoutes } from './modules/techies/routes.ts';
import { sandboxMarketRoutes } from './modules/withdrawals/sandbox/market-routes.ts';
import { experimentsOverHttp, noExperiments } from './modules/analytics/experiments.ts';
import { analyticsSandboxRoutes, SANDBOX_EXPERIMENTS_URL, sandboxVariants } from './modules/analytics/sandbox/routes.ts';
import { webVitalReadings, type WebVitalsSource } from './modules/analytics/web-vitals.ts';
import { webVitalsRoutes } from './modules/analytics/web-vitals-routes.ts';
import { publishMoves } from './modules/withdrawals/notices.ts';
import { WithdrawalWorker } from './modules/withdrawals/withdrawal-worker.ts';
import { MovableClock, systemClock } from './platform/clock.ts';

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

/** A secret every process of the store shares, kept in the database and made on first start. */
async function sharedSecret(database: Database, key: string): Promise<string> {
  return (await keepFirstMeta(database.db, key, { secret: randomBytes(32).toString('hex') })).secret;
}

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
    requestIdHeader: 'x-request-id',
    genReqId: () => randomBytes(8).toString('hex'),
    frameworkErrors,
    clientErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  installRequestLog(app, env.REQUEST_LOG_SAMPLE ?? (env.NODE_ENV === 'production' ? 0.01 : 1));
  await securityHeaders(app, env);

  const configured = projects[env.PROJECT];
  const project = { ...configured, flags: { ...configured.flags, ...env.FLAGS }, welcome_redirect: env.WELCOME_REDIRECT };
  const catalogue = await database.startupExclusive(() => seedStore(database.db, project, env.IMAGE_SOURCE));

  // Money paths never wait on Redis: its commands fail fast while it is away and each use falls
  // back (a per-process limit, this process's presence, events heard here only); /api/ready says 503.
  const link = env.REDIS_URL ? new RedisLink(env.REDIS_URL, { warn: (m) => app.log.warn(m), info: (m) => app.log.info(m) }) : null;
  const redis = link?.open() ?? null;
  if (redis) await firstContact(redis);
  const prefix = redisPrefix(env);
  const bus: Bus = await createBus({
    redis: link ?? undefined,
    prefix,
    onListenerError: (err, msg) => app.log.error({ err, channel: msg.channel, event: msg.event }, 'a bus listener failed'),
  });
  const realtimeSecret = await sharedSecret(database, 'realtime_secret');
  const presence = redis ? new FallbackPresence(new RedisPresence(redis, prefix), () => link!.fellBack('presence')) : new MemoryPresence();
  const hub = new Hub(bus, realtimeSecret, presence, app.log);
  const metrics = new StoreMetrics(
    {
      websocketClients: () => hub.localSockets,
      pool: database.pool,
      jobLag: () => readConsumerLag(database.db, activity.consumerNames()),
      ...(link ? { redisFallbacks: () => link.fallbackCounts() } : {}),
    },
    (err) => app.log.warn({ err }, 'a metric was not read'),
  );
  installRequestMetrics(app, metrics);
  const openWindowMs = 10_000;
  const openLimiter = redis
    ? new FallbackRateLimiter(
        new RedisRateLimiter(redis, `${prefix}:open`, env.CASE_OPEN_BURST, openWindowMs),
        new MemoryRateLimiter(env.CASE_OPEN_BURST, openWindowMs),
        () => link!.fellBack('rate_limit'),
      )
    : new MemoryRateLimiter(env.CASE_OPEN_BURST, openWindowMs);

  const switches = new Switches(database.db, bus, project.flags, (err) => app.log.error({ err }, 'reading the switches failed'));
  await switches.start();
  const sessions = new SessionCache(database.db, bus);
  const counters = new CounterBuffer(database.db);
  const reveals = new Reveals(env.REVEAL_TIME_SCALE);
  const caseEvents = new CaseEvents({ bus, catalogue, counters, metrics, reveals });
  const activity = new ActivityRunner({ db: database.db, log: app.log });
  const clock = env.TEST_CLOCK ? new MovableClock() : systemClock;
  const notifier = new SandboxNotifier(database.db);
  const reminders = new DailyReminders({ db: database.db, clock, notifier, log: app.log });
  const standings = new StandingsCache(database.db);
  const closer = new LeaderboardCloser({ db: database.db, catalogue, clock, log: app.log, ...closerAnnouncements({ db: database.db, bus, catalogue, standings }) });
  const seasons = new SeasonCache(database.db);
  const eventCloser = new EventCloser({ db: database.db, clock, log: app.log, onGranted: () => seasons.invalidate() });
  // The sandbox marketplace is served by this store; the adapter reaches it over HTTP like a real one.
  const vendorKey = await sharedSecret(database, 'vendor_sandbox_key');
  const localBase = () => {
    const address = app.server.address();
    return typeof address === 'object' && address ? `http://127.0.0.1:${address.port}/sandbox/market` : 'http://127.0.0.1:1/sandbox/market';
  };
  const vendor = new MarketClient({ baseUrl: localBase, key: () => vendorKey });
  const mailer = new SandboxMailer(database.db);
  const push = await openPushSender(env, database.db);
  // Identities from the sandbox sign-in are checked with the sandbox networks this store serves
  // (reached in-process, like the sandbox identity provider), real ones with the real networks.
  const communityKey = await sharedSecret(database, 'community_sandbox_key');
  const realNetworks = env.SIGNIN_PROVIDER === 'real';
  const sandboxNetworks = 'http://store.local/sandbox/signin';
  const community = new NetworkCommunityChecker({
    fetch: realNetworks ? (url, init) => fetch(url, init) : inProcessFetch(app),
    steam: {
      apiBase: () => (realNetworks ? 'https://api.steampowered.com' : `${sandboxNetworks}/steam/api`),
      key: () => (realNetworks ? (env.STEAM_API_KEY ?? '') : communityKey),
      groupId: env.STEAM_GROUP_ID,
    },
    vk: {
      apiBase: () => (realNetworks ? 'https://api.vk.com' : `${sandboxNetworks}/vk`),
      token: () => (realNetworks ? (env.VK_SERVICE_TOKEN ?? '') : communityKey),
      groupId: env.VK_GROUP_ID,
    },
  });
  // The experiments service over its protocol: the configured provider, this store's sandbox
  // in-process, or none (every rule keeps its unchanged variant, as the web does).
  const analyticsSandbox = servesAnalyticsSandbox(env);
  const experiments = env.EXPERIMENTS_URL
    ? experimentsOverHttp({ base: env.EXPERIMENTS_URL.replace(/\/+$/, ''), fetch: (url, init) => fetch(url, init) })
    : analyticsSandbox
      ? experimentsOverHttp({ base: `http://store.local${SANDBOX_EXPERIMENTS_URL}`, fetch: inProcessFetch(app) })
      : noExperiments;
  const withdrawalWorker = new WithdrawalWorker({ db: database.db, vendor, clock, log: app.log, pollMs: env.VENDOR_POLL_MS, onMoved: (moves) => publishMoves(bus, moves) });
  const deps: Deps = {
    db: database.db,
    dbKind: database.kind,
    env,
    project,
    configuredFlags: project.flags,
    switches,
    bus,
    hub,
    catalogue,
    openLimiter,
    sessions,
    counters,
    metrics,
    reveals,
    caseEvents,
    givenCases: new GivenCases(),
    caseShelves: new CaseShelves(),
    fairGames: new FairGames(),
    activity,
    clock,
    reminders,
    closer,
    standings,
    seasons,
    eventCloser,
    withdrawalWorker,
    vendor,
    mailer,
    community,
    push,
    experiments,
    realtimeSecret,
    adminToken,
    sandboxes: sandboxesInUse(env),
  };
  app.decorate('deps', deps);
  app.decorateRequest('authUser', null);
  app.decorateRequest('blockedSession', false);

  // The one place a token becomes a signed-in account; a blocked account's session stops here.
  app.addHook('onRequest', async (req) => {
    const token = requestToken(req, env.PUBLIC_URL);
    signIn(req, token ? await sessions.resolve(token) : null);
  });
  app.addHook('onReady', async () => {
    if (env.BACKGROUND_JOBS === 'off') return;
    activity.start();
    reminders.start();
    closer.start();
    eventCloser.start();
    withdrawalWorker.start();
  });
  app.addHook('onClose', async () => {
    await activity.close();
    await reminders.close();
    await closer.close();
    await eventCloser.close();
    await withdrawalWorker.close();
    await counters.close();
    reveals.close();
    sessions.close();
    switches.close();
    hub.close();
    await bus.close();
    link?.close();
  });

  await app.register(fastifyRateLimit, {
    global: false,
    ...(redis ? { store: fallbackRateLimitStore(redis, `${prefix}:rl:`, () => link!.fellBack('rate_limit')) } : {}),
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
  installFeatureGates(app, () => switches);
  // After the feature gates, so its hook comes first: a closed store says so before a switched-off feature does.
  installTechWorkGate(app, () => switches);
  await app.register(async (scope) => {
    await registerHub(scope, hub);
    await authRoutes(scope);
    await signinModule(scope);
    await userRoutes(scope);
    await accountRoutes(scope);
    await missionRoutes(scope);
    await pushRoutes(scope);
    await pwaRoutes(scope);
    if (!realNetworks) {
      await sandboxCommunityRoutes(scope, { steamKey: () => communityKey, vkToken: () => communityKey, steamGroupId: env.STEAM_GROUP_ID, vkGroupId: env.VK_GROUP_ID });
    }
    await caseRoutes(scope);
    await inventoryRoutes(scope);
    await liveRoutes(scope);
    await upgradeRoutes(scope);
    await contractRoutes(scope);
    await paymentRoutes(scope);
    await offerRoutes(scope);
    await battleRoutes(scope);
    await levelRoutes(scope);
    await leaderboardRoutes(scope);
    await eventRoutes(scope);
    await withdrawalRoutes(scope);
    await techiesRoutes(scope);
    await provablyFairRoutes(scope);
    if (env.VENDOR_PROVIDER === 'sandbox') await sandboxMarketRoutes(scope, { key: async () => vendorKey, scale: env.VENDOR_SANDBOX_TIME_SCALE });
    // Real players' page figures: where the beacons go, the configured provider or this sandbox.
    const webVitals = webVitalReadings();
    const webVitalsSource: WebVitalsSource = env.ANALYTICS_URL ? { kind: 'provider', url: env.ANALYTICS_URL } : analyticsSandbox ? { kind: 'sandbox', readings: webVitals } : { kind: 'off' };
    if (analyticsSandbox) await analyticsSandboxRoutes(scope, { variants: sandboxVariants(env), webVitals });
    await webVitalsRoutes(scope, { source: webVitalsSource });
    await platformRoutes(scope);
    await operationsRoutes(scope, { metrics, redis });
    await contentRoutes(scope);
    await seoRoutes(scope);
    await catalogueRoutes(scope);
    await adminRoutes(scope, { backup: database.backup?.bind(database) });
    await operatorRoutes(scope);
    scope.get('/api/docs', { schema: { hide: true } }, async () => scope.swagger());
  });

  // Unknown API paths answer with the JSON envelope; everything else belongs to the web app.
  app.all('/api/*', { schema: { hide: true } }, async (req, reply) => reply.callNotFound());

  if (web) await mountWeb(app, env.LOCALE_PREFIX);
  return app;
}
