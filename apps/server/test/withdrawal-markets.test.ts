import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { deploymentProblems, prepareDeployment, priceSource, sandboxesInUse, StartRefused } from '../src/config/deployment.ts';
import { parseEnv } from '../src/config/env.ts';
import { WithdrawalWorker } from '../src/modules/withdrawals/withdrawal-worker.ts';
import type { MovableClock } from '../src/platform/clock.ts';
import { api, giveItems, registerPlayer, type Player } from './helpers/factories.ts';
import { FakeShelf, MarketCsgoFake, WaxpeerFake } from './helpers/market-fakes.ts';
import { TEST_RUB_PER_USD, vendorNamed } from './helpers/markets.ts';
import { consoleOperators } from './helpers/operators.ts';
import { killAtHalfway } from './helpers/server-process.ts';
import { childPlace, createTestStore, type TestStore } from './helpers/test-app.ts';
import { eventually } from './helpers/ws.ts';

/**
 * Withdrawals through the real marketplace adapters (decision 077), `VENDOR_PROVIDER=marketcsgo,waxpeer`,
 * each at its local fake: the purchase falls over to Waxpeer when market.csgo.com has no seller
 * under the ceiling, waits in the queue (never fails) while neither balance can pay it, is refused
 * before any purchase for a trade-banned link, and a worker killed mid-purchase on either market
 * never buys twice.
 */
const MARKET_KEY = 'market-key-0123456789';
const WAX_KEY = 'waxpeer-key-0123456789';
let store: TestStore;
let marketShelf: FakeShelf;
let waxShelf: FakeShelf;
let marketFake: MarketCsgoFake;
let waxFake: WaxpeerFake;
const db = () => store.database.db;
const clock = () => store.app.deps.clock as MovableClock;
const quiet = { error() {}, warn() {}, info() {}, debug() {} } as unknown as FastifyBaseLogger;
const q = <T = Record<string, unknown>>(query: ReturnType<typeof sql>, on = db()) => on.execute(query).then((r) => (r as unknown as { rows: T[] }).rows);

beforeAll(async () => {
  marketShelf = new FakeShelf();
  waxShelf = new FakeShelf();
  marketFake = await new MarketCsgoFake(marketShelf, MARKET_KEY).start();
  waxFake = await new WaxpeerFake(waxShelf, WAX_KEY, TEST_RUB_PER_USD).start();
  store = await createTestStore({
    TEST_CLOCK: '1',
    VENDOR_POLL_MS: '20',
    VENDOR_PROVIDER: 'marketcsgo,waxpeer',
    MARKET_API_URL: marketFake.url,
    MARKET_API_KEY: MARKET_KEY,
    WAXPEER_API_URL: waxFake.url,
    WAXPEER_API_KEY: WAX_KEY,
    FX_RUB_PER_USD: String(TEST_RUB_PER_USD),
    STEAM_BOT_ID: '76561198000000042',
    VENDOR_BALANCE_WARN: '1000',
  });
});
afterAll(async () => {
  await store?.close();
  await marketFake?.close();
  await waxFake?.close();
});

let partner = 5000;
/** A player with a trade link of their own (its partner number), holding one item of the `index`th cheapest skin. */
async function playerWith(index: number): Promise<{ p: Player; itemId: number; hashName: string; price: number; partner: string }> {
  const p = await registerPlayer(store.app);
  const mine = String(++partner);
  expect((await api(store.app, 'POST', '/api/v1/users/set/steam/data', { token: p.token, body: { link: `https://steamcommunity.com/tradeoffer/new/?partner=${mine}&token=Tok${mine}` } })).status).toBe(200);
  const item = store.app.deps.catalogue.byPrice()[index]!;
  const [given] = await giveItems(db(), p.userId, [{ key: item.key }]);
  return { p, itemId: given!.id, hashName: item.marketName, price: given!.price, partner: mine };
}

const send = (p: Player, ids: number[]) => api(store.app, 'POST', '/api/v1/inventory/senditem', { token: p.token, body: { ids, method: 'trade' } });
const withdrawalOf = async (itemId: number, on = db()) =>
  (await q<{ state: string; reason: string | null; vendor_order_id: string | null; custom_id: string; deadline: Date }>(sql`select state, reason, vendor_order_id, custom_id, deadline from withdrawals where item_id = ${itemId} order by id desc limit 1`, on))[0]!;
const statusOf = async (itemId: number) => (await q<{ status: string }>(sql`select status from inventory_items where id = ${itemId}`))[0]!.status;
const settled = (itemId: number, states: string[]) => eventually(() => withdrawalOf(itemId), (w) => states.includes(w.state), 10_000);

describe('withdrawing through two markets', () => {
  it('buys at the first market when it has a seller, and never asks the second', async () => {
    const w = await playerWith(30);
    marketShelf.list(w.hashName, w.price);
    waxShelf.list(w.hashName, w.price);
    expect((await send(w.p, [w.itemId])).status).toBe(200);
    const done = await settled(w.itemId, ['accepted']);
    expect(done.vendor_order_id).toMatch(/^marketcsgo:\d+$/);
    expect(marketShelf.purchases.get(done.custom_id)).toBe(1);
    expect(waxShelf.purchases.get(done.custom_id)).toBeUndefined();
    expect(await statusOf(w.itemId)).toBe('STEAM_WITHDRAWN');
  });

  it('falls over to Waxpeer when market.csgo.com has no seller under the ceiling, with one purchase in all', async () => {
    const w = await playerWith(31);
    // Listed at market.csgo.com only above the ceiling (the price moved), at Waxpeer at the price.
    marketShelf.list(w.hashName, w.price * 2);
    waxShelf.list(w.hashName, w.price);
    expect((await send(w.p, [w.itemId])).status).toBe(200);
    const done = await settled(w.itemId, ['accepted']);
    expect(done.vendor_order_id).toMatch(/^waxpeer:\d+$/);
    expect(marketShelf.purchases.get(done.custom_id)).toBeUndefined();
    expect(waxShelf.purchases.get(done.custom_id)).toBe(1);
  });

  it('offers replacements when neither market has a seller', async () => {
    const w = await playerWith(32);
    marketShelf.listings.delete(w.hashName);
    waxShelf.listings.delete(w.hashName);
    expect((await send(w.p, [w.itemId])).status).toBe(200);
    expect((await settled(w.itemId, ['unavailable'])).reason).toBe('unavailable');
  });

  it('queues while neither balance can pay, past the countdown, warns the console, and buys once the balance is topped up', async () => {
    const w = await playerWith(33);
    marketShelf.list(w.hashName, w.price);
    waxShelf.list(w.hashName, w.price);
    const [marketBefore, waxBefore] = [marketShelf.balance, waxShelf.balance];
    marketShelf.balance = 100;
    waxShelf.balance = 100;
    try {
      expect((await send(w.p, [w.itemId])).status).toBe(200);
      const waiting = await eventually(() => withdrawalOf(w.itemId), (x) => x.reason === 'market_balance_short', 10_000);
      expect(waiting.state).toBe('queued');
      // Well past the withdrawal's countdown: still waiting, the item still being withdrawn.
      clock().advance(20 * 60_000);
      await store.app.deps.withdrawalWorker.tick();
      clock().advance(20 * 60_000);
      await store.app.deps.withdrawalWorker.tick();
      expect(await withdrawalOf(w.itemId)).toMatchObject({ state: 'queued', reason: 'market_balance_short' });
      expect(await statusOf(w.itemId)).toBe('PREPARING');

      const { admin } = await consoleOperators(store);
      await store.app.deps.marketBalances.refresh();
      const seen = await api(store.app, 'GET', '/api/v1/admin/market-balances', { token: admin.token });
      expect(seen.status).toBe(200);
      expect(seen.body.data).toMatchObject({
        warn_below: 1000,
        markets: [
          { market: 'marketcsgo', balance: 1, low: true },
          { market: 'waxpeer', balance: 1, low: true },
        ],
      });
      expect(seen.body.data.waiting).toBeGreaterThanOrEqual(1);
      const metrics = await store.app.inject({ method: 'GET', url: '/metrics' });
      expect(metrics.body).toMatch(/store_market_balance_rub\{market="marketcsgo"\} 1\b/);
      expect(metrics.body).toMatch(/store_market_balance_rub\{market="waxpeer"\} 1\b/);
      const player = await registerPlayer(store.app);
      expect((await api(store.app, 'GET', '/api/v1/admin/market-balances', { token: player.token })).status).toBe(403);

      waxShelf.balance = waxBefore;
      clock().advance(60_000);
      const done = await eventually(
        async () => (await store.app.deps.withdrawalWorker.tick(), withdrawalOf(w.itemId)),
        (x) => x.state === 'accepted',
        10_000,
      );
      expect(done.vendor_order_id).toMatch(/^waxpeer:/);
      expect(waxShelf.purchases.get(done.custom_id)).toBe(1);
    } finally {
      marketShelf.balance = marketBefore;
      waxShelf.balance = waxBefore;
    }
  });

  it("refuses a trade-banned link before any purchase, in the player's language, and leaves the item in the inventory", async () => {
    const w = await playerWith(34);
    marketShelf.list(w.hashName, w.price);
    waxShelf.banned.add(w.partner);
    const before = marketShelf.orderCount + waxShelf.orderCount;
    const res = await api(store.app, 'POST', '/api/v1/inventory/senditem', { token: w.p.token, body: { ids: [w.itemId], method: 'trade' }, lang: 'en' });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'steam_trade_ban' });
    expect(JSON.stringify(res.body)).toMatch(/banned this account from trading/);
    expect(await statusOf(w.itemId)).toBe('progress');
    expect(marketShelf.orderCount + waxShelf.orderCount).toBe(before);
  });
});

describe('a worker killed in the middle of a purchase', () => {
  it.each(['marketcsgo', 'waxpeer'] as const)('at %s: the restarted worker finds the purchase and never buys again', async (name) => {
    await store.app.deps.withdrawalWorker.close();
    let place: Awaited<ReturnType<typeof childPlace>> | undefined;
    try {
      const w = await playerWith(35);
      // Only the market under test sells it: the child buys there.
      (name === 'marketcsgo' ? marketShelf : waxShelf).list(w.hashName, w.price);
      (name === 'marketcsgo' ? waxShelf : marketShelf).listings.delete(w.hashName);
      expect((await send(w.p, [w.itemId])).status).toBe(200);
      place = await childPlace(store);
      const fake = name === 'marketcsgo' ? marketFake : waxFake;
      const key = name === 'marketcsgo' ? MARKET_KEY : WAX_KEY;
      await killAtHalfway('withdrawal-worker-child.ts', [place.target, name, fake.url, key, String(clock().now().getTime() - Date.now())], 'the withdrawal worker');
      const after = await place.open();
      const killed = await withdrawalOf(w.itemId, after);
      expect(killed.state).toBe('buying');
      const shelf = name === 'marketcsgo' ? marketShelf : waxShelf;
      expect(shelf.purchases.get(killed.custom_id)).toBe(1);
      const worker = new WithdrawalWorker({ db: after, vendor: vendorNamed(name, fake.url, key), clock: clock(), log: quiet, pollMs: 1, leaseMs: 200 });
      clock().advance(1_000);
      await eventually(
        async () => (await worker.tick(), withdrawalOf(w.itemId, after)),
        (x) => x.state === 'accepted',
        10_000,
      );
      expect(shelf.purchases.get(killed.custom_id)).toBe(1);
      expect(marketShelf.purchases.get(killed.custom_id) ?? 0).toBe(name === 'marketcsgo' ? 1 : 0);
      expect(waxShelf.purchases.get(killed.custom_id) ?? 0).toBe(name === 'waxpeer' ? 1 : 0);
    } finally {
      await place?.cleanup();
      store.app.deps.withdrawalWorker.start();
    }
  });
});

describe('the price list a production store reads', () => {
  const production = (over: Record<string, string>) =>
    parseEnv({ NODE_ENV: 'production', DATABASE_URL: 'postgres://x@127.0.0.1/x', PAYMENT_PROVIDER: 'sandbox', SANDBOX: 'payments,vendor,notifications,signin,push', PAYMENT_SANDBOX_SECRET: 'x'.repeat(32), ...over });

  it("is the market's real list by default, and the sandbox list only when SANDBOX names prices", () => {
    expect(priceSource(production({}))).toBe('market');
    expect(deploymentProblems(production({}))).toEqual([]);
    expect(deploymentProblems(production({ PRICE_SOURCE: 'sandbox' })).join(' ')).toMatch(/prices would run on a sandbox adapter.*SANDBOX=prices/);
    expect(deploymentProblems(production({ PRICE_SOURCE: 'sandbox', SANDBOX: 'payments,vendor,prices,notifications,signin,push' }))).toEqual([]);
    // With the job off the sandbox list moves nothing, so it is no sandbox in use.
    expect(deploymentProblems(production({ PRICE_SOURCE: 'sandbox', PRICE_SYNC_MS: '0' }))).toEqual([]);
    // The demo on the embedded database runs the sandbox list, and says so in its ribbon's list.
    const demo = parseEnv({});
    expect(priceSource(demo)).toBe('sandbox');
    expect(sandboxesInUse(demo)).toContain('prices');
  });
});

describe('the start with real markets', () => {
  const env = (over: Record<string, string>) => parseEnv({ NODE_ENV: 'production', DATABASE_URL: 'postgres://x@127.0.0.1/x', PAYMENT_PROVIDER: 'sandbox', SANDBOX: 'payments,notifications,signin,push', PAYMENT_SANDBOX_SECRET: 'x'.repeat(32), ...over });

  it('refuses a market whose key, rate or Steam bot is missing, naming each', () => {
    const problems = deploymentProblems(env({ VENDOR_PROVIDER: 'marketcsgo,waxpeer' }));
    expect(problems.join(' ')).toMatch(/VENDOR_PROVIDER=marketcsgo,waxpeer needs MARKET_API_KEY, WAXPEER_API_KEY, FX_RUB_PER_USD, STEAM_BOT_ID/);
    expect(() => prepareDeployment(env({ VENDOR_PROVIDER: 'waxpeer' }), '/nonexistent')).toThrow(StartRefused);
  });

  it('starts with every setting given, and refuses the sandbox marketplace in production unless SANDBOX names it', () => {
    const full = { MARKET_API_KEY: MARKET_KEY, WAXPEER_API_KEY: WAX_KEY, FX_RUB_PER_USD: '90', STEAM_BOT_ID: '76561198000000042' };
    expect(deploymentProblems(env({ VENDOR_PROVIDER: 'marketcsgo,waxpeer', ...full }))).toEqual([]);
    expect(deploymentProblems(env({ VENDOR_PROVIDER: 'sandbox,waxpeer', ...full })).join(' ')).toMatch(/vendor would run on a sandbox adapter/);
    expect(deploymentProblems(env({ VENDOR_PROVIDER: 'marketcsgo', MARKET_CURRENCY: 'EUR', MARKET_API_KEY: MARKET_KEY, STEAM_BOT_ID: '76561198000000042' })).join(' ')).toMatch(/needs FX_RUB_PER_EUR/);
  });
});
