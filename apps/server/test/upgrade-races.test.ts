import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { api, catalogueByPrice, countRows, fundedPlayer, giveItems, ledgerMismatches, nearestItem } from './helpers/factories.ts';
import { createTestStore, onPostgres, type TestStore } from './helpers/test-app.ts';

/**
 * Upgrades and contracts racing for the same items. On PostgreSQL the requests really run in
 * parallel on separate connections; on PGlite they queue on one, reaching the same outcome.
 */
let store: TestStore;
let catalogue: { key: string; price: number }[];
beforeAll(async () => {
  store = await createTestStore();
  catalogue = await catalogueByPrice(store.database.db);
});
afterAll(() => store.close());
const db = () => store.database.db;
const near = (price: number) => nearestItem(catalogue, price);

describe(`upgrade and contract races (${onPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('20 parallel upgrades and contracts staking one item consume it once', async () => {
    const p = await fundedPlayer(store.app, db(), 100);
    const [shared, b, c] = await giveItems(db(), p.userId, [near(1000), near(1000), near(1000)]);
    const target = near(3000).key;
    const nonceBefore = await countRows(db(), sql`select nonce as n from seed_pairs where user_id = ${p.userId} and active`);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2
          ? api(store.app, 'POST', '/api/v1/upgrades/upgrade-items', { token: p.token, body: { user_item_ids: [shared!.id], target_item_id: target, reversed: i % 4 === 1 } })
          : api(store.app, 'POST', '/api/v1/contracts/sign', { token: p.token, body: { user_item_ids: [shared!.id, b!.id, c!.id] } }),
      ),
    );
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    expect(results.filter((r) => r.body.code === 'invalidItem')).toHaveLength(19);

    const upgrades = await countRows(db(), sql`select count(*) as n from upgrades where user_id = ${p.userId}`);
    const contracts = await countRows(db(), sql`select count(*) as n from contracts where user_id = ${p.userId}`);
    expect(upgrades + contracts).toBe(1);
    const status = ((await db().execute(sql`select status from inventory_items where id = ${shared!.id}`)) as any).rows[0].status;
    expect(status).toBe(upgrades ? 'to_upgrade' : 'to_contract');
    // Exactly one roll used a nonce; refused calls used none.
    expect(await countRows(db(), sql`select nonce as n from seed_pairs where user_id = ${p.userId} and active`)).toBe(nonceBefore + 1);
    // Items out of the games: the contract's item, or the target of a won upgrade, and nothing else.
    const fromGames = await countRows(db(), sql`select count(*) as n from inventory_items where user_id = ${p.userId} and source in ('Upgrade', 'Contract')`);
    expect(fromGames).toBe(upgrades ? Number(ok[0]!.body.data.success) : 1);
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('parallel games by many players keep every wallet equal to its ledger and every nonce unique', async () => {
    const players = await Promise.all(Array.from({ length: 6 }, () => fundedPlayer(store.app, db(), 10)));
    const owned = await Promise.all(players.map((p) => giveItems(db(), p.userId, Array.from({ length: 8 }, () => near(20_000)))));
    const results = await Promise.all(
      players.map(async (p, n) => {
        const items = owned[n]!;
        const [upgrades, contract, sale] = await Promise.all([
          Promise.all(items.slice(0, 5).map((it) => api(store.app, 'POST', '/api/v1/upgrades/upgrade-items', { token: p.token, body: { user_item_ids: [it.id], target_item_id: near(40_000).key, reversed: false } }))),
          api(store.app, 'POST', '/api/v1/contracts/sign', { token: p.token, body: { user_item_ids: items.slice(5).map((i) => i.id) } }),
          api(store.app, 'POST', '/api/v1/inventory/sell/all', { token: p.token, body: {} }),
        ]);
        return { p, items, upgrades, contract, sale };
      }),
    );
    for (const { p, items, upgrades, contract, sale } of results) {
      // Each of the player's eight items went to exactly one call that was answered 200: a call
      // refused only because a sale took its item first, and no call that consumed nothing.
      const statusOf = new Map(
        (((await db().execute(sql`select id, status from inventory_items where id in ${sql.raw(`(${items.map((i) => i.id).join(',')})`)}`)) as any).rows as { id: number | string; status: string }[]).map((r) => [Number(r.id), r.status]),
      );
      expect(sale.status, JSON.stringify(sale.body)).toBe(200);
      const sold = new Set<number>(sale.body.data.sold);
      for (const [n, res] of upgrades.entries()) {
        const id = items[n]!.id;
        if (res.status === 200) expect(statusOf.get(id)).toBe('to_upgrade');
        else expect([res.body.code, statusOf.get(id), sold.has(id)]).toEqual(['invalidItem', 'selled', true]);
      }
      const contractItems = items.slice(5).map((i) => i.id);
      if (contract.status === 200) expect(contractItems.map((id) => statusOf.get(id))).toEqual(['to_contract', 'to_contract', 'to_contract']);
      else expect([contract.body.code, contractItems.every((id) => sold.has(id) && statusOf.get(id) === 'selled')]).toEqual(['invalidItem', true]);
      const upgraded = upgrades.filter((r) => r.status === 200).length;
      const signed = contract.status === 200 ? 1 : 0;
      expect(upgraded + 3 * signed + items.filter((i) => sold.has(i.id)).length).toBe(8);
      expect(await countRows(db(), sql`select count(*) as n from upgrades where user_id = ${p.userId}`)).toBe(upgraded);
      expect(await countRows(db(), sql`select count(*) as n from contracts where user_id = ${p.userId}`)).toBe(signed);
      // Every roll used its own nonce: one per upgrade and contract that went through.
      expect(await countRows(db(), sql`select nonce as n from seed_pairs where user_id = ${p.userId} and active`)).toBe(upgraded + signed);
    }
    expect(await ledgerMismatches(db())).toEqual([]);
    const dupNonces = await countRows(
      db(),
      sql`select count(*) as n from (select user_id, nonce from upgrades union all select user_id, nonce from contracts) r group by user_id, nonce having count(*) > 1`,
    );
    expect(dupNonces).toBe(0);
    // No item is both sold and staked: each ended in exactly one status.
    const ids = owned.flat().map((i) => i.id);
    const statuses = ((await db().execute(sql`select status, count(*)::int as n from inventory_items where id in ${sql.raw(`(${ids.join(',')})`)} group by status`)) as any).rows;
    expect(statuses.reduce((s: number, r: any) => s + Number(r.n), 0)).toBe(ids.length);
    expect(statuses.every((r: any) => ['selled', 'to_upgrade', 'to_contract'].includes(r.status))).toBe(true);
  });
});
