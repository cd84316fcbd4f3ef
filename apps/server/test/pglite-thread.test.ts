import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Worker } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase, type Database } from '../src/db/client.ts';
import { PgliteThread } from '../src/db/pglite-thread.ts';

/**
 * The embedded database runs on its own thread, and every caller shares its one PostgreSQL
 * session; these are the promises the rest of the server relies on.
 */
let database: Database;
beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
  await database.db.execute(sql`create table t (k text primary key, n integer not null)`);
  await database.db.execute(sql`insert into t values ('a', 0)`);
});
afterAll(() => database.close());

const read = async () => ((await database.db.execute(sql`select n from t where k = 'a'`)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('PGlite on its own thread', () => {
  it('runs no outside statement inside an open transaction: a reader waits and then sees the commit', async () => {
    const order: string[] = [];
    let readValue = -1;
    const tx = database.db.transaction(async (t) => {
      await t.execute(sql`update t set n = 1 where k = 'a'`);
      order.push('tx updated');
      // A reader arrives while the transaction is still open.
      const reader = read().then((n) => {
        readValue = n;
        order.push('reader');
      });
      await pause(50);
      await t.execute(sql`update t set n = 2 where k = 'a'`);
      order.push('tx done');
      // Handed out in an object: returning the promise itself would make the commit wait for it.
      return { reader };
    });
    // The reader started inside the callback and must not finish before the commit.
    await (await tx).reader;
    expect(order).toEqual(['tx updated', 'tx done', 'reader']);
    expect(readValue).toBe(2);
  });

  it('rolls back everything a failing transaction did, and the session stays usable', async () => {
    const before = await read();
    await expect(
      database.db.transaction(async (t) => {
        await t.execute(sql`update t set n = 100 where k = 'a'`);
        await t.execute(sql`insert into t values ('a', 5)`);
      }),
    ).rejects.toThrow();
    expect(await read()).toBe(before);
    await database.db.execute(sql`update t set n = n + 1 where k = 'a'`);
    expect(await read()).toBe(before + 1);
  });

  it('hands PostgreSQL error fields to the caller (code and constraint)', async () => {
    const err = await database.db.execute(sql`insert into t values ('a', 9)`).catch((e: unknown) => e);
    const cause = (err as { cause?: Record<string, unknown> }).cause ?? (err as Record<string, unknown>);
    expect(cause.code).toBe('23505');
    expect(cause.constraint).toBe('t_pkey');
  });

  it('keeps many concurrent transactions apart: increments from 50 callers all land', async () => {
    const before = await read();
    await Promise.all(
      Array.from({ length: 50 }, () =>
        database.db.transaction(async (t) => {
          const rows = ((await t.execute(sql`select n from t where k = 'a'`)) as unknown as { rows: { n: number }[] }).rows;
          await pause(1);
          await t.execute(sql`update t set n = ${rows[0]!.n + 1} where k = 'a'`);
        }),
      ),
    );
    expect(await read()).toBe(before + 50);
  });

  it('nests savepoints: an inner failure undoes only the inner part', async () => {
    const before = await read();
    await database.db.transaction(async (t) => {
      await t.execute(sql`update t set n = n + 10 where k = 'a'`);
      await t.transaction(async (inner) => {
        await inner.execute(sql`update t set n = n + 1000 where k = 'a'`);
        throw new Error('inner fails');
      }).catch(() => undefined);
    });
    expect(await read()).toBe(before + 10);
  });
});

describe('a closed database thread', () => {
  it('refuses calls with an error instead of leaving them waiting', async () => {
    const other = await openDatabase({ dataDir: 'memory://' });
    await other.close();
    const err = await other.db.execute(sql`select 1`).catch((e: unknown) => e);
    expect(String((err as { cause?: unknown }).cause)).toMatch(/database thread is closed/);
  });
});

describe('a database thread that dies', () => {
  it('fails the waiting and later calls and tells its owner, once', async () => {
    const lost: string[] = [];
    const thread = await PgliteThread.start(
      { dataDir: 'memory://', startParams: [...PGlite.defaultStartParams] },
      (err) => lost.push(err.message),
    );
    expect((await thread.query<{ n: number }>('select 1 as n')).rows[0]!.n).toBe(1);
    // What a crash of the thread looks like from here (the handle keeps the worker private).
    const waiting = thread.query('select pg_sleep(0.2)');
    await (thread as unknown as { worker: Worker }).worker.terminate();
    await expect(waiting).rejects.toThrow(/database thread exited/);
    await expect(thread.query('select 1')).rejects.toThrow(/database thread exited/);
    expect(lost).toEqual([expect.stringMatching(/database thread exited/)]);
  });

  it('refuses a statement of a transaction that has already ended', async () => {
    const thread = await PgliteThread.start({ dataDir: 'memory://', startParams: [...PGlite.defaultStartParams] });
    let leaked: { query(sql: string): Promise<unknown> } | undefined;
    await thread.transaction(async (tx) => {
      leaked = tx;
      await tx.query('select 1');
    });
    await expect(leaked!.query('select 1')).rejects.toThrow(/transaction is closed/);
    await thread.close();
  });

  it('is not reported lost when it is closed', async () => {
    const lost: Error[] = [];
    const thread = await PgliteThread.start({ dataDir: 'memory://', startParams: [...PGlite.defaultStartParams] }, (err) => lost.push(err));
    await thread.close();
    expect(lost).toEqual([]);
  });
});
