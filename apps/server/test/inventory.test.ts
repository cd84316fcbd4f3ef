import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ITEM_STATUSES, NEVER_ITEM_STATUSES, STORE_ITEM_STATUSES } from '@store/shared/constants';
import { api, cheapestCase, countRows, fundedPlayer, ledgerMismatches, type Player } from './helpers/factories.ts';
import { createTestStore, type TestStore } from './helpers/test-app.ts';

let store: TestStore;
let cheap: Awaited<ReturnType<typeof cheapestCase>>;
beforeAll(async () => {
  store = await createTestStore();
  cheap = await cheapestCase(store.app);
});
afterAll(() => store.close());
const db = () => store.database.db;

async function playerWithItems(n: number): Promise<{ p: Player; ids: number[]; prices: Map<number, number> }> {
  const p = await fundedPlayer(store.app, db(), cheap.price * n + 1);
  const ids: number[] = [];
  const prices = new Map<number, number>();
  while (ids.length < n) {
    const count = Math.min(cheap.max, n - ids.length);
    const res = await api(store.app, 'POST', `/api/v1/cases/${cheap.slug}/open`, { token: p.token, body: { multi_open: count } });
    expect(res.status).toBe(200);
    for (const o of res.body.data.opens) {
      ids.push(o.item.id);
      prices.set(o.item.id, o.item.price);
    }
  }
  return { p, ids, prices };
}
const balanceOf = async (p: Player) => (await api(store.app, 'GET', '/api/v1/users/me', { token: p.token })).body.data.finance.balance;

describe('inventory', () => {
  it('pages a player inventory by 45, newest first, with count and value', async () => {
    const { p, ids, prices } = await playerWithItems(50);
    const first = await api(store.app, 'GET', '/api/v1/inventory/get?group=active&page=1', { token: p.token });
    expect(first.body.data.items).toHaveLength(45);
    expect(first.body.data.total_item).toBe(50);
    const total = [...prices.values()].reduce((s, v) => s + v, 0);
    expect(first.body.data.total_price).toBeCloseTo(total, 2);
    expect(first.body.data.items[0].id).toBe(Math.max(...ids));
    const second = await api(store.app, 'GET', '/api/v1/inventory/get?group=active&page=2', { token: p.token });
    expect(second.body.data.items).toHaveLength(5);
  });

  it('lets anyone view a profile inventory but marks who owns it', async () => {
    const { p } = await playerWithItems(2);
    const guest = await api(store.app, 'GET', `/api/v1/inventory/get?user_id=${p.userId}`);
    expect(guest.body.data).toMatchObject({ is_owner: false, total_item: 2 });
    const own = await api(store.app, 'GET', '/api/v1/inventory/get', { token: p.token });
    expect(own.body.data.is_owner).toBe(true);
    const noOne = await api(store.app, 'GET', '/api/v1/inventory/get');
    expect(noOne.body.code).toBe('authentication');
    expect((await api(store.app, 'GET', '/api/v1/inventory/get?group=stolen', { token: p.token })).body.code).toBe('validation');
  });

  it("reads the spec's camelCase userId and perPage, and refuses a parameter it does not know rather than answer the caller's own", async () => {
    const { p } = await playerWithItems(3);
    const { p: viewer } = await playerWithItems(1);
    // Spec §3 Inventory request: group, page, perPage, userId.
    const theirs = await api(store.app, 'GET', `/api/v1/inventory/get?userId=${p.userId}&perPage=2&page=1`, { token: viewer.token });
    expect(theirs.body.data).toMatchObject({ is_owner: false, total_item: 3, per_page: 2 });
    expect(theirs.body.data.items).toHaveLength(2);
    expect((await api(store.app, 'GET', `/api/v1/inventory/get?user_id=${p.userId}&userId=${p.userId}`, { token: viewer.token })).body.data.is_owner).toBe(false);
    // A misspelt name is told so, in the player's language, not answered with the caller's own items.
    for (const query of [`uid=${p.userId}`, `user=${p.userId}`, `userid=${p.userId}`, 'per_pag=5']) {
      const ru = await api(store.app, 'GET', `/api/v1/inventory/get?${query}`, { token: viewer.token });
      expect(ru.status, query).toBe(400);
      expect(ru.body).toMatchObject({ status: false, code: 'validation' });
      const en = await api(store.app, 'GET', `/api/v1/inventory/get?${query}`, { token: viewer.token, lang: 'en' });
      expect(en.body.code).toBe('validation');
      expect(en.body.message).not.toBe(ru.body.message);
    }
    // Two names for the player that disagree are refused too.
    expect((await api(store.app, 'GET', `/api/v1/inventory/get?user_id=${p.userId}&userId=${viewer.userId}`, { token: viewer.token })).status).toBe(400);
    // The other reads that name a player with `user_id` refuse a misspelt one the same way.
    for (const path of ['/api/v1/users/socials', '/api/v1/contracts', '/api/v1/upgrades', '/api/v1/upgrades/statistic', '/api/v1/battles', '/api/battles/statistics', '/api/v1/battles/statistic', '/api/v1/battles/best', '/api/v1/battles/winrate']) {
      expect((await api(store.app, 'GET', `${path}?uid=${p.userId}`, { token: viewer.token })).body.code, path).toBe('validation');
      expect((await api(store.app, 'GET', `${path}?userId=${p.userId}`, { token: viewer.token })).status, path).toBe(200);
    }
  });
});

describe('item statuses (spec §3; decision 081)', () => {
  it('holds only the statuses this store writes; each of the spec\'s others is refused by the database', async () => {
    expect([...ITEM_STATUSES].sort()).toEqual([...STORE_ITEM_STATUSES, ...Object.keys(NEVER_ITEM_STATUSES)].sort());
    expect(ITEM_STATUSES).toHaveLength(25);
    const { p } = await playerWithItems(1);
    const [item] = ((await db().execute(sql`select id from inventory_items where user_id = ${p.userId} limit 1`)) as unknown as { rows: { id: number }[] }).rows;
    for (const status of Object.keys(NEVER_ITEM_STATUSES)) {
      const refused = await db()
        .execute(sql`update inventory_items set status = ${status} where id = ${item!.id}`)
        .then(() => 'written', (e: any) => String(e.cause?.constraint ?? e.cause?.message ?? e));
      expect(refused, status).toMatch(/inventory_items_status_known/);
    }
    for (const status of STORE_ITEM_STATUSES) await db().execute(sql`update inventory_items set status = ${status} where id = ${item!.id}`);
    await db().execute(sql`update inventory_items set status = 'progress' where id = ${item!.id}`);
  });
});

describe('selling', () => {
  it('sells one item for its price once, moving it to its sold status', async () => {
    const { p, ids, prices } = await playerWithItems(2);
    const before = await balanceOf(p);
    const res = await api(store.app, 'POST', '/api/v1/inventory/sell', { token: p.token, body: { id: ids[0] } });
    expect(res.status).toBe(200);
    expect(res.body.data.sold).toEqual([ids[0]]);
    expect(res.body.data.balance).toBeCloseTo(before + prices.get(ids[0]!)!, 2);
    const again = await api(store.app, 'POST', '/api/v1/inventory/sell', { token: p.token, body: { id: ids[0] } });
    expect([again.status, again.body.code]).toEqual([422, 'invalidItem']);
    expect(await balanceOf(p)).toBeCloseTo(before + prices.get(ids[0]!)!, 2);
    const all = await api(store.app, 'GET', '/api/v1/inventory/get?group=all', { token: p.token });
    expect(all.body.data.items.find((i: any) => i.id === ids[0]).status).toBe('selled');
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('sells up to 10 selected items; an empty list sells nothing; more than 10 is refused', async () => {
    const { p, ids, prices } = await playerWithItems(12);
    const before = await balanceOf(p);
    const empty = await api(store.app, 'POST', '/api/v1/inventory/sell/many', { token: p.token, body: { ids: [] } });
    expect(empty.body.data).toMatchObject({ sold: [], amount: 0 });
    const tooMany = await api(store.app, 'POST', '/api/v1/inventory/sell/many', { token: p.token, body: { ids: ids.slice(0, 11) } });
    expect([tooMany.status, tooMany.body.code]).toEqual([400, 'validation']);
    const pick = ids.slice(0, 10);
    const res = await api(store.app, 'POST', '/api/v1/inventory/sell/many', { token: p.token, body: { ids: pick } });
    const sum = pick.reduce((s, id) => s + prices.get(id)!, 0);
    expect(res.body.data.amount).toBeCloseTo(sum, 2);
    expect(res.body.data.balance).toBeCloseTo(before + sum, 2);
    expect(res.body.data.total_amount_items).toBeCloseTo(prices.get(ids[10]!)! + prices.get(ids[11]!)!, 2);
  });

  it('refuses the whole lot when one item is not the player own, as only the owner may sell it (spec §8 invalidUser), changing nothing', async () => {
    const mine = await playerWithItems(2);
    const theirs = await playerWithItems(1);
    const before = await balanceOf(mine.p);
    const res = await api(store.app, 'POST', '/api/v1/inventory/sell/many', { token: mine.p.token, body: { ids: [...mine.ids, theirs.ids[0]] } });
    expect([res.status, res.body.code, res.body.message]).toEqual([403, 'invalidUser', 'Действие доступно только владельцу']);
    const one = await api(store.app, 'POST', '/api/v1/inventory/sell', { token: mine.p.token, lang: 'en', body: { id: theirs.ids[0] } });
    expect([one.status, one.body.code, one.body.message]).toEqual([403, 'invalidUser', 'Only the owner can do that']);
    // An item that is the player's own but sold already, or no item at all, stays invalidItem.
    const unknown = await api(store.app, 'POST', '/api/v1/inventory/sell/many', { token: mine.p.token, body: { ids: [...mine.ids, 2_000_000_000] } });
    expect([unknown.status, unknown.body.code]).toEqual([422, 'invalidItem']);
    expect(await balanceOf(mine.p)).toBe(before);
    const theirInv = await api(store.app, 'GET', '/api/v1/inventory/get', { token: theirs.p.token });
    expect(theirInv.body.data.items[0].status).toBe('progress');
    const mineInv = await api(store.app, 'GET', '/api/v1/inventory/get', { token: mine.p.token });
    expect(mineInv.body.data.total_item).toBe(2);
  });

  it('sells everything held at once', async () => {
    const { p, prices } = await playerWithItems(4);
    const before = await balanceOf(p);
    const res = await api(store.app, 'POST', '/api/v1/inventory/sell/all', { token: p.token, body: {} });
    const sum = [...prices.values()].reduce((s, v) => s + v, 0);
    expect(res.body.data.sold).toHaveLength(4);
    expect(res.body.data.balance).toBeCloseTo(before + sum, 2);
    expect(res.body.data.total_amount_items).toBe(0);
    expect(await countRows(db(), sql`select count(*) as n from inventory_items where user_id = ${p.userId} and status = 'progress'`)).toBe(0);
    expect((await api(store.app, 'POST', '/api/v1/inventory/sell', { body: { id: 1 } })).status).toBe(401);
  });

  it('sells all only what the player confirmed: an item that arrived since refuses the sale, nothing sold', async () => {
    const { p, ids, prices } = await playerWithItems(3);
    const shown = ids.slice(0, 2);
    const shownSum = Math.round(shown.reduce((s, id) => s + prices.get(id)!, 0) * 100) / 100;
    const total = Math.round([...prices.values()].reduce((s, v) => s + v, 0) * 100) / 100;
    const before = await balanceOf(p);
    const held = () => countRows(db(), sql`select count(*) as n from inventory_items where user_id = ${p.userId} and status = 'progress'`);

    // The page showed two items; a third came in another tab. Neither the count nor the sum matches.
    let res = await api(store.app, 'POST', '/api/v1/inventory/sell/all', { token: p.token, body: { expected_count: 2, expected_total: shownSum } });
    expect([res.status, res.body.code, res.body.message]).toEqual([409, 'inventory_changed', 'Инвентарь изменился — проверьте сумму и повторите']);
    res = await api(store.app, 'POST', '/api/v1/inventory/sell/all', { token: p.token, lang: 'en', body: { expected_count: 3, expected_total: total - 0.01 } });
    expect([res.status, res.body.code]).toEqual([409, 'inventory_changed']);
    expect(await held()).toBe(3);
    expect(await balanceOf(p)).toBe(before);

    res = await api(store.app, 'POST', '/api/v1/inventory/sell/all', { token: p.token, body: { expected_count: -1 } });
    expect([res.status, res.body.code]).toEqual([400, 'validation']);

    res = await api(store.app, 'POST', '/api/v1/inventory/sell/all', { token: p.token, body: { expected_count: 3, expected_total: total } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.sold).toHaveLength(3);
    expect(res.body.data.balance).toBeCloseTo(before + total, 2);
    expect(await held()).toBe(0);
    expect(await ledgerMismatches(db())).toEqual([]);
  });
});
