import { CONTRACTS_LIVE_CHANNEL, LIVE_DROPS_CHANNEL, UPGRADES_LIVE_CHANNEL } from '@store/shared/channels';
import { revealDelayMs } from '@store/shared/reveal';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, catalogueByPrice, cheapestCase, fundedPlayer, giveItems, nearestItem, registerPlayer } from './helpers/factories.ts';
import { createTestStore, type TestStore } from './helpers/test-app.ts';

// An outcome reaches the live feeds, and everyone's lists, only when the player's animation has
// ended: nobody watching learns a result before the player does. The store runs at the real pace
// here (the suite's others run at 0). Every wait is on a clock the test moves, never on how fast
// this machine happens to be: the live events wait on timers (faked here), the lists compare the
// outcome's moment in the database with the database's now (the test moves the moment).
let store: TestStore;
let catalogue: { key: string; price: number }[];
let cheap: Awaited<ReturnType<typeof cheapestCase>>;
beforeAll(async () => {
  store = await createTestStore({ REVEAL_TIME_SCALE: '1', BACKGROUND_JOBS: 'off' });
  catalogue = await catalogueByPrice(store.database.db);
  cheap = await cheapestCase(store.app);
});
afterAll(() => store.close());
afterEach(() => vi.useRealTimers());
const db = () => store.database.db;

/** Far longer than any animation: an outcome made this long before its end is still playing, whatever the machine. */
const A_MINUTE = 60_000;

/**
 * Timers stand still from here until the test moves them; the database, the bus and the requests
 * run as ever. Returns what moves them, letting every callback due meanwhile run.
 */
function stillTimers() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  return (ms: number) => vi.advanceTimersByTimeAsync(ms);
}

/** Waits, without any timer, until `check` holds (a message crossing Redis), or fails after 10 s. */
async function until(check: () => boolean) {
  const deadline = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * The outcomes published on `channel`. `sofar()` sends a marker of its own after them and reads
 * once the marker is back: the bus keeps order, so anything published before it has arrived by
 * then, over Redis as in process.
 */
function hear(channel: string) {
  const heard: number[] = [];
  const markers: number[] = [];
  const stopOutcomes = store.app.deps.bus.listen((m) => m.channel === channel && heard.push((m.data as { id: number }).id));
  const stopMarkers = store.app.deps.bus.listen((m) => m.channel === 'test#marker' && markers.push((m.data as { n: number }).n));
  return {
    async sofar() {
      const n = markers.length + 1;
      store.app.deps.bus.publish('test#marker', 'marker', { n });
      await until(() => markers.includes(n));
      return [...heard];
    },
    stop() {
      stopOutcomes();
      stopMarkers();
    },
  };
}

type OutcomeTable = 'case_opens' | 'inventory_items' | 'upgrades' | 'contracts';
/** Sets when an outcome was made: `ms` after the database's now (negative: before it). */
async function madeAt(table: OutcomeTable, id: number, ms: number) {
  const moved = (await db().execute(
    sql`update ${sql.raw(table)} set created_at = now() + ${ms} * interval '1 millisecond' where id = ${id} returning id`,
  )) as unknown as { rows: unknown[] };
  expect(moved.rows, `${table} ${id}`).toHaveLength(1);
}

/**
 * `read` leaves the outcome out while its animation plays, and lists it once the animation has
 * had its time since the outcome was made: checked a minute before the end and just after it.
 */
async function listedOnlyOnceShown(table: OutcomeTable, id: number, delayMs: number, reads: (() => Promise<number[]>)[]) {
  await madeAt(table, id, A_MINUTE - delayMs);
  for (const read of reads) expect(await read()).not.toContain(id);
  await madeAt(table, id, -delayMs - 1);
  for (const read of reads) expect(await read()).toContain(id);
}

describe('an outcome waits for its animation', () => {
  it('holds the live events and the lists for the shared rule\'s times, the ones the pages play', () => {
    // The lists below are checked a minute before an outcome's end and just after it; this pins
    // the wait in between to the animation's own, the same the live events are held for.
    const kinds = [['case', false], ['case', true], ['upgrade', false], ['contract', false]] as const;
    expect(kinds.map(([kind, fast]) => store.app.deps.reveals.delayMs(kind, fast))).toEqual(kinds.map(([kind, fast]) => revealDelayMs(kind, fast)));
  });

  it("a case's drops reach the ribbon when the roulette stops, sooner with the fast roulette, and the recent list waits as long", async () => {
    const slow = await fundedPlayer(store.app, db(), cheap.price);
    const quick = await fundedPlayer(store.app, db(), cheap.price);
    const ribbon = hear(LIVE_DROPS_CHANNEL);
    try {
      const move = stillTimers();
      const [normal, fast] = await Promise.all([
        api(store.app, 'POST', `/api/v1/cases/${cheap.slug}/open`, { token: slow.token, body: { multi_open: 1 } }),
        api(store.app, 'POST', `/api/v1/cases/${cheap.slug}/open`, { token: quick.token, body: { multi_open: 1, fast: true } }),
      ]);
      expect([normal.status, fast.status]).toEqual([200, 200]);
      const normalId = normal.body.data.opens[0].id as number;
      const fastId = fast.body.data.opens[0].id as number;

      // Answered, and both roulettes are running: the ribbon has neither drop.
      expect(await ribbon.sofar()).toEqual([]);
      // The fast roulette's drop, on the millisecond its roulette (and margin) ends...
      await move(revealDelayMs('case', true) - 1);
      expect(await ribbon.sofar()).toEqual([]);
      await move(1);
      expect(await ribbon.sofar()).toEqual([fastId]);
      // ...and the normal one's on the millisecond its own ends, though both were opened together.
      await move(revealDelayMs('case') - revealDelayMs('case', true) - 1);
      expect(await ribbon.sofar()).toEqual([fastId]);
      await move(1);
      expect(await ribbon.sofar()).toEqual([fastId, normalId]);

      // The list a page loads waits as long after the opening.
      const listed = async () => (await api(store.app, 'POST', '/api/v1/live_drop', { body: {} })).body.data.map((d: any) => d.id) as number[];
      await listedOnlyOnceShown('case_opens', normalId, revealDelayMs('case'), [listed]);
    } finally {
      ribbon.stop();
    }
  });

  it("a prize shows on the player's public inventory, and in their upgrade counts, only when its animation has ended", async () => {
    const p = await fundedPlayer(store.app, db(), cheap.price);
    const onlooker = await registerPlayer(store.app);
    const opened = await api(store.app, 'POST', `/api/v1/cases/${cheap.slug}/open`, { token: p.token, body: { multi_open: 1 } });
    expect(opened.status).toBe(200);
    const itemId = opened.body.data.opens[0].item.id as number;
    const seenBy = (viewer: { token: string } | null) => async () =>
      (await api(store.app, 'GET', `/api/v1/inventory/get?user_id=${p.userId}`, { token: viewer?.token })).body.data.items.map((i: any) => i.id) as number[];
    // The owner's own inventory has it at once: their page asks again only when the wheel stops.
    await madeAt('inventory_items', itemId, A_MINUTE - revealDelayMs('case'));
    expect(await seenBy(p)()).toContain(itemId);
    await listedOnlyOnceShown('inventory_items', itemId, revealDelayMs('case'), [seenBy(onlooker), seenBy(null)]);

    // The won item goes on the wheel: another player's view of the counts waits for the wheel.
    // Three times the won item's price (the catalogue is in minor units).
    const target = nearestItem(catalogue, Math.round(opened.body.data.opens[0].item.price * 300));
    const counted = (viewer: { token: string } | null) => async () =>
      (await api(store.app, 'GET', `/api/v1/upgrades/statistic?scope=all&user_id=${p.userId}`, { token: viewer?.token })).body.data.count as number;
    const upgraded = await api(store.app, 'POST', '/api/v1/upgrades/upgrade-items', { token: p.token, body: { user_item_ids: [itemId], target_item_id: target.key, reversed: false } });
    expect(upgraded.status, JSON.stringify(upgraded.body)).toBe(200);
    const upgradeId = upgraded.body.data.id as number;
    await madeAt('upgrades', upgradeId, A_MINUTE - revealDelayMs('upgrade'));
    expect([await counted(onlooker)(), await counted(null)(), await counted(p)()]).toEqual([0, 0, 1]);
    await madeAt('upgrades', upgradeId, -revealDelayMs('upgrade') - 1);
    expect([await counted(onlooker)(), await counted(null)(), await counted(p)()]).toEqual([1, 1, 1]);
  });

  it("an upgrade reaches the feed and everyone's list when the wheel stops; the player's own history has it at once", async () => {
    const p = await registerPlayer(store.app);
    const [staked] = await giveItems(db(), p.userId, [nearestItem(catalogue, 1000)]);
    const target = nearestItem(catalogue, staked!.price * 2);
    const feed = hear(UPGRADES_LIVE_CHANNEL);
    try {
      const move = stillTimers();
      const res = await api(store.app, 'POST', '/api/v1/upgrades/upgrade-items', { token: p.token, body: { user_item_ids: [staked!.id], target_item_id: target.key, reversed: false } });
      expect(res.status).toBe(200);
      const id = res.body.data.id as number;
      const mine = async () => (await api(store.app, 'GET', '/api/v1/upgrades?scope=mine', { token: p.token })).body.data.items.map((u: any) => u.id) as number[];
      expect(await mine()).toContain(id);

      expect(await feed.sofar()).toEqual([]);
      await move(revealDelayMs('upgrade') - 1);
      expect(await feed.sofar()).toEqual([]);
      await move(1);
      expect(await feed.sofar()).toEqual([id]);

      const everyone = async () => (await api(store.app, 'GET', '/api/v1/upgrades?scope=all')).body.data.items.map((u: any) => u.id) as number[];
      await listedOnlyOnceShown('upgrades', id, revealDelayMs('upgrade'), [everyone]);
    } finally {
      feed.stop();
    }
  });

  it('a contract reaches the feed and everyone’s list once its signing has played', async () => {
    const p = await registerPlayer(store.app);
    const items = await giveItems(db(), p.userId, [nearestItem(catalogue, 500), nearestItem(catalogue, 800), nearestItem(catalogue, 1200)]);
    const feed = hear(CONTRACTS_LIVE_CHANNEL);
    try {
      const move = stillTimers();
      const res = await api(store.app, 'POST', '/api/v1/contracts/sign', { token: p.token, body: { user_item_ids: items.map((i) => i.id) } });
      expect(res.status).toBe(200);
      const id = res.body.data.id as number;
      expect((await api(store.app, 'GET', '/api/v1/contracts?scope=mine', { token: p.token })).body.data.items.map((c: any) => c.id)).toContain(id);

      expect(await feed.sofar()).toEqual([]);
      await move(revealDelayMs('contract') - 1);
      expect(await feed.sofar()).toEqual([]);
      await move(1);
      expect(await feed.sofar()).toEqual([id]);

      const everyone = async () => (await api(store.app, 'GET', '/api/v1/contracts?scope=all')).body.data.items.map((c: any) => c.id) as number[];
      await listedOnlyOnceShown('contracts', id, revealDelayMs('contract'), [everyone]);
    } finally {
      feed.stop();
    }
  });
});
