// A process that runs the withdrawal worker (on the database of its first argument: a PostgreSQL
// URL or a PGlite data folder) and stops for good right after the marketplace has taken its
// purchase, before the answer is written down: it says "halfway" and waits to be killed.
// `withdrawals.test.ts` kills it with SIGKILL there, the way a crashed server dies, and checks the
// restarted worker finds the purchase instead of making another.
import type { FastifyBaseLogger } from 'fastify';
import { openDatabase } from '../../src/db/client.ts';
import { MarketClient } from '../../src/modules/withdrawals/market-client.ts';
import type { BuyOrder } from '../../src/modules/withdrawals/vendor.ts';
import { WithdrawalWorker } from '../../src/modules/withdrawals/withdrawal-worker.ts';
import { systemClock } from '../../src/platform/clock.ts';

const [url, marketUrl, key, offset] = process.argv.slice(2) as [string, string, string, string];
// The test's store clock may have been moved on: this process keeps the same time.
const clock = { now: () => new Date(systemClock.now().getTime() + Number(offset)) };
const database = await openDatabase(/^postgres(ql)?:/.test(url) ? { databaseUrl: url, poolSize: 2 } : { dataDir: url });
const log = { error() {}, warn() {}, info() {}, debug() {} } as unknown as FastifyBaseLogger;
const market = new MarketClient({ baseUrl: () => marketUrl, key: () => key });
const vendor = {
  async buyFor(order: BuyOrder) {
    await market.buyFor(order);
    process.stdout.write('halfway\n');
    return new Promise<never>(() => undefined);
  },
  statuses: (customIds: readonly string[]) => market.statuses(customIds),
};
const worker = new WithdrawalWorker({ db: database.db, vendor, clock, log, pollMs: 10, leaseMs: 200 });
await worker.tick();
