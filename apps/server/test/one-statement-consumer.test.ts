import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database, type Db } from '../src/db/client.ts';
import { rows } from '../src/db/rows.ts';
import { consumeBatch, type ActivityConsumer } from '../src/modules/activity/consumer-runner.ts';
import { oneStatementConsumer } from '../src/modules/activity/one-statement-consumer.ts';
import { recordActivity } from '../src/modules/activity/record-activity.ts';
import { countRows } from './helpers/factories.ts';
import { eventually } from './helpers/ws.ts';
import { freshDatabase, onPostgres } from './helpers/test-app.ts';

// The bookkeeping `oneStatementConsumer` writes around a consumer's own steps (the experience,
// scoring and missions consumers): the position, the horizon, exactly once, the report.

let fresh: Awaited<ReturnType<typeof freshDatabase>>;
const db = () => fresh.database.db;
let userId: number;

beforeAll(async () => {
  fresh = await freshDatabase();
  await db().execute(
    sql`create table test_counted (consumer text not null, activity_id bigint not null, primary key (consumer, activity_id))`,
  );
  await db().execute(sql`create table test_poison (activity_id bigint primary key)`);
  const [user] = await rows<{ id: number }>(
    db(),
    sql`insert into users (login, nickname) values ('stream-reader', 'stream-reader') returning id`,
  );
  userId = user!.id;
});
afterAll(async () => {
  await fresh.database.close();
  await fresh.drop();
});

/**
 * A consumer whose step records each row of its batch under a key that refuses a second count,
 * fails on a row listed in `test_poison` (after writing others of its batch), and reports the ids
 * it wrote.
 */
function countingConsumer(name: string, heard: (number[] | null)[] = [], batchSize = 5): ActivityConsumer {
  return oneStatementConsumer({
    name,
    batchSize,
    columns: ['userId', 'ref'],
    steps: sql`up as (
        insert into test_counted (consumer, activity_id)
        select ${name}, b.id / (case when exists (select 1 from test_poison p where p.activity_id = b.id) then 0 else 1 end) from b
        returning activity_id
      )`,
    report: sql`(select array_agg(activity_id order by activity_id) from up)`,
    after: (ids: (number | string)[] | null) => heard.push(ids && ids.map(Number)),
  });
}

const write = async (n: number, ref: string, on: Db = db()) => {
  for (let i = 0; i < n; i++) await on.transaction((tx) => recordActivity(tx, { kind: 'sale', userId, won: i, ref: `${ref}-${i}` }));
};
const counted = async (name: string) =>
  (
    await rows<{ activity_id: number | string }>(
      db(),
      sql`select activity_id from test_counted where consumer = ${name} order by activity_id`,
    )
  ).map((r) => Number(r.activity_id));
const position = (name: string) => countRows(db(), sql`select coalesce(max(handled), 0) as n from activity_consumers where name = ${name}`);
const total = () => countRows(db(), sql`select count(*) as n from activities`);

/** Waits until every row written so far is due: no transaction older than it is still running. */
const allDue = () =>
  eventually(
    () => countRows(db(), sql`select count(*) as n from activities where tx_id >= (pg_snapshot_xmin(pg_current_snapshot())::text)::bigint`),
    (n) => n === 0,
  );

/**
 * Runs a consumer until it has counted every row written so far. A row is due once no older
 * transaction is running anywhere on the server, and on PostgreSQL other test files share it.
 */
async function drain(consumer: ActivityConsumer, on: Db = db()) {
  const all = await total();
  await eventually(
    async () => {
      while ((await consumeBatch(on, consumer)) > 0);
      return position(consumer.name);
    },
    (n) => n >= all,
  );
}

describe('a one-statement consumer', () => {
  it('counts each row once, moves its position by the batch, and reports after each batch', async () => {
    await write(12, 'once');
    const heard: (number[] | null)[] = [];
    const consumer = countingConsumer('once', heard);
    await drain(consumer);
    const ids = await counted('once');
    expect(ids).toHaveLength(await total());
    expect(new Set(ids).size).toBe(ids.length);
    expect(await position('once')).toBe(ids.length);
    // Each batch's report names what that batch wrote, in stream order, at most a batch at a time.
    expect(heard.flatMap((h) => h ?? [])).toEqual(ids);
    expect(heard.every((h) => h !== null && h.length <= 5)).toBe(true);

    // Later rows continue from the position; nothing counted comes back.
    await write(3, 'once-later');
    await drain(consumer);
    expect(await counted('once')).toHaveLength(await total());
    expect(await consumeBatch(db(), consumer)).toBe(0);

    // A statement that took nothing (as when no row is due yet: a consumer's first batch skips the
    // check for due rows) reports nothing.
    const reports = heard.length;
    expect(await (consumer as { consume(db: Db, limit: number): Promise<number> }).consume(db(), 5)).toBe(0);
    expect(heard).toHaveLength(reports);
  });

  it('failing part-way through a batch writes nothing and keeps its position, then resumes from it', async () => {
    const consumer = countingConsumer('poisoned');
    await drain(consumer);
    const before = await position('poisoned');
    await write(4, 'poisoned');
    // The third new row fails the statement after the others of its batch are written.
    await db().execute(sql`insert into test_poison (activity_id) select id from activities order by id desc offset 1 limit 1`);
    await allDue();
    await expect(consumeBatch(db(), consumer)).rejects.toMatchObject({ cause: { message: expect.stringMatching(/division by zero/) } });
    expect(await position('poisoned')).toBe(before);
    expect(await counted('poisoned')).toHaveLength(before);

    await db().execute(sql`delete from test_poison`);
    await drain(consumer);
    const ids = await counted('poisoned');
    expect(ids).toHaveLength(await total());
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe.runIf(onPostgres())('a one-statement consumer on PostgreSQL with transactions in parallel', () => {
  let second: Database;
  let client: pg.Client;
  beforeAll(async () => {
    second = await openDatabase({ databaseUrl: fresh.url!, poolSize: 4 });
    client = new pg.Client({ connectionString: fresh.url });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
    await second?.close();
  });

  it('steps aside, writing nothing, while another process holds its position', async () => {
    const consumer = countingConsumer('held');
    await write(3, 'held');
    await drain(consumer);
    await write(2, 'held-more');
    const before = await position('held');
    // Once the new rows are due, take the position as another process's batch would.
    await allDue();
    await client.query('begin');
    try {
      await client.query(`select 1 from activity_consumers where name = 'held' for update`);
      expect(await consumeBatch(db(), consumer)).toBe(0);
      expect(await position('held')).toBe(before);
      expect(await counted('held')).toHaveLength(before);
    } finally {
      await client.query('commit');
    }
    await drain(consumer);
    expect(await counted('held')).toHaveLength(await total());
  });

  it('leaves a row alone while a transaction older than it may still commit', async () => {
    const consumer = countingConsumer('horizon');
    await drain(consumer);
    await client.query('begin');
    try {
      // An older transaction that has its id and has not committed yet.
      await client.query('select pg_current_xact_id()');
      await write(1, 'horizon-newer');
      const before = await position('horizon');
      expect(await consumeBatch(db(), consumer)).toBe(0);
      expect(await position('horizon')).toBe(before);
    } finally {
      await client.query('commit');
    }
    await drain(consumer);
    expect(await counted('horizon')).toHaveLength(await total());
  });

  it('counts each row once when two processes run it while players act', async () => {
    const a = countingConsumer('two-processes', [], 7);
    const b = countingConsumer('two-processes', [], 7);
    const writes = Array.from({ length: 4 }, (_, p) => write(25, `two-${p}`, second.db));
    const readers = (async () => {
      for (let i = 0; i < 30; i++) await Promise.all([consumeBatch(db(), a), consumeBatch(second.db, b)]);
    })();
    await Promise.all([...writes, readers]);
    await drain(a);
    const ids = await counted('two-processes');
    expect(ids).toHaveLength(await total());
    expect(new Set(ids).size).toBe(ids.length);
    expect(await position('two-processes')).toBe(ids.length);
  });
});
