// A process that runs the withdrawal worker (on the database of its first argument: a PostgreSQL
// URL or a PGlite data folder) against a marketplace (the sandbox, or a fake of market.csgo.com or
// Waxpeer, by its VENDOR_PROVIDER name) and stops for good right after the marketplace has taken
// its purchase, before the answer is written down: it says "halfway" and waits to be killed. The
// tests kill it with SIGKILL there, the way a crashed server dies, and check the restarted worker
// finds the purchase instead of making another.
import type { FastifyBaseLogger } from 'fastify';
import { openDatabase } from '../../src/db/client.ts';
import type { BuyOrder, SkinVendor } from '../../src/modules/withdrawals/vendor.ts';
import { WithdrawalWorker } from '../../src/modules/withdrawals/withdrawal-worker.ts';
import { systemClock } from '../../src/platform/clock.ts';
import { vendorNamed } from './markets.ts';

const [url, provider, marketUrl, key, offset] = process.argv.slice(2) as [string, 'sandbox' | 'marketcsgo' | 'waxpeer', string, string, string];
// The test's store clock may have been moved on: this process keeps the same time.
const clock = { now: () => new Date(systemClock.now().getTime() + Number(offset)) };
const database = await openDatabase(/^postgres(ql)?:/.test(url) ? { databaseUrl: url, poolSize: 2 } : { dataDir: url });
const log = { error() {}, warn() {}, info() {}, debug() {} } as unknown as FastifyBaseLogger;
const market = vendorNamed(provider, marketUrl, key);
const vendor: SkinVendor = {
  name: market.name,
  async buyFor(order: BuyOrder) {
    await market.buyFor(order);
    process.stdout.write('halfway\n');
    return new Promise<never>(() => undefined);
  },
  statuses: (customIds) => market.statuses(customIds),
  balances: () => market.balances(),
  checkTradeLink: (link) => market.checkTradeLink(link),
};
const worker = new WithdrawalWorker({ db: database.db, vendor, clock, log, pollMs: 10, leaseMs: 200 });
await worker.tick();
