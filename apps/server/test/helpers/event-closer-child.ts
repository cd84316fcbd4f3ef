// A process that grants the raffle prizes of ended events (on the database of its argument: a
// PostgreSQL URL or a PGlite data folder) and stops for good after the third: it says "halfway" and
// waits to be killed. `events.test.ts` kills it with SIGKILL there, the way a crashed server dies,
// and checks a restarted closer grants the rest once.
import type { FastifyBaseLogger } from 'fastify';
import { openDatabase } from '../../src/db/client.ts';
import { EventCloser } from '../../src/modules/events/close-events.ts';
import { systemClock } from '../../src/platform/clock.ts';

const [url] = process.argv.slice(2) as [string];
const database = await openDatabase(/^postgres(ql)?:/.test(url) ? { databaseUrl: url, poolSize: 2 } : { dataDir: url });
let granted = 0;
const log = { error() {}, warn() {}, info() {}, debug() {} } as unknown as FastifyBaseLogger;
// The test moved its store's clock a minute on; this process's clock is a minute ahead too.
const clock = { now: () => new Date(systemClock.now().getTime() + 60_000) };
const closer = new EventCloser({
  db: database.db,
  clock,
  log,
  async onGranted() {
    if (++granted < 3) return;
    process.stdout.write('halfway\n');
    await new Promise(() => undefined);
  },
});
await closer.tick();
