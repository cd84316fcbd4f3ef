import { SANDBOX_STEAM_BOT_ID } from '../src/modules/withdrawals/sandbox/market-scenarios.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { replacementWindow } from '@store/shared/withdrawals';
import { runAdminCommand } from '../src/admin/commands.ts';
import { api, countRows, giveItems, ledgerMismatches, registerPlayer, type Player } from './helpers/factories.ts';
import { createTestStore, type TestStore } from './helpers/test-app.ts';
import { PROJECT_FACTS } from './helpers/project-fixtures.ts';

let store: TestStore;
const db = () => store.database.db;
const q = <T = Record<string, unknown>>(query: ReturnType<typeof sql>) => db().execute(query).then((r) => (r as unknown as { rows: T[] }).rows);

beforeAll(async () => {
  store = await createTestStore({ VENDOR_SANDBOX_TIME_SCALE: '0.001', VENDOR_POLL_MS: '20' });
});
afterAll(() => store.close());

const catalogue = () => store.app.deps.catalogue;
const statusOf = async (id: number) => (await q<{ status: string }>(sql`select status from inventory_items where id = ${id}`))[0]!.status;
const balanceOf = async (p: Player) => (await api(store.app, 'GET', '/api/v1/users/me', { token: p.token })).body.data.finance.balance as number;
/** A skin in the middle of the catalogue, with plenty of replacements around its price. */
const midSkin = () => catalogue().byPrice()[Math.floor(catalogue().byPrice().length / 2)]!;

describe('skin exchange', () => {
  it('offers skins from 80 % of the item price up to its price, closest first, never itself', async () => {
    const p = await registerPlayer(store.app);
    const skin = midSkin();
    const [item] = await giveItems(db(), p.userId, [{ key: skin.key }]);
    const res = await api(store.app, 'GET', `/api/v1/inventory/get/replacements?id=${item!.id}`, { token: p.token });
    expect(res.status).toBe(200);
    const offers = res.body.data.items as { item_id: string; price: number }[];
    expect(offers.length).toBe(12);
    const { min, max } = replacementWindow(skin.price);
    for (const o of offers) {
      expect(Math.round(o.price * 100)).toBeGreaterThanOrEqual(min);
      expect(Math.round(o.price * 100)).toBeLessThanOrEqual(max);
      expect(catalogue().item(o.item_id).type).toBe(0);
    }
    expect(offers.map((o) => o.item_id)).not.toContain(skin.key);
    expect(offers.map((o) => o.price)).toEqual([...offers.map((o) => o.price)].sort((a, b) => b - a));
  });

  it('swaps the item for a replacement arriving by Change, paying the difference into the balance', async () => {
    const p = await registerPlayer(store.app);
    const skin = midSkin();
    const [item] = await giveItems(db(), p.userId, [{ key: skin.key }]);
    const offers = (await api(store.app, 'GET', `/api/v1/inventory/get/replacements?id=${item!.id}`, { token: p.token })).body.data.items as { item_id: string; price: number }[];
    const pick = offers.at(-1)!;
    const before = await balanceOf(p);
    const res = await api(store.app, 'POST', '/api/v1/inventory/replacement', { token: p.token, body: { id: item!.id, item_id: pick.item_id } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'EXCHANGED', item: { item_id: pick.item_id, source: 'Change', status: 'progress', price: pick.price } });
    const change = (skin.price - catalogue().item(pick.item_id).price) / 100;
    expect(res.body.data.change).toBeCloseTo(change, 2);
    expect(await balanceOf(p)).toBeCloseTo(before + change, 2);
    expect(await statusOf(item!.id)).toBe('EXCHANGED');
    const active = (await api(store.app, 'GET', '/api/v1/inventory/get?group=active', { token: p.token })).body.data.items.map((i: { id: number }) => i.id);
    expect(active).toEqual([res.body.data.item.id]);
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('refuses a skin outside the offers, another player\'s item, or one no longer held, changing nothing', async () => {
    const p = await registerPlayer(store.app);
    const other = await registerPlayer(store.app);
    const skin = midSkin();
    const [item] = await giveItems(db(), p.userId, [{ key: skin.key }]);
    const dearer = catalogue().byPrice().find((c) => c.price > skin.price)!;
    const swap = (who: Player, key: string) => api(store.app, 'POST', '/api/v1/inventory/replacement', { token: who.token, body: { id: item!.id, item_id: key } });
    const ok = (await api(store.app, 'GET', `/api/v1/inventory/get/replacements?id=${item!.id}`, { token: p.token })).body.data.items[0].item_id as string;
    for (const r of [await swap(p, dearer.key), await swap(p, 'no-such-skin'), await swap(other, ok)]) {
      expect(r.status).toBe(422);
      expect(r.body.code).toBe('invalidItem');
    }
    expect((await api(store.app, 'GET', `/api/v1/inventory/get/replacements?id=${item!.id}`, { token: other.token })).body.code).toBe('invalidItem');
    expect(await statusOf(item!.id)).toBe('progress');
    expect(await countRows(db(), sql`select count(*) as n from inventory_items where user_id = ${p.userId}`)).toBe(1);
  });

  it('lets one of 20 simultaneous swaps and sales of one item take it', async () => {
    const p = await registerPlayer(store.app);
    const [item] = await giveItems(db(), p.userId, [{ key: midSkin().key }]);
    const offers = (await api(store.app, 'GET', `/api/v1/inventory/get/replacements?id=${item!.id}`, { token: p.token })).body.data.items as { item_id: string }[];
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2
          ? api(store.app, 'POST', '/api/v1/inventory/replacement', { token: p.token, body: { id: item!.id, item_id: offers[i % offers.length]!.item_id } })
          : api(store.app, 'POST', '/api/v1/inventory/sell', { token: p.token, body: { id: item!.id } }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(await countRows(db(), sql`select count(*) as n from inventory_items where source = 'Change' and source_ref = ${`change:${item!.id}`}`) + (await countRows(db(), sql`select count(*) as n from ledger where user_id = ${p.userId} and reason = 'item_sale'`))).toBe(1);
    expect(await ledgerMismatches(db())).toEqual([]);
  });
});

describe('packs', () => {
  const { few, many, another } = PROJECT_FACTS.packs;
  it('show their skins, and unpack into them by source Pack, the pack kept as unpacked', async () => {
    const p = await registerPlayer(store.app);
    const [pack] = await giveItems(db(), p.userId, [{ key: few.key }]);
    const listed = (await api(store.app, 'GET', '/api/v1/inventory/get?group=active', { token: p.token })).body.data.items[0];
    expect(listed).toMatchObject({ id: pack!.id, type: 1 });
    const contents = few.contents;
    expect(listed.pack_items.map((i: { item_id: string }) => i.item_id)).toEqual(contents);
    const res = await api(store.app, 'POST', '/api/v1/inventory/packs/open', { token: p.token, body: { id: pack!.id } });
    expect(res.status).toBe(200);
    expect(res.body.data.items.map((i: { item_id: string }) => i.item_id).sort()).toEqual([...contents].sort());
    expect(res.body.data.items.every((i: { source: string; status: string; type: number }) => i.source === 'Pack' && i.status === 'progress' && i.type === 0)).toBe(true);
    expect(await statusOf(pack!.id)).toBe('unpacked');
    const all = (await api(store.app, 'GET', '/api/v1/inventory/get?group=all', { token: p.token })).body.data.items.map((i: { id: number }) => i.id);
    expect(all).toContain(pack!.id);
  });

  it('unpack once under 20 simultaneous unpacks', async () => {
    const p = await registerPlayer(store.app);
    const [pack] = await giveItems(db(), p.userId, [{ key: many.key }]);
    const results = await Promise.all(Array.from({ length: 20 }, () => api(store.app, 'POST', '/api/v1/inventory/packs/open', { token: p.token, body: { id: pack!.id } })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(await countRows(db(), sql`select count(*) as n from inventory_items where source_ref = ${`pack:${pack!.id}`}`)).toBe(many.contents.length);
  });

  it('go neither to Steam nor into an upgrade, a contract or an exchange before unpacking; a skin does not unpack', async () => {
    const p = await registerPlayer(store.app);
    await api(store.app, 'POST', '/api/v1/users/set/steam/data', { token: p.token, body: { link: 'https://steamcommunity.com/tradeoffer/new/?partner=4242&token=okpack1' } });
    const [pack, a, b] = await giveItems(db(), p.userId, [{ key: another.key }, { key: midSkin().key }, { key: midSkin().key }]);
    const target = catalogue().byPrice().find((i) => i.price >= pack!.price * 3)!;
    const refusals = [
      await api(store.app, 'POST', '/api/v1/inventory/senditem', { token: p.token, body: { ids: [pack!.id], method: 'trade' } }),
      await api(store.app, 'POST', '/api/v1/upgrades/upgrade-items', { token: p.token, body: { user_item_ids: [pack!.id], target_item_id: target.key, reversed: false } }),
      await api(store.app, 'POST', '/api/v1/contracts/sign', { token: p.token, body: { user_item_ids: [pack!.id, a!.id, b!.id] } }),
      await api(store.app, 'GET', `/api/v1/inventory/get/replacements?id=${pack!.id}`, { token: p.token }),
      await api(store.app, 'POST', '/api/v1/inventory/packs/open', { token: p.token, body: { id: a!.id } }),
    ];
    for (const r of refusals) expect(r.body.code).toBe('invalidItem');
    expect([await statusOf(pack!.id), await statusOf(a!.id), await statusOf(b!.id)]).toEqual(['progress', 'progress', 'progress']);
  });

  it('are never offered as upgrade targets', async () => {
    for (const search of ['', 'Pack', 'Balance', 'Набор']) {
      const res = await api(store.app, 'GET', `/api/v1/unique-items?min_price=9&max_price=130&per_page=100&search=${encodeURIComponent(search)}`);
      expect(res.status).toBe(200);
      const keys = (res.body.data as { id: string }[]).map((i) => i.id);
      if (!search) expect(keys.length).toBeGreaterThan(0);
      expect(keys.filter((k) => k.startsWith('pack-') || k.startsWith('credit-'))).toEqual([]);
    }
  });
});

describe('balance credits', () => {
  it('are paid into the balance once when withdrawn, with itemType3CreditedToTheBalance, no trade link needed', async () => {
    const p = await registerPlayer(store.app);
    const [c10, c50] = await giveItems(db(), p.userId, [{ key: 'credit-10' }, { key: 'credit-50' }]);
    const before = await balanceOf(p);
    const results = await Promise.all(Array.from({ length: 10 }, () => api(store.app, 'POST', '/api/v1/inventory/senditem', { token: p.token, body: { ids: [c10!.id, c50!.id], method: 'trade' } })));
    const paid = results.filter((r) => r.status === 200);
    expect(paid).toHaveLength(1);
    expect(paid[0]!.body.data).toMatchObject({ status: 'credited', amount: 60, code: 'itemType3CreditedToTheBalance' });
    expect(await balanceOf(p)).toBeCloseTo(before + 60, 2);
    expect([await statusOf(c10!.id), await statusOf(c50!.id)]).toEqual(['completed', 'completed']);
    expect(await countRows(db(), sql`select count(*) as n from ledger where user_id = ${p.userId} and reason = 'item_credit'`)).toBe(1);
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('are not withdrawn together with skins', async () => {
    const p = await registerPlayer(store.app);
    await api(store.app, 'POST', '/api/v1/users/set/steam/data', { token: p.token, body: { link: 'https://steamcommunity.com/tradeoffer/new/?partner=4242&token=okmix1' } });
    const [credit, skin] = await giveItems(db(), p.userId, [{ key: 'credit-10' }, { key: midSkin().key }]);
    const res = await api(store.app, 'POST', '/api/v1/inventory/senditem', { token: p.token, body: { ids: [credit!.id, skin!.id], method: 'trade' } });
    expect(res.body.code).toBe('invalidItem');
    expect([await statusOf(credit!.id), await statusOf(skin!.id)]).toEqual(['progress', 'progress']);
  });
});

describe('the Steam bot and the operators', () => {
  it('names the sandbox marketplace\'s Steam bot to a signed-in player while no STEAM_BOT_ID is configured', async () => {
    const p = await registerPlayer(store.app);
    expect(store.app.deps.env.STEAM_BOT_ID).toBeUndefined();
    expect((await api(store.app, 'POST', '/api/v1/users/steam/bot-invite', { token: p.token, body: {} })).body.data).toEqual({ bot_steamid: SANDBOX_STEAM_BOT_ID });
    expect((await api(store.app, 'POST', '/api/v1/users/steam/bot-invite', { body: {} })).status).toBe(401);
  });

  it('lets an operator give an item, and settle a withdrawal from the support queue exactly once', async () => {
    const p = await registerPlayer(store.app);
    const given = (await runAdminCommand(db(), { command: 'give-item', login: p.login, item: 'credit-10', count: 2, operator: 'ops' })) as { inventory_ids: number[] };
    expect(given.inventory_ids).toHaveLength(2);
    expect(await countRows(db(), sql`select count(*) as n from inventory_items where user_id = ${p.userId} and item_key = 'credit-10' and source = 'Operator' and status = 'progress'`)).toBe(2);
    await expect(runAdminCommand(db(), { command: 'give-item', login: p.login, item: 'nope', count: 1, operator: 'ops' })).rejects.toThrow(/no catalogue item/);
    const [skin] = await giveItems(db(), p.userId, [{ key: midSkin().key }]);
    await db().execute(sql`update inventory_items set status = 'support' where id = ${skin!.id}`);
    const [w] = await q<{ id: number | string }>(
      sql`insert into withdrawals (item_id, user_id, item_key, market_name, max_price, method, custom_id, state, deadline, next_at)
          values (${skin!.id}, ${p.userId}, ${skin!.key}, 'x', 1, 'trade', ${`w-test-${skin!.id}`}, 'support', now(), now()) returning id`,
    );
    const queue = (await runAdminCommand(db(), { command: 'withdrawal-list', state: 'support' })) as { id: number }[];
    expect(queue.map((x) => x.id)).toContain(Number(w!.id));
    // A return asks the marketplace first (decision 032); this one never had the order.
    const vendor = { name: 'sandbox', balances: async () => new Map<string, number>(), checkTradeLink: async () => null, buyFor: () => Promise.reject(new Error('not asked')), statuses: async (ids: readonly string[]) => new Map(ids.map((id) => [id, { kind: 'not_found' as const }])) };
    const settle = () => runAdminCommand(db(), { command: 'withdrawal-settle', id: Number(w!.id), outcome: 'returned', operator: 'ops' }, { vendor });
    await expect(settle()).resolves.toMatchObject({ state: 'failed' });
    await expect(settle()).rejects.toThrow(/not waiting for an operator/);
    expect(await statusOf(skin!.id)).toBe('progress');
  });
});
