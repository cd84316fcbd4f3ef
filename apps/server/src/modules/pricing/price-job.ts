import type { FastifyBaseLogger } from 'fastify';
import type { RtpBand } from '@store/shared/pricing';
import type { Db } from '../../db/client.ts';
import { PeriodicJob } from '../../platform/periodic-job.ts';
import type { BackgroundJob } from '../../platform/store-module.ts';
import type { Bus } from '../../realtime/bus.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import type { PriceSource } from './price-list.ts';
import { lastRunStart } from './price-runs.ts';
import { announcePrices } from './price-watcher.ts';
import { PriceRunStopped, runPrices, type PriceRunReport } from './run-prices.ts';

/**
 * The price job (decision 078): a `PeriodicJob` every `PRICE_SYNC_MS`, its schedule counted from
 * the last run recorded in the database, so a restart neither repeats a recent run nor skips a
 * due one, and a store that never ran one runs at once. Whichever process's pass comes first
 * takes the lease; the others find it taken and skip. A failed run is logged and the next
 * interval tries again.
 */
export class PriceJob implements BackgroundJob {
  private readonly job: PeriodicJob;
  private nextDueMs: number | null = null;
  /** Aborted by `close`: a scheduled run under way stops at its next step rather than hold the close up. */
  private readonly closing = new AbortController();

  constructor(
    private readonly o: {
      db: Db;
      catalogue: Catalogue;
      source: PriceSource;
      band: RtpBand;
      bus: Pick<Bus, 'publish'>;
      log: FastifyBaseLogger;
      everyMs: number;
      now?: () => number;
    },
  ) {
    this.job = new PeriodicJob({ everyMs: o.everyMs, run: () => this.tick(), log: o.log, failure: 'the price run failed', dueIn: () => this.nextDueMs });
  }

  start() {
    this.job.start();
  }

  close() {
    this.closing.abort();
    return this.job.close();
  }

  /** Resolves when the pass under way (if any) has ended. */
  settled() {
    return this.job.settled();
  }

  /** A run now, whatever the schedule (the console's "run now"): its report, or null when another run holds the lease. */
  runNow(): Promise<PriceRunReport | null> {
    return this.run({});
  }

  private async run(o: { stop?: AbortSignal }): Promise<PriceRunReport | null> {
    const report = await runPrices({ ...this.o, ...o });
    if (report?.changed) announcePrices(this.o.bus, report.runId);
    return report;
  }

  /** One pass of the schedule: a run when one is due, else the wait until it is. */
  async tick() {
    this.nextDueMs = null;
    const now = this.o.now?.() ?? Date.now();
    const last = await lastRunStart(this.o.db);
    const dueAt = last ? last.getTime() + this.o.everyMs : now;
    if (dueAt > now) {
      this.nextDueMs = dueAt - now;
      return;
    }
    let report: PriceRunReport | null;
    try {
      report = await this.run({ stop: this.closing.signal });
    } catch (err) {
      // Stopped for the close: the next start finds no run since and runs again at once.
      if (err instanceof PriceRunStopped) return this.o.log.info('price run stopped: the store is closing');
      throw err;
    }
    if (report) this.o.log.info({ price_run: report }, 'price run done');
  }
}
