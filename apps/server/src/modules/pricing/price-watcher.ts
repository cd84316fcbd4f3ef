import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { PeriodicJob } from '../../platform/periodic-job.ts';
import type { BackgroundJob } from '../../platform/store-module.ts';
import type { Bus } from '../../realtime/bus.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import { readItemPrices } from '../catalogue/item-prices.ts';

/** Bus channel of a price run's new prices; `internal:*` is never reachable from the websocket. */
export const PRICES_CHANNEL = 'internal:prices';
/** A lost announcement (Redis away, or no Redis between processes) is caught up by this check at the latest. */
export const PRICE_CHECK_MS = 10_000;

/** Tells every process that a run changed prices. */
export const announcePrices = (bus: Pick<Bus, 'publish'>, runId: number) => bus.publish(PRICES_CHANNEL, 'changed', { run_id: runId });

/**
 * Keeps this process's in-memory catalogue on the database's prices (decision 078). The prices'
 * version is the newest price-history row (each change writes one in its batch's transaction), so
 * a cheap check says whether anything changed; it runs on every announcement and every few
 * seconds, and a change reloads the prices into the catalogue.
 */
export class PriceWatcher implements BackgroundJob {
  private version: number | null = null;
  private readonly job: PeriodicJob;
  private stopListening: (() => void) | null = null;

  constructor(private readonly o: { db: Executor; catalogue: Catalogue; bus: Pick<Bus, 'listen'>; log: FastifyBaseLogger; everyMs?: number }) {
    this.job = new PeriodicJob({ everyMs: o.everyMs ?? PRICE_CHECK_MS, run: () => this.check(), log: o.log, failure: 'checking the prices failed' });
  }

  start() {
    this.stopListening ??= this.o.bus.listen((msg) => {
      if (msg.channel === PRICES_CHANNEL) this.job.wake();
    });
    this.job.start();
  }

  async close() {
    this.stopListening?.();
    this.stopListening = null;
    await this.job.close();
  }

  /** Reloads the prices when the database's version differs from the one held; returns how many items changed here. */
  async check(): Promise<number> {
    const res = (await this.o.db.execute(sql`select coalesce(max(id), 0) as v from price_history`)) as unknown as { rows: { v: number | string }[] };
    const version = Number(res.rows[0]?.v ?? 0);
    if (version === this.version) return 0;
    const changed = this.o.catalogue.applyPrices(await readItemPrices(this.o.db));
    this.version = version;
    return changed;
  }

  /** Resolves when a check under way has ended. */
  settled() {
    return this.job.settled();
  }
}
