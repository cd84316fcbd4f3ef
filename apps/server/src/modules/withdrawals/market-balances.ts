import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import { PeriodicJob } from '../../platform/periodic-job.ts';
import { VendorUnreachable, type SkinVendor } from './vendor.ts';

/** How often each process asks the markets for the store's balance there. */
const EVERY_MS = 60_000;

export interface MarketBalance {
  market: string;
  /** The store's minor units; null until a market has answered. */
  balance: number | null;
  checkedAt: Date | null;
  /** Under the operators' threshold (VENDOR_BALANCE_WARN): withdrawals it cannot pay wait in the queue. */
  low: boolean;
}

/**
 * The store's balance at each marketplace (decision 077), an operator concern: read every minute
 * for the `store_market_balance_rub` metric and the console's warning. Purchases never wait on
 * it: a market that cannot pay says so itself, and the withdrawal queues (`balance_short`).
 */
export class MarketBalances {
  private readonly last = new Map<string, { balance: number; at: Date }>();
  readonly job: PeriodicJob;

  constructor(
    private readonly o: {
      vendor: SkinVendor;
      clock: Clock;
      warnBelow: number;
      log: FastifyBaseLogger;
      /** Whether the markets can be asked yet: the sandbox marketplace is this store, reachable once it listens. */
      reachable?: () => boolean;
    },
  ) {
    this.job = new PeriodicJob({
      everyMs: EVERY_MS,
      run: async () => {
        if (this.o.reachable?.() ?? true) await this.refresh();
      },
      log: o.log,
      failure: 'reading the market balances failed; the next pass retries',
    });
  }

  async refresh(): Promise<void> {
    let answered: Map<string, number>;
    try {
      answered = await this.o.vendor.balances();
    } catch (err) {
      if (!(err instanceof VendorUnreachable)) throw err;
      this.o.log.warn({ err }, 'a market did not answer its balance');
      return;
    }
    const at = this.o.clock.now();
    for (const [market, balance] of answered) this.last.set(market, { balance, at });
  }

  /** Whether any market's last answer is older than `ms` (or there is none yet). */
  olderThan(ms: number): boolean {
    const now = this.o.clock.now().getTime();
    return this.list().some((m) => m.checkedAt === null || now - m.checkedAt.getTime() > ms);
  }

  /** Every configured market with what it last said. */
  list(): MarketBalance[] {
    return this.o.vendor.name.split(',').map((market) => {
      const seen = this.last.get(market);
      return { market, balance: seen?.balance ?? null, checkedAt: seen?.at ?? null, low: seen !== undefined && seen.balance < this.o.warnBelow };
    });
  }

  get warnBelow(): number {
    return this.o.warnBelow;
  }
}
