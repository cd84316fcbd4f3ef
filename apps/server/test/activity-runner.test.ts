import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../src/db/client.ts';
import { rows } from '../src/db/rows.ts';
import { ActivityRunner, consumeBatch, type ActivityConsumer, type ActivityRow } from '../src/modules/activity/consumer-runner.ts';
import { recordActivity } from '../src/modules/activity/record-activity.ts';
import { countRows } from './helpers/factories.ts';
import { eventually } from './helpers/ws.ts';
import { freshDatabase } from './helpers/test-app.ts';

// What the background runner of the activity stream costs the database while nothing happens: a
// store sits idle most of the day, and every statement of an idle pass is paid twice a second.

let fresh: Awaited<ReturnType<typeof freshDatabase>>;
const db = () => fresh.database.db;
let userId: number;

beforeAll(async () => {
  fresh = await freshDatabase();
  await db().execute(sql`create table test_runner_handled (consumer text not null, activity_id bigint not null, primary key (consumer, activity_id))`);
  const [user] = await rows<{ id: number }>(db(), sql`insert into users (login, nickname) values ('idle-reader', 'idle-reader') returning id`);
  userId = user!.id;
});
afterAll(async () => {
  await fresh.database.close();
  await fresh.drop();
});

/** The database with a count of every statement started on it (a transaction counts as one). */
function counted(inner: Db) {
  const seen = { statements: 0 };
  const entry = new Set(['select', 'insert', 'update', 'delete', 'execute', 'transaction']);
  const proxy = new Proxy(inner, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver) as unknown;
      if (typeof prop === 'string' && entry.has(prop) && typeof value === 'function') {
        return (...args: unknown[]) => {
          seen.statements++;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      }
      return value;
    },
  });
  return { db: proxy, seen };
}

const recording = (name: string): ActivityConsumer => ({
  name,
  async handle(tx: Tx, batch: readonly ActivityRow[]) {
    for (const row of batch) await tx.execute(sql`insert into test_runner_handled (consumer, activity_id) values (${name}, ${row.id})`);
  },
});

const allDue = () =>
  eventually(
    () => countRows(db(), sql`select count(*) as n from activities where tx_id >= (pg_snapshot_xmin(pg_current_snapshot())::text)::bigint`),
    (n) => n === 0,
  );

describe('the activity runner on a quiet stream', () => {
  it('costs one statement a pass however many consumers it runs, and still hands a new row to each', async () => {
    const names = ['quiet-a', 'quiet-b', 'quiet-c', 'quiet-d', 'quiet-e'];
    await db().transaction((tx) => recordActivity(tx, { kind: 'sale', userId, won: 1, ref: 'before-the-runner' }));
    await allDue();
    // Every consumer has read the stream to its end.
    for (const name of names) while ((await consumeBatch(db(), recording(name))) > 0);

    const { db: watched, seen } = counted(db());
    const log = { error: () => undefined } as unknown as FastifyBaseLogger;
    // One pass on start, the next only when woken: the poll is far away.
    const runner = new ActivityRunner({ db: watched, log, pollMs: 600_000 });
    for (const name of names) runner.register(recording(name));
    runner.start();
    await eventually(async () => seen.statements, (n) => n > 0);
    await runner.settled();
    expect(seen.statements, 'statements of one idle pass over five caught-up consumers').toBe(1);

    // Something happens: the next pass hands the row to every consumer.
    await db().transaction((tx) => recordActivity(tx, { kind: 'sale', userId, won: 2, ref: 'after-the-runner' }));
    const [row] = await rows<{ id: number | string }>(db(), sql`select id from activities where ref = 'after-the-runner'`);
    await allDue();
    runner.wake();
    await eventually(
      () => countRows(db(), sql`select count(*) as n from test_runner_handled where activity_id = ${Number(row!.id)}`),
      (n) => n === names.length,
    );
    await runner.close();
  });
});

describe('a reader of some kinds only', () => {
  it('is handed just those rows and moves past the rest, each once', async () => {
    const seen: { kind: string; ref: string }[] = [];
    const deposits: ActivityConsumer = {
      name: 'deposits-only',
      kinds: ['deposit'],
      batchSize: 3,
      async handle(_tx, batch) {
        seen.push(...batch.map((row) => ({ kind: row.kind, ref: row.ref })));
      },
    };
    // Where the stream ends now: the reader starts from here.
    while ((await consumeBatch(db(), deposits)) > 0);
    seen.length = 0;
    const kinds = ['case_open', 'deposit', 'sale', 'case_open', 'case_open', 'deposit', 'upgrade', 'deposit'] as const;
    for (const [i, kind] of kinds.entries()) await db().transaction((tx) => recordActivity(tx, { kind, userId, amount: 100 + i, ref: `kinds-${i}` }));
    await allDue();
    // Windows of three rows: 3 + 3 + 2, and one more that finds nothing.
    const windows: number[] = [];
    for (let n = await consumeBatch(db(), deposits); n > 0; n = await consumeBatch(db(), deposits)) windows.push(n);
    expect(windows).toEqual([3, 3, 2]);
    expect(seen).toEqual([
      { kind: 'deposit', ref: 'kinds-1' },
      { kind: 'deposit', ref: 'kinds-5' },
      { kind: 'deposit', ref: 'kinds-7' },
    ]);
    const [position] = await rows<{ last_id: number | string }>(db(), sql`select last_id from activity_consumers where name = 'deposits-only'`);
    const [newest] = await rows<{ id: number | string }>(db(), sql`select max(id) as id from activities`);
    expect(Number(position!.last_id)).toBe(Number(newest!.id));
  });
});
