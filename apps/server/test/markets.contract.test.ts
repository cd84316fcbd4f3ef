import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { marketApiUrl } from '../src/config/deployment.ts';
import { parseEnv } from '../src/config/env.ts';
import { buildVendor } from '../src/modules/withdrawals/markets/build-vendor.ts';
import { countRows } from './helpers/factories.ts';
import { FakeShelf, MarketCsgoFake, WaxpeerFake } from './helpers/market-fakes.ts';
import { sandboxVendor, TEST_RUB_PER_USD, vendorNamed } from './helpers/markets.ts';
import { createTestStore, type TestStore } from './helpers/test-app.ts';
import { eventually, listenForSockets } from './helpers/ws.ts';
import { VendorUnreachable, type BuyOrder, type OrderStatus, type SkinVendor } from '../src/modules/withdrawals/vendor.ts';

/**
 * One contract for every marketplace adapter (decision 077): the sandbox the demo runs on, and
 * market.csgo.com and Waxpeer, each against its local fake. What the withdrawal worker relies on:
 * a purchase under our id is placed once however often it is asked; its status by our id goes
 * through the offer to accepted, or to failed when the seller never sends; an id never bought is
 * not found; nobody selling is `unavailable`; a lost reply or a failing status call is
 * `VendorUnreachable`, never a guess; and the balance is reported in the store's kopecks.
 */
interface MarketUnderTest {
  vendor: SkinVendor;
  /** A fresh order that will go as asked (the sandbox picks a scenario by the token; the fakes by their shelf). */
  order(kind: 'ok' | 'nobody' | 'never_sends' | 'lost'): BuyOrder;
  /** Purchases actually made under a custom id. */
  purchases(customId: string): Promise<number>;
  /** Makes the next status call fail and undoes it. */
  statusDown(down: boolean): void;
}

const HASH = 'AK-47 | Redline (Field-Tested)';
const ceiling = 150_000;
const fresh = () => `w-${randomUUID()}`;

let store: TestStore;
let marketShelf: FakeShelf;
let waxShelf: FakeShelf;
let marketFake: MarketCsgoFake;
let waxFake: WaxpeerFake;
const markets: Record<string, MarketUnderTest> = {};

beforeAll(async () => {
  store = await createTestStore({ VENDOR_SANDBOX_TIME_SCALE: '0.001' });
  const base = (await listenForSockets(store.app)).replace(/^ws/, 'http').replace(/\/ws$/, '');
  const key = await sandboxKey();
  let sandboxStalled = false;
  const sandbox = sandboxVendor(`${base}/sandbox/market`, () => key);
  markets.sandbox = {
    vendor: {
      name: sandbox.name,
      buyFor: (o) => sandbox.buyFor(o),
      // The sandbox's failing status call is an order's scenario (`stall…`): asked for while down.
      statuses: (ids) => (sandboxStalled ? Promise.reject(new VendorUnreachable('marketplace answered 502')) : sandbox.statuses(ids)),
      balances: () => sandbox.balances(),
      checkTradeLink: () => sandbox.checkTradeLink(),
    },
    order: (kind) => ({ customId: fresh(), hashName: HASH, maxPrice: ceiling, partner: '4242', token: `${{ ok: 'ok', nobody: 'unavail', never_sends: 'nosend', lost: 'lost' }[kind]}${randomUUID().slice(0, 8)}` }),
    purchases: (id) => countRows(store.database.db, sql`select count(*) as n from sandbox_market_orders where custom_id = ${id}`),
    statusDown: (down) => (sandboxStalled = down),
  };

  const shelfOrder = (shelf: FakeShelf) => (kind: 'ok' | 'nobody' | 'never_sends' | 'lost'): BuyOrder => {
    const hashName = `${HASH} ${randomUUID().slice(0, 6)}`;
    if (kind !== 'nobody') shelf.list(hashName, 100_000, kind === 'never_sends' ? 'never' : 'sends');
    if (kind === 'lost') shelf.loseNextReply = true;
    return { customId: fresh(), hashName, maxPrice: ceiling, partner: '4242', token: 'AbCdEf12' };
  };
  marketShelf = new FakeShelf();
  marketFake = await new MarketCsgoFake(marketShelf, 'market-key-0123456789').start();
  markets.marketcsgo = {
    vendor: vendorNamed('marketcsgo', marketFake.url, 'market-key-0123456789'),
    order: shelfOrder(marketShelf),
    purchases: async (id) => marketShelf.purchases.get(id) ?? 0,
    statusDown: (down) => (marketShelf.statusDown = down),
  };
  waxShelf = new FakeShelf();
  waxFake = await new WaxpeerFake(waxShelf, 'waxpeer-key-0123456789', TEST_RUB_PER_USD).start();
  markets.waxpeer = {
    vendor: vendorNamed('waxpeer', waxFake.url, 'waxpeer-key-0123456789'),
    order: shelfOrder(waxShelf),
    purchases: async (id) => waxShelf.purchases.get(id) ?? 0,
    statusDown: (down) => (waxShelf.statusDown = down),
  };
});
afterAll(async () => {
  await marketFake?.close();
  await waxFake?.close();
  await store?.close();
});

async function sandboxKey(): Promise<string> {
  const result = (await store.database.db.execute(sql`select value from meta where key = 'vendor_sandbox_key'`)) as unknown as { rows: { value: { secret: string } }[] };
  return result.rows[0]!.value.secret;
}

const statusOf = async (m: MarketUnderTest, id: string): Promise<OrderStatus | VendorUnreachable> => (await m.vendor.statuses([id])).get(id)!;

describe.each(['sandbox', 'marketcsgo', 'waxpeer'])('the %s marketplace adapter', (name) => {
  const m = () => markets[name]!;

  it('places a purchase once under our id, however often it is asked, and follows it to accepted', async () => {
    const o = m().order('ok');
    const first = await m().vendor.buyFor(o);
    expect(first.kind).toBe('placed');
    // Asked again (a worker that did not see the first answer): the same purchase, not a second.
    const again = await m().vendor.buyFor(o).catch((err: unknown) => err);
    if (!(again instanceof VendorUnreachable)) expect(again).toEqual(first);
    expect(await m().purchases(o.customId)).toBe(1);
    const seen = new Set<string>();
    const done = await eventually(
      () => statusOf(m(), o.customId),
      (s) => {
        if (!(s instanceof VendorUnreachable)) seen.add(s.kind);
        return !(s instanceof VendorUnreachable) && s.kind === 'accepted';
      },
      10_000,
    );
    expect(done).toMatchObject({ kind: 'accepted', tradeId: expect.stringMatching(/\w+/) });
    expect([...seen].every((k) => ['waiting_seller', 'offer_sent', 'accepted'].includes(k))).toBe(true);
  });

  it('says an id it never bought is not found, and many ids in one call', async () => {
    const o = m().order('ok');
    await m().vendor.buyFor(o);
    const unknown = fresh();
    const all = await m().vendor.statuses([o.customId, unknown]);
    expect(all.get(unknown)).toEqual({ kind: 'not_found' });
    expect((all.get(o.customId) as OrderStatus).kind).not.toBe('not_found');
  });

  it('says nobody sells an item nobody lists, and buys nothing', async () => {
    const o = m().order('nobody');
    expect(await m().vendor.buyFor(o)).toEqual({ kind: 'unavailable' });
    expect(await m().purchases(o.customId)).toBe(0);
  });

  it('fails an order whose seller never sends', async () => {
    const o = m().order('never_sends');
    expect((await m().vendor.buyFor(o)).kind).toBe('placed');
    const s = await eventually(() => statusOf(m(), o.customId), (x) => !(x instanceof VendorUnreachable) && x.kind === 'failed', 10_000);
    expect(s).toMatchObject({ kind: 'failed', reason: expect.any(String) });
  });

  it('reports a lost reply as unreachable, and the status lookup then finds the one purchase', async () => {
    const o = m().order('lost');
    await expect(m().vendor.buyFor(o)).rejects.toBeInstanceOf(VendorUnreachable);
    expect(await m().purchases(o.customId)).toBe(1);
    expect((await statusOf(m(), o.customId)) as OrderStatus).not.toEqual({ kind: 'not_found' });
  });

  it('reports a failing status call as unreachable', async () => {
    const o = m().order('ok');
    await m().vendor.buyFor(o);
    m().statusDown(true);
    try {
      await expect(m().vendor.statuses([o.customId])).rejects.toBeInstanceOf(VendorUnreachable);
    } finally {
      m().statusDown(false);
    }
  });

  it("reports the store's balance there in kopecks", async () => {
    const balances = await m().vendor.balances();
    expect([...balances.keys()]).toEqual([name]);
    expect(balances.get(name)).toBeGreaterThan(0);
    expect(Number.isInteger(balances.get(name))).toBe(true);
  });
});

describe('the fakes as the markets document them', () => {
  it('market.csgo.com: the ceiling is sent in kopecks and the balance comes back in kopecks', async () => {
    marketShelf.balance = 1_234_567;
    expect((await markets.marketcsgo!.vendor.balances()).get('marketcsgo')).toBe(1_234_567);
    const hashName = `priced ${randomUUID()}`;
    marketShelf.list(hashName, 100_001);
    // A ceiling one kopeck under the listing: the market finds nothing at that price.
    expect(await markets.marketcsgo!.vendor.buyFor({ customId: fresh(), hashName, maxPrice: 100_000, partner: '1', token: 'tok' })).toEqual({ kind: 'unavailable' });
    expect((await markets.marketcsgo!.vendor.buyFor({ customId: fresh(), hashName, maxPrice: 100_001, partner: '1', token: 'tok' })).kind).toBe('placed');
  });

  it('Waxpeer: the ceiling is sent in thousandths of a dollar at the configured rate, and a short balance is said as such', async () => {
    waxShelf.balance = 50_000;
    // 500 roubles at 100 roubles a dollar: 5 dollars, 5000 of its units, back in kopecks.
    expect((await markets.waxpeer!.vendor.balances()).get('waxpeer')).toBe(50_000);
    const hashName = `dear ${randomUUID()}`;
    waxShelf.list(hashName, 60_000);
    expect(await markets.waxpeer!.vendor.buyFor({ customId: fresh(), hashName, maxPrice: 70_000, partner: '2', token: 'tok' })).toEqual({ kind: 'balance_short' });
    waxShelf.balance = 10_000_000;
  });

  it('both refuse a trade-banned link in their words, which the adapters read as a refusal, not a missing seller', async () => {
    marketShelf.banned.add('666');
    waxShelf.banned.add('666');
    for (const m of [markets.marketcsgo!, markets.waxpeer!]) {
      const o = { ...m.order('ok'), partner: '666' };
      expect(await m.vendor.buyFor(o)).toEqual({ kind: 'refused', reason: 'trade_ban' });
    }
    expect(await markets.waxpeer!.vendor.checkTradeLink({ partner: '666', token: 'x', url: 'https://steamcommunity.com/tradeoffer/new/?partner=666&token=x' })).toBe('trade_ban');
    expect(await markets.waxpeer!.vendor.checkTradeLink({ partner: '667', token: 'x', url: 'https://steamcommunity.com/tradeoffer/new/?partner=667&token=x' })).toBe('ok');
    // market.csgo.com offers no such check: its refusal of the purchase says it.
    expect(await markets.marketcsgo!.vendor.checkTradeLink({ partner: '666', token: 'x', url: 'https://steamcommunity.com/tradeoffer/new/?partner=666&token=x' })).toBeNull();
  });

  it('a market slower than the timeout is unreachable, and the purchase it made meanwhile is found by its status, once', async () => {
    for (const [name, fake, key, shelf] of [
      ['marketcsgo', marketFake, 'market-key-0123456789', marketShelf],
      ['waxpeer', waxFake, 'waxpeer-key-0123456789', waxShelf],
    ] as const) {
      const impatient = vendorNamed(name, fake.url, key, 100);
      const o = markets[name]!.order('ok');
      shelf.delayMs = 300;
      try {
        await expect(impatient.buyFor(o)).rejects.toBeInstanceOf(VendorUnreachable);
      } finally {
        shelf.delayMs = 0;
      }
      // The market carried the purchase out after we stopped waiting: the lookup finds it.
      const found = await eventually(() => statusOf(markets[name]!, o.customId), (s) => !(s instanceof VendorUnreachable) && s.kind !== 'not_found', 5_000);
      expect((found as OrderStatus).kind).not.toBe('not_found');
      expect(shelf.purchases.get(o.customId)).toBe(1);
    }
  });

  it('a Dota 2 store reaches market.dota2.net and buys Dota 2 items at Waxpeer', async () => {
    const dota = parseEnv({ PROJECT: 'dota', VENDOR_PROVIDER: 'marketcsgo,waxpeer', MARKET_API_KEY: 'market-key-0123456789', WAXPEER_API_KEY: 'waxpeer-key-0123456789', WAXPEER_API_URL: waxFake.url, FX_RUB_PER_USD: '100', STEAM_BOT_ID: '76561198000000042' });
    expect(marketApiUrl(dota)).toBe('https://market.dota2.net');
    expect(marketApiUrl({ ...dota, PROJECT: 'cs' })).toBe('https://market.csgo.com');
    const hashName = `Inscribed Dragonclaw Hook ${randomUUID().slice(0, 6)}`;
    waxShelf.list(hashName, 10_000);
    const seen: string[] = [];
    const wax = buildVendor({ ...dota, VENDOR_PROVIDER: ['waxpeer'] }, { baseUrl: () => '', key: () => '' });
    waxFake.onRequest = (url) => seen.push(url.searchParams.get('game') ?? '');
    try {
      expect((await wax.buyFor({ customId: fresh(), hashName, maxPrice: 20_000, partner: '9', token: 'tok' })).kind).toBe('placed');
    } finally {
      waxFake.onRequest = undefined;
    }
    expect(seen).toEqual(['dota2']);
  });

  it('a wrong key is never read as a refusal: the purchase is unconfirmed, not failed', async () => {
    const wrong = vendorNamed('marketcsgo', marketFake.url, 'not-the-key-0123456789');
    await expect(wrong.buyFor(markets.marketcsgo!.order('ok'))).rejects.toBeInstanceOf(VendorUnreachable);
    const wrongWax = vendorNamed('waxpeer', waxFake.url, 'not-the-key-0123456789');
    await expect(wrongWax.buyFor(markets.waxpeer!.order('ok'))).rejects.toBeInstanceOf(VendorUnreachable);
  });
});
