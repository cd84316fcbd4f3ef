import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { SUPPORT_AFTER_MS } from '@store/shared/withdrawals';
import { userChannel, WITHDRAWAL_EVENT } from '@store/shared/channels';
import { openDatabase } from '../src/db/client.ts';
import { sandboxVendor } from './helpers/markets.ts';
import { WithdrawalWorker } from '../src/modules/withdrawals/withdrawal-worker.ts';
import type { MovableClock } from '../src/platform/clock.ts';
import { api, countRows, giveItems, registerPlayer, type Player } from './helpers/factories.ts';
import { killAtHalfway } from './helpers/server-process.ts';
import { childPlace, createTestStore, onPostgres, type TestStore } from './helpers/test-app.ts';
import { eventually, listenForSockets } from './helpers/ws.ts';

let store: TestStore;
let base: string;
const db = () => store.database.db;
const clock = () => store.app.deps.clock as MovableClock;
const quiet = { error() {}, warn() {}, info() {}, debug() {} } as unknown as FastifyBaseLogger;
const q = <T = Record<string, unknown>>(query: ReturnType<typeof sql>, on = db()) => on.execute(query).then((r) => (r as unknown as { rows: T[] }).rows);

beforeAll(async () => {
  // The sandbox marketplace a thousand times faster than real sellers: a seller sends within 15 ms.
  store = await createTestStore({ TEST_CLOCK: '1', VENDOR_SANDBOX_TIME_SCALE: '0.001', VENDOR_POLL_MS: '20' });
  base = (await listenForSockets(store.app)).replace(/^ws/, 'http').replace(/\/ws$/, '');
});
afterAll(() => store.close());

const link = (token: string) => `https://steamcommunity.com/tradeoffer/new/?partner=4242&token=${token}`;
let n = 0;

/** A player with a saved trade link whose token picks the sandbox scenario, holding `count` items. */
async function playerWith(scenario: string, count = 1): Promise<{ p: Player; items: { id: number; price: number }[] }> {
  const p = await registerPlayer(store.app);
  expect((await api(store.app, 'POST', '/api/v1/users/set/steam/data', { token: p.token, body: { link: link(`${scenario}${++n}x`) } })).status).toBe(200);
  const key = store.app.deps.catalogue.byPrice()[20]!.key;
  const items = await giveItems(db(), p.userId, Array.from({ length: count }, () => ({ key })));
  return { p, items };
}

const send = (p: Player, ids: number[], method: 'trade' | 'login' = 'trade') => api(store.app, 'POST', '/api/v1/inventory/senditem', { token: p.token, body: { ids, method } });
const state = async (itemId: number, on = db()) =>
  (await q<{ state: string; reason: string | null; trade_id: string | null; custom_id: string }>(sql`select state, reason, trade_id, custom_id from withdrawals where item_id = ${itemId} order by id desc limit 1`, on))[0]!;
const itemOf = async (itemId: number, on = db()) => (await q<{ status: string; timer_ends_at: Date | null }>(sql`select status, timer_ends_at from inventory_items where id = ${itemId}`, on))[0]!;
const requestsFor = (customId: string) => countRows(db(), sql`select coalesce(sum(requests), 0) as n from sandbox_market_orders where custom_id = ${customId}`);
const settled = (itemId: number, states: string[], ms = 10_000) => eventually(() => state(itemId), (s) => states.includes(s.state), ms);

describe('a withdrawal', () => {
  it('buys the item for the player, follows the trade offer and ends delivered, with one purchase', async () => {
    const { p, items } = await playerWith('ok');
    const res = await send(p, [items[0]!.id]);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ ids: [items[0]!.id], status: 'PREPARING' });
    const listed = (await api(store.app, 'GET', '/api/v1/inventory/get?group=withdrawal', { token: p.token })).body.data.items;
    expect(listed.map((i: any) => i.id)).toEqual([items[0]!.id]);
    const w = await settled(items[0]!.id, ['accepted']);
    expect(w.trade_id).toMatch(/^sbx\d+$/);
    expect((await itemOf(items[0]!.id)).status).toBe('STEAM_WITHDRAWN');
    expect((await itemOf(items[0]!.id)).timer_ends_at).toBeNull();
    expect((await api(store.app, 'GET', `/api/v1/inventory/${items[0]!.id}/trade_id`, { token: p.token })).body.data).toMatchObject({ trade_id: w.trade_id, state: 'accepted' });
    expect(await requestsFor(w.custom_id)).toBe(1);
  });

  it('shows the countdown while the purchase is placed, and passes through the seller and the offer', async () => {
    await store.app.deps.withdrawalWorker.close();
    try {
      const { p, items } = await playerWith('ok');
      await send(p, [items[0]!.id]);
      const view = (await api(store.app, 'GET', '/api/v1/inventory/get?group=withdrawal', { token: p.token })).body.data.items[0];
      expect(view.status).toBe('PREPARING');
      expect(Date.parse(view.timer_data.ends_at) - clock().now().getTime()).toBeGreaterThan(4 * 60_000);
      const worker = new WithdrawalWorker({ db: db(), vendor: sandboxVendor(`${base}/sandbox/market`, vendorKey), clock: clock(), log: quiet, pollMs: 1 });
      const seen = new Set<string>();
      await eventually(
        async () => {
          for (const m of await worker.tick()) seen.add(`${m.from}>${m.to}`);
          return (await state(items[0]!.id)).state;
        },
        (s) => s === 'accepted',
      );
      // The purchase is marked `buying` (committed) before the marketplace is asked, then placed.
      expect([...seen]).toContain('buying>waiting_seller');
      expect([...seen].some((m) => m.endsWith('>accepted'))).toBe(true);
    } finally {
      store.app.deps.withdrawalWorker.start();
    }
  });

  const back = async (itemId: number) => {
    const item = await itemOf(itemId);
    expect([item.status, item.timer_ends_at]).toEqual(['progress', null]);
  };

  it('gives the item back when nobody sells it', async () => {
    const { p, items } = await playerWith('unavail');
    await send(p, [items[0]!.id]);
    expect((await settled(items[0]!.id, ['unavailable', 'failed'])).state).toBe('unavailable');
    await back(items[0]!.id);
  });

  it('gives the item back when the seller never sends, once the seller time runs out', async () => {
    const { p, items } = await playerWith('nosend');
    await send(p, [items[0]!.id]);
    expect(await settled(items[0]!.id, ['failed'])).toMatchObject({ state: 'failed', reason: 'seller_timeout' });
    await back(items[0]!.id);
  });

  it('gives the item back when the player lets the trade offer expire', async () => {
    const { p, items } = await playerWith('decline');
    await send(p, [items[0]!.id]);
    expect(await settled(items[0]!.id, ['failed'])).toMatchObject({ state: 'failed', reason: 'offer_declined' });
    await back(items[0]!.id);
  });

  it('never buys twice when the purchase reply is lost: it asks the marketplace by its id first', async () => {
    const { p, items } = await playerWith('lost');
    await send(p, [items[0]!.id]);
    const w = await settled(items[0]!.id, ['accepted']);
    expect(await requestsFor(w.custom_id)).toBe(1);
  });

  it('retries a price above the ceiling until the countdown ends, then gives the item back', async () => {
    const { p, items } = await playerWith('pricey');
    await send(p, [items[0]!.id]);
    await eventually(() => state(items[0]!.id), (s) => s.state === 'queued' && s.reason === 'price_too_high');
    clock().advance(6 * 60_000);
    expect((await settled(items[0]!.id, ['failed'])).state).toBe('failed');
    await back(items[0]!.id);
  });

  it('hands a purchase the marketplace will not report on to the operators, never refunding it by itself', async () => {
    const { p, items } = await playerWith('stall');
    await send(p, [items[0]!.id]);
    await settled(items[0]!.id, ['waiting_seller']);
    clock().advance(SUPPORT_AFTER_MS + 60_000);
    expect((await settled(items[0]!.id, ['support'])).state).toBe('support');
    expect((await itemOf(items[0]!.id)).status).toBe('support');
  });
});

describe('the player\'s notices', () => {
  /** The withdrawal notices on a player's channel, as the page hears them. */
  function notices(p: Player) {
    const heard: { id: number; status: string; state: string; alert: string | null }[] = [];
    const stop = store.app.deps.bus.listen((m) => {
      if (m.channel === userChannel(p.userId) && m.event === WITHDRAWAL_EVENT) heard.push(m.data as (typeof heard)[number]);
    });
    return { heard, stop };
  }

  it('tell each move the item shows, with its alert: dispatched, offer sent, received', async () => {
    const { p, items } = await playerWith('ok');
    const { heard, stop } = notices(p);
    try {
      await send(p, [items[0]!.id]);
      await eventually(async () => heard.at(-1)?.state, (s) => s === 'accepted');
      // In order; a fast seller's offer can be sent and accepted between two looks, so `send` may be skipped.
      const said = heard.map((h) => [h.id, h.status, h.alert]);
      expect(said[0]).toEqual([items[0]!.id, 'vendor waiting', 'preparing_to_dispatch']);
      expect(said.at(-1)).toEqual([items[0]!.id, 'STEAM_WITHDRAWN', 'item_received']);
      expect(said.slice(1, -1)).toEqual(said.length === 3 ? [[items[0]!.id, 'send', 'item_in_withdrawal_steam_queue']] : []);
    } finally {
      stop();
    }
  });

  it('tell a skin nobody sells as a transfer error, and a declined offer as a cancelled transfer', async () => {
    for (const [scenario, alert] of [
      ['unavail', 'error_skin_transfer'],
      ['decline', 'item_transfer_canceled'],
    ] as const) {
      const { p, items } = await playerWith(scenario);
      const { heard, stop } = notices(p);
      try {
        await send(p, [items[0]!.id]);
        const last = await eventually(async () => heard.at(-1), (h) => h?.status === 'progress');
        expect(last).toMatchObject({ id: items[0]!.id, alert });
      } finally {
        stop();
      }
    }
  });
});

describe('refusals', () => {
  it('need the Steam data of the method, a player item in progress, at most ten, and change nothing', async () => {
    const bare = await registerPlayer(store.app);
    const [item] = await giveItems(db(), bare.userId, [{ key: store.app.deps.catalogue.byPrice()[5]!.key }]);
    expect((await send(bare, [item!.id])).body.code).toBe('steamUrlEmpty');
    expect((await send(bare, [item!.id], 'login')).body.code).toBe('steamLoginEmpty');
    const { p, items } = await playerWith('ok', 2);
    expect((await send(p, [item!.id])).body.code).toBe('invalidItem');
    expect((await send(p, Array.from({ length: 11 }, (_, i) => i + 1))).body.code).toBe('validation');
    expect((await send(p, [items[0]!.id, items[0]!.id + 10_000_000])).body.code).toBe('invalidItem');
    expect((await itemOf(items[0]!.id)).status).toBe('progress');
    expect((await send(p, [items[0]!.id])).status).toBe(200);
    expect((await send(p, [items[0]!.id, items[1]!.id])).body.code).toBe('inWithdrawalProcess');
    expect((await itemOf(items[1]!.id)).status).toBe('progress');
    expect((await api(store.app, 'POST', '/api/v1/inventory/senditem', { body: { ids: [items[1]!.id] } })).status).toBe(401);
  });

  it('limit the withdrawals a player has under way', async () => {
    await store.app.deps.withdrawalWorker.close();
    try {
      const { p, items } = await playerWith('ok', 21);
      expect((await send(p, items.slice(0, 10).map((i) => i.id))).status).toBe(200);
      expect((await send(p, items.slice(10, 20).map((i) => i.id))).status).toBe(200);
      expect((await send(p, [items[20]!.id])).body.code).toBe('tooManyWithdrawals');
      expect((await itemOf(items[20]!.id)).status).toBe('progress');
    } finally {
      store.app.deps.withdrawalWorker.start();
    }
  });

  it('limit the withdrawals to one Steam login across accounts in a day, even when they ask at once', async () => {
    await store.app.deps.withdrawalWorker.close();
    try {
      const login = `farm${++n}`;
      const accounts = await Promise.all(
        Array.from({ length: 4 }, async () => {
          const { p, items } = await playerWith('ok', 10);
          expect((await api(store.app, 'POST', '/api/v1/users/set/steam/data', { token: p.token, body: { login } })).status).toBe(200);
          return { p, items };
        }),
      );
      const results = await Promise.all(accounts.map(({ p, items }) => send(p, items.map((i) => i.id), 'login')));
      // 30 a day: three requests of ten pass, the fourth is refused and keeps its items.
      expect(results.filter((r) => r.status === 200)).toHaveLength(3);
      const refused = results.findIndex((r) => r.status !== 200);
      expect(results[refused]!.body.code).toBe('steamLogin');
      expect((await itemOf(accounts[refused]!.items[0]!.id)).status).toBe('progress');
      clock().advance(24 * 60 * 60_000 + 1_000);
      expect((await send(accounts[refused]!.p, [accounts[refused]!.items[0]!.id], 'login')).status).toBe(200);
    } finally {
      store.app.deps.withdrawalWorker.start();
    }
  });

  it('let one of 20 simultaneous withdrawals, sales, upgrades and contracts of one item take it', async () => {
    const { p, items } = await playerWith('ok', 3);
    const [one, two, three] = items as [{ id: number; price: number }, { id: number; price: number }, { id: number; price: number }];
    const target = store.app.deps.catalogue.byPrice().find((i) => i.price >= one.price * 3)!;
    const calls = Array.from({ length: 20 }, (_, i) => {
      switch (i % 4) {
        case 0:
          return send(p, [one.id]);
        case 1:
          return api(store.app, 'POST', '/api/v1/inventory/sell', { token: p.token, body: { id: one.id } });
        case 2:
          return api(store.app, 'POST', '/api/v1/upgrades/upgrade-items', { token: p.token, body: { user_item_ids: [one.id], target_item_id: target.key, reversed: false } });
        default:
          return api(store.app, 'POST', '/api/v1/contracts/sign', { token: p.token, body: { user_item_ids: [one.id, two.id, three.id] } });
      }
    });
    const results = await Promise.all(calls);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const withdrawn = await countRows(db(), sql`select count(*) as n from withdrawals where item_id = ${one.id}`);
    const sold = await countRows(db(), sql`select count(*) as n from ledger where user_id = ${p.userId} and reason = 'item_sale'`);
    const upgraded = await countRows(db(), sql`select count(*) as n from upgrades where user_id = ${p.userId}`);
    const signed = await countRows(db(), sql`select count(*) as n from contracts where user_id = ${p.userId}`);
    expect(withdrawn + sold + upgraded + signed).toBe(1);
  });
});

describe('crashes and several processes', () => {
  it('buys once when the worker is killed in the middle of a purchase, and the item ends delivered', async () => {
    await store.app.deps.withdrawalWorker.close();
    let place: Awaited<ReturnType<typeof childPlace>> | undefined;
    try {
      const { p, items } = await playerWith('ok');
      await send(p, [items[0]!.id]);
      place = await childPlace(store);
      // The marketplace stays the store's sandbox: on PGlite its orders are apart from the copy the worker runs on.
      await killAtHalfway('withdrawal-worker-child.ts', [place.target, 'sandbox', `${base}/sandbox/market`, await vendorKey(), String(clock().now().getTime() - Date.now())], 'the withdrawal worker');
      // The data the killed process left, opened after it is gone (PGlite lets one process in).
      const after = await place.open();
      // Killed with the purchase placed at the marketplace and `buying` in our book.
      expect((await state(items[0]!.id, after)).state).toBe('buying');
      const worker = new WithdrawalWorker({ db: after, vendor: sandboxVendor(`${base}/sandbox/market`, vendorKey), clock: clock(), log: quiet, pollMs: 1, leaseMs: 200 });
      clock().advance(1_000);
      const w = await eventually(
        async () => (await worker.tick(), state(items[0]!.id, after)),
        (s) => s.state === 'accepted',
      );
      expect(await requestsFor(w.custom_id)).toBe(1);
      expect((await itemOf(items[0]!.id, after)).status).toBe('STEAM_WITHDRAWN');
    } finally {
      await place?.cleanup();
      store.app.deps.withdrawalWorker.start();
    }
  });

  it('shares the work between two processes without doubling a purchase', async () => {
    await store.app.deps.withdrawalWorker.close();
    const second = onPostgres() ? await openDatabase({ databaseUrl: store.databaseUrl!, poolSize: 4 }) : null;
    try {
      const players = await Promise.all(Array.from({ length: 3 }, () => playerWith('ok', 10)));
      for (const { p, items } of players) expect((await send(p, items.map((i) => i.id))).status).toBe(200);
      const vendor = sandboxVendor(`${base}/sandbox/market`, vendorKey);
      const a = new WithdrawalWorker({ db: db(), vendor, clock: clock(), log: quiet, pollMs: 1, batch: 5 });
      const b = new WithdrawalWorker({ db: second?.db ?? db(), vendor, clock: clock(), log: quiet, pollMs: 1, batch: 5 });
      const ids = players.flatMap((x) => x.items.map((i) => i.id));
      const moved = { a: 0, b: 0 };
      await eventually(
        async () => {
          const [ma, mb] = await Promise.all([a.tick(), b.tick()]);
          moved.a += ma.length;
          moved.b += mb.length;
          return countRows(db(), sql`select count(*) as n from withdrawals where item_id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)}) and state = 'accepted'`);
        },
        (done) => done === 30,
        20_000,
      );
      expect(moved.a).toBeGreaterThan(0);
      expect(moved.b).toBeGreaterThan(0);
      const orders = await q<{ requests: number }>(
        sql`select o.requests from sandbox_market_orders o join withdrawals w on w.custom_id = o.custom_id where w.item_id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`,
      );
      expect(orders).toHaveLength(30);
      expect(orders.every((o) => o.requests === 1)).toBe(true);
    } finally {
      await second?.close();
      store.app.deps.withdrawalWorker.start();
    }
  });
});

async function vendorKey(): Promise<string> {
  const [row] = await q<{ value: { secret: string } }>(sql`select value from meta where key = 'vendor_sandbox_key'`);
  return row!.value.secret;
}
