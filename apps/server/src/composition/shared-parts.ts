import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { redisPrefix, type Env } from '../config/env.ts';
import { projects } from '../config/projects.ts';
import type { Database } from '../db/client.ts';
import type { Deps } from '../deps.ts';
import { ActivityRunner } from '../modules/activity/consumer-runner.ts';
import { readConsumerLag } from '../modules/activity/consumer-lag.ts';
import { SessionCache } from '../modules/auth/session-cache.ts';
import { CaseEvents } from '../modules/cases/case-events.ts';
import { GivenCases } from '../modules/cases/open-case.ts';
import { CaseShelves } from '../modules/cases/list-sections.ts';
import { SeasonCache } from '../modules/events/events.ts';
import { CounterBuffer } from '../modules/platform/counter-buffer.ts';
import { keepFirstMeta } from '../modules/platform/meta.ts';
import { Switches } from '../modules/platform/switches.ts';
import { FairGames } from '../modules/provably-fair/fair-games.ts';
import { buildVendor } from '../modules/withdrawals/markets/build-vendor.ts';
import { MarketBalances } from '../modules/withdrawals/market-balances.ts';
import { publishMoves } from '../modules/withdrawals/notices.ts';
import { WithdrawalWorker } from '../modules/withdrawals/withdrawal-worker.ts';
import { MovableClock, systemClock } from '../platform/clock.ts';
import { StoreMetrics } from '../platform/metrics.ts';
import { FallbackHolds, MemoryHolds, RedisHolds } from '../platform/holds.ts';
import { firstContact, RedisLink } from '../platform/redis-link.ts';
import { createBus } from '../realtime/bus.ts';
import { Hub } from '../realtime/hub.ts';
import { FallbackPresence, MemoryPresence, RedisPresence } from '../realtime/presence.ts';
import { Reveals } from '../realtime/reveals.ts';
import { seedStore } from '../seed.ts';

/** A secret every process of the store shares, kept in the database and made on first start. */
export async function sharedSecret(database: Database, key: string): Promise<string> {
  return (await keepFirstMeta(database.db, key, { secret: randomBytes(32).toString('hex') })).secret;
}

/** What the shared parts hold beside `Deps`: the app's hooks start and close them. */
export interface SharedParts {
  deps: Deps;
  link: RedisLink | null;
  redis: ReturnType<RedisLink['open']> | null;
  /** The sandbox marketplace's key: the withdrawals module serves that sandbox when it is the vendor. */
  vendorKey: string;
  /** Signs the realtime tokens players' pages subscribe with (the player routes hand them out). */
  realtimeSecret: string;
}

/**
 * The parts more than one module uses (`Deps`): the seeded catalogue, the bus and the websocket
 * hub, Redis with its fallbacks, the registries the modules register with, the jobs' clock, and
 * the withdrawal worker and marketplace the console also reaches. Built once per process.
 */
export async function buildSharedParts(app: FastifyInstance, { env, database }: { env: Env; database: Database }): Promise<SharedParts> {
  const configured = projects[env.PROJECT];
  const project = { ...configured, flags: { ...configured.flags, ...env.FLAGS }, welcome_redirect: env.WELCOME_REDIRECT };
  const catalogue = await database.startupExclusive(() => seedStore(database.db, project, env.IMAGE_SOURCE));

  // Money paths never wait on Redis: its commands fail fast while it is away and each use falls
  // back (a per-process limit, this process's presence, events heard here only); /api/ready says 503.
  database.replicaReads?.tellTo({ warn: (m) => app.log.warn(m), info: (m) => app.log.info(m) });
  const link = env.REDIS_URL ? new RedisLink(env.REDIS_URL, { warn: (m) => app.log.warn(m), info: (m) => app.log.info(m) }) : null;
  const redis = link?.open() ?? null;
  if (redis) await firstContact(redis);
  const prefix = redisPrefix(env);
  const bus = await createBus({
    redis: link ?? undefined,
    prefix,
    onListenerError: (err, msg) => app.log.error({ err, channel: msg.channel, event: msg.event }, 'a bus listener failed'),
  });
  const realtimeSecret = await sharedSecret(database, 'realtime_secret');
  const presence = redis ? new FallbackPresence(new RedisPresence(redis, prefix), () => link!.fellBack('presence')) : new MemoryPresence();
  const hub = new Hub(bus, realtimeSecret, presence, app.log);
  const activity = new ActivityRunner({ db: database.db, log: app.log });
  // Made with the marketplaces below; the metric reads it at each scrape.
  let marketBalances: MarketBalances | null = null;
  const metrics = new StoreMetrics(
    {
      websocketClients: () => hub.localSockets,
      marketBalances: () => marketBalances?.list() ?? [],
      pool: database.pool,
      ...(database.replicaReads ? { replica: database.replicaReads } : {}),
      jobLag: () => readConsumerLag(database.db, activity.consumerNames()),
      ...(link ? { redisFallbacks: () => link.fallbackCounts() } : {}),
    },
    (err) => app.log.warn({ err }, 'a metric was not read'),
  );

  const switches = new Switches(database.db, bus, project.flags, (err) => app.log.error({ err }, 'reading the switches failed'));
  await switches.start();
  const counters = new CounterBuffer(database.db);
  const reveals = new Reveals(env.REVEAL_TIME_SCALE);
  const clock = env.TEST_CLOCK ? new MovableClock() : systemClock;
  const openingHolds = redis ? new FallbackHolds(new RedisHolds(redis, `${prefix}:hold`, clock), new MemoryHolds(clock), () => link!.fellBack('rate_limit')) : new MemoryHolds(clock);
  // The sandbox marketplace is served by this store; the adapter reaches it over HTTP like a real one.
  const vendorKey = await sharedSecret(database, 'vendor_sandbox_key');
  const localBase = () => {
    const address = app.server.address();
    return typeof address === 'object' && address ? `http://127.0.0.1:${address.port}/sandbox/market` : 'http://127.0.0.1:1/sandbox/market';
  };
  const vendor = buildVendor(env, { baseUrl: localBase, key: () => vendorKey });
  // The sandbox marketplace answers only once this store listens: its first balance is read then,
  // not refused (and warned about) while the store is still starting.
  const sandboxMarket = env.VENDOR_PROVIDER.includes('sandbox');
  marketBalances = new MarketBalances({
    vendor,
    clock,
    warnBelow: env.VENDOR_BALANCE_WARN * 100,
    log: app.log,
    ...(sandboxMarket ? { reachable: () => app.server.listening } : {}),
  });
  if (sandboxMarket) app.addHook('onListen', async () => marketBalances?.job.wake());
  const deps: Deps = {
    db: database.db,
    replica: database.replica,
    env,
    log: app.log,
    project,
    configuredFlags: project.flags,
    switches,
    bus,
    hub,
    catalogue,
    openingHolds,
    sessions: new SessionCache(database.db, bus),
    counters,
    metrics,
    reveals,
    caseEvents: new CaseEvents({ bus, catalogue, counters, metrics, reveals }),
    givenCases: new GivenCases(),
    caseShelves: new CaseShelves(),
    fairGames: new FairGames(),
    activity,
    clock,
    seasons: new SeasonCache(database.db),
    withdrawalWorker: new WithdrawalWorker({ db: database.db, vendor, clock, log: app.log, pollMs: env.VENDOR_POLL_MS, onMoved: (moves) => publishMoves(bus, moves) }),
    vendor,
    marketBalances,
  };
  return { deps, link, redis, vendorKey, realtimeSecret };
}
