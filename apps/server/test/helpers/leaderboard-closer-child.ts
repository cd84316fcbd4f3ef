// A process that pays the prizes of frozen leaderboards (on the database of its argument: a
// PostgreSQL URL or a PGlite data folder) and stops for good after the third: it says "halfway" and
// waits to be killed. `leaderboards.test.ts` kills it with SIGKILL there, the way a crashed server
// dies, and checks a restarted closer pays the rest once.
import type { FastifyBaseLogger } from 'fastify';
import { openDatabase } from '../../src/db/client.ts';
import { Catalogue } from '../../src/modules/catalogue/catalogue.ts';
import { LeaderboardCloser } from '../../src/modules/leaderboards/close-boards.ts';
import { systemClock } from '../../src/platform/clock.ts';

const [url] = process.argv.slice(2) as [string];
const database = await openDatabase(/^postgres(ql)?:/.test(url) ? { databaseUrl: url, poolSize: 2 } : { dataDir: url });
const catalogue = new Catalogue(new Map(), 'generated');
await catalogue.load(database.db);
let paid = 0;
const log = { error() {}, warn() {}, info() {}, debug() {} } as unknown as FastifyBaseLogger;
const closer = new LeaderboardCloser({
  db: database.db,
  catalogue,
  clock: systemClock,
  log,
  async onPaid() {
    if (++paid < 3) return;
    process.stdout.write('halfway\n');
    await new Promise(() => undefined);
  },
});
await closer.tick();
