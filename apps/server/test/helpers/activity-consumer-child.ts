// A process that runs one batch of an activity consumer on PostgreSQL and stops for good in the
// middle of it: it records the first rows of its batch, says "halfway" and waits to be killed.
// `activity.test.ts` kills it with SIGKILL there, the way a crashed server dies.
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../src/db/client.ts';
import { consumeBatch } from '../../src/modules/activity/consumer-runner.ts';

const [url, name] = process.argv.slice(2) as [string, string];
const database = await openDatabase({ databaseUrl: url, poolSize: 1 });
await consumeBatch(database.db, {
  name,
  batchSize: 6,
  async handle(tx, batch) {
    for (const row of batch.slice(0, 3)) await tx.execute(sql`insert into test_handled (consumer, activity_id) values (${name}, ${row.id})`);
    process.stdout.write('halfway\n');
    await new Promise(() => undefined);
  },
});
