import { UPGRADES_LIVE_CHANNEL } from '@store/shared/channels';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { hashServerSeed, rollTicket } from '@store/shared/provably-fair';
import { isUpgradeWin, upgradeWinTickets } from '@store/shared/upgrade';
import { api, catalogueByPrice, countRows, giveItems, ledgerMismatches, registerPlayer, type Player, nearestItem } from './helpers/factories.ts';
import { createTestStore, type TestStore } from './helpers/test-app.ts';
import { PROJECT_FACTS } from './helpers/project-fixtures.ts';
import { waitFor } from './helpers/ws.ts';

let store: TestStore;
let catalogue: { key: string; price: number }[];
beforeAll(async () => {
  // No background jobs: the season's first task ("make an upgrade") would otherwise pay its coins
  // a moment after a player's first upgrade, racing the snapshots these tests compare.
  store = await createTestStore({ BACKGROUND_JOBS: 'off' });
  catalogue = await catalogueByPrice(store.database.db);
});
afterAll(() => store.close());
const db = () => store.database.db;
const RATE = 0.9;

/** The catalogue item nearest a price (minor units). */
const near = (price: number) => nearestItem(catalogue, price);

/** Everything a refused upgrade must leave alone. */
async function snapshot(userId: number) {
  const q = (query: ReturnType<typeof sql>) => countRows(db(), query);
  return {
    gold: await q(sql`select coalesce(sum(amount), 0) as n from wallets where user_id = ${userId} and currency = 'GOLD'`),
    coins: await q(sql`select coalesce(sum(amount), 0) as n from wallets where user_id = ${userId} and currency = 'TASTY_COIN'`),
    ledger: await q(sql`select count(*) as n from ledger where user_id = ${userId}`),
    items: await q(sql`select count(*) as n from inventory_items where user_id = ${userId}`),
    progress: await q(sql`select count(*) as n from inventory_items where user_id = ${userId} and status = 'progress'`),
    nonce: await q(sql`select nonce as n from seed_pairs where user_id = ${userId} and active`),
    upgrades: await q(sql`select count(*) as n from upgrades where user_id = ${userId}`),
  };
}

/**
 * Fixes the player's seed pair so the next roll (nonce + 1, cursor 0) wins or loses as asked,
 * by trying client seeds; returns the ticket the roll will give.
 */
async function forceNext(userId: number, opts: { win: boolean; winTickets: number; reversed: boolean }): Promise<number> {
  const serverSeed = 'fixed-server-seed-for-tests';
  const nonce = (await countRows(db(), sql`select nonce as n from seed_pairs where user_id = ${userId} and active`)) + 1;
  for (let i = 0; i < 10_000; i++) {
    const clientSeed = `force-${i}`;
    const ticket = rollTicket({ serverSeed, clientSeed, nonce, cursor: 0 });
    if (isUpgradeWin(ticket, opts.winTickets / 1000, opts.reversed) === opts.win) {
      await db().execute(
        sql`update seed_pairs set server_seed = ${serverSeed}, server_seed_hash = ${hashServerSeed(serverSeed)}, client_seed = ${clientSeed} where user_id = ${userId} and active`,
      );
      return ticket;
    }
  }
  throw new Error('no client seed found');
}

const upgrade = (p: Player, body: unknown, opts: { lang?: 'ru' | 'en'; headers?: Record<string, string> } = {}) =>
  api(store.app, 'POST', '/api/v1/upgrades/upgrade-items', { token: p.token, body, ...opts });

describe('upgrade targets and rate', () => {
  it('lists catalogue items filtered by search and price, sorted and paged', async () => {
    const all = await api(store.app, 'GET', '/api/v1/unique-items?group=upgrade&per_page=5');
    expect(all.status).toBe(200);
    // Spec §7: a list; the paging beside it, where a client that reads `data` as the list never looks.
    expect(Array.isArray(all.body.data)).toBe(true);
    expect(all.body.data).toHaveLength(5);
    expect(all.body.paginator).toEqual({ page: 1, per_page: 5, total: catalogue.length, last_page: Math.ceil(catalogue.length / 5) });
    const first = all.body.data[0];
    expect(first).toMatchObject({ id: catalogue[0]!.key, price_data: { price: catalogue[0]!.price / 100 }, base_price: catalogue[0]!.price / 100 });
    expect(first).toHaveProperty('image');
    expect(first).toHaveProperty('quality');

    const ranged = await api(store.app, 'GET', '/api/v1/unique-items?group=upgrade&min_price=10&max_price=20&sort=price_desc&per_page=100');
    const prices = ranged.body.data.map((i: any) => i.price_data.price);
    expect(prices.length).toBeGreaterThan(0);
    expect(prices.every((p: number) => p >= 10 && p <= 20)).toBe(true);
    expect([...prices].sort((a, b) => b - a)).toEqual(prices);

    const word = PROJECT_FACTS.searchWord;
    const search = await api(store.app, 'GET', `/api/v1/unique-items?search=${word}&per_page=100`, { lang: 'en' });
    expect(search.body.paginator?.total).toBeGreaterThan(0);
    expect(search.body.data.every((i: any) => new RegExp(word, 'i').test(i.market_name))).toBe(true);

    const page2 = await api(store.app, 'GET', '/api/v1/unique-items?per_page=5&page=2');
    expect(page2.body.data[0].id).toBe(catalogue[5]!.key);
    expect(page2.body.paginator?.page).toBe(2);
    expect((await api(store.app, 'GET', '/api/v1/unique-items?sort=cheapest')).body.code).toBe('validation');
  });

  it('documents the new endpoints in the OpenAPI document', async () => {
    const res = await store.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of ['/api/v1/unique-items', '/api/v1/upgrade-rate', '/api/v1/upgrades/upgrade-items', '/api/v1/upgrades', '/api/v1/upgrades/statistic', '/api/v1/contracts/preview', '/api/v1/contracts/sign', '/api/v1/contracts']) {
      expect(paths).toContain(p);
    }
  });

  it('tells the rate and limits', async () => {
    const res = await api(store.app, 'GET', '/api/v1/upgrade-rate');
    expect(res.body.data).toEqual({ upgrade_rate: 0.9, price_max_difference: 8000, price_factor: 1.5, max_items: 15 });
  });
});

describe('upgrade refusals change nothing', () => {
  let p: Player;
  let other: Player;
  let mine: { id: number; key: string; price: number }[];
  let theirs: { id: number }[];
  /** The cheapest skin: the dearest is more than 8000 times it in either catalogue (CS 1.06 and 84 093.53, Dota 2 2.00 and 39 000). */
  let cheapest: { id: number; price: number };
  beforeAll(async () => {
    p = await registerPlayer(store.app);
    other = await registerPlayer(store.app);
    mine = await giveItems(db(), p.userId, [near(1000), near(2000)]);
    theirs = await giveItems(db(), other.userId, [near(1000)]);
    cheapest = (await giveItems(db(), p.userId, [catalogue[0]!]))[0]!;
    expect(catalogue.at(-1)!.price).toBeGreaterThanOrEqual(8000 * cheapest!.price);
  });
  const target = () => near(10_000).key;

  it.each([
    ['no items', () => ({ user_item_ids: [], target_item_id: target(), reversed: false }), 422, 'inventory'],
    ['no target', () => ({ user_item_ids: [mine[0]!.id], reversed: false }), 422, 'upgrade_target_not_selected'],
    ['an empty target', () => ({ user_item_ids: [mine[0]!.id], target_item_id: '', reversed: false }), 422, 'upgrade_target_not_selected'],
    ['a target no longer offered', () => ({ user_item_ids: [mine[0]!.id], target_item_id: 'no-such-skin-ft', reversed: false }), 404, 'upgrade_target_outdated'],
    ["another player's item", () => ({ user_item_ids: [mine[0]!.id, theirs[0]!.id], target_item_id: target(), reversed: false }), 422, 'invalidItem'],
    ['an item that does not exist', () => ({ user_item_ids: [999_999_999], target_item_id: target(), reversed: false }), 422, 'invalidItem'],
    ['more than 15 items', () => ({ user_item_ids: Array.from({ length: 16 }, (_, i) => i + 1), target_item_id: target(), reversed: false }), 400, 'validation'],
    ['a cheaper target', () => ({ user_item_ids: [mine[0]!.id, mine[1]!.id], target_item_id: near(1500).key, reversed: false }), 422, 'upgrade_invalid_sum'],
    // The stake is the cheapest skin: near(1000) (9.00 there) is too dear in the Dota 2 catalogue, whose dearest skin costs 39 000.
    ['a target 8000 times the stake', () => ({ user_item_ids: [cheapest.id], target_item_id: catalogue.at(-1)!.key, reversed: false }), 422, 'upgrade_multiplier_too_high'],
  ])('refuses %s', async (_name, body, status, code) => {
    const before = await snapshot(p.userId);
    const theirsBefore = await snapshot(other.userId);
    const res = await upgrade(p, body());
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ status: false, code });
    expect(await snapshot(p.userId)).toEqual(before);
    expect(await snapshot(other.userId)).toEqual(theirsBefore);
  });

  it('interpolates the minimum into the invalid-sum message', async () => {
    const stake = mine[0]!.price + mine[1]!.price;
    const res = await upgrade(p, { user_item_ids: [mine[0]!.id, mine[1]!.id], target_item_id: mine[0]!.key, reversed: false }, { lang: 'en' });
    expect(res.body.params).toEqual({ min: stake / 100 });
    expect(res.body.message).toContain(String(stake / 100));
    expect(res.body.message).not.toContain('{min}');
  });

  it('refuses an item no longer in progress, and a guest', async () => {
    await db().execute(sql`update inventory_items set status = 'selled' where id = ${mine[1]!.id}`);
    try {
      const before = await snapshot(p.userId);
      const res = await upgrade(p, { user_item_ids: [mine[0]!.id, mine[1]!.id], target_item_id: target(), reversed: false });
      expect([res.status, res.body.code]).toEqual([422, 'invalidItem']);
      expect(await snapshot(p.userId)).toEqual(before);
    } finally {
      // The other refusals of this block stake the same items.
      await db().execute(sql`update inventory_items set status = 'progress' where id = ${mine[1]!.id}`);
    }
    const guest = await api(store.app, 'POST', '/api/v1/upgrades/upgrade-items', { body: { user_item_ids: [mine[0]!.id], target_item_id: target(), reversed: false } });
    expect(guest.status).toBe(401);
    expect(guest.body.code).toBe('authentication');
  });
});

describe('an upgrade', () => {
  it('wins: the stake goes to to_upgrade once, the target arrives, the roll recomputes', async () => {
    const p = await registerPlayer(store.app);
    const staked = await giveItems(db(), p.userId, [near(1000), near(1200)]);
    const stake = staked[0]!.price + staked[1]!.price;
    const target = near(stake * 2);
    const winTickets = upgradeWinTickets(stake, target.price, RATE);
    const ticket = await forceNext(p.userId, { win: true, winTickets, reversed: false });
    const before = await snapshot(p.userId);
    const heard: any[] = [];
    const stop = store.app.deps.bus.listen((m) => m.channel === UPGRADES_LIVE_CHANNEL && heard.push(m));

    const res = await upgrade(p, { user_item_ids: staked.map((s) => s.id), target_item_id: target.key, reversed: false });
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.success).toBe(true);
    expect(d.chance).toBe(winTickets / 1000);
    expect(d.stake).toBe(stake / 100);
    expect(d.win_prize).toMatchObject({ item_id: target.key, price: target.price / 100, source: 'Upgrade', status: 'progress' });
    expect(d.win_prize.current_exp).toEqual(expect.any(Number));
    expect(d.pity_prize).toBeNull();
    expect(d.coins_prize).toBe(0);
    // Spec §3: the roll is the value drawn; what verifies it is beside it.
    expect(d.roll).toBe(ticket);
    expect(d.roll_data).toMatchObject({ ticket, nonce: before.nonce + 1, cursor: 0, reversed: false, chance: winTickets / 1000, win_from: 1, win_to: winTickets });

    // Anyone can recompute the roll from the stored fields once the server seed is revealed.
    const [stored] = ((await db().execute(sql`select u.*, s.server_seed from upgrades u join seed_pairs s on s.id = u.seed_pair_id where u.id = ${d.id}`)) as any).rows;
    expect(hashServerSeed(stored.server_seed)).toBe(stored.server_seed_hash);
    expect(rollTicket({ serverSeed: stored.server_seed, clientSeed: stored.client_seed, nonce: stored.nonce, cursor: stored.cursor })).toBe(stored.ticket);
    expect(stored.win_item_id).toBe(d.win_prize.id);

    const after = await snapshot(p.userId);
    expect(after).toEqual({ ...before, items: before.items + 1, progress: before.progress - 1, nonce: before.nonce + 1, upgrades: 1 });
    const statuses = await countRows(db(), sql`select count(*) as n from inventory_items where id in (${staked[0]!.id}, ${staked[1]!.id}) and status = 'to_upgrade'`);
    expect(statuses).toBe(2);

    // The same items cannot be staked again.
    const again = await upgrade(p, { user_item_ids: [staked[0]!.id], target_item_id: target.key, reversed: false });
    expect(again.body.code).toBe('invalidItem');

    // A marker published after both calls: once it arrives, anything they sent has arrived before it.
    store.app.deps.bus.publish(UPGRADES_LIVE_CHANNEL, 'marker', {});
    await waitFor(() => heard.some((m) => m.event === 'marker'));
    stop();
    expect(heard.map((m) => m.event)).toEqual(['upgrade', 'marker']);
    expect(heard[0].data).toMatchObject({ id: d.id, success: true, user: { id: p.userId }, target: { id: target.key } });
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('loses: nothing arrives but 1% of the stake in COIN, written to the ledger', async () => {
    const p = await registerPlayer(store.app);
    const staked = await giveItems(db(), p.userId, [near(50_000)]);
    const stake = staked[0]!.price;
    const target = near(stake * 3);
    const winTickets = upgradeWinTickets(stake, target.price, RATE);
    const ticket = await forceNext(p.userId, { win: false, winTickets, reversed: true });
    const before = await snapshot(p.userId);

    const res = await upgrade(p, { user_item_ids: [staked[0]!.id], target_item_id: target.key, reversed: true }, { lang: 'en' });
    expect(res.status).toBe(200);
    const d = res.body.data;
    const coins = Math.floor(stake / 100);
    expect(d).toMatchObject({ success: false, win_prize: null, pity_prize: null, coins_prize: coins / 100, coins_balance: coins / 100 });
    expect(d.roll).toBe(ticket);
    expect(d.roll_data).toMatchObject({ ticket, reversed: true, win_from: 100_000 - winTickets + 1, win_to: 100_000 });
    expect(ticket).toBeLessThanOrEqual(100_000 - winTickets);

    const after = await snapshot(p.userId);
    expect(after).toEqual({ ...before, coins: coins, ledger: before.ledger + 1, progress: before.progress - 1, nonce: before.nonce + 1, upgrades: 1 });
    const rows = ((await db().execute(sql`select reason, ref, delta, currency from ledger where user_id = ${p.userId}`)) as any).rows;
    expect(rows).toEqual([{ reason: 'upgrade_consolation', ref: `upgrade:${d.id}`, delta: coins, currency: 'TASTY_COIN' }]);
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('wins reversed on the top tickets', async () => {
    const p = await registerPlayer(store.app);
    const staked = await giveItems(db(), p.userId, [near(3000)]);
    const target = near(staked[0]!.price * 1.5);
    const winTickets = upgradeWinTickets(staked[0]!.price, target.price, RATE);
    const ticket = await forceNext(p.userId, { win: true, winTickets, reversed: true });
    expect(ticket).toBeGreaterThan(100_000 - winTickets);
    const before = await snapshot(p.userId);
    const res = await upgrade(p, { user_item_ids: [staked[0]!.id], target_item_id: target.key, reversed: true });
    expect(res.body.data).toMatchObject({
      success: true,
      coins_prize: 0,
      win_prize: { item_id: target.key, price: target.price / 100, status: 'progress' },
      roll: ticket,
      roll_data: { ticket, reversed: true, win_from: 100_000 - winTickets + 1, win_to: 100_000 },
    });
    // The stake went, the target came, and a win moves no money: the wallets still match the ledger.
    expect(await snapshot(p.userId)).toEqual({ ...before, items: before.items + 1, nonce: before.nonce + 1, upgrades: 1 });
    const inv = await api(store.app, 'GET', '/api/v1/inventory/get?group=active', { token: p.token });
    expect(inv.body.data.items.map((i: any) => i.id)).toEqual([res.body.data.win_prize.id]);
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('returns the first result for a retried Idempotency-Key', async () => {
    const p = await registerPlayer(store.app);
    const staked = await giveItems(db(), p.userId, [near(1000)]);
    const body = { user_item_ids: [staked[0]!.id], target_item_id: near(4000).key, reversed: false };
    const headers = { 'idempotency-key': 'upgrade-retry-1' };
    const first = await upgrade(p, body, { headers });
    const second = await upgrade(p, body, { headers });
    expect(first.status).toBe(200);
    expect(second.body.data).toEqual(first.body.data);
    expect(await countRows(db(), sql`select count(*) as n from upgrades where user_id = ${p.userId}`)).toBe(1);
  });
});

describe('upgrade history and statistic', () => {
  it('lists mine, all and wins only, newest first, and sums them up', async () => {
    const p = await registerPlayer(store.app);
    const items = await giveItems(db(), p.userId, [near(1000), near(1000), near(1000)]);
    const target = near(2500);
    const results: boolean[] = [];
    const tickets: number[] = [];
    for (const [n, item] of items.entries()) {
      const win = n !== 1;
      tickets.push(await forceNext(p.userId, { win, winTickets: upgradeWinTickets(item.price, target.price, RATE), reversed: false }));
      const res = await upgrade(p, { user_item_ids: [item.id], target_item_id: target.key, reversed: false });
      results.push(res.body.data.success);
    }
    expect(results).toEqual([true, false, true]);

    const mine = await api(store.app, 'GET', '/api/v1/upgrades?scope=mine', { token: p.token });
    expect(mine.body.data.total).toBe(3);
    const ids = mine.body.data.items.map((u: any) => u.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    // Each entry shows the stake, the chance the rule gives for it, the ticket rolled and the result.
    const expected = items.map((item, n) => [item.id, results[n], upgradeWinTickets(item.price, target.price, RATE) / 1000, tickets[n]]).reverse();
    expect(mine.body.data.items.map((u: any) => [u.items[0].user_item_id, u.success, u.chance, u.roll])).toEqual(expected);
    expect(mine.body.data.items[0]).toMatchObject({ user: { id: p.userId }, success: true, items: [{ user_item_id: items[2]!.id }], target: { id: target.key } });
    expect(mine.body.data.items[0].roll_data).toHaveProperty('server_seed_hash');

    const wins = await api(store.app, 'GET', '/api/v1/upgrades?scope=mine&wins_only=1', { token: p.token });
    expect(wins.body.data.total).toBe(2);
    const all = await api(store.app, 'GET', '/api/v1/upgrades?scope=all&per_page=50');
    expect(all.body.data.total).toBeGreaterThanOrEqual(3);
    const theirs = await api(store.app, 'GET', `/api/v1/upgrades?user_id=${p.userId}`);
    expect(theirs.body.data.total).toBe(3);
    expect((await api(store.app, 'GET', '/api/v1/upgrades?scope=mine')).body.code).toBe('authentication');

    const stat = await api(store.app, 'GET', '/api/v1/upgrades/statistic?scope=mine', { token: p.token });
    const stake = items.reduce((s, i) => s + i.price, 0);
    expect(stat.body.data).toMatchObject({
      count: 3,
      wins: 2,
      losses: 1,
      win_rate: 66.67,
      total_staked: stake / 100,
      total_won: (target.price * 2) / 100,
      best_win: target.price / 100,
    });
    const everyone = await api(store.app, 'GET', '/api/v1/upgrades/statistic');
    expect(everyone.body.data.count).toBeGreaterThanOrEqual(3);
  });
});
