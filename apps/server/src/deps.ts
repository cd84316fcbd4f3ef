import type { FastifyBaseLogger } from 'fastify';
import type { FeatureFlags } from '@store/shared/api/platform';
import type { Switches } from './modules/platform/switches.ts';
import type { Db } from './db/client.ts';
import type { Env } from './config/env.ts';
import type { ProjectConfig } from './config/projects.ts';
import type { Bus } from './realtime/bus.ts';
import type { Hub } from './realtime/hub.ts';
import type { Catalogue } from './modules/catalogue/catalogue.ts';
import type { Holds } from './platform/holds.ts';
import type { SessionCache } from './modules/auth/session-cache.ts';
import type { CounterBuffer } from './modules/platform/counter-buffer.ts';
import type { StoreMetrics } from './platform/metrics.ts';
import type { CaseEvents } from './modules/cases/case-events.ts';
import type { GivenCases } from './modules/cases/open-case.ts';
import type { CaseShelves } from './modules/cases/list-sections.ts';
import type { FairGames } from './modules/provably-fair/fair-games.ts';
import type { ActivityRunner } from './modules/activity/consumer-runner.ts';
import type { Clock } from './platform/clock.ts';
import type { SeasonCache } from './modules/events/events.ts';
import type { WithdrawalWorker } from './modules/withdrawals/withdrawal-worker.ts';
import type { SkinVendor } from './modules/withdrawals/vendor.ts';
import type { MarketBalances } from './modules/withdrawals/market-balances.ts';
import type { Reveals } from './realtime/reveals.ts';

/**
 * The parts more than one module uses, built once by `composition/shared-parts.ts` and handed to
 * each module. What a single module uses is handed to that module alone (`composition/modules.ts`).
 */
export interface Deps {
  db: Db;
  /**
   * The read replica, or `db` when none is set (decision 084): only for reads that tolerate its
   * delay, each call saying how much; never for writes, reads in a transaction, or what a player
   * acts on at once (a balance, an inventory, an opening's result).
   */
  replica: Db;
  env: Env;
  /** The app's logger, for what a module runs beside its requests. */
  log: FastifyBaseLogger;
  /** The project configuration of spec §1; its `flags` are only the start values: read `switches`. */
  project: ProjectConfig;
  /** The flags the store started with (project defaults with `FLAGS` applied). */
  configuredFlags: FeatureFlags;
  /** The feature flags and the tech-work mode as an operator set them, the same in every process. */
  switches: Switches;
  bus: Bus;
  hub: Hub;
  catalogue: Catalogue;
  /** One opening at a time per player, across processes (modules/cases/reveal-hold.ts). */
  openingHolds: Holds;
  sessions: SessionCache;
  counters: CounterBuffer;
  /** Prometheus counters (decision 036): a module adds to one after its action committed. */
  metrics: StoreMetrics;
  /** Holds an outcome's live events until its animation has ended for the player. */
  reveals: Reveals;
  /** What follows a committed case opening; other modules register their reactions on it. */
  caseEvents: CaseEvents;
  /** Opens the cases the store gives rather than sells (level cases); the levels module registers it. */
  givenCases: GivenCases;
  /** What the case shelves mark: cases on offer (offers module), an event on now (events module). */
  caseShelves: CaseShelves;
  /** The games that roll on the player's seed pair; each game module registers itself (provably-fair module). */
  fairGames: FairGames;
  /** Reads the activity stream for the consumers that modules register (decision 013). */
  activity: ActivityRunner;
  /** The time of day-long rules; movable only in a store started with TEST_CLOCK. */
  clock: Clock;
  /** The season shown now, shared for a moment (events module). */
  seasons: SeasonCache;
  /** The job that buys withdrawn items at the marketplace and follows them to the player (withdrawals module). */
  withdrawalWorker: WithdrawalWorker;
  /** The marketplace the worker buys at; the console asks it about an order before a refund (withdrawals module). */
  vendor: SkinVendor;
  /** The store's balance at each marketplace, for the metric and the console's warning. */
  marketBalances: MarketBalances;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}
