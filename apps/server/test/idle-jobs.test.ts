import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../src/db/client.ts';
import type { Catalogue } from '../src/modules/catalogue/catalogue.ts';
import { BattleRunner } from '../src/modules/battles/round-runner.ts';
import type { SkinVendor } from '../src/modules/withdrawals/vendor.ts';
import { WithdrawalWorker } from '../src/modules/withdrawals/withdrawal-worker.ts';
import { systemClock } from '../src/platform/clock.ts';
import { freshDatabase } from './helpers/test-app.ts';
import { eventually } from './helpers/ws.ts';

// A quiet store's background jobs look often and cheaply: a look that finds nothing due reads an
// index and writes nothing, so an idle store (most of a small store's day) costs its database and
// processor next to nothing. These tests watch what the jobs send while nothing is due.

const quiet = { error() {}, warn() {}, info() {}, debug() {} } as unknown as FastifyBaseLogger;
const dialect = new PgDialect();

let fresh: { database: Database; drop(): Promise<void> };
beforeAll(async () => {
  fresh = await freshDatabase();
});
afterAll(async () => {
  await fresh.database.close();
  await fresh.drop();
});

/** The database as a job sees it, writing down each statement it sends and each transaction it opens. */
function watched(db: Db, sent: string[]): Db {
  return new Proxy(db, {
    get(target, key, receiver) {
      if (key === 'execute') return (query: SQL) => (sent.push(dialect.sqlToQuery(query).sql.trim()), target.execute(query));
      if (key === 'transaction' || key === 'update' || key === 'insert' || key === 'delete') sent.push(`(${String(key)})`);
      if (key === 'select') sent.push('(select)');
      const value = Reflect.get(target, key, receiver) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

const writes = (sent: string[]) => sent.filter((s) => /^(update|insert|delete)\b/i.test(s) || ['(transaction)', '(update)', '(insert)', '(delete)'].includes(s));

describe('an idle store', () => {
  it('has its withdrawal worker look for due withdrawals without writing while none is under way', async () => {
    const sent: string[] = [];
    // The marketplace is never asked: nothing is due.
    const vendor = new Proxy({}, { get: () => () => Promise.reject(new Error('the marketplace was asked with nothing due')) }) as unknown as SkinVendor;
    const worker = new WithdrawalWorker({ db: watched(fresh.database.db, sent), vendor, clock: systemClock, log: quiet, pollMs: 20 });
    worker.start();
    try {
      await eventually(async () => sent.length, (n) => n >= 5);
    } finally {
      await worker.close();
    }
    expect(writes(sent), 'statements that write').toEqual([]);
    expect(sent.every((s) => /^select\b/i.test(s)), sent.join('\n')).toBe(true);
  });

  it('has its battle runner look for due rounds without opening a transaction while no battle is started', async () => {
    const sent: string[] = [];
    const revealed: unknown[] = [];
    const runner = new BattleRunner({ db: watched(fresh.database.db, sent), catalogue: {} as Catalogue, roundMs: 1000, log: quiet, onRevealed: (r) => revealed.push(...r) });
    runner.start();
    try {
      // The first pass comes at once; a second one a poll later.
      await eventually(async () => sent.length, (n) => n >= 2);
    } finally {
      await runner.close();
    }
    expect(writes(sent), 'transactions and writes').toEqual([]);
    expect(revealed).toEqual([]);
  });
});
