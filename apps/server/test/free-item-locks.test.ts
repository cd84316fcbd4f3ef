import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ITEM_TYPE } from '@store/shared/constants';
import { findCaseBySlug } from '../src/modules/catalogue/find-cases.ts';
import { grantFreeOpening } from '../src/modules/levels/free-openings.ts';
import { api, cheapestCase, countRows, giveItems, ledgerMismatches, registerPlayer, type Player } from './helpers/factories.ts';
import { createTestStore, type TestStore } from './helpers/test-app.ts';
import { PROJECT_FACTS } from './helpers/project-fixtures.ts';

// Decision 058: items won free (a level case, a free opening, a coin case) cannot be turned into
// balance or a skin in Steam, nor staked, before the account's first completed deposit.
let store: TestStore;
beforeAll(async () => {
  store = await createTestStore();
});
afterAll(() => store.close());
const db = () => store.database.db;

const LOCKED = { status: 403, code: 'item_locked_until_deposit' };
const refusal = (res: { status: number; body: { code?: string } }) => ({ status: res.status, code: res.body.code });
const inventory = async (p: Player, group = 'active') =>
  (await api(store.app, 'GET', `/api/v1/inventory/get?group=${group}&user_id=${p.userId}`, { token: p.token })).body.data;
const balance = async (p: Player) => (await api(store.app, 'GET', '/api/v1/users/me', { token: p.token })).body.data.finance.balance as number;
const statusOf = async (id: number) => {
  const res = (await db().execute(sql`select status from inventory_items where id = ${id}`)) as unknown as { rows: { status: string }[] };
  return res.rows[0]!.status;
};

/** A completed top-up through the sandbox provider: start, then "pay" on its checkout page. */
async function deposit(p: Player) {
  const started = await api(store.app, 'POST', '/api/v1/payments/transaction/start', { token: p.token, body: { country: 'RU', method_id: 101, amount: 1000 } });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const paid = await store.app.inject({
    method: 'POST',
    url: `/sandbox/checkout/${started.body.data.order_id}/complete`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'outcome=pay&lang=ru',
  });
  expect(paid.statusCode).toBe(303);
  expect(await countRows(db(), sql`select count(*) as n from payment_orders where user_id = ${p.userId} and status = 'success'`)).toBe(1);
}

/** A fresh account's level-1 case, opened: the item it won. */
async function dailyDrop(p: Player) {
  const opened = await api(store.app, 'POST', '/api/v1/cases/level-1/open', { token: p.token, body: { multi_open: 1 } });
  expect(opened.status, JSON.stringify(opened.body)).toBe(200);
  return opened.body.data.opens[0].item as { id: number; price: number; type: number; sale_locked: boolean };
}

describe('a free drop before the first deposit', () => {
  it('cannot be sold, sold with everything, quick-sold, exchanged, withdrawn or staked; a completed deposit lifts every lock at once', async () => {
    const p = await registerPlayer(store.app);
    expect((await api(store.app, 'POST', '/api/v1/users/set/steam/data', { token: p.token, body: { link: 'https://steamcommunity.com/tradeoffer/new/?partner=4242&token=okx1' } })).status).toBe(200);
    const drop = await dailyDrop(p);
    // The opening's answer already says so, and so does the inventory, with the group's figures.
    expect(drop.sale_locked).toBe(true);
    const skins = store.app.deps.catalogue.byPrice().filter((i) => i.type === ITEM_TYPE.skin);
    const bought = await giveItems(db(), p.userId, [{ key: skins[10]!.key }, { key: skins[11]!.key }]);
    const shown = await inventory(p);
    expect(shown.items.find((i: any) => i.id === drop.id)).toMatchObject({ sale_locked: true, status: 'progress' });
    expect(shown.items.filter((i: any) => i.id !== drop.id).every((i: any) => i.sale_locked === false)).toBe(true);
    expect({ count: shown.locked_item, price: shown.locked_price }).toEqual({ count: 1, price: drop.price });
    // What can be staked leaves it out.
    expect((await inventory(p, 'upgrade')).items.map((i: any) => i.id).sort()).toEqual(bought.map((b) => b.id).sort());

    const before = await balance(p);
    expect(refusal(await api(store.app, 'POST', '/api/v1/inventory/sell', { token: p.token, body: { id: drop.id } }))).toEqual(LOCKED);
    // The quick sale sells the ticked items ten a call, through the same list sale: all or none.
    expect(refusal(await api(store.app, 'POST', '/api/v1/inventory/sell/many', { token: p.token, body: { ids: [bought[0]!.id, drop.id] } }))).toEqual(LOCKED);
    expect(await statusOf(bought[0]!.id)).toBe('progress');
    expect(refusal(await api(store.app, 'POST', '/api/v1/inventory/senditem', { token: p.token, body: { ids: [drop.id], method: 'trade' } }))).toEqual(LOCKED);
    expect(refusal(await api(store.app, 'GET', `/api/v1/inventory/get/replacements?id=${drop.id}`, { token: p.token }))).toEqual(LOCKED);
    const target = skins.find((i) => i.price >= drop.price * 3)!;
    expect(refusal(await api(store.app, 'POST', '/api/v1/upgrades/upgrade-items', { token: p.token, body: { user_item_ids: [drop.id], target_item_id: target.key } }))).toEqual(LOCKED);
    const contract = { user_item_ids: [drop.id, ...bought.map((b) => b.id)] };
    expect(refusal(await api(store.app, 'POST', '/api/v1/contracts/preview', { token: p.token, body: contract }))).toEqual(LOCKED);
    expect(refusal(await api(store.app, 'POST', '/api/v1/contracts/sign', { token: p.token, body: contract }))).toEqual(LOCKED);
    // The refusal is in the player's language.
    const english = await api(store.app, 'POST', '/api/v1/inventory/sell', { token: p.token, body: { id: drop.id }, lang: 'en' });
    expect(english.body.message).toBe('Items from free cases can be sold, exchanged, withdrawn or staked after your first top-up');

    // "Sell all" with the figures shown for it (the group's less what is locked) sells the rest and keeps the drop.
    const all = await api(store.app, 'POST', '/api/v1/inventory/sell/all', {
      token: p.token,
      body: { expected_count: shown.total_item - shown.locked_item, expected_total: Math.round((shown.total_price - shown.locked_price) * 100) / 100 },
    });
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.body.data.sold.sort()).toEqual(bought.map((b) => b.id).sort());
    expect(await statusOf(drop.id)).toBe('progress');
    const sales = bought.reduce((s, b) => s + b.price, 0) / 100;
    expect(await balance(p)).toBeCloseTo(before + sales, 2);
    expect((await api(store.app, 'POST', '/api/v1/inventory/sell/all', { token: p.token, body: {} })).body.data.sold).toEqual([]);
    expect(await statusOf(drop.id)).toBe('progress');

    await deposit(p);
    const unlocked = await inventory(p);
    expect(unlocked.items.find((i: any) => i.id === drop.id)).toMatchObject({ sale_locked: false });
    expect({ count: unlocked.locked_item, price: unlocked.locked_price }).toEqual({ count: 0, price: 0 });
    const afterDeposit = await balance(p);
    const sold = await api(store.app, 'POST', '/api/v1/inventory/sell', { token: p.token, body: { id: drop.id } });
    expect(sold.status, JSON.stringify(sold.body)).toBe(200);
    expect(sold.body.data.sold).toEqual([drop.id]);
    expect(await balance(p)).toBeCloseTo(afterDeposit + drop.price, 2);
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('a completed deposit unlocks for withdrawal, staking and exchange too', async () => {
    const p = await registerPlayer(store.app);
    expect((await api(store.app, 'POST', '/api/v1/users/set/steam/data', { token: p.token, body: { link: 'https://steamcommunity.com/tradeoffer/new/?partner=4242&token=okx2' } })).status).toBe(200);
    const drops = [await dailyDrop(p)];
    // A second free drop: an operator's free opening.
    const c = (await findCaseBySlug(db(), 'level-1'))!;
    await grantFreeOpening(db(), { userId: p.userId, caseId: c.id, source: 'operator', sourceRef: `test:${p.userId}`, expiresAt: null });
    const free = (await api(store.app, 'GET', '/api/v1/cases/free', { token: p.token })).body.data.openings[0];
    const opened = await api(store.app, 'POST', `/api/v1/cases/free/${free.id}/open`, { token: p.token });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    drops.push(opened.body.data.opens[0].item);
    // The level-1 case holds skins only.
    expect(drops.map((d) => [d.type, d.sale_locked])).toEqual([[ITEM_TYPE.skin, true], [ITEM_TYPE.skin, true]]);
    expect(refusal(await api(store.app, 'POST', '/api/v1/inventory/replacement', { token: p.token, body: { id: drops[1]!.id, item_id: 'anything' } }))).toEqual(LOCKED);

    await deposit(p);
    expect((await inventory(p, 'upgrade')).items.map((i: any) => i.id).sort()).toEqual(drops.map((d) => d.id).sort());
    const sent = await api(store.app, 'POST', '/api/v1/inventory/senditem', { token: p.token, body: { ids: [drops[0]!.id], method: 'trade' } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(await statusOf(drops[0]!.id)).not.toBe('progress');
    const replacements = await api(store.app, 'GET', `/api/v1/inventory/get/replacements?id=${drops[1]!.id}`, { token: p.token });
    expect(replacements.status, JSON.stringify(replacements.body)).toBe(200);
    const swapped = await api(store.app, 'POST', '/api/v1/inventory/replacement', { token: p.token, body: { id: drops[1]!.id, item_id: replacements.body.data.items[0].item_id } });
    expect(swapped.status, JSON.stringify(swapped.body)).toBe(200);
  });

  it('a coin case bought with the installed-app bonus gives a locked drop', async () => {
    const p = await registerPlayer(store.app);
    expect((await api(store.app, 'GET', '/api/v1/bonus/pwa', { token: p.token })).body.data.coins).toBeGreaterThan(0);
    const opened = await api(store.app, 'POST', '/api/v1/cases/coin-spark/open', { token: p.token, body: { multi_open: 1 } });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const item = opened.body.data.opens[0].item;
    expect(item.sale_locked).toBe(true);
    expect(refusal(await api(store.app, 'POST', '/api/v1/inventory/sell', { token: p.token, body: { id: item.id } }))).toEqual(LOCKED);
  });

  it('a paid opening gives no locked drop, and a free drop shows unlocked to a player who has deposited', async () => {
    const p = await registerPlayer(store.app);
    await deposit(p);
    const drop = await dailyDrop(p);
    expect(drop.sale_locked).toBe(false);
    const paid = await api(store.app, 'POST', `/api/v1/cases/${(await cheapestCase(store.app)).slug}/open`, { token: p.token, body: { multi_open: 1 } });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.data.opens[0].item.sale_locked).toBe(false);
    expect((await api(store.app, 'POST', '/api/v1/inventory/sell', { token: p.token, body: { id: drop.id } })).status).toBe(200);
  });

  it("a free drop's pack unpacks into locked skins", async () => {
    const p = await registerPlayer(store.app);
    const [held] = await giveItems(db(), p.userId, [{ key: PROJECT_FACTS.packs.few.key }]);
    await db().execute(sql`update inventory_items set free_drop = true where id = ${held!.id}`);
    expect((await inventory(p)).items[0]).toMatchObject({ id: held!.id, sale_locked: true });
    const unpacked = await api(store.app, 'POST', '/api/v1/inventory/packs/open', { token: p.token, body: { id: held!.id } });
    expect(unpacked.status, JSON.stringify(unpacked.body)).toBe(200);
    const skins = unpacked.body.data.items as { id: number; sale_locked: boolean }[];
    expect(skins.length).toBeGreaterThan(0);
    expect(skins.every((s) => s.sale_locked)).toBe(true);
    expect(refusal(await api(store.app, 'POST', '/api/v1/inventory/sell/many', { token: p.token, body: { ids: skins.map((s) => s.id) } }))).toEqual(LOCKED);
  });
});
