import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { expForSpend } from '@store/shared/levels';
import { consumeBatch, type ActivityConsumer, type ActivityRow } from '../src/modules/activity/consumer-runner.ts';
import { recordActivity } from '../src/modules/activity/record-activity.ts';
import { openDatabase, type Database, type Tx } from '../src/db/client.ts';
import { api, catalogueByPrice, cheapestCase, countRows, fundedPlayer, giveItems, registerPlayer, nearestItem } from './helpers/factories.ts';
import { eventually } from './helpers/ws.ts';
import { createTestStore, onPostgres, type TestStore } from './helpers/test-app.ts';
import { killAtHalfway } from './helpers/server-process.ts';

let store: TestStore;
let catalogue: { key: string; price: number }[];
beforeAll(async () => {
  store = await createTestStore();
  catalogue = await catalogueByPrice(store.database.db);
});
afterAll(() => store.close());

const db = () => store.database.db;
const near = (price: number) => nearestItem(catalogue, price);

async function activitiesOf(userId: number) {
  const res = (await db().execute(
    sql`select kind, amount, won, count, ref from activities where user_id = ${userId} order by id`,
  )) as unknown as { rows: { kind: string; amount: number | string; won: number | string; count: number; ref: string }[] };
  return res.rows.map((r) => ({ kind: r.kind, amount: Number(r.amount), won: Number(r.won), count: Number(r.count), ref: r.ref }));
}

/** A consumer that records every row it is handed into a table whose key refuses a second handling. */
function recordingConsumer(name: string, opts: { batchSize?: number; failAt?: number } = {}): ActivityConsumer & { calls: number } {
  const consumer = {
    name,
    batchSize: opts.batchSize,
    calls: 0,
    async handle(tx: Tx, batch: readonly ActivityRow[]) {
      consumer.calls++;
      for (const [i, row] of batch.entries()) {
        await tx.execute(sql`insert into test_handled (consumer, activity_id) values (${name}, ${row.id})`);
        // A crash in the middle of a batch: some rows are already written when it stops.
        if (opts.failAt !== undefined && i === opts.failAt) throw new Error('killed mid-batch');
      }
    },
  };
  return consumer;
}

const handledBy = (name: string) => countRows(db(), sql`select count(*) as n from test_handled where consumer = ${name}`);
const handledIds = async (name: string) =>
  ((await db().execute(sql`select activity_id from test_handled where consumer = ${name} order by activity_id`)) as unknown as { rows: { activity_id: number | string }[] }).rows.map((r) =>
    Number(r.activity_id),
  );

/**
 * Waits until every activity written so far is due to consumers: a row is handed out only once no
 * transaction older than it is still running, and the store's own background jobs (scores, the
 * leaderboard close, reminders) run short transactions of their own at any moment.
 */
const allDue = () =>
  eventually(
    () => countRows(db(), sql`select count(*) as n from activities where tx_id >= (pg_snapshot_xmin(pg_current_snapshot())::text)::bigint`),
    (n) => n === 0,
  );

/** Runs a consumer until it reports nothing more to do. */
async function drain(consumer: ActivityConsumer) {
  await allDue();
  while ((await consumeBatch(db(), consumer)) > 0);
}

beforeAll(async () => {
  await db().execute(sql`create table if not exists test_handled (consumer text not null, activity_id bigint not null, primary key (consumer, activity_id))`);
});

/**
 * The player's experience once the consumer has counted at least `atLeast` (it runs a few times a
 * second and may count a player's games over more than one batch): the caller then checks it is
 * exactly what it should be, no more.
 */
const experienceOf = async (p: { token: string }, atLeast = 1) =>
  (await eventually(async () => (await api(store.app, 'GET', '/api/v1/users/me', { token: p.token })).body.data.levels, (l) => l.current_exp >= atLeast)).current_exp;

describe('every game action writes one activity in its own transaction', () => {
  it('a case opening: what was spent, what the drops are worth, how many, its batch', async () => {
    const c = await cheapestCase(store.app);
    const p = await fundedPlayer(store.app, db(), c.price * 3);
    const res = await api(store.app, 'POST', `/api/v1/cases/${c.slug}/open`, { token: p.token, body: { multi_open: 2 } });
    expect(res.status).toBe(200);
    const won = res.body.data.opens.reduce((s: number, o: any) => s + Math.round(o.item.price * 100), 0);
    const [row, ...rest] = await activitiesOf(p.userId);
    expect(rest).toEqual([]);
    expect(row).toMatchObject({ kind: 'case_open', amount: Math.round(c.price * 100) * 2, won, count: 2 });
    expect(row!.ref).toMatch(/^case_open:/);
  });

  it('a refused opening writes none', async () => {
    const c = await cheapestCase(store.app);
    const p = await registerPlayer(store.app);
    const res = await api(store.app, 'POST', `/api/v1/cases/${c.slug}/open`, { token: p.token, body: { multi_open: 1 } });
    expect(res.body.code).toBe('balance_error');
    expect(await activitiesOf(p.userId)).toEqual([]);
  });

  it('an upgrade, a contract and a sale', async () => {
    const p = await registerPlayer(store.app);
    const staked = await giveItems(db(), p.userId, [near(1000), near(2000)]);
    const target = near(10_000);
    const up = await api(store.app, 'POST', '/api/v1/upgrades/upgrade-items', {
      token: p.token,
      body: { user_item_ids: staked.map((i) => i.id), target_item_id: target.key, reversed: false },
    });
    expect(up.status).toBe(200);
    const stake = staked[0]!.price + staked[1]!.price;

    const three = await giveItems(db(), p.userId, [near(1000), near(2000), near(3000)]);
    const contract = await api(store.app, 'POST', '/api/v1/contracts/sign', { token: p.token, body: { user_item_ids: three.map((i) => i.id) } });
    expect(contract.status).toBe(200);
    const contractPrice = Math.round(contract.body.data.item.price * 100);

    const [toSell] = await giveItems(db(), p.userId, [near(500)]);
    const sale = await api(store.app, 'POST', '/api/v1/inventory/sell', { token: p.token, body: { id: toSell!.id } });
    expect(sale.status).toBe(200);

    expect(await activitiesOf(p.userId)).toEqual([
      { kind: 'upgrade', amount: stake, won: up.body.data.success ? target.price : 0, count: 2, ref: `upgrade:${up.body.data.id}` },
      { kind: 'contract', amount: three.reduce((s, i) => s + i.price, 0), won: contractPrice, count: 3, ref: `contract:${contract.body.data.id}` },
      { kind: 'sale', amount: 0, won: toSell!.price, count: 1, ref: `sale:${toSell!.id}` },
    ]);
    // The experience consumer credits what each game spent, one rule for all, and nothing for the sale.
    const expected = expForSpend(stake) + expForSpend(three.reduce((s, i) => s + i.price, 0));
    expect(await experienceOf(p, expected)).toBe(expected);
  });

  it('an offer bought: its price, the bundled drops and how many cases it opened', async () => {
    const shop = await api(store.app, 'GET', '/api/v1/offers', { lang: 'en' });
    const starter = shop.body.data.find((o: any) => o.name === 'starter-pack');
    const p = await fundedPlayer(store.app, db(), starter.price + 1);
    const bought = await api(store.app, 'POST', `/api/v1/offers/${starter.id}/buy`, { token: p.token });
    expect(bought.status).toBe(200);
    const won = bought.body.data.items.reduce((s: number, i: any) => s + Math.round(i.price * 100), 0);
    const rows = await activitiesOf(p.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'offer_purchase', amount: Math.round(starter.price * 100), won, count: bought.body.data.items.length });
    expect(await experienceOf(p)).toBe(expForSpend(Math.round(starter.price * 100)));
  });
});

describe('consumers', () => {
  it('never see an activity whose action rolled back', async () => {
    const p = await registerPlayer(store.app);
    await db()
      .transaction(async (tx) => {
        await recordActivity(tx, { kind: 'sale', userId: p.userId, won: 1, ref: 'rolled-back' });
        throw new Error('the action failed after writing its activity');
      })
      .catch(() => undefined);
    await db().transaction((tx) => recordActivity(tx, { kind: 'sale', userId: p.userId, won: 2, ref: 'committed' }));
    const consumer = recordingConsumer('rollback-check');
    await drain(consumer);
    const seen = await db().execute(sql`select a.ref from test_handled h join activities a on a.id = h.activity_id where h.consumer = 'rollback-check' and a.user_id = ${p.userId}`);
    expect((seen as unknown as { rows: { ref: string }[] }).rows.map((r) => r.ref)).toEqual(['committed']);
  });

  it('killed in the middle of a batch, resume without skipping or repeating a row', async () => {
    const p = await registerPlayer(store.app);
    for (let i = 0; i < 7; i++) await recordActivity(db(), { kind: 'sale', userId: p.userId, won: i, ref: `resume-${i}` });
    const total = await countRows(db(), sql`select count(*) as n from activities`);

    // Dies on the third row of its first batch: the rows it wrote and its position roll back together.
    const dying = recordingConsumer('resume-check', { batchSize: 5, failAt: 2 });
    await allDue();
    await expect(consumeBatch(db(), dying)).rejects.toThrow('killed mid-batch');
    expect(await handledBy('resume-check')).toBe(0);
    expect(await countRows(db(), sql`select coalesce(max(handled), 0) as n from activity_consumers where name = 'resume-check'`)).toBe(0);

    const healthy = recordingConsumer('resume-check', { batchSize: 5 });
    await drain(healthy);
    expect(await handledBy('resume-check')).toBe(total);
    const ids = await handledIds('resume-check');
    expect(new Set(ids).size).toBe(ids.length);
    expect(await countRows(db(), sql`select handled as n from activity_consumers where name = 'resume-check'`)).toBe(total);

    // Later rows continue from there, and nothing already handled comes back.
    await recordActivity(db(), { kind: 'sale', userId: p.userId, won: 99, ref: 'resume-later' });
    await drain(healthy);
    expect(await handledBy('resume-check')).toBe(total + 1);
  });

  it('are run by the store in the background after a game commits', async () => {
    const consumer = recordingConsumer('runner-check');
    store.app.deps.activity.register(consumer);
    const c = await cheapestCase(store.app);
    const p = await fundedPlayer(store.app, db(), c.price);
    expect((await api(store.app, 'POST', `/api/v1/cases/${c.slug}/open`, { token: p.token, body: { multi_open: 1 } })).status).toBe(200);
    const [opening] = await db().execute(sql`select id from activities where user_id = ${p.userId}`).then((r) => (r as unknown as { rows: { id: number | string }[] }).rows);
    await eventually(
      () => handledIds('runner-check'),
      (ids) => ids.includes(Number(opening!.id)),
    );
  });
});

describe.runIf(onPostgres())('consumers on PostgreSQL with transactions in parallel', () => {
  let second: Database;
  beforeAll(async () => {
    second = await openDatabase({ databaseUrl: store.databaseUrl!, poolSize: 4 });
  });
  afterAll(() => second?.close());

  it('do not pass over a row that commits after a later one was handled', async () => {
    const p = await registerPlayer(store.app);
    const consumer = recordingConsumer('late-commit');
    await drain(consumer);
    const before = await handledBy('late-commit');

    // T2 takes its transaction id first; T1 takes a later one but the lower activity id, and
    // commits last. Ordered by id alone, a reader would pass over T1's row for ever.
    const t2 = new pg.Client({ connectionString: store.databaseUrl });
    const t1 = new pg.Client({ connectionString: store.databaseUrl });
    await Promise.all([t1.connect(), t2.connect()]);
    try {
      await t2.query('begin');
      await t2.query('select pg_current_xact_id()');
      await t1.query('begin');
      await t1.query('select pg_current_xact_id()');
      const low = await t1.query(`insert into activities (kind, user_id, won, ref) values ('sale', $1, 1, 'late-low') returning id`, [p.userId]);
      const high = await t2.query(`insert into activities (kind, user_id, won, ref) values ('sale', $1, 2, 'late-high') returning id`, [p.userId]);
      expect(Number(low.rows[0].id)).toBeLessThan(Number(high.rows[0].id));
      await t2.query('commit');
      await drain(consumer);
      await t1.query('commit');
      await drain(consumer);
      const ids = await handledIds('late-commit');
      expect(ids).toEqual(expect.arrayContaining([Number(low.rows[0].id), Number(high.rows[0].id)]));
      expect(new Set(ids).size).toBe(ids.length);
      expect(await handledBy('late-commit')).toBe(before + 2);
    } finally {
      await Promise.all([t1.end(), t2.end()]);
    }
  });

  it('killed with SIGKILL in the middle of a batch, resume without skipping or repeating a row', async () => {
    const p = await registerPlayer(store.app);
    for (let i = 0; i < 8; i++) await recordActivity(db(), { kind: 'sale', userId: p.userId, won: i, ref: `kill-${i}` });
    await allDue();
    await killAtHalfway('activity-consumer-child.ts', [store.databaseUrl!, 'kill-check'], 'the consumer process');

    // What the dead process wrote died with its transaction; the position did not move.
    await eventually(() => handledBy('kill-check'), (n) => n === 0);
    const consumer = recordingConsumer('kill-check', { batchSize: 6 });
    // Its lock goes with its connection: the next run takes the consumer over.
    await eventually(
      async () => (await consumeBatch(db(), consumer)) > 0 || (await handledBy('kill-check')) > 0,
      (took) => took,
    );
    await drain(consumer);
    const total = await countRows(db(), sql`select count(*) as n from activities`);
    const ids = await handledIds('kill-check');
    expect(ids).toHaveLength(total);
    expect(new Set(ids).size).toBe(total);
  });

  it('handle each row once when two processes run the same consumer while players act', async () => {
    const players = await Promise.all(Array.from({ length: 4 }, () => registerPlayer(store.app)));
    const consumerA = recordingConsumer('two-runners', { batchSize: 7 });
    const consumerB = recordingConsumer('two-runners', { batchSize: 7 });
    const writes = players.flatMap((p) =>
      Array.from({ length: 25 }, (_, i) => second.db.transaction((tx) => recordActivity(tx, { kind: 'sale', userId: p.userId, won: i, ref: `two-${i}` }))),
    );
    const readers = (async () => {
      for (let i = 0; i < 30; i++) await Promise.all([consumeBatch(db(), consumerA), consumeBatch(second.db, consumerB)]);
    })();
    await Promise.all([...writes, readers]);
    await drain(consumerA);
    const total = await countRows(db(), sql`select count(*) as n from activities`);
    const ids = await handledIds('two-runners');
    expect(ids).toHaveLength(total);
    expect(new Set(ids).size).toBe(total);
  });
});
