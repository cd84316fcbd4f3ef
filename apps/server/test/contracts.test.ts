import { CONTRACTS_LIVE_CHANNEL } from '@store/shared/channels';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { hashServerSeed, rollTicket } from '@store/shared/provably-fair';
import { api, catalogueByPrice, countRows, giveItems, ledgerMismatches, registerPlayer, type Player, nearestItem } from './helpers/factories.ts';
import { createTestStore, type TestStore } from './helpers/test-app.ts';
import { waitFor } from './helpers/ws.ts';

let store: TestStore;
let catalogue: { key: string; price: number }[];
beforeAll(async () => {
  store = await createTestStore();
  catalogue = await catalogueByPrice(store.database.db);
});
afterAll(() => store.close());
const db = () => store.database.db;
const near = (price: number) => nearestItem(catalogue, price);

async function snapshot(userId: number) {
  const q = (query: ReturnType<typeof sql>) => countRows(db(), query);
  return {
    wallets: await q(sql`select coalesce(sum(amount), 0) as n from wallets where user_id = ${userId}`),
    ledger: await q(sql`select count(*) as n from ledger where user_id = ${userId}`),
    items: await q(sql`select count(*) as n from inventory_items where user_id = ${userId}`),
    progress: await q(sql`select count(*) as n from inventory_items where user_id = ${userId} and status = 'progress'`),
    nonce: await q(sql`select nonce as n from seed_pairs where user_id = ${userId} and active`),
    contracts: await q(sql`select count(*) as n from contracts where user_id = ${userId}`),
  };
}

const post = (p: Player | null, path: string, body: unknown, lang: 'ru' | 'en' = 'ru') =>
  api(store.app, 'POST', `/api/v1/contracts/${path}`, { token: p?.token, body, lang });

describe('contract preview', () => {
  it('publishes the outcome table for a selection and changes nothing', async () => {
    const p = await registerPlayer(store.app);
    const items = await giveItems(db(), p.userId, [near(1000), near(2000), near(3000)]);
    const stake = items.reduce((s, i) => s + i.price, 0);
    const before = await snapshot(p.userId);
    const res = await post(p, 'preview', { user_item_ids: items.map((i) => i.id) });
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d).toMatchObject({ stake: stake / 100, rtp: 0.9, min_items: 3, max_items: 10 });
    expect(d.outcomes.length).toBeGreaterThanOrEqual(8);
    expect(d.outcomes[0].ticket_from).toBe(1);
    expect(d.outcomes.at(-1).ticket_to).toBe(100_000);
    const covered = d.outcomes.reduce((s: number, o: any) => s + o.ticket_to - o.ticket_from + 1, 0);
    expect(covered).toBe(100_000);
    const ev = d.outcomes.reduce((s: number, o: any) => s + ((o.ticket_to - o.ticket_from + 1) / 100_000) * o.item.price * 100, 0);
    expect(Math.abs(ev - 0.9 * stake) / stake).toBeLessThan(0.001);
    expect(d.min_value).toBe(d.outcomes[0].item.price);
    expect(d.max_value).toBe(d.outcomes.at(-1).item.price);
    expect(d.min_value).toBeLessThan(d.stake * 0.5);
    expect(d.max_value).toBeGreaterThan(d.stake * 3);
    expect(d.outcomes.reduce((s: number, o: any) => s + o.chance, 0)).toBeCloseTo(100, 2);
    expect(await snapshot(p.userId)).toEqual(before);
  });
});

describe('contract refusals change nothing', () => {
  let p: Player;
  let other: Player;
  let mine: { id: number }[];
  let theirs: { id: number }[];
  beforeAll(async () => {
    p = await registerPlayer(store.app);
    other = await registerPlayer(store.app);
    mine = await giveItems(db(), p.userId, Array.from({ length: 4 }, () => near(1000)));
    theirs = await giveItems(db(), other.userId, [near(1000)]);
  });

  it.each([
    ['no items', () => [], 422, 'inventory'],
    ['two items', () => [mine[0]!.id, mine[1]!.id], 422, 'contract_items_count'],
    ['the same item three times', () => [mine[0]!.id, mine[0]!.id, mine[0]!.id], 422, 'contract_items_count'],
    ['more than 10 items', () => Array.from({ length: 11 }, (_, i) => i + 1), 400, 'validation'],
    ["another player's item", () => [mine[0]!.id, mine[1]!.id, theirs[0]!.id], 422, 'invalidItem'],
  ])('refuses %s', async (_name, ids, status, code) => {
    for (const path of ['preview', 'sign']) {
      const before = await snapshot(p.userId);
      const theirsBefore = await snapshot(other.userId);
      const res = await post(p, path, { user_item_ids: ids() });
      expect(res.status).toBe(status);
      expect(res.body).toMatchObject({ status: false, code });
      expect(await snapshot(p.userId)).toEqual(before);
      expect(await snapshot(other.userId)).toEqual(theirsBefore);
    }
  });

  it('interpolates the item limits', async () => {
    const res = await post(p, 'sign', { user_item_ids: [mine[0]!.id] }, 'en');
    expect(res.body.params).toEqual({ min: 3, max: 10 });
    expect(res.body.message).toBe('A contract takes 3 to 10 items');
  });

  it('refuses an item no longer in progress, and a guest', async () => {
    await db().execute(sql`update inventory_items set status = 'to_upgrade' where id = ${mine[3]!.id}`);
    const before = await snapshot(p.userId);
    const res = await post(p, 'sign', { user_item_ids: [mine[0]!.id, mine[1]!.id, mine[3]!.id] });
    expect([res.status, res.body.code]).toEqual([422, 'invalidItem']);
    expect(await snapshot(p.userId)).toEqual(before);
    const guest = await post(null, 'sign', { user_item_ids: [mine[0]!.id, mine[1]!.id, mine[2]!.id] });
    expect([guest.status, guest.body.code, guest.body.message]).toEqual([401, 'authentication', 'Требуется вход в аккаунт']);
    expect(await snapshot(p.userId)).toEqual(before);
  });

  it('refuses a stake no table can serve', async () => {
    const rich = await registerPlayer(store.app);
    const top = await giveItems(db(), rich.userId, catalogue.slice(-3));
    const before = await snapshot(rich.userId);
    const res = await post(rich, 'sign', { user_item_ids: top.map((i) => i.id) });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('contract_unavailable');
    expect(await snapshot(rich.userId)).toEqual(before);
  });
});

describe('signing a contract', () => {
  it('consumes the items once, draws the outcome by the roll and records the table', async () => {
    const p = await registerPlayer(store.app);
    const items = await giveItems(db(), p.userId, [near(500), near(800), near(1200), near(2000)]);
    const stake = items.reduce((s, i) => s + i.price, 0);
    const before = await snapshot(p.userId);
    const heard: any[] = [];
    const stop = store.app.deps.bus.listen((m) => m.channel === CONTRACTS_LIVE_CHANNEL && heard.push(m));

    const res = await post(p, 'sign', { user_item_ids: items.map((i) => i.id) });
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.stake).toBe(stake / 100);
    expect(d.item).toMatchObject({ source: 'Contract', status: 'progress' });
    const row = d.outcomes.find((o: any) => d.roll.ticket >= o.ticket_from && d.roll.ticket <= o.ticket_to);
    expect(row.item.id).toBe(d.item.item_id);
    expect(row.item.price).toBe(d.item.price);
    expect(d.multiplier).toBe(Math.round((d.item.price * 100 / stake) * 100) / 100);
    expect(d.roll).toMatchObject({ nonce: before.nonce + 1, cursor: 0 });

    const [stored] = ((await db().execute(sql`select c.*, s.server_seed from contracts c join seed_pairs s on s.id = c.seed_pair_id where c.id = ${d.id}`)) as any).rows;
    expect(hashServerSeed(stored.server_seed)).toBe(stored.server_seed_hash);
    expect(rollTicket({ serverSeed: stored.server_seed, clientSeed: stored.client_seed, nonce: stored.nonce, cursor: stored.cursor })).toBe(stored.ticket);
    expect(stored.ticket).toBe(d.roll.ticket);
    expect(stored.outcomes).toHaveLength(d.outcomes.length);
    expect(Number(stored.inventory_item_id)).toBe(d.item.id);

    const after = await snapshot(p.userId);
    expect(after).toEqual({ ...before, items: before.items + 1, progress: before.progress - 3, nonce: before.nonce + 1, contracts: 1 });
    expect(await countRows(db(), sql`select count(*) as n from inventory_items where user_id = ${p.userId} and status = 'to_contract'`)).toBe(4);

    const again = await post(p, 'sign', { user_item_ids: [items[0]!.id, items[1]!.id, d.item.id] });
    expect(again.body.code).toBe('invalidItem');

    // A marker published after both calls: once it arrives, anything they sent has arrived before it.
    store.app.deps.bus.publish(CONTRACTS_LIVE_CHANNEL, 'marker', {});
    await waitFor(() => heard.some((m) => m.event === 'marker'));
    stop();
    expect(heard.map((m) => m.event)).toEqual(['contract', 'marker']);
    expect(heard[0]).toMatchObject({ event: 'contract', data: { id: d.id, user: { id: p.userId } } });

    const mine = await api(store.app, 'GET', '/api/v1/contracts?scope=mine', { token: p.token });
    expect(mine.body.data.total).toBe(1);
    expect(mine.body.data.items[0]).toMatchObject({ id: d.id, stake: stake / 100, item: { id: d.item.item_id }, roll: d.roll });
    expect(mine.body.data.items[0].items.map((i: any) => i.user_item_id)).toEqual(items.map((i) => i.id));
    const all = await api(store.app, 'GET', '/api/v1/contracts');
    expect(all.body.data.total).toBeGreaterThanOrEqual(1);
    expect((await api(store.app, 'GET', '/api/v1/contracts?scope=mine')).body.code).toBe('authentication');
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('lands on the row the forced ticket picks', async () => {
    const p = await registerPlayer(store.app);
    const items = await giveItems(db(), p.userId, [near(1000), near(1000), near(1000)]);
    const preview = await post(p, 'preview', { user_item_ids: items.map((i) => i.id) });
    const last = preview.body.data.outcomes.at(-1);
    // Search client seeds until the next roll lands in the most valuable row.
    const serverSeed = 'contract-test-seed';
    const nonce = (await countRows(db(), sql`select nonce as n from seed_pairs where user_id = ${p.userId} and active`)) + 1;
    let clientSeed = '';
    for (let i = 0; i < 100_000 && !clientSeed; i++) {
      if (rollTicket({ serverSeed, clientSeed: `c${i}`, nonce, cursor: 0 }) >= last.ticket_from) clientSeed = `c${i}`;
    }
    await db().execute(sql`update seed_pairs set server_seed = ${serverSeed}, server_seed_hash = ${hashServerSeed(serverSeed)}, client_seed = ${clientSeed} where user_id = ${p.userId} and active`);
    const res = await post(p, 'sign', { user_item_ids: items.map((i) => i.id) });
    expect(res.body.data.item.item_id).toBe(last.item.id);
    expect(res.body.data.multiplier).toBeGreaterThan(3);
  });
});
