import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { api, cheapestCase, countRows, fundedPlayer, ledgerMismatches } from './helpers/factories.ts';
import { createTestStore, onPostgres, type TestStore } from './helpers/test-app.ts';

/**
 * Many requests at once. On PostgreSQL they really run in parallel on separate connections;
 * on PGlite they queue on one connection, which proves the same outcome by a different road.
 */
let store: TestStore;
let cheap: Awaited<ReturnType<typeof cheapestCase>>;
beforeAll(async () => {
  store = await createTestStore();
  cheap = await cheapestCase(store.app);
});
afterAll(() => store.close());
const db = () => store.database.db;

describe(`races (${onPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('100 parallel opens with balance for 30 give exactly 30 items', async () => {
    const p = await fundedPlayer(store.app, db(), cheap.price * 30);
    const results = await Promise.all(
      Array.from({ length: 100 }, () => api(store.app, 'POST', `/api/v1/cases/${cheap.slug}/open`, { token: p.token, body: { multi_open: 1 } })),
    );
    const codes = results.map((r) => r.body.code ?? r.status);
    expect(codes.filter((c) => c === 200)).toHaveLength(30);
    expect(codes.filter((c) => c === 'balance_error')).toHaveLength(70);
    expect(await countRows(db(), sql`select count(*) as n from inventory_items where user_id = ${p.userId}`)).toBe(30);
    expect(await countRows(db(), sql`select amount as n from wallets where user_id = ${p.userId} and currency = 'GOLD'`)).toBe(0);
    const nonces = await countRows(db(), sql`select count(distinct nonce) as n from case_opens where user_id = ${p.userId}`);
    expect(nonces).toBe(30);
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('20 parallel sells of one item credit it once', async () => {
    const p = await fundedPlayer(store.app, db(), cheap.price);
    const open = await api(store.app, 'POST', `/api/v1/cases/${cheap.slug}/open`, { token: p.token, body: { multi_open: 1 } });
    const item = open.body.data.opens[0].item;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2
          ? api(store.app, 'POST', '/api/v1/inventory/sell', { token: p.token, body: { id: item.id } })
          : api(store.app, 'POST', '/api/v1/inventory/sell/many', { token: p.token, body: { ids: [item.id] } }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.body.code === 'invalidItem')).toHaveLength(19);
    const balance = await countRows(db(), sql`select amount as n from wallets where user_id = ${p.userId} and currency = 'GOLD'`);
    expect(balance).toBe(Math.round(item.price * 100));
    expect(await countRows(db(), sql`select count(*) as n from ledger where user_id = ${p.userId} and reason = 'item_sale'`)).toBe(1);
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('parallel opens and sells by many players keep every wallet equal to its ledger', async () => {
    const players = await Promise.all(Array.from({ length: 8 }, () => fundedPlayer(store.app, db(), cheap.price * 10)));
    const results = await Promise.all(
      players.map(async (p) => {
        const [opens, sale] = await Promise.all([
          Promise.all(Array.from({ length: 6 }, () => api(store.app, 'POST', `/api/v1/cases/${cheap.slug}/open`, { token: p.token, body: { multi_open: 2 } }))),
          api(store.app, 'POST', '/api/v1/inventory/sell/all', { token: p.token, body: {} }),
        ]);
        return { p, opens, sale };
      }),
    );
    const price = Math.round(cheap.price * 100);
    for (const { p, opens, sale } of results) {
      // Funded for five double opens; a sale that lands first pays for a sixth. A refusal is for
      // money only, and every open that was answered 200 is there, with its two items.
      const opened = opens.filter((r) => r.status === 200).length;
      expect(opens.filter((r) => r.status !== 200).map((r) => r.body.code)).toEqual(Array(6 - opened).fill('balance_error'));
      expect(opened).toBeGreaterThanOrEqual(5);
      expect(sale.status, JSON.stringify(sale.body)).toBe(200);
      expect(await countRows(db(), sql`select count(*) as n from case_opens where user_id = ${p.userId}`)).toBe(opened * 2);
      expect(await countRows(db(), sql`select count(*) as n from inventory_items where user_id = ${p.userId}`)).toBe(opened * 2);
      expect(await countRows(db(), sql`select count(*) as n from inventory_items where user_id = ${p.userId} and status = 'selled'`)).toBe(sale.body.data.sold.length);
      const sold = await countRows(db(), sql`select coalesce(sum(price), 0) as n from inventory_items where user_id = ${p.userId} and status = 'selled'`);
      expect(Math.round(sale.body.data.amount * 100)).toBe(sold);
      expect(await countRows(db(), sql`select amount as n from wallets where user_id = ${p.userId} and currency = 'GOLD'`)).toBe(price * 10 - price * 2 * opened + sold);
    }
    expect(await ledgerMismatches(db())).toEqual([]);
    const negative = await countRows(db(), sql`select count(*) as n from wallets where amount < 0`);
    expect(negative).toBe(0);
  });
});
