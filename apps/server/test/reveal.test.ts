import { CONTRACTS_LIVE_CHANNEL, LIVE_DROPS_CHANNEL, UPGRADES_LIVE_CHANNEL } from '@store/shared/channels';
import { revealDelayMs } from '@store/shared/reveal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, catalogueByPrice, cheapestCase, fundedPlayer, giveItems, nearestItem, registerPlayer } from './helpers/factories.ts';
import { createTestStore, type TestStore } from './helpers/test-app.ts';
import { eventually, waitFor } from './helpers/ws.ts';

// Issue 20 (1): an outcome reaches the live feeds, and everyone's lists, only when the player's
// animation has ended. The store runs at the real pace here (the suite's others run at 0).
let store: TestStore;
let catalogue: { key: string; price: number }[];
let cheap: Awaited<ReturnType<typeof cheapestCase>>;
beforeAll(async () => {
  store = await createTestStore({ REVEAL_TIME_SCALE: '1', BACKGROUND_JOBS: 'off' });
  catalogue = await catalogueByPrice(store.database.db);
  cheap = await cheapestCase(store.app);
});
afterAll(() => store.close());
const db = () => store.database.db;

/**
 * Whether an outcome answered after `started` is left out of a list read by `read`: asked only
 * while its animation could still be running when the answer came back (a machine slow enough to
 * take the whole animation over one call has nothing left to check).
 */
async function leftOutWhileRunning(read: () => Promise<number[]>, id: number, started: number, delayMs: number) {
  const ids = await read();
  if (Date.now() - started < delayMs) expect(ids).not.toContain(id);
}

/** What the bus carries on `channel` from now on, each with the moment it arrived. */
function hear(channel: string) {
  const heard: { event: string; data: any; at: number }[] = [];
  const stop = store.app.deps.bus.listen((m) => m.channel === channel && heard.push({ event: m.event, data: m.data, at: Date.now() }));
  return { heard, stop };
}

describe('an outcome waits for its animation', () => {
  it("a case's drops reach the ribbon when the roulette stops, sooner with the fast roulette, and the recent list waits as long", async () => {
    const slow = await fundedPlayer(store.app, db(), cheap.price);
    const quick = await fundedPlayer(store.app, db(), cheap.price);
    const { heard, stop } = hear(LIVE_DROPS_CHANNEL);
    try {
      const started = Date.now();
      const [normal, fast] = await Promise.all([
        api(store.app, 'POST', `/api/v1/cases/${cheap.slug}/open`, { token: slow.token, body: { multi_open: 1 } }),
        api(store.app, 'POST', `/api/v1/cases/${cheap.slug}/open`, { token: quick.token, body: { multi_open: 1, fast: true } }),
      ]);
      expect([normal.status, fast.status]).toEqual([200, 200]);
      const normalId = normal.body.data.opens[0].id;
      const fastId = fast.body.data.opens[0].id;

      // Answered, but the roulette is still running: the ribbon's list does not have the drop yet.
      const listed = async () => (await api(store.app, 'POST', '/api/v1/live_drop', { body: {} })).body.data.map((d: any) => d.id) as number[];
      await leftOutWhileRunning(listed, normalId, started, revealDelayMs('case'));

      await waitFor(() => heard.some((h) => h.data.id === normalId), 20_000);
      const arrival = (id: number) => heard.find((h) => h.data.id === id)!.at - started;
      // Never before the animation has had its time (a lower bound: a slow machine only adds to it).
      expect(arrival(normalId)).toBeGreaterThanOrEqual(revealDelayMs('case'));
      expect(arrival(fastId)).toBeGreaterThanOrEqual(revealDelayMs('case', true));
      // The fast roulette's drop came first, though both were opened together.
      expect(heard.map((h) => h.data.id).indexOf(fastId)).toBeLessThan(heard.map((h) => h.data.id).indexOf(normalId));
      // Once on the ribbon, the drop is in the list a page loads.
      expect(await listed()).toContain(normalId);
    } finally {
      stop();
    }
  });

  it("a prize shows on the player's public inventory, and in their upgrade counts, only when its animation has ended", async () => {
    const p = await fundedPlayer(store.app, db(), cheap.price);
    const onlooker = await registerPlayer(store.app);
    let started = Date.now();
    const opened = await api(store.app, 'POST', `/api/v1/cases/${cheap.slug}/open`, { token: p.token, body: { multi_open: 1 } });
    expect(opened.status).toBe(200);
    const itemId = opened.body.data.opens[0].item.id as number;
    const seenBy = async (viewer: { token: string } | null) =>
      (await api(store.app, 'GET', `/api/v1/inventory/get?user_id=${p.userId}`, { token: viewer?.token })).body.data.items.map((i: any) => i.id) as number[];
    await leftOutWhileRunning(() => seenBy(onlooker), itemId, started, revealDelayMs('case'));
    await leftOutWhileRunning(() => seenBy(null), itemId, started, revealDelayMs('case'));
    // The owner's own inventory has it at once: their page asks again only when the wheel stops.
    expect(await seenBy(p)).toContain(itemId);
    await eventually(() => seenBy(onlooker), (ids) => ids.includes(itemId), 20_000);

    // The won item goes on the wheel: another player's view of the counts waits for the wheel.
    // Three times the won item's price (the catalogue is in minor units).
    const target = nearestItem(catalogue, Math.round(opened.body.data.opens[0].item.price * 300));
    const counted = async (viewer: { token: string } | null) =>
      (await api(store.app, 'GET', `/api/v1/upgrades/statistic?scope=all&user_id=${p.userId}`, { token: viewer?.token })).body.data.count as number;
    started = Date.now();
    const upgraded = await api(store.app, 'POST', '/api/v1/upgrades/upgrade-items', { token: p.token, body: { user_item_ids: [itemId], target_item_id: target.key, reversed: false } });
    expect(upgraded.status, JSON.stringify(upgraded.body)).toBe(200);
    const early = await counted(onlooker);
    if (Date.now() - started < revealDelayMs('upgrade')) expect(early).toBe(0);
    expect(await counted(p)).toBe(1);
    await eventually(() => counted(onlooker), (n) => n === 1, 20_000);
  });

  it("an upgrade reaches the feed and everyone's list when the wheel stops; the player's own history has it at once", async () => {
    const p = await registerPlayer(store.app);
    const [staked] = await giveItems(db(), p.userId, [nearestItem(catalogue, 1000)]);
    const target = nearestItem(catalogue, staked!.price * 2);
    const { heard, stop } = hear(UPGRADES_LIVE_CHANNEL);
    try {
      const started = Date.now();
      const res = await api(store.app, 'POST', '/api/v1/upgrades/upgrade-items', { token: p.token, body: { user_item_ids: [staked!.id], target_item_id: target.key, reversed: false } });
      expect(res.status).toBe(200);
      const id = res.body.data.id;
      const everyone = async () => (await api(store.app, 'GET', '/api/v1/upgrades?scope=all')).body.data.items.map((u: any) => u.id) as number[];
      const mine = async () => (await api(store.app, 'GET', '/api/v1/upgrades?scope=mine', { token: p.token })).body.data.items.map((u: any) => u.id) as number[];
      await leftOutWhileRunning(everyone, id, started, revealDelayMs('upgrade'));
      expect(await mine()).toContain(id);

      await waitFor(() => heard.some((h) => h.data.id === id), 20_000);
      expect(heard.find((h) => h.data.id === id)!.at - started).toBeGreaterThanOrEqual(revealDelayMs('upgrade'));
      expect(await everyone()).toContain(id);
    } finally {
      stop();
    }
  });

  it('a contract reaches the feed and everyone’s list once its signing has played', async () => {
    const p = await registerPlayer(store.app);
    const items = await giveItems(db(), p.userId, [nearestItem(catalogue, 500), nearestItem(catalogue, 800), nearestItem(catalogue, 1200)]);
    const { heard, stop } = hear(CONTRACTS_LIVE_CHANNEL);
    try {
      const started = Date.now();
      const res = await api(store.app, 'POST', '/api/v1/contracts/sign', { token: p.token, body: { user_item_ids: items.map((i) => i.id) } });
      expect(res.status).toBe(200);
      const id = res.body.data.id;
      const everyone = async () => (await api(store.app, 'GET', '/api/v1/contracts?scope=all')).body.data.items.map((c: any) => c.id) as number[];
      await leftOutWhileRunning(everyone, id, started, revealDelayMs('contract'));
      expect((await api(store.app, 'GET', '/api/v1/contracts?scope=mine', { token: p.token })).body.data.items.map((c: any) => c.id)).toContain(id);

      await waitFor(() => heard.some((h) => h.data.id === id), 20_000);
      expect(heard.find((h) => h.data.id === id)!.at - started).toBeGreaterThanOrEqual(revealDelayMs('contract'));
      expect(await everyone()).toContain(id);
    } finally {
      stop();
    }
  });
});
